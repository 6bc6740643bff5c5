//! Every command bounds what it reads and how long it searches, and
//! answers bad input with a clear error (issue #42, "Build and CLI").

use std::io::Write;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

fn rulehub() -> Command {
    let mut command = Command::cargo_bin("rulehub").expect("the rulehub binary is built");
    command.env("NO_COLOR", "1");
    command
}

/// Waits for `child` at most `limit`; kills it and fails the test when it
/// is still running then.
fn wait_bounded(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for rulehub") {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("rulehub still ran after {limit:?}: it does not stop on an endless input");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `rulehub replay ARGS -` fed `first` then `repeated` for ever (until it
/// exits or ten seconds pass); its exit status and stderr.
fn replay_endless(args: &[&str], first: &'static str, repeated: &'static str) -> (i32, String) {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("rulehub"))
        .arg("replay")
        .args(args)
        .arg("-")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start rulehub");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        let started = Instant::now();
        stdin.write_all(first.as_bytes())?;
        // Stops when rulehub closes the pipe, or after the time limit.
        while started.elapsed() < Duration::from_secs(12) {
            stdin.write_all(repeated.as_bytes())?;
        }
        Ok::<(), std::io::Error>(())
    });
    let status = wait_bounded(&mut child, Duration::from_secs(10));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr)
        .expect("read stderr");
    let _ = feeder.join();
    (status.code().unwrap_or(-1), stderr)
}

#[test]
fn replay_reports_an_illegal_second_move_of_an_endless_stream_at_once() {
    let (code, stderr) = replay_endless(
        &["--rules", "brandubh"],
        "d6-f6\nd4-d5\n",
        "# the stream goes on\n",
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: move 2 (line 2) `d4-d5`: illegal move (blocked)"),
        "{stderr}"
    );
}

#[test]
fn replay_reports_an_illegal_move_of_an_endless_pdn_stream_at_once() {
    let (code, stderr) = replay_endless(
        &["--rules", "english-draughts"],
        "[Event \"endless\"]\n1. 11-15 22-18\n2. 9-14\n",
        "{ a comment\n that goes on }\n",
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: game 1, move 3 (line 3, column 4) `9-14`: a capture is available"),
        "{stderr}"
    );
}

#[test]
fn replay_stops_an_endless_record_at_its_size_limit() {
    let (code, stderr) = replay_endless(&["--rules", "brandubh"], "d6-f6\n", "# more\n");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: standard input:")
            && stderr.contains("longer than the 1048576 bytes (1 MiB) replay reads"),
        "{stderr}"
    );
}

#[test]
fn replay_stops_a_stream_without_line_ends_at_the_line_limit() {
    let (code, stderr) = replay_endless(&["--rules", "brandubh"], "", "\0\0\0\0\0\0\0\0");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: standard input:1: the line is longer than the 65536 bytes"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn replay_of_dev_zero_ends_with_the_line_limit() {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("rulehub"))
        .args(["replay", "/dev/zero"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start rulehub");
    let status = wait_bounded(&mut child, Duration::from_secs(10));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr)
        .expect("read stderr");
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("/dev/zero:1: the line is longer than the 65536 bytes"),
        "{stderr}"
    );
}

