//! Draughts game records as players and programs keep them: PDN archives
//! of many games, read by `rulehub replay` game by game. The archives under
//! `tests/fixtures/pdn/` are written for these tests in the published
//! formats (PDN 3.0 tags and move text, FEN setups, letter-number squares).

use assert_cmd::Command;
use predicates::prelude::*;

fn rulehub() -> Command {
    let mut command = Command::cargo_bin("rulehub").expect("the rulehub binary");
    command.env("NO_COLOR", "1");
    command
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/pdn/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A club's archive: four games with tags, a FEN setup, variations, NAGs,
/// a clock command in a comment, a step written with `x`, results of two
/// scorings, and one game with an illegal move that does not stop the rest.
#[test]
fn replay_reads_every_game_of_an_archive_and_sums_them_up() {
    let output = rulehub()
        .args(["replay", "--rules", "english-draughts"])
        .arg(fixture("club-archive.pdn"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    for line in [
        "game 1 (line 1): Event \"Club match\", White \"Ann\", Black \"Bob\"\n1. black 11-15\n",
        "8. white 21x14 captures 17\nresult after 8 moves: ongoing\n",
        "game 2 (line 8): Event \"Club match\", White \"Cy\", Black \"Di\"\n1. white 18x9 captures 14\n",
        "game 3 (line 14): Event \"Bad\"\n1. black 11-15\n2. white 22-18\ngame 4 (line 16)",
        "4 games: 3 replayed to the end, 1 stopped; 15 moves\n",
    ] {
        assert!(stdout.contains(line), "missing {line:?} in\n{stdout}");
    }
    assert_eq!(
        stderr,
        "warning: game 1: move 6 `17x14` captures nothing but is written with `x`; read as the \
         step 17-14, as are any more such moves of this game\n\
         error: game 3, move 3 (line 15, column 19) `9-14`: a capture is available and \
         capturing is mandatory, e.g. 15x22\n"
    );
}

#[test]
fn replay_writes_one_json_object_per_game_and_a_summary() {
    let output = rulehub()
        .args(["replay", "--rules", "english-draughts", "--format", "json"])
        .arg(fixture("club-archive.pdn"))
        .output()
        .expect("runs");
    let objects: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    let games: Vec<&serde_json::Value> = objects.iter().filter(|o| o["type"] == "game").collect();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0]["tags"]["White"], "Ann");
    assert_eq!(games[0]["moves"], 8);
    assert_eq!(games[0]["warnings"].as_array().map(Vec::len), Some(1));
    assert_eq!(games[2]["stopped"], true);
    let error = objects
        .iter()
        .find(|o| o["type"] == "error")
        .expect("an error");
    assert_eq!(
        (
            &error["game"],
            &error["line"],
            &error["column"],
            &error["code"]
        ),
        (
            &serde_json::json!(3),
            &serde_json::json!(15),
            &serde_json::json!(19),
            &serde_json::json!("capture-required")
        )
    );
    let summary = objects.last().expect("a summary");
    assert_eq!(summary["type"], "summary");
    assert_eq!(
        (summary["games"].as_u64(), summary["stopped"].as_u64()),
        (Some(4), Some(1))
    );
}

/// Russian records name squares by letter and number; a light square is
/// refused naming the square, its game and where it stands.
#[test]
fn replay_reads_letter_number_records_and_names_a_light_square() {
    rulehub()
        .args(["replay", "--rules", "russian-draughts"])
        .arg(fixture("russian-letter-number.pdn"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "5. white 23x16 captures 19\n6. black 12x19 captures 16\nresult after 6 moves: ongoing\n",
        ))
        .stderr(
            "error: game 2, move 3 (line 8, column 19) `c4-d5`: `c4` is not a dark square of the \
             8×8 board; draughts is played on the dark squares, a1 among them\n",
        );
}

/// One capture written one hop a token, or with its landing squares left
/// out, is one move; a hop never continued is refused with the whole route.
#[test]
fn replay_joins_hops_and_fills_in_left_out_landing_squares() {
    rulehub()
        .args(["replay", "--rules", "english-draughts"])
        .arg(fixture("hops-and-shorthand.pdn"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "game 1 (line 1): Event \"Captures written three ways\"\n1. white 27x18x9 captures 14, 23\n",
        ))
        .stdout(predicate::str::contains(
            "game 2 (line 5): Event \"Only start and end\"\n1. white 27x18x9 captures 14, 23\n",
        ))
        .stderr(predicate::str::contains(
            "error: game 3, move 1 (line 11, column 4) `27x18`: the capture stops while it can go on",
        ));
}

/// Setups are checked where they stand: a FEN with nothing to move, a
/// second setup, a setup after the moves (which begins a new game).
#[test]
fn replay_refuses_a_setup_with_nothing_to_play_at_its_line() {
    rulehub()
        .args(["replay", "--rules", "english-draughts", "-"])
        .write_stdin("[Event \"x\"]\n[FEN \"W:W:B1\"]\n1. 1-5 *\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "error: game 1, move 1 (line 2, column 1) `[FEN \"W:W:B1\"]`: the setup is not a PDN FEN \
             for this board: white is to move but has no piece",
        ));
    rulehub()
        .args(["replay", "--rules", "english-draughts", "-"])
        .write_stdin("; setup: W:W21:B1\n[FEN \"W:W22:B1\"]\n1. 22-18 *\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the game already has a setup"));
    rulehub()
        .args(["replay", "--rules", "english-draughts", "-"])
        .write_stdin("[FEN \"W:W2:B9\"]\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("write `K2`"));
}

