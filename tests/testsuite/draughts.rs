//! Draughts, the second game family, through the same seam as tafl: a hub
//! of draughts pages builds in every language, a wrong example fails at its
//! line with the engine's reason, the numbered board is drawn byte for byte
//! the same, and `rulehub new` starts a draughts page that checks.

use crate::common;

use common::{Hub, board_on_sheet};

#[test]
fn a_draughts_hub_builds_its_pages_in_every_language() {
    let hub = Hub::copy("draughts-mini");
    hub.rulehub(&["build"]).assert().success();
    for lang in ["", "cs/", "fi/"] {
        for page in [
            "draughts/index.html",
            "draughts/english/index.html",
            "draughts/compare/index.html",
            "draughts/print/index.html",
        ] {
            assert!(
                hub.path(&format!("public/{lang}{page}")).is_file(),
                "public/{lang}{page} is missing"
            );
        }
    }
    let page = hub.read("public/draughts/english/index.html");
    assert!(
        page.contains("After the moves 11–15 and 22–18, Black plays 9–14 with a man — not allowed: a capture is available, and capturing is compulsory (15x22)."),
        "{page}"
    );
    assert!(
        page.contains("White plays 27x18x11 with a man and captures 2 pieces: 15 and 23."),
        "{page}"
    );
    let czech = hub.read("public/cs/draughts/english/index.html");
    assert!(
        czech.contains("Bílý hraje kamenem 10x1 a bere kámen na 6, a kámen se mění v dámu."),
        "{czech}"
    );
    let finnish = hub.read("public/fi/draughts/english/index.html");
    assert!(
        finnish.contains("Valkoinen siirtää nappulaa 18–22 — siirto ei ole sallittu: nappula ei voi siirtyä sinne."),
        "{finnish}"
    );
    // An example of several moves can be stepped through, move by move.
    assert!(page.contains("Step through the 2 moves"), "{page}");
    board_on_sheet(
        &hub.read("public/draughts/english/examples.svg"),
        "example-forced-capture-step-2",
    );
    // The comparison table reads the resolved rules.
    let compare = hub.read("public/draughts/compare/index.html");
    for fact in [
        "8×8, 32 dark squares in play",
        "forwards only",
        "compulsory",
    ] {
        assert!(compare.contains(fact), "{fact} not in {compare}");
    }
    // The board names its 32 dark squares by number, 1 at the top left.
    let board = hub.read("public/draughts/english/board.svg");
    assert!(board.contains("rh-labels"), "{board}");
    for number in 1..=32 {
        assert!(board.contains(&format!(">\n{number}\n</text>")), "{number}");
    }
}

#[test]
fn a_wrong_draughts_example_fails_at_its_line_with_the_reason() {
    let hub = Hub::copy("draughts-mini");
    let file = "content/draughts/english.md";
    hub.edit(
        file,
        "moves: [18-22]\nexpect:\n  legal: false\n  reason: no-such-move",
        "moves: [18-22]\nexpect:\n  ongoing: true",
    )
    .edit(file, "captures: [15, 23]", "captures: [15]")
    .edit(file, "reason: capture-required", "reason: no-such-move");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = [
        (
            // At the claimed reason, not at `expect:`.
            23,
            "forced-capture",
            "move 9-14 is illegal, but for another reason: a capture is available",
        ),
        (
            33,
            "double-jump",
            "move 27x18x11 captures 15, 23, but the page claims 15",
        ),
        (
            53,
            "no-retreat",
            "move 1 (18-22) is illegal: that piece cannot move there",
        ),
    ];
    for (line, id, disagreement) in expected {
        let needle = format!("{file}:{line}:");
        let reported = stderr
            .lines()
            .find(|l| l.contains(&needle) && l.contains(&format!("example `{id}`")))
            .unwrap_or_else(|| panic!("no diagnostic at {needle} for {id} in:\n{stderr}"));
        assert!(reported.contains(disagreement), "{reported}");
    }
    assert!(
        stderr.contains("claim `legal: false` with `reason: no-such-move`"),
        "{stderr}"
    );
    assert!(stderr.contains("the hub has 3 errors"), "{stderr}");
}