#[test]
fn replay_still_numbers_moves_and_lines_across_the_whole_record() {
    rulehub()
        .args([
            "replay",
            "--rules",
            "brandubh",
            "--message-format",
            "json",
            "-",
        ])
        .write_stdin("# a game\nd6-f6\n\nd5-b5\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains(r#""line":2"#)
                .and(predicate::str::contains(r#""number":2"#))
                .and(predicate::str::contains(r#""line":4"#))
                .and(predicate::str::contains(r#"{"moves":2,"outcome":"#)),
        );
}

#[test]
fn ai_refuses_a_depth_beyond_its_documented_limit() {
    rulehub()
        .args(["ai", "--rules", "brandubh", "--depth", "30"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("the depth is at most 12")
                .and(predicate::str::contains("--time-ms")),
        );
}

/// A 19×19 board packed with pieces: hundreds of moves a ply.
const DENSE_19: &str = "b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/b1w1w1w1wKw1w1w1w1b/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b/1w1w1w1w1w1w1w1w1w1/b1b1b1b1b1b1b1b1b1b";

#[test]
fn level_hard_on_a_dense_19x19_board_stops_at_the_default_time_cap_and_says_so() {
    let started = Instant::now();
    rulehub()
        .args([
            "ai",
            "--rules",
            "copenhagen",
            "--level",
            "hard",
            "--setup",
            DENSE_19,
        ])
        .timeout(Duration::from_secs(30))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("move "))
        .stderr(predicate::str::contains(
            "note: the search stopped at the 10000 ms time cap",
        ));
    assert!(
        started.elapsed() < Duration::from_secs(25),
        "the cap bounds the search: {:?}",
        started.elapsed()
    );
}

#[test]
fn a_search_the_cap_does_not_cut_is_silent_and_the_same_for_a_seed() {
    let run = || {
        rulehub()
            .args([
                "ai", "--rules", "brandubh", "--level", "normal", "--seed", "7",
            ])
            .assert()
            .success()
            .stderr(predicate::str::is_empty())
            .get_output()
            .stdout
            .clone()
    };
    let first = String::from_utf8(run()).expect("utf-8");
    let second = String::from_utf8(run()).expect("utf-8");
    assert_eq!(first.lines().next(), second.lines().next());
}

#[test]
fn match_refuses_to_overwrite_records_unless_forced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let old = dir.path().join("game-002.txt");
    std::fs::write(&old, "# a game worth keeping\n").expect("write");
    let args = [
        "match",
        "--rules",
        "brandubh",
        "--attackers",
        "random",
        "--defenders",
        "random",
        "--games",
        "2",
        "--records",
    ];
    rulehub()
        .args(args)
        .arg(dir.path())
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::contains("game-002.txt already exists")
                .and(predicate::str::contains("--force")),
        );
    assert_eq!(
        std::fs::read_to_string(&old).expect("read"),
        "# a game worth keeping\n"
    );
    assert!(
        !dir.path().join("game-001.txt").exists(),
        "nothing is written"
    );
    rulehub()
        .args(args)
        .arg(dir.path())
        .arg("--force")
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&old)
            .expect("read")
            .contains("rulehub match")
    );
}

#[test]
fn a_setup_that_does_not_parse_is_a_usage_error_in_every_command() {
    for (rules, setup) in [
        ("english-draughts", "W:W99:B1"),
        ("brandubh", "3b3/3b3/3x3/bbwKwbb/3w3/3b3/3b3"),
    ] {
        for command in ["board", "perft", "ai", "replay"] {
            let mut cmd = rulehub();
            cmd.args([command, "--rules", rules, "--setup", setup]);
            match command {
                "perft" => {
                    cmd.args(["--depth", "1"]);
                }
                "replay" => {
                    cmd.arg("-").write_stdin("");
                }
                _ => {}
            }
            let stderr = cmd
                .assert()
                .code(2)
                .stdout(predicate::str::is_empty())
                .get_output()
                .stderr
                .clone();
            let stderr = String::from_utf8_lossy(&stderr);
            assert!(
                stderr.contains("square 99") || stderr.contains("unknown letter `x`"),
                "{command} names what is wrong with the setup: {stderr}"
            );
        }
    }
}

#[test]
fn a_malformed_palette_file_is_reported_at_its_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let palette = dir.path().join("palette.yaml");
    std::fs::write(
        &palette,
        "cell-light: { light: \"#eeeeee\", dark: \"#222222\" }\ncell-dark: { light: \"#cccccc\" dark: \"#111111\" }\n",
    )
    .expect("write");
    rulehub()
        .args(["board", "--rules", "brandubh", "--palette"])
        .arg(&palette)
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::is_match(r"palette\.yaml:2:\d+: ").expect("regex"));
    // A token with a bad colour is placed on its own line too.
    std::fs::write(
        &palette,
        "cell-light: { light: \"#eeeeee\", dark: \"#222222\" }\ncell-dark: { light: \"#cccccc\", dark: \"blue\" }\n",
    )
    .expect("write");
    rulehub()
        .args(["board", "--rules", "brandubh", "--palette"])
        .arg(&palette)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("palette.yaml:2:1: ")
                .and(predicate::str::contains("`blue` is not a colour")),
        );
}

#[test]
fn an_example_fence_in_another_case_is_warned_about_at_its_line() {
    let hub = crate::common::Hub::copy("mini");
    let page = hub.read("content/tafl/tablut.md");
    let line = page.lines().count() + 4;
    hub.write(
        "content/tafl/tablut.md",
        format!("{page}\n## More\n\n```Example\nid: not-checked\n```\n"),
    );
    let translation = hub.read("content/tafl/tablut.cs.md");
    let cs_line = translation.lines().count() + 2;
    hub.write(
        "content/tafl/tablut.cs.md",
        format!("{translation}\n~~~GAME opening\n1. e5-e7\n~~~\n"),
    );
    hub.rulehub(&["check"]).assert().success().stderr(
        predicate::str::contains(format!("content/tafl/tablut.md:{line}:1: "))
            .and(predicate::str::contains(
                "```Example is shown as plain code and not checked: only the lowercase ```example marks a worked example",
            ))
            .and(predicate::str::contains(format!(
                "content/tafl/tablut.cs.md:{cs_line}:1: "
            )))
            .and(predicate::str::contains("```GAME is shown as plain code")),
    );
    hub.rulehub(&["check", "--deny", "warnings"])
        .assert()
        .code(1);
}

#[test]
fn a_content_file_a_browser_runs_is_refused_while_bodies_are_sanitised() {
    let hub = crate::common::Hub::copy("mini");
    hub.write(
        "content/tafl/board.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <rect width=\"9\" height=\"9\"/>\n  <circle r=\"2\" onload=\"alert(document.cookie)\"/>\n</svg>\n",
    );
    hub.write(
        "content/tafl/clean.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"9\" height=\"9\"/></svg>\n",
    );
    hub.write("content/tafl/page.html", "<p>Hello</p>\n");
    let out = tempfile::tempdir().expect("temp dir");
    hub.rulehub(&["build", "--output"])
        .arg(out.path())
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("content/tafl/board.svg:3:")
                .and(predicate::str::contains(
                    "an event handler `onload` on `<circle>`, which a browser runs",
                ))
                .and(predicate::str::contains("raw_html: trusted"))
                .and(predicate::str::contains("content/tafl/page.html"))
                .and(predicate::str::contains("clean.svg").not()),
        );
    assert!(!out.path().join("tafl/board.svg").exists());
    hub.rulehub(&["check"]).assert().code(1);

    // A hub that trusts its authors publishes them as they are.
    hub.edit("hub.yaml", "languages:", "raw_html: trusted\nlanguages:");
    hub.rulehub(&["build", "--output"])
        .arg(out.path())
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(out.path().join("tafl/board.svg")).expect("copied"),
        hub.read("content/tafl/board.svg")
    );
}
