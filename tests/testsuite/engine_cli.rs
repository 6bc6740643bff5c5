//! The engine's command-line tools: `rulehub perft` and `rulehub replay`.

use assert_cmd::Command;
use predicates::prelude::*;

fn rulehub() -> Command {
    Command::cargo_bin("rulehub").unwrap()
}

const GAME: &str = "# a short Brandubh game\n\
                    b4-b6\n\
                    \n\
                    2. e4-e6   # numbered line\n\
                    f4-f6xe6\n";

#[test]
fn perft_prints_one_line_per_depth_and_the_speed_on_stderr() {
    rulehub()
        .args(["perft", "--rules", "brandubh", "--depth", "3"])
        .assert()
        .success()
        .stdout("depth 1: 40\ndepth 2: 960\ndepth 3: 39512\n")
        .stderr(predicate::str::contains("nodes/s"));
}

#[test]
fn perft_accepts_a_setup_of_another_size() {
    rulehub()
        .args(["perft", "--rules", "copenhagen", "--depth", "1", "--setup"])
        .arg("3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3")
        .assert()
        .success()
        .stdout("depth 1: 40\n");
}

#[test]
fn perft_rejects_an_unknown_preset_with_the_valid_names() {
    rulehub()
        .args(["perft", "--rules", "chess", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("chess").and(predicate::str::contains("copenhagen")));
}

#[test]
fn replay_prints_moves_captures_and_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    std::fs::write(&file, GAME).unwrap();
    rulehub()
        .args(["replay", "--rules", "brandubh"])
        .arg(&file)
        .assert()
        .success()
        .stdout(
            "1. attackers b4-b6\n\
             2. defenders e4-e6\n\
             3. attackers f4-f6 captures e6\n\
             result after 3 moves: ongoing\n",
        );
}

#[test]
fn replay_reads_standard_input_and_writes_json() {
    let out = rulehub()
        .args([
            "replay",
            "--rules",
            "brandubh",
            "--message-format",
            "json",
            "-",
        ])
        .write_stdin(GAME)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[2]["move"], "f4-f6");
    assert_eq!(lines[2]["captures"], serde_json::json!(["e6"]));
    assert_eq!(lines[3]["type"], "outcome");
    assert_eq!(lines[3]["outcome"]["result"], "ongoing");
}

#[test]
fn replay_stops_at_an_illegal_move_naming_it() {
    rulehub()
        .args(["replay", "--rules", "brandubh", "-"])
        .write_stdin("b4-b6\nd4-d6\n")
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("move 2")
                .and(predicate::str::contains("d4-d6"))
                .and(predicate::str::contains(
                    "illegal move (blocked): the path is blocked at d5",
                )),
        );
}

#[test]
fn replay_reports_capture_marks_that_differ() {
    rulehub()
        .args(["replay", "--rules", "brandubh", "-"])
        .write_stdin("b4-b6\ne4-e6\nf4-f6\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("move 3").and(predicate::str::contains("e6")));
    rulehub()
        .args([
            "replay",
            "--rules",
            "brandubh",
            "--message-format",
            "json",
            "-",
        ])
        .write_stdin("b4-b6\ne4-e6\nf4-f6xe5\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"code\":\"capture-mismatch\""));
    rulehub()
        .args([
            "replay",
            "--rules",
            "brandubh",
            "--ignore-capture-marks",
            "-",
        ])
        .write_stdin("b4-b6\ne4-e6\nf4-f6\n")
        .assert()
        .success();
}

#[test]
fn replay_exits_2_when_the_file_cannot_be_read() {
    rulehub()
        .args(["replay", "--rules", "brandubh", "/nonexistent/game.txt"])
        .assert()
        .code(2);
}
