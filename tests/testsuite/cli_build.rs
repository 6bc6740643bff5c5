//! `rulehub build` and `rulehub check` as a maintainer and CI run them:
//! exit codes, messages, and what lands on disk.

use crate::common;

use common::{Hub, tree};
use predicates::prelude::*;

#[test]
fn build_publishes_every_page_in_every_language() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["build"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "built 11 pages in 2 languages, 8 diagrams, 4 examples checked",
        ));
    let site = tree(&hub.path("public"));
    for page in [
        "index.html",
        "cs/index.html",
        "tafl/index.html",
        "tafl/standard/index.html",
        "tafl/standard/board.svg",
        "tafl/standard/examples.svg",
        "cs/tafl/standard/index.html",
        "tafl/compare/index.html",
        "tafl/print/index.html",
        "cs/tafl/print/index.html",
        "404.html",
        "sitemap.xml",
        "robots.txt",
        "assets/style.css",
    ] {
        assert!(
            site.contains_key(page),
            "missing {page}; have {:?}",
            site.keys().collect::<Vec<_>>()
        );
    }
    assert!(
        !site.keys().any(|p| p.contains("draft")),
        "drafts stay out without --drafts"
    );
}

#[test]
fn drafts_are_published_only_when_asked() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["build", "--drafts"]).assert().success();
    assert!(hub.path("public/tafl/draft/index.html").is_file());
}

#[test]
fn two_builds_are_byte_identical() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["build", "--output"])
        .arg(hub.path("one"))
        .assert()
        .success();
    hub.rulehub(&["build", "--output"])
        .arg(hub.path("two"))
        .assert()
        .success();
    assert_eq!(tree(&hub.path("one")), tree(&hub.path("two")));
}

#[test]
fn check_writes_nothing() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["check"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "checked 11 pages in 2 languages, 8 diagrams, 4 examples checked",
        ));
    assert!(!hub.path("public").exists());
}

#[test]
fn check_renders_every_page_so_it_finds_what_only_rendering_finds() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "{{svg:board.svg \"Tablut — start\"}}",
        "{{svg:bord.svg}}",
    );
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("unknown board `bord.svg`"), "{stderr}");
}

#[test]
fn output_that_is_not_a_terminal_gets_no_progress_bar() {
    let hub = Hub::copy("mini");
    let output = hub.rulehub(&["build"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        !stderr.contains('\r') && !stderr.contains("building ["),
        "a log or pipe sees only lines:\n{stderr}"
    );
}

#[test]
fn a_failed_build_leaves_the_previous_site_untouched() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["build"]).assert().success();
    let before = tree(&hub.path("public"));
    hub.edit(
        "content/tafl/tablut.md",
        "expect: { captures: [d4] }",
        "expect: { captures: [d5] }",
    );
    hub.rulehub(&["build"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("nothing was written"));
    assert_eq!(tree(&hub.path("public")), before);
}

#[test]
fn build_refuses_to_replace_a_folder_that_is_not_a_site() {
    let hub = Hub::copy("mini");
    hub.write("precious/notes.txt", "keep me");
    hub.rulehub(&["build", "--output"])
        .arg(hub.path("precious"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("refusing to replace"));
    assert_eq!(hub.read("precious/notes.txt"), "keep me");
}

#[test]
fn usage_errors_exit_with_two_and_help_shows_examples() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["build", "--no-such-flag"]).assert().code(2);
    let mut help = assert_cmd::Command::cargo_bin("rulehub").expect("binary");
    help.args(["build", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Example:"));
}

#[test]
fn json_diagnostics_are_one_object_per_line() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "expect: { captures: [d4] }",
        "expect: { captures: [] }",
    );
    let output = hub
        .rulehub(&["check", "--message-format", "json"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let errors: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("each line is JSON"))
        .filter(|d| d["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{stdout}");
    let error = &errors[0];
    assert_eq!(error["file"], "content/tafl/tablut.md");
    assert_eq!(error["id"], "pair-capture");
    assert!(error["line"].as_u64().is_some_and(|l| l > 40));
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("captures d4")),
        "{error}"
    );
}

/// One broken hub per kind of bad input: each must name the file and line,
/// exit 1, and never panic.
fn assert_content_error(hub: &Hub, file_and_line: &str, message: &str) {
    let output = hub.rulehub(&["build"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains(file_and_line),
        "expected {file_and_line:?} in:\n{stderr}"
    );
    assert!(
        stderr.contains(message),
        "expected {message:?} in:\n{stderr}"
    );
    assert!(!hub.path("public").exists(), "nothing is written");
}

#[test]
fn malformed_yaml_names_its_line() {
    let hub = Hub::copy("mini");
    hub.edit("content/tafl/tablut.md", "order: 1", "order: [1");
    assert_content_error(&hub, "content/tafl/tablut.md:5:", "");
}

#[test]
fn missing_and_unclosed_front_matter() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/_index.md", "# no front matter\n");
    hub.write("content/tafl/tablut.cs.md", "---\ntitle: x\n\nbody\n");
    assert_content_error(
        &hub,
        "content/tafl/_index.md:1:1",
        "the file has no front matter",
    );
    assert_content_error(&hub, "content/tafl/tablut.cs.md:1:1", "never closed");
}

