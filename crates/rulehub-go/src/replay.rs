//! Replaying a record under a rule set: every move checked, the outcome,
//! and the score once two passes end the game.

use crate::game::{Game, Illegal, Outcome, SetupError};
use crate::point::{Color, Move, Point};
use crate::rules::{Rules, Scoring};
use crate::score::{Score, ScoreError, score};
use crate::sgf::SgfGame;

/// The first move a rule set refuses.
#[derive(Debug, Clone, PartialEq)]
pub struct IllegalMove {
    /// 1-based.
    pub number: usize,
    pub color: Color,
    pub mv: Move,
    pub reason: Illegal,
    pub line: usize,
    pub column: usize,
}

/// Something the caller should hear about that does not stop the replay.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// RU[] names other rules than those replayed.
    RulesDiffer { record: String, replayed: String },
    /// A move by the side not to move; the replay stops before it.
    OutOfTurn {
        number: usize,
        line: usize,
        column: usize,
    },
    /// The record's own notes (variations skipped, …).
    Note(String),
}

#[derive(Debug, Clone, PartialEq)]
pub enum ReplayScore {
    /// The game did not end by passes.
    NotEnded,
    Scored(Score),
    /// Territory counting needs the dead stones, and neither the record
    /// (TB/TW) nor the caller marked them.
    NeedsDeadStones,
    /// The marks were inconsistent (a dead mark on an empty point).
    BadMarks(ScoreError),
}

#[derive(Debug, Clone)]
pub struct ReplayReport {
    pub moves_played: usize,
    pub illegal: Option<IllegalMove>,
    pub outcome: Outcome,
    pub score: ReplayScore,
    pub warnings: Vec<Warning>,
    pub game: Game,
}

/// The preset an RU[] value names, for the names Go servers and programs
/// write; `None` for rules the engine has no preset for.
pub fn preset_named_by_ru(ru: &str) -> Option<&'static str> {
    let key: String = ru
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    Some(match key.as_str() {
        "japanese" | "jp" | "japan" => "go-japanese",
        "chinese" | "cn" | "china" => "go-chinese",
        "aga" => "go-aga",
        "nz" | "newzealand" => "go-new-zealand",
        "tromptaylor" | "tt" => "go-tromp-taylor",
        _ => return None,
    })
}

