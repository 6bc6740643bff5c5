//! docs/reference.md is the author's reference for hub.yaml, front matter
//! and render ops. Every key the code accepts is named there: the lists come
//! from the types themselves (serde names every field it accepts when it
//! refuses an unknown one), so a new key cannot go undocumented.

use rulehub::diagram::{
    ArrowsOp, CapturesOp, CellsOp, CoordinatesOp, HighlightsOp, LabelsOp, PiecesOp, RectOp,
    RenderOp, Zone, Zones,
};
use rulehub::hub::{HubConfig, SectionFrontMatter, TranslationFrontMatter, VariantFrontMatter};
use serde::de::DeserializeOwned;

/// The names serde lists when it refuses an unknown key (or op) in `yaml`.
fn accepted<T: DeserializeOwned + std::fmt::Debug>(yaml: &str) -> Vec<String> {
    let error = serde_yaml::from_str::<T>(yaml)
        .expect_err("an unknown name is refused")
        .to_string();
    let expected = error
        .split_once("expected")
        .unwrap_or_else(|| panic!("serde lists what it expected: {error}"))
        .1;
    let expected = expected.split(" at line").next().unwrap_or(expected);
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn fields<T: DeserializeOwned + std::fmt::Debug>() -> Vec<String> {
    accepted::<T>("zz-not-a-key: 1\n")
}

#[test]
fn the_reference_names_every_key_and_render_op() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md"))
        .expect("docs/reference.md");
    let lists: Vec<(&str, Vec<String>)> = vec![
        ("hub.yaml", fields::<HubConfig>()),
        ("zones", fields::<Zones>()),
        ("zone", fields::<Zone>()),
        ("variant front matter", fields::<VariantFrontMatter>()),
        (
            "family and home front matter",
            fields::<SectionFrontMatter>(),
        ),
        (
            "translation front matter",
            fields::<TranslationFrontMatter>(),
        ),
        ("render ops", accepted::<RenderOp>("op: zz-not-an-op\n")),
        ("rect", fields::<RectOp>()),
        ("cells", fields::<CellsOp>()),
        ("pieces", fields::<PiecesOp>()),
        ("coordinates", fields::<CoordinatesOp>()),
        ("labels", fields::<LabelsOp>()),
        ("highlights", fields::<HighlightsOp>()),
        ("arrows", fields::<ArrowsOp>()),
        ("captures", fields::<CapturesOp>()),
    ];
    let mut missing = Vec::new();
    for (what, names) in &lists {
        assert!(!names.is_empty(), "{what}: no names read");
        for name in names {
            if !doc.contains(&format!("`{name}`")) {
                missing.push(format!("{what}: `{name}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/reference.md does not name:\n{}",
        missing.join("\n")
    );
}

/// The variables the bundled templates read: the first name after `{{`,
/// `{% if [not]` and `{% for … in`, without the loop variables and `t`.
fn template_variables() -> std::collections::BTreeSet<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/templates");
    let mut used = std::collections::BTreeSet::new();
    let mut bound = std::collections::BTreeSet::from(["t".to_string(), "loop".to_string()]);
    // The page templates and the partials under partials/.
    let files = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.expect("a template"))
        .filter(|entry| entry.file_type().is_file());
    for entry in files {
        let text = std::fs::read_to_string(entry.path()).expect("readable");
        for tag in text.split("{{").skip(1).chain(text.split("{%").skip(1)) {
            // The tag alone, not the text after it.
            let tag = tag.split("}}").next().unwrap_or(tag);
            let tag = tag.split("%}").next().unwrap_or(tag);
            let words: Vec<&str> = tag
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .filter(|w| !w.is_empty())
                .take(5)
                .collect();
            let name = match words.as_slice() {
                ["for", var, "in", name, ..] => {
                    bound.insert((*var).to_string());
                    *name
                }
                ["set", var, name, ..] => {
                    bound.insert((*var).to_string());
                    *name
                }
                ["if" | "elif", "not", name, ..] | ["if" | "elif", name, ..] => *name,
                [name, ..]
                    if ![
                        "extends", "block", "endblock", "endif", "endfor", "else", "include",
                        "for", "if",
                    ]
                    .contains(name) =>
                {
                    *name
                }
                _ => continue,
            };
            let root = name.split('.').next().unwrap_or(name);
            if root.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
                used.insert(root.to_string());
            }
        }
    }
    used.retain(|name| !bound.contains(name));
    used
}

#[test]
fn the_reference_names_every_variable_the_templates_read() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md"))
        .expect("docs/reference.md");
    let used = template_variables();
    assert!(
        used.contains("pager") && used.contains("site_title"),
        "{used:?}"
    );
    let missing: Vec<&String> = used
        .iter()
        .filter(|v| !doc.contains(&format!("`{v}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/reference.md does not name template variables {missing:?}"
    );
}

#[test]
#[ignore = "prints the lists the reference must cover"]
fn print_the_lists() {
    println!("hub {:?}", fields::<HubConfig>());
    println!("variant {:?}", fields::<VariantFrontMatter>());
    println!("section {:?}", fields::<SectionFrontMatter>());
    println!("translation {:?}", fields::<TranslationFrontMatter>());
    println!("ops {:?}", accepted::<RenderOp>("op: zz-not-an-op\n"));
    println!("rect {:?}", fields::<RectOp>());
    println!("cells {:?}", fields::<CellsOp>());
    println!("pieces {:?}", fields::<PiecesOp>());
    println!("coordinates {:?}", fields::<CoordinatesOp>());
    println!("labels {:?}", fields::<LabelsOp>());
    println!("highlights {:?}", fields::<HighlightsOp>());
    println!("arrows {:?}", fields::<ArrowsOp>());
    println!("captures {:?}", fields::<CapturesOp>());
}
