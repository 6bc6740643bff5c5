//! Go, the third game family, through the same seam: a hub of Go pages
//! builds in every language with boards of lines, a wrong example fails at
//! its line with the engine's reason, and the command line replays SGF
//! records and counts Go positions through the registry.

use assert_cmd::Command;

use crate::common;

use common::Hub;

/// `rulehub ARGS` in the hub's folder: the engine commands take no `--root`.
fn engine_command(hub: &Hub, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("rulehub")
        .expect("binary is built")
        .current_dir(hub.root())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("runs")
}

#[test]
fn a_go_hub_builds_its_pages_in_every_language() {
    let hub = Hub::copy("go-mini");
    hub.rulehub(&["build"]).assert().success();
    for lang in ["", "cs/", "fi/"] {
        for page in [
            "go/index.html",
            "go/japanese/index.html",
            "go/compare/index.html",
        ] {
            assert!(
                hub.path(&format!("public/{lang}{page}")).is_file(),
                "public/{lang}{page} is missing"
            );
        }
    }
    let page = hub.read("public/go/japanese/index.html");
    for sentence in [
        "Black stones on B3, C4 and D3, a white stone on C3, all other points empty; Black to play. Black plays C2 and captures the stone on C3.",
        "After D3, White plays C3 — not allowed: it would retake the ko at once.",
        "The stone on B2 is dead and is removed. Counting by territory, Black has 37 points and White 33.5 with komi: Black wins by 3.5.",
        "After 5 moves two passes end the game; counting it needs the dead stones marked.",
    ] {
        assert!(page.contains(sentence), "{sentence} not in {page}");
    }
    let czech = hub.read("public/cs/go/japanese/index.html");
    assert!(
        czech.contains(
            "Po tahu D3 hraje bílý C3 – to není dovoleno: šlo by o okamžité zpětné vzetí v ko."
        ),
        "{czech}"
    );
    let finnish = hub.read("public/fi/go/japanese/index.html");
    assert!(
        finnish.contains("Kun on pelattu D3, valkoinen pelaa pisteeseen C3 – ei sallittu: se olisi välitön takaisinotto ko-tilanteessa."),
        "{finnish}"
    );
    // A board of lines: the grid, A–J without I, the star points.
    let board = hub.read("public/go/japanese/board.svg");
    assert!(board.contains("rh-grid"), "{board}");
    assert!(board.contains(">\nJ\n</text>") && !board.contains(">\nI\n</text>"));
    let compare = hub.read("public/go/compare/index.html");
    for fact in [
        "territory: surrounded points plus prisoners",
        "6.5 points to White",
    ] {
        assert!(compare.contains(fact), "{fact} not in {compare}");
    }
}

#[test]
fn a_wrong_go_example_fails_at_its_line_with_the_reason() {
    let hub = Hub::copy("go-mini");
    let file = "content/go/japanese.md";
    hub.edit(file, "captures: [C3]", "captures: [C4]")
        .edit(file, "reason: ko", "reason: superko")
        .edit(file, "score: B+3.5", "score: B+4.5");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for (line, message) in [
        (
            24,
            "example `capture`: move C2 captures C3, but the page claims C4",
        ),
        (
            36,
            "example `ko`: move 2 (C3) is illegal for another reason: the engine says `ko`, the page `superko`",
        ),
        (
            48,
            "example `count`: the count gives B+3.5 (Black 37, White 33.5 with komi), but the page claims B+4.5",
        ),
    ] {
        assert!(
            stderr.contains(&format!("{file}:{line}:")) && stderr.contains(message),
            "{file}:{line} {message} not in {stderr}"
        );
    }
}

#[test]
fn an_illegal_move_of_a_sample_game_fails_at_its_place() {
    let hub = Hub::copy("go-mini");
    let file = "content/go/japanese.md";
    hub.edit(file, "2. G7 pass", "2. C3 pass");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("game `short`: move 3 (black C3) is illegal: occupied"),
        "{stderr}"
    );
}