#[test]
fn a_setup_for_the_wrong_side_or_board_is_an_error_at_its_key() {
    let hub = Hub::copy("draughts-mini");
    let file = "content/draughts/english.md";
    hub.edit(
        file,
        "  rules: english-draughts\n",
        "  rules: english-draughts\n  setup: \"W:W21-32:B1-12\"\n",
    );
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("{file}:9:3"))
            && stderr
                .contains("the setup puts white to move, but under these rules black moves first"),
        "{stderr}"
    );
    hub.edit(file, "W:W21-32:B1-12", "B:W31-50:B1-12");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the setup does not fit the 8×8 board: square 50 is not on the board"),
        "{stderr}"
    );
}

/// Two sample games for the English page: an opening from the page's start
/// and an ending from a position of its own.
const GAMES: &str = "```game opening
1. 11-15 23-19 {White meets the centre <b>move</b>}
2. 8-11 22-17 *
```

```game ending
; setup: B:W18:B9,14
1. 14x23 ; the last white man falls
0-1
```

A man never moves backwards.";

fn hub_with_games(games: &str) -> Hub {
    let hub = Hub::copy("draughts-mini");
    hub.edit(
        "content/draughts/english.md",
        "A man never moves backwards.",
        games,
    );
    hub
}

#[test]
fn a_draughts_sample_game_is_replayed_and_drawn_move_by_move() {
    let hub = hub_with_games(GAMES);
    hub.edit(
        "content/draughts/english.cs.md",
        "{{example:crowning}}",
        "{{example:crowning}}\n\n{{game:ending}}",
    );
    hub.rulehub(&["build"]).assert().success();
    let page = hub.read("public/draughts/english/index.html");
    let opening = &page[page.find("<div class=\"game\"").expect("a game")..];
    assert!(
        opening.contains("<img src=\"game-opening.svg#game-opening-4\""),
        "{opening}"
    );
    assert!(
        opening.contains("Move 2 of 4: 23-19 — White meets the centre &lt;b&gt;move&lt;/b&gt;"),
        "{opening}"
    );
    assert!(page.contains("After 4 moves the game goes on."), "{page}");
    assert!(
        page.contains("After 1 move Black wins: the other side has no pieces left."),
        "{page}"
    );
    // A board per position; the capture is marked on the board after it.
    let sheet = hub.read("public/draughts/english/game-opening.svg");
    for ply in 0..=4 {
        board_on_sheet(&sheet, &format!("game-opening-{ply}"));
    }
    let after = board_on_sheet(
        &hub.read("public/draughts/english/game-ending.svg"),
        "game-ending-1",
    );
    assert!(after.contains("rh-captures"), "{after}");
    let czech = hub.read("public/cs/draughts/english/index.html");
    assert!(
        czech.contains("Po 1 tahu vyhrává černý: soupeři nezbyl žádný kámen."),
        "{czech}"
    );
}

#[test]
fn a_wrong_move_or_result_in_a_draughts_game_fails_at_its_line() {
    let file = "content/draughts/english.md";
    for (wrong, line_text, message) in [
        (
            GAMES.replace("2. 8-11 22-17", "2. 8-11 22-26"),
            "2. 8-11 22-26",
            "game `opening`: move 4 `22-26`:",
        ),
        (
            GAMES.replace("1. 14x23", "1. 14-17"),
            "1. 14-17",
            "game `ending`: move 1 `14-17`: a capture is available",
        ),
        (
            GAMES.replace("0-1", "1-0"),
            "1-0",
            "game `ending`: the record ends `1-0`, but after its last move the engine has `no-pieces`",
        ),
        (
            GAMES.replace("; setup: B:W18:B9,14", "; setup: B:W18:B99"),
            "; setup:",
            "game `ending`: `; setup:` is not a PDN FEN for this board",
        ),
    ] {
        let hub = hub_with_games(&wrong);
        let line = hub
            .read(file)
            .lines()
            .position(|l| l.contains(line_text))
            .expect("the line is on the page")
            + 1;
        let output = hub.rulehub(&["check"]).output().expect("runs");
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr
                .lines()
                .any(|l| l.contains(&format!("{file}:{line}:")) && l.contains(message)),
            "expected `{message}` at line {line} in:\n{stderr}"
        );
    }
}

#[test]
fn the_numbered_draughts_boards_are_drawn_byte_for_byte() {
    let hub = Hub::copy("draughts-mini");
    hub.rulehub(&["build"]).assert().success();
    insta::assert_snapshot!(
        "english_draughts_start",
        hub.read("public/draughts/english/board.svg")
    );
    insta::assert_snapshot!(
        "english_draughts_double_jump",
        board_on_sheet(
            &hub.read("public/draughts/english/examples.svg"),
            "example-double-jump-before"
        )
    );
}

/// The pieces stand on the dark squares where the numbers say: resvg
/// shows a black man's colour on square 1 (top row, second file), a white
/// man's on 21, and the empty dark and light squares between.
#[test]
fn the_pieces_stand_on_the_numbered_dark_squares() {
    use resvg::tiny_skia::{Pixmap, Transform};
    use resvg::usvg;
    use rulehub::diagram::Palette;

    let hub = Hub::copy("draughts-mini");
    hub.rulehub(&["build"]).assert().success();
    let svg = hub.read("public/draughts/english/board.svg");
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("resvg parses it");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    if let Ok(path) = std::env::var("RULEHUB_DIAGRAM_PNG") {
        pixmap.save_png(path).expect("png written");
    }
    // 8-unit margin (no coordinates on a draughts board), 40-unit squares.
    let at = |row: u32, col: u32| {
        let pixel = pixmap
            .pixel(8 + col * 40 + 20, 8 + row * 40 + 20)
            .expect("inside")
            .demultiply();
        format!(
            "#{:02x}{:02x}{:02x}",
            pixel.red(),
            pixel.green(),
            pixel.blue()
        )
    };
    let light = |token: &str| Palette::builtin().light(token).expect("token").to_string();
    assert_eq!(at(0, 1), light("attacker"), "square 1: a black man");
    assert_eq!(at(5, 0), light("defender"), "square 21: a white man");
    assert_eq!(at(3, 0), light("cell-dark"), "square 13: empty and dark");
    assert_eq!(at(3, 1), light("cell-light"), "a light square between");
}

#[test]
fn rulehub_new_starts_a_draughts_page_that_checks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("hub");
    let run = |args: &[&str]| {
        let mut command = assert_cmd::Command::cargo_bin("rulehub").expect("binary");
        command.env("NO_COLOR", "1").args(args).assert()
    };
    let root_arg = root.to_str().expect("utf-8 temp path");
    run(&["init", root_arg]).success();
    std::fs::create_dir_all(root.join("content/draughts")).expect("family folder");
    run(&["new", "draughts/my-checkers", "--root", root_arg]).success();
    let text =
        std::fs::read_to_string(root.join("content/draughts/my-checkers.md")).expect("written");
    for expected in [
        "variant_of: \"draughts\"",
        "rules: english-draughts",
        "```example",
        "moves: [22x15]",
        "the white man on 22 jumps the black man on 18",
    ] {
        assert!(text.contains(expected), "{expected} not in:\n{text}");
    }
    run(&["check", "--root", root_arg]).success();
    // Copying a 10×10 page's rules, the starter's capture moves to
    // squares of that board, and the new page checks too.
    std::fs::write(
        root.join("content/draughts/base.md"),
        "---\ntitle: \"Base\"\nslug: \"base\"\nvariant_of: \"draughts\"\norder: 2\nsummary: \"The 10×10 game.\"\nengine:\n  rules: international-draughts\npublished: true\n---\n\nThe rules.\n",
    )
    .expect("base page");
    run(&[
        "new",
        "draughts/big",
        "--from",
        "draughts/base",
        "--root",
        root_arg,
    ])
    .success();
    let big = std::fs::read_to_string(root.join("content/draughts/big.md")).expect("written");
    assert!(big.contains("moves: [37x28]"), "{big}");
    run(&["check", "--root", root_arg]).success();
}

