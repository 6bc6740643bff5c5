//! The AI's command-line tools: `rulehub ai` answers with a move `rulehub
//! replay` reads, and `rulehub match` writes games that `rulehub replay`
//! re-checks move by move.

use assert_cmd::Command;
use predicates::prelude::*;

fn rulehub() -> Command {
    Command::cargo_bin("rulehub").expect("the rulehub binary is built")
}

#[test]
fn ai_prints_a_move_that_replay_accepts_and_its_search_figures() {
    let output = rulehub()
        .args(["ai", "--rules", "brandubh", "--depth", "2", "--seed", "5"])
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(r"(?m)^move [a-g][1-7]-[a-g][1-7](x[a-g][1-7])*\nscore -?\d+")
                .expect("valid regex"),
        )
        .stdout(predicate::str::contains("depth 2, nodes "))
        .stdout(predicate::str::contains("nodes/s"))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).expect("utf-8 output");
    let mv = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("move "))
        .expect("a move line");
    rulehub()
        .args(["replay", "--rules", "brandubh", "-"])
        .write_stdin(format!("{mv}\n"))
        .assert()
        .success();
}

#[test]
fn ai_finds_the_kings_escape_in_one() {
    rulehub()
        .args([
            "ai",
            "--rules",
            "tablut-edge",
            "--to-move",
            "defenders",
            "--depth",
            "2",
        ])
        .args(["--setup", "b8/9/9/4b4/4K4/4b4/9/9/8b"])
        .assert()
        .success()
        // Row 5 is open to both edges: either end wins.
        .stdout(predicate::str::is_match("move e5-[ai]5\n").expect("valid regex"))
        .stdout(predicate::str::contains("(wins in 1 plies)"));
}

#[test]
fn ai_refuses_a_finished_game_with_a_reason() {
    rulehub()
        .args([
            "ai",
            "--rules",
            "tablut-edge",
            "--setup",
            "b8/9/9/9/K8/9/9/9/8b",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the game is already over (defenders win (edge-escape))",
        ));
}

#[test]
fn match_rejects_an_unknown_player_naming_the_choices() {
    rulehub()
        .args([
            "match",
            "--rules",
            "brandubh",
            "--attackers",
            "genius",
            "--defenders",
            "random",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "use random or a level: easy, normal, hard",
        ));
}

#[test]
fn match_writes_records_that_replay_accepts() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let records = dir.path().join("games");
    let output = rulehub()
        .args([
            "match",
            "--rules",
            "brandubh",
            "--attackers",
            "easy",
            "--defenders",
            "random",
        ])
        .args([
            "--games",
            "2",
            "--seed",
            "9",
            "--max-plies",
            "80",
            "--records",
        ])
        .arg(&records)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).expect("utf-8 output");
    let last = text.lines().last().expect("a tally line");
    let tally = regex_tally(last);
    assert_eq!(
        tally.iter().sum::<u32>(),
        2,
        "tally `{last}` does not count two games"
    );
    for number in 1..=2 {
        let file = records.join(format!("game-{number:03}.txt"));
        let record = std::fs::read_to_string(&file).expect("the record was written");
        assert!(
            record.lines().filter(|l| !l.starts_with('#')).count() > 0,
            "{record}"
        );
        rulehub()
            .args(["replay", "--rules", "brandubh"])
            .arg(&file)
            .assert()
            .success()
            .stdout(predicate::str::contains("result after"));
    }
}

/// The three counts of `attackers W, defenders L, draws D`.
fn regex_tally(line: &str) -> Vec<u32> {
    let re = regex_lite(line);
    assert_eq!(
        re.len(),
        3,
        "`{line}` is not `attackers W, defenders L, draws D`"
    );
    re
}

fn regex_lite(line: &str) -> Vec<u32> {
    let parts: Vec<&str> = line.split(", ").collect();
    let labels = ["attackers ", "defenders ", "draws "];
    parts
        .iter()
        .zip(labels)
        .filter_map(|(part, label)| part.strip_prefix(label)?.parse().ok())
        .collect()
}

/// The command line's levels are each family's own table, the one its
/// practice board's wasm crate calls (`PracticeGame::limits`): draughts
/// searches deeper than tafl for the same node budget, on the page and in
/// `rulehub ai` alike.
#[test]
fn the_command_line_and_the_practice_board_search_alike_at_every_level() {
    use rulehub::family::{EngineRequest, FAMILIES, start_game};
    use rulehub::game::ai::{Level, Limits};

    for family in FAMILIES {
        let table: fn(Level) -> Limits = match family.name() {
            "tafl" => rulehub_tafl::ai::level_limits,
            "draughts" => rulehub_draughts::ai::level_limits,
            "go" => rulehub_go::playable::level_limits,
            other => panic!("a family without a level table in this test: {other}"),
        };
        for preset in family.preset_names() {
            let engine = start_game(preset, &EngineRequest::default())
                .expect("the family has its preset")
                .expect("the preset's start");
            for &level in Level::ALL {
                assert_eq!(
                    engine.level_limits(level),
                    table(level),
                    "{preset} at {level}: the command line's search differs from the page's"
                );
            }
        }
    }
    // The page's draughts hard level: 14 plies, not tafl's 6.
    assert_eq!(
        rulehub_draughts::ai::level_limits(Level::Hard).max_depth,
        14
    );
}
