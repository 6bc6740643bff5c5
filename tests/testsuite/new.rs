//! `rulehub new`: scaffolds build at once and their example is replayed;
//! translation stubs build; nothing is ever overwritten; names and languages
//! are validated with hints.

use crate::common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use common::copy_tree;
use predicates::prelude::*;

/// A hub with English and Czech and an empty tafl family.
fn small_hub() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("hub.yaml"),
        "title: \"Scaffold test\"\nbase_url: \"https://example.org/\"\nlanguages: [en, cs]\n",
    )
    .expect("hub.yaml");
    std::fs::create_dir_all(dir.path().join("content/tafl")).expect("content");
    dir
}

fn new(root: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    let mut command = Command::cargo_bin("rulehub").expect("binary");
    command
        .env("NO_COLOR", "1")
        .arg("new")
        .args(args)
        .arg("--root")
        .arg(root)
        .assert()
}

fn check(root: &Path) -> assert_cmd::assert::Assert {
    let mut command = Command::cargo_bin("rulehub").expect("binary");
    command
        .env("NO_COLOR", "1")
        .arg("check")
        .arg("--root")
        .arg(root)
        .assert()
}

#[test]
fn a_new_variant_builds_at_once_and_its_example_is_checked() {
    let hub = small_hub();
    new(hub.path(), &["tafl/my-variant"]).success();
    let path = hub.path().join("content/tafl/my-variant.md");
    let text = std::fs::read_to_string(&path).expect("written");
    for expected in [
        "variant_of: \"tafl\"",
        "topology:",
        "setup:",
        "rules: tablut-edge",
        "- op: cells",
        "published: true",
        "```example",
        "## Worked examples",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    check(hub.path())
        .success()
        .stderr(predicate::str::contains("1 example checked"));

    // The example really is replayed: a wrong claim fails the check.
    std::fs::write(&path, text.replace("captures: [c2]", "captures: []")).expect("edit");
    check(hub.path())
        .code(1)
        .stderr(predicate::str::contains("pair-capture"));
}

#[test]
fn from_copies_board_rules_and_drawing_of_every_bundled_variant() {
    let hub = tempfile::tempdir().expect("temp dir");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repo.join("content"), &hub.path().join("content"));
    copy_tree(&repo.join("themes"), &hub.path().join("themes"));
    copy_tree(&repo.join("templates"), &hub.path().join("templates"));
    std::fs::copy(repo.join("hub.yaml"), hub.path().join("hub.yaml")).expect("hub.yaml");
    let variants = bundled_variants(&repo.join("content/tafl"));
    assert!(variants.len() >= 3, "bundled variants: {variants:?}");
    for name in &variants {
        new(
            hub.path(),
            &[
                &format!("tafl/copy-of-{name}"),
                "--from",
                &format!("tafl/{name}"),
            ],
        )
        .success();
        let source =
            std::fs::read_to_string(repo.join(format!("content/tafl/{name}.md"))).expect("source");
        let copy =
            std::fs::read_to_string(hub.path().join(format!("content/tafl/copy-of-{name}.md")))
                .expect("copy");
        let rules = source
            .lines()
            .find(|l| l.trim_start().starts_with("rules:"))
            .expect("a rules line");
        assert!(copy.contains(rules), "{name}: {rules:?} not copied");
    }
    check(hub.path()).success();
}

#[test]
fn a_translation_stub_builds_and_places_every_example() {
    let hub = small_hub();
    new(hub.path(), &["tafl/my-variant"]).success();
    new(hub.path(), &["tafl/my-variant", "--lang", "cs"])
        .success()
        .stderr(predicate::str::contains("content/tafl/my-variant.cs.md"));
    let stub =
        std::fs::read_to_string(hub.path().join("content/tafl/my-variant.cs.md")).expect("stub");
    assert!(
        stub.starts_with("---\ntitle: \"My Variant\"\nsummary: "),
        "{stub}"
    );
    assert!(stub.contains("## Worked examples"), "{stub}");
    assert!(stub.contains("\n{{example:pair-capture}}\n"), "{stub}");
    assert!(!stub.contains("engine:"), "{stub}");
    assert!(stub.contains("\nstub: true\ntranslated_from: \""), "{stub}");
    // Until the translator removes `stub: true`, the page is untranslated.
    check(hub.path())
        .success()
        .stderr(predicate::str::contains("cs only an untranslated stub"));
}