fn rulehub() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::cargo_bin("rulehub").expect("binary");
    command.env("NO_COLOR", "1");
    command
}

/// The published English counts (7, 49, 302, 1469, 7361), through the same
/// command and output as tafl's perft.
#[test]
fn perft_counts_english_draughts_as_published() {
    let output = rulehub()
        .args(["perft", "--rules", "english-draughts", "--depth", "5"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "depth 1: 7\ndepth 2: 49\ndepth 3: 302\ndepth 4: 1469\ndepth 5: 7361\n"
    );
    let output = rulehub()
        .args(["perft", "--rules", "russian-draughts", "--depth", "1"])
        .args(["--setup", "W:W22:B18", "--to-move", "defenders"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("its setup names the side to move"));
    let output = rulehub()
        .args(["perft", "--rules", "checkers", "--depth", "1"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("english-draughts, international-draughts"),
        "{output:?}"
    );
}

#[test]
fn replay_checks_a_pdn_record_move_by_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good.pdn");
    std::fs::write(
        &good,
        "[Event \"test\"]\n1. 11-15 22-18 2. 15x22 25x18\n3. 8-11 29-25 *\n",
    )
    .expect("record");
    let output = rulehub()
        .args(["replay", "--rules", "english-draughts"])
        .arg(&good)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "game 1 (line 1): Event \"test\"\n1. black 11-15\n2. white 22-18\n3. black 15x22 captures 18\n4. white 25x18 captures 22\n5. black 8-11\n6. white 29-25\nresult after 6 moves: ongoing\n"
    );
    let bad = dir.path().join("bad.pdn");
    std::fs::write(&bad, "1. 11-15 22-18\n2. 9-14\n").expect("record");
    let output = rulehub()
        .args(["replay", "--rules", "english-draughts"])
        .arg(&bad)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: move 3 (line 2, column 4) `9-14`: a capture is available and capturing is mandatory, e.g. 15x22\n"
    );
}

