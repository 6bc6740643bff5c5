//! Translators' stories: a translation records the source it was made
//! from; when the source changes, `check` names what changed, the page
//! says so, and `rulehub translations` shows the state of every page.

use crate::common;

use common::Hub;
use predicates::prelude::*;

/// The mini fixture, with its Czech Tablut marked current.
fn hub() -> Hub {
    let hub = Hub::copy("mini");
    hub.rulehub(&["check"])
        .assert()
        .success()
        .stderr(predicate::str::contains("tablut.cs.md").not());
    hub
}

fn status_json(hub: &Hub) -> serde_json::Value {
    let output = hub
        .rulehub(&["translations", "--format", "json"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    serde_json::from_slice(&output.stdout).expect("JSON on stdout")
}

#[test]
fn a_changed_source_makes_its_translation_outdated_with_the_sections_named() {
    let hub = hub();
    hub.edit(
        "content/tafl/tablut.md",
        "Pieces move like rooks.",
        "Pieces move like rooks, any distance along a line.",
    );
    let source = hub.read("content/tafl/tablut.md");
    hub.write(
        "content/tafl/tablut.md",
        format!("{source}\n## Endgame\n\nThe king escapes or is captured.\n"),
    );
    hub.rulehub(&["check"]).assert().success().stderr(
        predicate::str::contains("content/tafl/tablut.cs.md:4:1")
            .and(predicate::str::is_match(
                r"outdated since [0-9a-f]{8}: content/tafl/tablut.md changed \(1 section changed: Moving; 1 added: Endgame\)",
            ).expect("regex"))
            .and(predicate::str::contains(
                "rulehub translations --mark-current content/tafl/tablut.cs.md",
            )),
    );
    let out = tempfile::tempdir().expect("temp dir");
    hub.rulehub(&["build", "--output"])
        .arg(out.path())
        .assert()
        .success();
    let czech = std::fs::read_to_string(out.path().join("cs/tafl/standard/index.html"))
        .expect("Czech page");
    assert!(
        czech.contains("class=\"notice translation-outdated\"")
            && czech.contains("Tento překlad vznikl podle starší verze pravidel")
            && czech.contains("href=\"/tafl/standard/\" hreflang=\"en\""),
        "{czech}"
    );
    let english =
        std::fs::read_to_string(out.path().join("tafl/standard/index.html")).expect("page");
    assert!(!english.contains("translation-outdated"));

    hub.rulehub(&[
        "translations",
        "--mark-current",
        "content/tafl/tablut.cs.md",
    ])
    .assert()
    .success();
    hub.rulehub(&["check"])
        .assert()
        .success()
        .stderr(predicate::str::contains("outdated").not());
}

#[test]
fn a_translation_without_a_record_is_warned_about_once() {
    let hub = hub();
    let text = hub.read("content/tafl/tablut.cs.md");
    let unrecorded: String = text
        .lines()
        .filter(|l| !l.starts_with("translated_from:") && !l.starts_with("source_sections:"))
        .map(|l| format!("{l}\n"))
        .collect();
    hub.write("content/tafl/tablut.cs.md", unrecorded);
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.matches("does not say which version").count(),
        1,
        "{stderr}"
    );
    assert!(
        stderr.contains("--mark-current content/tafl/tablut.cs.md"),
        "{stderr}"
    );
    let json = status_json(&hub);
    let tablut = json["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .find(|p| p["page"] == "tafl/tablut")
        .expect("a row for tablut");
    assert_eq!(tablut["cells"][0]["status"], "unknown");
}

#[test]
fn a_stub_from_new_counts_as_untranslated_until_its_translator_says_otherwise() {
    let hub = hub();
    hub.rulehub(&["new", "tafl/second"]).assert().success();
    hub.rulehub(&["new", "tafl/second", "--lang", "cs"])
        .assert()
        .success();
    let json = status_json(&hub);
    let second = json["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .find(|p| p["page"] == "tafl/second")
        .expect("the new page is listed");
    assert_eq!(second["cells"][0]["status"], "stub");
    let out = tempfile::tempdir().expect("temp dir");
    hub.rulehub(&["build", "--output"])
        .arg(out.path())
        .assert()
        .success()
        .stderr(predicate::str::contains("cs only an untranslated stub"));
    assert!(!out.path().join("cs/tafl/second/index.html").exists());

    hub.rulehub(&[
        "translations",
        "--mark-current",
        "content/tafl/second.cs.md",
    ])
    .assert()
    .success();
    let marked = hub.read("content/tafl/second.cs.md");
    assert!(!marked.contains("stub:"), "{marked}");
    assert!(!marked.contains("# Until you delete"), "{marked}");
    let json = status_json(&hub);
    let second = json["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .find(|p| p["page"] == "tafl/second")
        .expect("listed");
    assert_eq!(second["cells"][0]["status"], "ok", "{json}");
}

#[test]
fn the_status_table_has_a_row_per_page_and_a_column_per_language() {
    let hub = hub();
    hub.rulehub(&["new", "tafl/second"]).assert().success();
    hub.rulehub(&["new", "tafl/second", "--lang", "cs"])
        .assert()
        .success();
    hub.edit(
        "content/tafl/tablut.md",
        "title: \"Tablut\"",
        "title: \"Tablut 9×9\"",
    );
    let output = hub.rulehub(&["translations"]).output().expect("runs");
    assert!(output.status.success());
    insta::assert_snapshot!(String::from_utf8_lossy(&output.stdout));
}

#[test]
fn the_bundled_hub_records_every_translation_as_current() {
    let output = assert_cmd::Command::cargo_bin("rulehub")
        .expect("binary")
        .args(["translations", "--format", "json", "--root"])
        .arg(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let cells: Vec<&serde_json::Value> = json["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .flat_map(|p| p["cells"].as_array().expect("cells"))
        .collect();
    assert!(!cells.is_empty());
    for cell in cells {
        assert_eq!(cell["status"], "ok", "{json}");
    }
}

#[test]
fn mark_current_refuses_files_that_are_not_variant_translations() {
    let hub = hub();
    hub.rulehub(&["translations", "--mark-current", "content/tafl/_index.md"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("this is not a translation"));
}

#[test]
fn home_and_family_pages_are_tracked_like_variants() {
    let hub = hub();
    let status = |hub: &Hub, page: &str| {
        status_json(hub)["pages"]
            .as_array()
            .expect("pages")
            .iter()
            .find(|p| p["page"] == page)
            .unwrap_or_else(|| panic!("a row for {page}"))["cells"][0]["status"]
            .clone()
    };
    assert_eq!(
        status(&hub, "home"),
        "ok",
        "the fixture records its home translation"
    );
    // The family page has no Czech file: missing, not an error.
    assert_eq!(status(&hub, "tafl"), "missing");

    hub.edit("content/_index.md", "mini", "tiny");
    assert_eq!(status(&hub, "home"), "outdated");
    hub.rulehub(&["check"]).assert().success().stderr(
        predicate::str::contains("content/_index.cs.md")
            .and(predicate::str::contains("outdated since")),
    );
    let out = hub.path("public");
    hub.rulehub(&["build", "--output", out.to_str().expect("utf-8")])
        .assert()
        .success();
    let cs_home = std::fs::read_to_string(out.join("cs/index.html")).expect("Czech home");
    assert!(
        cs_home.contains("translation-outdated"),
        "the Czech home says it is behind"
    );
    let en_home = std::fs::read_to_string(out.join("index.html")).expect("home");
    assert!(!en_home.contains("translation-outdated"));

    hub.rulehub(&["translations", "--mark-current", "content/_index.cs.md"])
        .assert()
        .success();
    assert_eq!(status(&hub, "home"), "ok");
    hub.rulehub(&["check"])
        .assert()
        .success()
        .stderr(predicate::str::contains("_index.cs.md").not());
}

#[cfg(unix)]
#[test]
fn mark_current_refuses_a_symbolic_link_that_leads_out_of_the_hub() {
    let hub = hub();
    let outside = tempfile::tempdir().expect("temp dir");
    let victim = outside.path().join("notes.cs.md");
    let text = hub.read("content/tafl/tablut.cs.md");
    std::fs::write(&victim, &text).expect("write outside file");
    std::fs::write(
        outside.path().join("notes.md"),
        hub.read("content/tafl/tablut.md"),
    )
    .expect("write outside source");
    std::os::unix::fs::symlink(&victim, hub.path("content/tafl/notes.cs.md")).expect("symlink");
    hub.rulehub(&["translations", "--mark-current", "content/tafl/notes.cs.md"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("content/tafl/notes.cs.md")
                .and(predicate::str::contains(
                    "outside the hub's content/ folder",
                ))
                .and(predicate::str::contains("symbolic link")),
        );
    assert_eq!(
        std::fs::read_to_string(&victim).expect("read"),
        text,
        "the file outside the hub is untouched"
    );
    // A file outside the hub given by its own path is refused too.
    hub.rulehub(&["translations", "--mark-current"])
        .arg(&victim)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "outside the hub's content/ folder",
        ));
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), text);
}

#[test]
fn mark_current_refuses_a_translation_whose_front_matter_does_not_parse() {
    let hub = hub();
    hub.edit(
        "content/tafl/tablut.md",
        "Pieces move like rooks.",
        "Pieces glide.",
    );
    let broken = hub.read("content/tafl/tablut.cs.md").replacen(
        "title: \"Tablut\"",
        "title: [\"Tablut\"",
        1,
    );
    hub.write("content/tafl/tablut.cs.md", &broken);
    hub.rulehub(&[
        "translations",
        "--mark-current",
        "content/tafl/tablut.cs.md",
    ])
    .assert()
    .code(2)
    .stderr(
        predicate::str::is_match(r"content/tafl/tablut\.cs\.md:\d+:\d+")
            .expect("regex")
            .and(predicate::str::contains("not marked current")),
    );
    assert_eq!(
        hub.read("content/tafl/tablut.cs.md"),
        broken,
        "left as it was"
    );
}

#[test]
fn mark_current_refuses_a_language_the_hub_does_not_have() {
    let hub = hub();
    let text = hub.read("content/tafl/tablut.cs.md");
    hub.write("content/tafl/tablut.de.md", &text);
    hub.rulehub(&[
        "translations",
        "--mark-current",
        "content/tafl/tablut.de.md",
    ])
    .assert()
    .code(2)
    .stderr(
        predicate::str::contains("content/tafl/tablut.de.md")
            .and(predicate::str::contains("the hub has no language `de`")),
    );
    assert_eq!(hub.read("content/tafl/tablut.de.md"), text);
    // Nor the default language, which has no translations.
    hub.write("content/tafl/tablut.en.md", &text);
    hub.rulehub(&[
        "translations",
        "--mark-current",
        "content/tafl/tablut.en.md",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains("default language"));
}

#[test]
fn mark_current_keeps_crlf_line_ends() {
    let hub = hub();
    hub.edit(
        "content/tafl/tablut.md",
        "Pieces move like rooks.",
        "Pieces glide.",
    );
    let crlf = hub.read("content/tafl/tablut.cs.md").replace('\n', "\r\n");
    hub.write("content/tafl/tablut.cs.md", &crlf);
    hub.rulehub(&[
        "translations",
        "--mark-current",
        "content/tafl/tablut.cs.md",
    ])
    .assert()
    .success();
    let marked = hub.read("content/tafl/tablut.cs.md");
    assert_ne!(marked, crlf, "the record changed");
    assert_eq!(
        marked.matches('\n').count(),
        marked.matches("\r\n").count(),
        "every line still ends in CRLF:\n{marked:?}"
    );
    hub.rulehub(&["check"])
        .assert()
        .success()
        .stderr(predicate::str::contains("outdated").not());
}