#[test]
fn existing_files_are_never_overwritten() {
    let hub = small_hub();
    let path = hub.path().join("content/tafl/mine.md");
    std::fs::write(&path, "my own words").expect("write");
    new(hub.path(), &["tafl/mine"])
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "my own words"
    );

    new(hub.path(), &["tafl/other"]).success();
    let stub = hub.path().join("content/tafl/other.cs.md");
    std::fs::write(&stub, "translated").expect("write");
    new(hub.path(), &["tafl/other", "--lang", "cs"])
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    assert_eq!(std::fs::read_to_string(&stub).expect("read"), "translated");
}

#[test]
fn names_and_languages_are_checked_with_hints() {
    let hub = small_hub();
    new(hub.path(), &["tafl/My Variant"])
        .code(2)
        .stderr(predicate::str::contains("did you mean `my-variant`?"));
    new(hub.path(), &["my-variant"])
        .code(2)
        .stderr(predicate::str::contains("family/name"));
    new(hub.path(), &["tafl/../escape"]).code(2);
    new(hub.path(), &["tafl/good"]).success();
    new(hub.path(), &["tafll/other"])
        .code(2)
        .stderr(predicate::str::contains("did you mean `tafl/other`?"));
    new(hub.path(), &["tafl/good", "--lang", "cz"])
        .code(2)
        .stderr(predicate::str::contains("did you mean `cs`?"));
    new(hub.path(), &["tafl/good", "--lang", "en"])
        .code(2)
        .stderr(predicate::str::contains("default language"));
    new(hub.path(), &["tafl/god", "--lang", "cs"])
        .code(2)
        .stderr(predicate::str::contains("did you mean `tafl/good`?"));
    new(hub.path(), &["tafl/copy", "--from", "tafl/godo"])
        .code(2)
        .stderr(predicate::str::contains("did you mean `tafl/good`?"));
    new(
        hub.path(),
        &["tafl/copy", "--from", "tafl/good", "--lang", "cs"],
    )
    .code(2);
    // Nothing was written by the refused requests.
    let mut written: Vec<PathBuf> = std::fs::read_dir(hub.path().join("content/tafl"))
        .expect("list")
        .map(|e| e.expect("entry").path())
        .collect();
    written.sort();
    assert_eq!(written, vec![hub.path().join("content/tafl/good.md")]);
    assert!(!hub.path().join("content/tafll").exists());
}

fn bundled_variants(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("content/tafl")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".md")?;
            (!stem.contains('.') && !stem.starts_with('_')).then(|| stem.to_string())
        })
        .collect();
    names.sort();
    names
}

#[test]
fn a_folder_no_game_family_claims_gets_no_page() {
    let hub = small_hub();
    std::fs::create_dir_all(hub.path().join("content/chess")).expect("folder");
    new(hub.path(), &["chess/my-variant"])
        .failure()
        .stderr(predicate::str::contains(
            "`chess` is not a game family rulehub knows; the families are: tafl",
        ));
    assert!(!hub.path().join("content/chess/my-variant.md").exists());
}

#[test]
fn from_a_variant_of_another_family_is_refused_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(&common::fixture_path("mini"), dir.path());
    std::fs::create_dir_all(dir.path().join("content/draughts")).expect("family folder");
    new(dir.path(), &["draughts/x", "--from", "tafl/tablut"])
        .code(2)
        .stderr(
            predicate::str::contains("--from tafl/tablut is a variant of the tafl family").and(
                predicate::str::contains("copy from a variant in content/draughts/"),
            ),
        );
    assert!(!dir.path().join("content/draughts/x.md").exists());
}