#[test]
fn replay_reads_an_sgf_collection_and_stops_at_a_ko_with_its_line() {
    let hub = Hub::copy("go-mini");
    hub.write(
        "games.sgf",
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]\n;B[ee];W[cc];B[gc];W[];B[])\n(;GM[1]FF[4]SZ[9]AB[cf][bg][ch]AW[df][cg][eg][dh]PL[B]\n;B[dg]\n;W[cg])\n",
    );
    let output = engine_command(&hub, &["replay", "--rules", "go-chinese", "games.sgf"]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.contains("6. black D3 captures C3"), "{stdout}");
    assert!(
        stderr.contains("move 7 (line 5) `C3`: white C3 is illegal: ko"),
        "{stderr}"
    );
    hub.write("short.sgf", "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[];B[])\n");
    let output = engine_command(&hub, &["replay", "--rules", "go-chinese", "short.sgf"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("black wins (B+73.5)"), "{stdout}");
}

#[test]
fn a_record_under_other_rules_is_replayed_with_a_warning() {
    let hub = Hub::copy("go-mini");
    hub.write(
        "japanese.sgf",
        "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee];W[cc])\n",
    );
    let output = engine_command(&hub, &["replay", "--rules", "go-chinese", "japanese.sgf"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("warning: the record's RU[Japanese] names other rules than go-chinese"),
        "{stderr}"
    );
    let output = engine_command(&hub, &["replay", "--rules", "go-japanese", "japanese.sgf"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("warning"), "{stderr}");
}

#[test]
fn perft_counts_go_moves_with_the_pass() {
    let hub = Hub::copy("go-mini");
    let output = engine_command(&hub, &["perft", "--rules", "go-chinese", "--depth", "2"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    // 361 points and the pass; then every pair, passes included.
    assert!(stdout.contains("depth 1: 362"), "{stdout}");
    assert!(stdout.contains("depth 2: 130683"), "{stdout}");
    let output = engine_command(
        &hub,
        &[
            "perft",
            "--rules",
            "go-chinese",
            "--depth",
            "1",
            "--setup",
            "black: I4",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--setup: `I4` is not a point of the 19×19 board"),
        "{stderr}"
    );
}

/// `--size` plays a Go preset on a smaller board (the pages' 9×9 games),
/// reads a setup on that board, and is refused where a preset fixes its
/// board or the size is not Go's.
#[test]
fn the_engine_commands_play_go_on_the_size_asked_for() {
    let hub = Hub::copy("go-mini");
    let output = engine_command(
        &hub,
        &[
            "perft",
            "--rules",
            "go-chinese",
            "--size",
            "9",
            "--depth",
            "2",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // 81 points and the pass; then every pair (a stone and any other
    // point or the pass, or the pass and anything).
    assert!(stdout.contains("depth 1: 82"), "{stdout}");
    assert!(stdout.contains("depth 2: 6643"), "{stdout}");

    let output = engine_command(
        &hub,
        &[
            "ai",
            "--rules",
            "go-chinese",
            "--size",
            "9",
            "--setup",
            "black: J9",
            "--level",
            "easy",
            "--seed",
            "3",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");

    // Refused with exit 2 and a message that says what is wrong.
    for (args, says) in [
        (
            &["--size", "9", "--setup", "black: K10"][..],
            "is not a point of the 9×9 board",
        ),
        (&["--size", "25"][..], "--size: size: 25 is outside 5..=19"),
    ] {
        let mut all = vec!["perft", "--rules", "go-chinese", "--depth", "1"];
        all.extend_from_slice(args);
        let output = engine_command(&hub, &all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let output = engine_command(
        &hub,
        &[
            "perft", "--rules", "brandubh", "--size", "9", "--depth", "1",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--size is not used with this preset"),
        "{stderr}"
    );
}