/// A game block reads what `replay` reads: tags, a FEN setup, variations,
/// NAGs, and comments (their clock commands left out) that become the
/// stepper's annotations.
#[test]
fn a_game_block_reads_an_archive_game_with_its_comments() {
    let hub = crate::common::Hub::copy("draughts-mini");
    hub.edit(
        "content/draughts/english.md",
        "A man never moves backwards.",
        "```game archive\n\
         [Event \"Club match\"]\n\
         [FEN \"W:W18,K31:B5,14.\"]\n\
         1. 18x9 {takes the man [%clk 0:05:00]} (1. 31-27 14-17) 5x14 $2 2. 31-27 *\n\
         ```\n\nA man never moves backwards.",
    );
    hub.rulehub(&["build"]).assert().success();
    let page = hub.read("public/draughts/english/index.html");
    assert!(page.contains("Move 1 of 3: 18x9 — takes the man"), "{page}");
    assert!(!page.contains("clk"), "{page}");
    // A second game in one block is refused where it begins.
    hub.edit(
        "content/draughts/english.md",
        "2. 31-27 *",
        "2. 31-27 *\n[Event \"next\"]",
    );
    hub.rulehub(&["check"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "game `archive`: a second game begins here; a game block holds one game",
        ));
}

/// English draughts (WCDF): a repeated position is a draw a player claims.
/// The game goes on past the third occurrence until the record's
/// `[%claim]`, and a claim where no draw rule applies is refused at its
/// line; FMJD rules draw by themselves and have nothing to claim.
#[test]
fn english_games_play_on_past_a_repetition_until_a_draw_is_claimed() {
    rulehub()
        .args(["replay", "--rules", "english-draughts"])
        .arg(fixture("english-claims.pdn"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "11. white 25-29\nresult after 11 moves: draw (repetition)\n",
        ))
        .stderr(
            "error: game 2, move 3 (line 9, column 15) `[%claim]`: no draw can be claimed here: \
             the position has occurred 1 time(s) and each side has made 1 move(s) without a man \
             moving or a capture\n",
        );
    rulehub()
        .args(["replay", "--rules", "international-draughts", "-"])
        .write_stdin("[FEN \"W:WK46:BK5\"]\n1. 46-41 {[%claim]} *\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "these rules draw the game by themselves when a draw rule applies",
        ));
}

/// A result the board contradicts stops its game at the token, naming the
/// result that would agree; a result the board cannot decide (a
/// resignation) is taken as written, and a win scored in match points
/// (`2-0`) is the same win.
#[test]
fn replay_refuses_a_result_the_board_contradicts_at_its_token() {
    let output = rulehub()
        .args(["replay", "--rules", "english-draughts"])
        .arg(fixture("results.pdn"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "error: game 2, move 2 (line 7, column 9) `0-1`: the record ends `0-1`, but after its \
         last move the game is over: white wins (no-pieces); end it with `1-0`\n"
    );
    for line in [
        "game 1 (line 1): Event \"Won on the board\"\n1. white 18x9 captures 14\nresult after 1 move: white wins (no-pieces)\n",
        "game 3 (line 9): Event \"Resigned\"\n1. black 11-15\n2. white 23-19\nresult after 2 moves: ongoing\n",
        "game 4 (line 12): Event \"Scored in match points\"\n1. white 18x9 captures 14\nresult after 1 move: white wins (no-pieces)\n",
        "4 games: 3 replayed to the end, 1 stopped",
    ] {
        assert!(stdout.contains(line), "missing {line:?} in\n{stdout}");
    }
}

/// A capture at a line's end makes the reader wait for the next line (the
/// capture may go on there, one hop a token); when that next line is the
/// next game's tag and the file ends without a line end, the game still
/// ends at the tag instead of the tag being read as a late setup.
#[test]
fn an_archive_ending_in_a_tag_after_a_capture_line_is_two_games() {
    let output = rulehub()
        .args(["replay", "--rules", "english-draughts", "-"])
        .write_stdin("11-15 22-18\n2. 15x22 25x18\n[FEN \"W:W21-32:B1-12\"]")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.ends_with(
            "4. white 25x18 captures 22\nresult after 4 moves: ongoing\ngame 2 (line 3)\n\
             result after 0 moves: ongoing\n2 games: 2 replayed to the end, 0 stopped; 4 moves\n"
        ),
        "{stdout}"
    );
}
