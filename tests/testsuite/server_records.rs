//! Real games from a real game server: the 1,752 Copenhagen Hnefatafl games
//! of aagenielsen.dk in `tests/corpus/aagenielsen-copenhagen.games` (where
//! they come from is in the file's header). rulehub's `copenhagen` preset
//! must agree with the server on every move's legality, on every capture the
//! server marked, and on every game the engine sees end: same winner, and
//! never a game the engine ends while the server played on.

use std::collections::BTreeMap;
use std::fmt::Write;

use rulehub_tafl::Side;
use rulehub_tafl::{Game, Outcome, Rules, preset, record};

const GAMES: &str = include_str!("../corpus/aagenielsen-copenhagen.games");

/// One game line: who the server declared the winner, whether the clock
/// ended it, and its moves.
struct ServerGame<'a> {
    line: usize,
    result: &'a str,
    timeout: bool,
    moves: Vec<&'a str>,
}

fn games() -> Vec<ServerGame<'static>> {
    GAMES
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| {
            let mut words = line.split_whitespace().peekable();
            let result = words
                .next()
                .expect("every game line starts with its result");
            let timeout = words.next_if_eq(&"timeout").is_some();
            ServerGame {
                line: index + 1,
                result,
                timeout,
                moves: words.collect(),
            }
        })
        .collect()
}

/// How the engine saw one game through.
enum Replayed {
    /// Every move played; the engine's state after the last one.
    Played(Outcome),
    /// A move the engine refused, or whose captures differ from the marks.
    Disagreed(String),
    /// The engine ended the game at this move, but the server played on.
    EndedEarly { after: usize, outcome: Outcome },
}

fn replay(rules: &Rules, game: &ServerGame<'_>) -> Replayed {
    let mut engine = Game::start(rules).expect("the preset's start position");
    let text = game.moves.join("\n");
    let last = game.moves.len();
    for (index, item) in record::parse(&text, rules.dims).enumerate() {
        if engine.outcome().is_over() {
            return Replayed::EndedEarly {
                after: index,
                outcome: engine.outcome(),
            };
        }
        let mv = match item {
            Ok(mv) => mv,
            Err(error) => return Replayed::Disagreed(error.to_string()),
        };
        let played = match engine.play(mv.mv) {
            Ok(played) => played,
            Err(illegal) => {
                return Replayed::Disagreed(format!(
                    "move {} `{}` is illegal: {}",
                    index + 1,
                    mv.text,
                    illegal.describe(rules.dims)
                ));
            }
        };
        let mut marked = mv.marks.clone().unwrap_or_default();
        marked.sort();
        marked.dedup();
        // The server never marks the king's capture, which ends the game.
        let king_taken = index + 1 == last
            && matches!(
                played.outcome,
                Outcome::Win {
                    winner: Side::Attackers,
                    ..
                }
            );
        if marked != played.captures && !king_taken {
            return Replayed::Disagreed(format!(
                "move {} `{}`: the server marked {:?}, the engine captured {:?}",
                index + 1,
                mv.text,
                marked,
                played.captures
            ));
        }
    }
    Replayed::Played(engine.outcome())
}

fn winner_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win {
            winner: Side::Attackers,
            ..
        } => "attackers",
        Outcome::Win {
            winner: Side::Defenders,
            ..
        } => "defenders",
        Outcome::Draw { .. } => "draw",
        Outcome::Ongoing => "ongoing",
    }
}

#[test]
fn the_copenhagen_preset_agrees_with_every_server_game() {
    let rules = preset("copenhagen").expect("the copenhagen preset");
    let games = games();
    assert_eq!(games.len(), 1752, "the corpus holds every server game");

    let mut problems = String::new();
    // How the games the engine saw end ended, by the engine's reason.
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    for game in &games {
        moves += game.moves.len();
        match replay(&rules, game) {
            Replayed::Disagreed(why) => {
                writeln!(problems, "line {}: {why}", game.line).expect("write to a String");
            }
            Replayed::EndedEarly { after, outcome } => writeln!(
                problems,
                "line {}: the engine ends the game after move {after} ({outcome}), \
                 the server played {} moves",
                game.line,
                game.moves.len()
            )
            .expect("write to a String"),
            Replayed::Played(Outcome::Ongoing) => {}
            Replayed::Played(outcome) => {
                if game.timeout || winner_word(outcome) != game.result {
                    writeln!(
                        problems,
                        "line {}: the engine ends the game as {outcome}, the server as {}{}",
                        game.line,
                        game.result,
                        if game.timeout { " on time" } else { "" }
                    )
                    .expect("write to a String");
                }
                *endings.entry(outcome.to_string()).or_default() += 1;
            }
        }
    }
    assert!(
        problems.is_empty(),
        "rulehub disagrees with the server:\n{problems}"
    );
    assert_eq!(moves, 87_274, "every move of every game was replayed");
    // The endings the engine recognises itself. A change here means a rule
    // now ends games differently: check it against the server before
    // updating the numbers.
    let tally: Vec<String> = endings.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    assert_eq!(
        tally,
        [
            "attackers win (encirclement): 24",
            "attackers win (king-captured): 45",
            "attackers win (no-legal-moves): 20",
            "attackers win (repetition): 1",
            "defenders win (corner-escape): 235",
            "defenders win (exit-fort): 48",
        ]
    );
}

/// The count that matters: a third occurrence of a position lets play go on
/// (11 server games do), a fourth ends it.
#[test]
fn a_position_ends_the_game_on_its_fourth_occurrence_not_its_third() {
    let rules = preset("copenhagen").expect("the copenhagen preset");
    let repetition = rules.repetition.expect("copenhagen has a repetition rule");
    assert_eq!(repetition.count, 4);
    let third_goes_on = games()
        .iter()
        .filter(|game| {
            let mut third = rules.clone();
            third.repetition = Some(rulehub_tafl::Repetition {
                count: 3,
                ..repetition
            });
            matches!(replay(&third, game), Replayed::EndedEarly { .. })
        })
        .count();
    assert_eq!(
        third_goes_on, 11,
        "games the server played on after a position's third occurrence"
    );
}