#[test]
fn unknown_keys_are_errors() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "order: 1",
        "order: 1\ncolour: red",
    );
    assert_content_error(&hub, "content/tafl/tablut.md:6:1", "unknown field `colour`");
}

#[test]
fn a_value_of_the_wrong_type_is_an_error() {
    let hub = Hub::copy("mini");
    hub.edit("content/tafl/tablut.md", "    rows: 9", "    rows: nine");
    assert_content_error(&hub, "content/tafl/tablut.md:", "invalid type");
}

#[test]
fn duplicate_slugs_in_a_family() {
    let hub = Hub::copy("mini");
    let copy = hub
        .read("content/tafl/tablut.md")
        .replace("order: 1", "order: 2");
    hub.write("content/tafl/tablut-copy.md", copy);
    assert_content_error(
        &hub,
        "content/tafl/tablut-copy.md:3:1",
        "slug `standard` is already used by content/tafl/tablut.md",
    );
}

#[test]
fn a_translation_without_its_default_language_file() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/ghost.cs.md", "---\ntitle: Duch\n---\n");
    assert_content_error(
        &hub,
        "content/tafl/ghost.cs.md:1:1",
        "translation of `ghost` without its default-language file",
    );
}

#[test]
fn a_translation_may_not_carry_rules() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.cs.md",
        "title: \"Tablut\"",
        "title: \"Tablut\"\nengine:\n  setup: \"9/9\"",
    );
    assert_content_error(
        &hub,
        "content/tafl/tablut.cs.md:3:1",
        "a translation cannot set `engine`",
    );
}

#[test]
fn an_unknown_language_code() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/tablut.cz.md", "---\ntitle: Tablut\n---\n");
    assert_content_error(
        &hub,
        "content/tafl/tablut.cz.md",
        "unknown language code `cz`",
    );
}

#[test]
fn slugs_with_slashes_or_dots() {
    for slug in ["a/b", "..", "../escape"] {
        let hub = Hub::copy("mini");
        hub.edit(
            "content/tafl/tablut.md",
            "slug: \"standard\"",
            &format!("slug: \"{slug}\""),
        );
        assert_content_error(
            &hub,
            "content/tafl/tablut.md:3:1",
            "cannot be a URL segment",
        );
    }
}

#[test]
fn a_hub_without_content() {
    let hub = Hub::copy("mini");
    hub.remove("content");
    hub.rulehub(&["build"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no `content/` folder"));
}

#[test]
fn an_unknown_shortcode() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "{{svg:board.svg \"Tablut — start\"}}",
        "{{svg:bord.svg}}\n\n{{video:intro}}",
    );
    let output = hub.rulehub(&["build"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("unknown board `bord.svg`"), "{stderr}");
    assert!(stderr.contains("unknown shortcode `video`"), "{stderr}");
    assert!(
        stderr.contains("2 errors"),
        "both are reported in one run:\n{stderr}"
    );
}

#[test]
fn a_file_that_is_not_utf8() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/_index.md", b"---\ntitle: caf\xe9\n---\n");
    assert_content_error(
        &hub,
        "content/tafl/_index.md:2:11",
        "not valid UTF-8 (bad byte at line 2, column 11)",
    );
}

#[test]
fn every_problem_of_hub_yaml_is_reported_even_when_one_is_fatal() {
    let hub = Hub::copy("mini");
    hub.write("hub.yaml", "title: x\nbase_url: \"/\"\nlanguages: []\n");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("hub.yaml:3:1: `languages` is empty"),
        "{stderr}"
    );
    assert!(
        stderr.contains("hub.yaml:2:1: `base_url` must be an absolute"),
        "{stderr}"
    );
}

#[test]
fn every_error_of_a_run_is_reported() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "order: 1",
        "order: 1\ncolour: red",
    );
    hub.write("content/tafl/ghost.cs.md", "---\ntitle: Duch\n---\n");
    hub.write("content/tafl/_index.md", "no front matter\n");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the hub has 3 errors"), "{stderr}");
}

#[test]
fn quiet_prints_nothing_on_success_and_verbose_lists_every_variant() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["check", "--quiet", "--drafts"])
        .assert()
        .success()
        .stderr("");
    hub.rulehub(&["check", "--verbose"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "tafl/standard: 4 examples checked, translated: cs",
        ));
    hub.edit(
        "content/tafl/tablut.md",
        "expect: { captures: [d4] }",
        "expect: { captures: [] }",
    );
    hub.rulehub(&["check", "--quiet"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("example `pair-capture`"));
}
