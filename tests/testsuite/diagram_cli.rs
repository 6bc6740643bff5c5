//! `rulehub board`: a setup becomes an SVG on stdout; bad input exits 1 with
//! the place to fix.

use crate::diagram_common as common;

use assert_cmd::Command;
use common::{TABLUT, check_svg};

fn board_command() -> Command {
    let mut command = Command::cargo_bin("rulehub").expect("the binary is built");
    command.arg("board");
    command
}

#[test]
fn a_setup_prints_an_svg_with_its_pieces() {
    let mut command = board_command();
    let output = command.args(["--setup", TABLUT]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let svg = String::from_utf8(output.stdout).unwrap();
    let doc = check_svg(&svg);
    assert_eq!(
        doc.descendants().filter(|n| n.has_tag_name("use")).count(),
        25
    );
    assert!(
        svg.contains("viewBox=\"0 0 396 396\""),
        "9×9 inferred from the setup"
    );
}

#[test]
fn ops_from_a_file_are_used_and_their_errors_point_at_the_line() {
    let mut command = board_command();
    let dir = tempfile::tempdir().unwrap();
    let ops = dir.path().join("ops.yaml");
    std::fs::write(
        &ops,
        common::seed_render().replace("throne-stroke", "throne-strok"),
    )
    .unwrap();
    let output = command
        .args(["--setup", TABLUT, "--ops"])
        .arg(&ops)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("ops.yaml:22:7:"), "{stderr}");
    assert!(stderr.contains("did you mean `throne-stroke`?"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn a_setup_that_does_not_fit_exits_1() {
    let mut command = board_command();
    let output = command
        .args(["--setup", "3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3", "--cols", "9"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--setup"), "{stderr}");
    let output = board_command()
        .args(["--setup", "K2/3/3", "--rows", "20", "--cols", "3"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
}
