//! `--quiet` prints only errors: no warnings, progress, notes or closing
//! summary lines, on any command; errors always.

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common::Hub;

/// The mini hub with warnings: raw `<script>` in its home page, which is
/// sanitised away (a warning at its line), and so its Czech translation
/// is outdated (another).
fn hub_with_a_warning() -> Hub {
    let hub = Hub::copy("mini");
    let home = hub.read("content/_index.md");
    hub.write(
        "content/_index.md",
        format!("{home}\n<script>alert(1)</script>\n"),
    );
    hub
}

/// The same hub with an error as well: a worked example that claims a
/// capture its move does not make.
fn hub_with_a_warning_and_an_error() -> Hub {
    let hub = hub_with_a_warning();
    hub.edit(
        "content/tafl/tablut.md",
        "expect: { captures: [d4] }",
        "expect: { captures: [a1] }",
    );
    hub
}

#[test]
fn without_quiet_the_warning_and_summary_are_printed() {
    let hub = hub_with_a_warning();
    for command in ["check", "build"] {
        hub.rulehub(&[command])
            .assert()
            .success()
            .stderr(predicate::str::contains("the `<script>` tag is removed"))
            .stderr(predicate::str::contains("11 pages in 2 languages"));
    }
}

#[test]
fn quiet_prints_nothing_when_there_are_only_warnings() {
    let hub = hub_with_a_warning();
    for command in ["check", "build"] {
        for flag in ["--quiet", "-q"] {
            hub.rulehub(&[command, flag])
                .assert()
                .success()
                .stdout("")
                .stderr("");
        }
    }
    assert!(
        hub.path("public/index.html").is_file(),
        "the quiet build built"
    );
}

#[test]
fn quiet_prints_the_errors_alone() {
    let hub = hub_with_a_warning_and_an_error();
    let loud = hub.rulehub(&["check"]).output().expect("runs");
    let loud = String::from_utf8_lossy(&loud.stderr);
    assert!(
        loud.contains("<script>") && loud.contains("error: the hub has 1 error and"),
        "{loud}"
    );
    for command in ["check", "build"] {
        let output = hub.rulehub(&[command, "--quiet"]).output().expect("runs");
        assert_eq!(output.status.code(), Some(1), "{command}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("content/tafl/tablut.md:") && stderr.contains("but the page claims"),
            "{command}: the error, at its file and line: {stderr}"
        );
        assert!(
            !stderr.contains("<script>"),
            "{command}: no warning: {stderr}"
        );
        assert!(
            !stderr.contains("warning"),
            "{command}: no warning: {stderr}"
        );
        assert!(
            !stderr.contains("the hub has"),
            "{command}: no summary: {stderr}"
        );
    }
    assert!(!hub.path("public").exists());
}

#[test]
fn deny_warnings_with_quiet_shows_the_promoted_warning() {
    let hub = hub_with_a_warning();
    hub.rulehub(&["check", "--quiet", "--deny", "warnings"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the `<script>` tag is removed"))
        .stderr(predicate::str::contains("the hub has").not());
}

#[test]
fn quiet_silences_the_notes_of_other_commands_but_not_their_output() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("hub");
    let rulehub = || {
        let mut command = Command::cargo_bin("rulehub").expect("binary is built");
        command.env("NO_COLOR", "1");
        command
    };
    rulehub()
        .args(["init", "--quiet"])
        .arg(&root)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    assert!(root.join("hub.yaml").is_file());
    rulehub()
        .args(["new", "tafl/second", "--quiet", "--root"])
        .arg(&root)
        .assert()
        .success()
        .stderr("");
    assert!(root.join("content/tafl/second.md").is_file());
    // perft: the count is the output; the timing line is a note.
    rulehub()
        .args(["perft", "--rules", "brandubh", "--depth", "1", "--quiet"])
        .assert()
        .success()
        .stdout("depth 1: 40\n")
        .stderr("");
    // An error still shows.
    rulehub()
        .args(["new", "tafl/second", "--quiet", "--root"])
        .arg(&root)
        .assert()
        .code(2)
        .stderr(predicate::str::is_empty().not());
}
