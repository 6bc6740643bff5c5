//! The layers the library docs promise: the lower stages (hub, markdown,
//! diagnostic, diagram, i18n) import nothing from any game family, so a new
//! family is added without touching them. The engine crates are kept apart
//! by the compiler; this guards the modules of the main crate that share it.

use std::path::Path;

/// Paths through which a module could reach a family.
const FAMILY_PATHS: &[&str] = &[
    "crate::family",
    "crate::engine::tafl",
    "rulehub_engine::tafl",
    "rulehub_draughts",
    "crate::check",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_lower_stages_know_no_game_family() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for module in ["hub", "markdown", "diagram", "i18n"] {
        rust_files(&src.join(module), &mut files);
    }
    files.push(src.join("diagnostic.rs"));
    let mut offenders = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if FAMILY_PATHS.iter().any(|path| code.contains(path)) {
                offenders.push(format!(
                    "{}:{}: {}",
                    file.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "a lower stage imports a game family:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_registered_family_has_a_unique_name_and_declares_its_fact_labels() {
    let mut names: Vec<&str> = rulehub::family::FAMILIES.iter().map(|f| f.name()).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "two families share a name");
    let messages = rulehub::site::required_messages();
    for family in rulehub::family::FAMILIES {
        for label in family.fact_labels() {
            assert!(
                messages.contains(label),
                "{} label `{label}` is not a required message",
                family.name()
            );
        }
    }
}

#[test]
fn an_unknown_family_is_named_with_the_known_ones() {
    let message = rulehub::family::find("chess")
        .err()
        .expect("no chess family");
    assert!(message.contains("`chess`"), "{message}");
    assert!(message.contains("tafl"), "{message}");
}
