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

/// The SVG `rulehub board ARGS` prints, which must succeed.
fn drawn(args: &[&str]) -> String {
    let output = board_command().args(args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// How many pieces (`<use>` of a glyph) an SVG draws.
fn piece_count(doc: &roxmltree::Document) -> usize {
    doc.descendants().filter(|n| n.has_tag_name("use")).count()
}

#[test]
fn a_setup_prints_an_svg_with_its_pieces() {
    let svg = drawn(&["--setup", TABLUT]);
    assert_eq!(piece_count(&check_svg(&svg)), 25);
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
fn a_setup_that_does_not_fit_is_a_usage_error_as_in_perft_ai_and_replay() {
    let mut command = board_command();
    let output = command
        .args(["--setup", "3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3", "--cols", "9"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--setup"), "{stderr}");
    let output = board_command()
        .args(["--setup", "K2/3/3", "--rows", "20", "--cols", "3"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// `--rules` asks the preset's family: a draughts preset draws its start (or
/// a FEN) on its own board with the square numbers, as a draughts page does.
#[test]
fn a_draughts_preset_draws_its_start_or_a_fen_with_square_numbers() {
    let svg = drawn(&["--rules", "english-draughts"]);
    let doc = check_svg(&svg);
    assert_eq!(piece_count(&doc), 24, "twelve men a side");
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    let numbers: Vec<String> = (1..=32).map(|n| n.to_string()).collect();
    assert_eq!(labels, numbers, "every dark square numbered, in order");
    assert!(
        svg.contains("white 12 men, 0 kings; black 12 men, 0 kings; black to move"),
        "{svg}"
    );

    let svg = drawn(&[
        "--rules",
        "international-draughts",
        "--setup",
        "W:WK46,31:B5",
    ]);
    assert_eq!(piece_count(&check_svg(&svg)), 3);
    assert!(
        svg.contains("international-draughts on a 10×10 board"),
        "{svg}"
    );
    assert!(
        svg.contains("white 1 man, 1 king; black 1 man, 0 kings; white to move"),
        "{svg}"
    );
}

/// A tafl preset draws the special squares its rules give the board.
#[test]
fn a_tafl_preset_draws_its_start_with_its_special_squares() {
    let svg = drawn(&["--rules", "brandubh"]);
    assert_eq!(piece_count(&check_svg(&svg)), 13);
    assert!(svg.contains("viewBox=\"0 0 316 316\""), "7×7: {svg}");
    assert!(svg.contains("8 attackers, 4 defenders, 1 king"), "{svg}");
}

#[test]
fn a_preset_with_a_setup_that_does_not_fit_or_no_family_exits_with_the_reason() {
    let output = board_command()
        .args(["--rules", "english-draughts", "--setup", "W:W99:B1"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--setup") && stderr.contains("PDN FEN"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());

    let output = board_command()
        .args(["--rules", "chess"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("unknown rules preset `chess`") && stderr.contains("english-draughts"),
        "{stderr}"
    );

    // The preset sets the board: --rows and --cols do not go with it.
    let output = board_command()
        .args(["--rules", "brandubh", "--rows", "9"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}