/// `rulehub ai` and `rulehub match` reach draughts through the family seam:
/// the AI names a legal move in PDN, a match between an AI and a random
/// mover is tallied by white and black, and every game it writes replays.
#[test]
fn the_ai_plays_draughts_and_a_match_writes_records_that_replay() {
    let output = rulehub()
        .args(["ai", "--rules", "english-draughts", "--depth", "4"])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Black moves first in English draughts, from 9–12 to 13–16.
    let first = stdout.lines().next().unwrap_or_default();
    let mv = first.strip_prefix("move ").expect("a move line");
    let (from, to) = mv.split_once('-').expect("a step such as 11-15");
    let (from, to): (u32, u32) = (
        from.parse().expect("a square"),
        to.parse().expect("a square"),
    );
    assert!(
        (9..=12).contains(&from) && (13..=16).contains(&to),
        "{stdout}"
    );

    let dir = tempfile::tempdir().expect("temp dir");
    let records = dir.path().join("games");
    let output = rulehub()
        .args(["match", "--rules", "russian-draughts", "--white", "easy"])
        .args([
            "--black",
            "random",
            "--games",
            "2",
            "--max-plies",
            "120",
            "--records",
        ])
        .arg(&records)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    let counts: Vec<u32> = last
        .split(", ")
        .zip(["white ", "black ", "draws "])
        .filter_map(|(part, label)| part.strip_prefix(label)?.parse().ok())
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 2, "tally `{last}`");
    for number in 1..=2 {
        let file = records.join(format!("game-{number:03}.txt"));
        let record = std::fs::read_to_string(&file).expect("the record was written");
        assert!(record.starts_with("; rulehub match"), "{record}");
        rulehub()
            .args(["replay", "--rules", "russian-draughts"])
            .arg(&file)
            .assert()
            .success()
            .stdout(predicates::str::contains("result after"));
    }

    // Tafl's side names are not draughts sides.
    let output = rulehub()
        .args([
            "match",
            "--rules",
            "english-draughts",
            "--attackers",
            "easy",
        ])
        .args(["--black", "random"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(
            "--attackers is not a side of english-draughts: its sides are white and black"
        ),
        "{output:?}"
    );
}