/// Replays `record` under `rules` (taking the record's size and, when it
/// gives one, its komi). `preset_name` is the name the caller asked for, to
/// compare with RU[]. `dead` marks dead stones; without it the record's
/// TB/TW marks are used (a stone standing on the other colour's territory
/// is dead).
pub fn replay(
    record: &SgfGame,
    rules: &Rules,
    preset_name: Option<&str>,
    dead: Option<&[Point]>,
) -> Result<ReplayReport, SetupError> {
    let mut warnings: Vec<Warning> = record.notes.iter().cloned().map(Warning::Note).collect();
    if let (Some(ru), Some(name)) = (&record.rules, preset_name)
        && preset_named_by_ru(ru) != Some(name)
    {
        warnings.push(Warning::RulesDiffer {
            record: ru.clone(),
            replayed: name.to_string(),
        });
    }
    let mut rules = rules.clone();
    rules.size = record.size;
    if let Some(komi) = record.komi {
        rules.komi = komi;
    }
    // PL decides; else the first move's colour; else White after handicap
    // stones (Black's AB alone), Black otherwise.
    let to_move = record
        .to_move
        .or_else(|| record.moves.first().map(|m| m.color))
        .unwrap_or(
            if record.setup_black.len() > 1 && record.setup_white.is_empty() {
                Color::White
            } else {
                Color::Black
            },
        );
    let mut game = Game::with_setup(rules, &record.setup_black, &record.setup_white, to_move)?;
    let mut illegal = None;
    let mut played = 0;
    for (i, m) in record.moves.iter().enumerate() {
        if m.color != game.to_move() && !game.is_over() {
            warnings.push(Warning::OutOfTurn {
                number: i + 1,
                line: m.line,
                column: m.column,
            });
            break;
        }
        if let Err(reason) = game.play(m.mv) {
            illegal = Some(IllegalMove {
                number: i + 1,
                color: m.color,
                mv: m.mv,
                reason,
                line: m.line,
                column: m.column,
            });
            break;
        }
        played += 1;
    }
    let score = if !game.is_over() {
        ReplayScore::NotEnded
    } else {
        let marked: Option<Vec<Point>> = match dead {
            Some(points) => Some(points.to_vec()),
            None if !record.territory_black.is_empty() || !record.territory_white.is_empty() => {
                Some(
                    record
                        .territory_black
                        .iter()
                        .filter(|&&p| game.at(p) == Some(Color::White))
                        .chain(
                            record
                                .territory_white
                                .iter()
                                .filter(|&&p| game.at(p) == Some(Color::Black)),
                        )
                        .copied()
                        .collect(),
                )
            }
            None => None,
        };
        match (marked, game.rules().scoring) {
            (None, Scoring::Territory) => ReplayScore::NeedsDeadStones,
            (marked, _) => match score(&game, marked.as_deref().unwrap_or(&[])) {
                Ok(s) => ReplayScore::Scored(s),
                Err(e) => ReplayScore::BadMarks(e),
            },
        }
    };
    Ok(ReplayReport {
        moves_played: played,
        illegal,
        outcome: game.outcome(),
        score,
        warnings,
        game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;
    use crate::sgf::parse_collection;

    fn rules(name: &str) -> Rules {
        preset(name).expect("preset")
    }

    #[test]
    fn a_ko_recapture_in_a_record_is_reported_with_its_place() {
        // Black takes the ko at C3 (cc… in SGF rows from the top).
        let text = "(;SZ[5]AB[bb][ac][bd]AW[cb][dc][cd][bc]PL[B]\n;B[cc]\n;W[bc])";
        let game = &parse_collection(text).expect("parses")[0];
        let report = replay(game, &rules("go-chinese"), Some("go-chinese"), None).expect("setup");
        let illegal = report.illegal.expect("the retake is refused");
        assert_eq!(
            (illegal.number, illegal.reason, illegal.line),
            (2, Illegal::Ko, 3)
        );
    }

    #[test]
    fn two_passes_give_the_area_score_and_territory_asks_for_dead_stones() {
        let text = "(;SZ[5]KM[0.5]RU[Japanese];B[cc];W[];B[])";
        let game = &parse_collection(text).expect("parses")[0];
        let area = replay(game, &rules("go-chinese"), Some("go-chinese"), None).expect("setup");
        assert_eq!(area.outcome, Outcome::Passed);
        assert_eq!(
            area.score,
            ReplayScore::Scored(Score {
                black: 25.0,
                white: 0.5
            })
        );
        assert!(
            area.warnings
                .iter()
                .any(|w| matches!(w, Warning::RulesDiffer { .. }))
        );
        let territory =
            replay(game, &rules("go-japanese"), Some("go-japanese"), None).expect("setup");
        assert_eq!(territory.score, ReplayScore::NeedsDeadStones);
        assert!(territory.warnings.is_empty());
        let marked =
            replay(game, &rules("go-japanese"), Some("go-japanese"), Some(&[])).expect("setup");
        assert_eq!(
            marked.score,
            ReplayScore::Scored(Score {
                black: 24.0,
                white: 0.5
            })
        );
    }

    #[test]
    fn territory_marks_of_the_record_name_the_dead_stones() {
        // A white stone at A1 dies inside Black's territory (TB covers it).
        let text = "(;SZ[5]KM[0.5];B[cc];W[ae];B[];W[]TB[aa:ee])";
        let game = &parse_collection(text).expect("parses")[0];
        let report = replay(game, &rules("go-japanese"), None, None).expect("setup");
        // 24 empty points of territory (A1's stone removed counts as one)
        // plus the dead stone as a prisoner.
        assert_eq!(
            report.score,
            ReplayScore::Scored(Score {
                black: 25.0,
                white: 0.5
            })
        );
    }

    #[test]
    fn a_handicap_record_starts_with_white_and_plays_through() {
        let text = "(;SZ[9]HA[2]AB[gc][cg];W[ee];B[ge])";
        let game = &parse_collection(text).expect("parses")[0];
        let report = replay(game, &rules("go-chinese"), None, None).expect("setup");
        assert_eq!((report.moves_played, report.illegal.is_none()), (2, true));
        assert_eq!(report.score, ReplayScore::NotEnded);
        assert!(report.warnings.is_empty());
    }
}
