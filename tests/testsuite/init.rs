//! An author's first minute: `rulehub init` starts a hub that builds (and
//! that git can hold without its build output), and `rulehub new`, `check`
//! and `build` outside a hub say how to start one.

use assert_cmd::Command;
use predicates::prelude::*;

fn rulehub() -> Command {
    let mut command = Command::cargo_bin("rulehub").expect("binary is built");
    command.env("NO_COLOR", "1");
    command
}

#[test]
fn init_then_build_makes_a_site_with_a_checked_example() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hub = dir.path().join("my-hub");
    rulehub()
        .arg("init")
        .arg(&hub)
        .assert()
        .success()
        .stderr(predicate::str::contains("content/tafl/my-tablut.md"));
    for file in [
        "hub.yaml",
        ".gitignore",
        "content/_index.md",
        "content/tafl/_index.md",
        "content/tafl/my-tablut.md",
    ] {
        assert!(hub.join(file).is_file(), "{file} written");
    }
    let out = dir.path().join("public");
    rulehub()
        .args(["build", "--root"])
        .arg(&hub)
        .arg("--output")
        .arg(&out)
        .assert()
        .success()
        .stderr(
            predicate::str::contains("1 example checked")
                .or(predicate::str::contains("examples checked")),
        )
        .stderr(predicate::str::contains("warning").not());
    let page =
        std::fs::read_to_string(out.join("tafl/my-tablut/index.html")).expect("variant page");
    assert!(page.contains("My Tablut"), "{page}");
    assert!(page.contains("class=\"example"), "the example is rendered");
}

#[test]
fn init_refuses_a_folder_that_is_not_empty() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("notes.txt"), "mine").expect("write");
    rulehub()
        .arg("init")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the folder is not empty"));
    assert!(!dir.path().join("hub.yaml").exists(), "nothing written");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("notes.txt")).expect("kept"),
        "mine"
    );
}

#[test]
fn new_outside_a_hub_suggests_init() {
    let dir = tempfile::tempdir().expect("temp dir");
    rulehub()
        .args(["new", "tafl/mine", "--root"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("rulehub init"));
}

#[test]
fn init_keeps_build_output_and_room_data_out_of_git() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hub = dir.path().join("my-hub");
    rulehub()
        .arg("init")
        .arg(&hub)
        .assert()
        .success()
        .stderr(predicate::str::contains(".gitignore"));
    let ignore = std::fs::read_to_string(hub.join(".gitignore")).expect(".gitignore");
    let patterns: Vec<&str> = ignore
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .collect();
    assert_eq!(patterns, ["public/", "rooms-data/"], "{ignore}");
    // The folders it names are the ones build and serve write by default.
    rulehub()
        .args(["build", "--root"])
        .arg(&hub)
        .assert()
        .success();
    assert!(hub.join("public/index.html").is_file());
}

#[test]
fn init_hub_yaml_says_where_every_key_is_explained() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hub = dir.path().join("my-hub");
    rulehub().arg("init").arg(&hub).assert().success();
    let yaml = std::fs::read_to_string(hub.join("hub.yaml")).expect("hub.yaml");
    let first = yaml.lines().take(3).collect::<Vec<_>>().join("\n");
    assert!(first.contains("docs/reference.md"), "{yaml}");
    // The section it names exists in that document.
    let reference =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md"))
            .expect("docs/reference.md");
    assert!(first.contains("\"hub.yaml\""), "{yaml}");
    assert!(
        reference.contains("\n## `hub.yaml`\n"),
        "the section is there"
    );
    assert!(
        !yaml.contains("README.md"),
        "no pointer to a section README lacks"
    );
}

#[test]
fn check_and_build_outside_a_hub_exit_2_and_say_what_a_hub_is() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("notes.txt"), "not a hub").expect("write");
    for command in ["check", "build"] {
        rulehub()
            .args([command, "--root"])
            .arg(dir.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains("is not a rulehub hub")
                    .and(predicate::str::contains("hub.yaml"))
                    .and(predicate::str::contains("content/"))
                    .and(predicate::str::contains("rulehub init my-hub")),
            );
    }
    assert!(!dir.path().join("public").exists(), "build wrote nothing");
    // An empty folder: init can start the hub right there, and says so.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).expect("mkdir");
    rulehub()
        .args(["check", "--quiet", "--root"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "rulehub init {}",
            empty.display()
        )));
    // A folder with content/ but no hub.yaml is a hub with the defaults.
    std::fs::create_dir_all(empty.join("content")).expect("mkdir");
    let output = rulehub()
        .args(["check", "--root"])
        .arg(&empty)
        .output()
        .expect("runs");
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("is not a rulehub hub"),
        "{output:?}"
    );
}
