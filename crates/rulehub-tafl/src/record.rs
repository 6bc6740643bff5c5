//! Game records: the plain move lists game servers export, read and replayed
//! through the engine to check that every move is legal and that every
//! capture mark matches what the engine captured.
//!
//! A record holds one move a line, `from-to` with optional capture marks as
//! game servers write them (`d11-d9xc9`, `e4-e2xd2xf2`); an optional move
//! number (`12.`) may lead the line; blank lines and `#` comments are ignored.
//!
//! Like the rest of the engine this is pure: the caller reads the record and
//! reports. [`replay`] hands every played move to a callback so that a caller
//! such as `rulehub replay` can print progress as it goes, and it stops with a
//! [`ReplayStop`] that carries everything a report needs (place, text, a
//! stable code, a sentence, and the squares of a capture mismatch).

use std::fmt;
use std::iter::{Enumerate, FusedIterator};
use std::str::Lines;

use super::game::{Game, IllegalMove, Outcome, Played};
use super::position::{Move, MoveParseError, Position};
use crate::{Dims, Side, Square, SquareParseError};

/// One move line of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// 1-based line of the record text, counting blank and comment lines, so
    /// that a report points into the file the user has open.
    pub line: usize,
    /// 1-based count of move lines up to and including this one: the move
    /// number a report shows, whatever number the record itself writes.
    pub number: usize,
    /// The move as written, without the move number or comment: `f4-f6xe6`.
    pub text: String,
    pub mv: Move,
    /// The capture marks in record order (duplicates kept), or `None` when
    /// the line carries no `x` at all. A record that marks captures claims
    /// that an unmarked move captured nothing.
    pub marks: Option<Vec<Square>>,
}

/// A record line that is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line of the record text.
    pub line: usize,
    /// The move number this line would have had (see [`RecordMove::number`]).
    pub number: usize,
    /// The line without its comment, trimmed.
    pub text: String,
    pub reason: RecordErrorReason,
}

/// Why a record line is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordErrorReason {
    /// The line (after an optional move number) is not one single word, e.g.
    /// two moves on one line or a move number without its dot.
    NotOneMove { found: String },
    /// The part before the first `x` is not a `from-to` move.
    Move(MoveParseError),
    /// A capture mark (after an `x`) is not a square of the board.
    CaptureMark(SquareParseError),
}

impl fmt::Display for RecordErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorReason::NotOneMove { found } => write!(
                f,
                "expected one move such as `e5-e9` or `d11-d9xc9`, found `{found}`"
            ),
            RecordErrorReason::Move(e) => e.fmt(f),
            RecordErrorReason::CaptureMark(e) => write!(f, "capture mark `x{}`: {e}", e.text),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {} `{}`: {}", self.line, self.text, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// Reads a record for a board of `dims`, one item per move line.
///
/// It is an iterator, not a list, so that a caller replaying it stops at the
/// first problem in file order: an illegal move on line 3 is reported even
/// when line 9 is garbled, and the moves before a garbled line are still
/// played. Every line is read on its own, so iterating past an error goes on
/// with the next line; collect into `Result<Vec<_>, _>` to get all or the
/// first error.
pub fn parse(text: &str, dims: Dims) -> RecordMoves<'_> {
    RecordMoves {
        lines: text.lines().enumerate(),
        dims,
        number: 0,
    }
}

/// The move lines of a record; see [`parse`].
#[derive(Debug, Clone)]
pub struct RecordMoves<'a> {
    lines: Enumerate<Lines<'a>>,
    dims: Dims,
    /// Move lines seen so far.
    number: usize,
}

impl Iterator for RecordMoves<'_> {
    type Item = Result<RecordMove, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        for (index, raw) in self.lines.by_ref() {
            let content = raw.split_once('#').map_or(raw, |(before, _)| before).trim();
            if content.is_empty() {
                continue;
            }
            self.number += 1;
            let line = index + 1;
            return Some(match parse_move(content, self.dims) {
                Ok((text, mv, marks)) => Ok(RecordMove {
                    line,
                    number: self.number,
                    text: text.to_string(),
                    mv,
                    marks,
                }),
                Err(reason) => Err(RecordError {
                    line,
                    number: self.number,
                    text: content.to_string(),
                    reason,
                }),
            });
        }
        None
    }
}

impl FusedIterator for RecordMoves<'_> {}

/// The parts of a move line.
type Parsed<'a> = (&'a str, Move, Option<Vec<Square>>);

/// Reads `[N.] from-to[xSQ[xSQ…]]` (comment already removed, trimmed);
/// returns the move word without its number, the move and the marks.
fn parse_move(content: &str, dims: Dims) -> Result<Parsed<'_>, RecordErrorReason> {
    let mut words: Vec<&str> = content.split_whitespace().collect();
    // A lone `12.` is left alone so that it is reported as a bad move.
    if words.len() > 1 && is_move_number(words[0]) {
        words.remove(0);
    }
    let [word] = words[..] else {
        return Err(RecordErrorReason::NotOneMove {
            found: content.to_string(),
        });
    };
    let (move_text, marks_text) = match word.split_once('x') {
        Some((mv, marks)) => (mv, Some(marks)),
        None => (word, None),
    };
    let mv = Move::parse(move_text, dims).map_err(RecordErrorReason::Move)?;
    let marks = marks_text
        .map(|text| {
            text.split('x')
                .map(|mark| Square::parse(mark, dims))
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()
        .map_err(RecordErrorReason::CaptureMark)?;
    Ok((word, mv, marks))
}

/// `12.`: digits then a dot (a bare `.` counts too, as it always has).
fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.')
        .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
}

/// How strictly [`replay`] reads a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Compare each move's capture marks with the engine's captures. Off for
    /// records that carry no marks, where every capture would be a mismatch.
    pub check_capture_marks: bool,
}

impl Default for ReplayOptions {
    /// Checks capture marks: a record that marks them should be held to them.
    fn default() -> Self {
        ReplayOptions {
            check_capture_marks: true,
        }
    }
}

/// A move [`replay`] has played, as its callback sees it.
#[derive(Debug, Clone, Copy)]
pub struct MoveOutcome<'a> {
    /// The record line.
    pub record: &'a RecordMove,
    /// The side that played it.
    pub side: Side,
    /// What it captured and the state of the game after it.
    pub played: &'a Played,
    /// The position after it (for a caller that draws every move).
    pub position: &'a Position,
}

/// A record replayed to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Moves played.
    pub moves: usize,
    /// The state of the game after the last one.
    pub outcome: Outcome,
}

/// Where and why [`replay`] stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayStop {
    /// 1-based line of the record text.
    pub line: usize,
    /// The move number (see [`RecordMove::number`]).
    pub number: usize,
    /// The move as written ([`RecordMove::text`]), or the whole line when it
    /// could not be read as a move.
    pub text: String,
    pub reason: StopReason,
    /// The board, to name the squares of the reason.
    pub dims: Dims,
}

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopReason {
    /// The line is not a move.
    BadNotation(RecordErrorReason),
    /// The engine refused the move; the game is as before it.
    Illegal(IllegalMove),
    /// The move was played, but its marks are not what it captured. Both
    /// lists are sorted and without duplicates; `marked` is empty for a move
    /// the record does not mark.
    CaptureMismatch {
        marked: Vec<Square>,
        captured: Vec<Square>,
    },
}

impl ReplayStop {
    /// A stable code for tools: `bad-notation`, `capture-mismatch`, or the
    /// engine's illegal-move code ([`IllegalMove::code`]).
    pub fn code(&self) -> &'static str {
        match &self.reason {
            StopReason::BadNotation(_) => "bad-notation",
            StopReason::Illegal(illegal) => illegal.code(),
            StopReason::CaptureMismatch { .. } => "capture-mismatch",
        }
    }

    /// A sentence for people, naming the squares involved.
    pub fn message(&self) -> String {
        match &self.reason {
            StopReason::BadNotation(reason) => reason.to_string(),
            StopReason::Illegal(illegal) => format!(
                "illegal move ({}): {}",
                illegal.code(),
                illegal.describe(self.dims)
            ),
            StopReason::CaptureMismatch { marked, captured } => {
                let names = |squares: &mut dyn Iterator<Item = &Square>| {
                    squares
                        .map(|s| s.name(self.dims))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let mut parts = Vec::new();
                let missing = names(&mut marked.iter().filter(|s| !captured.contains(s)));
                if !missing.is_empty() {
                    parts.push(format!(
                        "the record marks {missing} but the engine captured nothing there"
                    ));
                }
                let extra = names(&mut captured.iter().filter(|s| !marked.contains(s)));
                if !extra.is_empty() {
                    parts.push(format!(
                        "the engine also captured {extra}, which the record does not mark"
                    ));
                }
                format!("capture marks differ: {}", parts.join("; "))
            }
        }
    }

    /// The marked squares of a capture mismatch (empty otherwise).
    pub fn marked(&self) -> &[Square] {
        match &self.reason {
            StopReason::CaptureMismatch { marked, .. } => marked,
            _ => &[],
        }
    }

    /// The squares the engine captured, for a capture mismatch (empty
    /// otherwise).
    pub fn captured(&self) -> &[Square] {
        match &self.reason {
            StopReason::CaptureMismatch { captured, .. } => captured,
            _ => &[],
        }
    }
}

impl fmt::Display for ReplayStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} (line {}) `{}`: {}",
            self.number,
            self.line,
            self.text,
            self.message()
        )
    }
}

impl std::error::Error for ReplayStop {}

/// Plays the record's moves on `game` in order, calling `on_move` after each
/// legal move, and stops at the first line that is not a move, the first
/// illegal move, or (when checked) the first move whose capture marks differ
/// from the engine's captures.
///
/// `on_move` runs before the marks are compared, so a caller printing moves
/// shows the move whose marks are wrong before the stop that names it. The
/// game is left as the last played move left it (a move whose marks differ
/// is played; an illegal one is not), so the caller can look at the position
/// where the record went wrong.
///
/// `moves` is usually [`parse`]; any list of lines works, e.g.
/// `moves.into_iter().map(Ok)` for moves already read.
pub fn replay<I, F>(
    game: &mut Game,
    moves: I,
    options: ReplayOptions,
    mut on_move: F,
) -> Result<Summary, ReplayStop>
where
    I: IntoIterator<Item = Result<RecordMove, RecordError>>,
    F: FnMut(&MoveOutcome<'_>),
{
    let dims = game.dims();
    let mut played_moves = 0;
    for item in moves {
        let record = item.map_err(|e| ReplayStop {
            line: e.line,
            number: e.number,
            text: e.text,
            reason: StopReason::BadNotation(e.reason),
            dims,
        })?;
        let side = game.to_move();
        let played = match game.play(record.mv) {
            Ok(played) => played,
            Err(illegal) => {
                return Err(ReplayStop {
                    line: record.line,
                    number: record.number,
                    text: record.text,
                    reason: StopReason::Illegal(illegal),
                    dims,
                });
            }
        };
        played_moves += 1;
        on_move(&MoveOutcome {
            record: &record,
            side,
            played: &played,
            position: game.position(),
        });
        if options.check_capture_marks {
            let mut marked = record.marks.clone().unwrap_or_default();
            marked.sort();
            marked.dedup();
            // `Played::captures` is sorted and a square is captured at most
            // once, so equal sets are equal lists.
            if marked != played.captures {
                return Err(ReplayStop {
                    line: record.line,
                    number: record.number,
                    text: record.text,
                    reason: StopReason::CaptureMismatch {
                        marked,
                        captured: played.captures,
                    },
                    dims,
                });
            }
        }
    }
    Ok(Summary {
        moves: played_moves,
        outcome: game.outcome(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, WinReason, preset};

    const N7: Dims = Dims { rows: 7, cols: 7 };

    fn sq(name: &str) -> Square {
        Square::parse(name, N7).expect("test square")
    }

    fn brandubh() -> Game {
        Game::start(&preset("brandubh").expect("preset")).expect("start")
    }

    fn parse_all(text: &str) -> Vec<Result<RecordMove, RecordError>> {
        parse(text, N7).collect()
    }

    /// What the callback saw of one move: number, line, side, move, captures.
    type Seen = (usize, usize, Side, String, Vec<String>);

    /// Replays `text` on a fresh Brandubh game; returns the stop or summary,
    /// every callback, and the game as the replay left it.
    fn run(text: &str, check: bool) -> (Result<Summary, ReplayStop>, Vec<Seen>, Game) {
        let mut game = brandubh();
        let mut seen = Vec::new();
        let options = ReplayOptions {
            check_capture_marks: check,
        };
        let result = replay(&mut game, parse(text, N7), options, |m| {
            seen.push((
                m.record.number,
                m.record.line,
                m.side,
                m.record.mv.name(N7),
                m.played.captures.iter().map(|s| s.name(N7)).collect(),
            ))
        });
        (result, seen, game)
    }

    // Brandubh: b4-b6 e4-e6 f4-f6 captures the defender on e6.
    const CAPTURE: &str = "b4-b6\ne4-e6\nf4-f6xe6\n";

    #[test]
    fn a_leading_move_number_is_dropped_from_the_move_and_its_text() {
        let moves = parse_all("12. b4-b6\n13.\te4-e6xe5\n  7.  f4-f6\n");
        let got: Vec<(usize, usize, &str, Move)> = moves
            .iter()
            .map(|m| {
                let m = m.as_ref().expect("a move");
                (m.line, m.number, m.text.as_str(), m.mv)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 1, "b4-b6", Move::new(sq("b4"), sq("b6"))),
                (2, 2, "e4-e6xe5", Move::new(sq("e4"), sq("e6"))),
                (3, 3, "f4-f6", Move::new(sq("f4"), sq("f6"))),
            ]
        );
    }

    #[test]
    fn a_move_number_needs_its_dot_and_only_digits() {
        for text in ["12 b4-b6", "1a. b4-b6", "b4-b6 e4-e6"] {
            let moves = parse_all(text);
            assert_eq!(
                moves,
                vec![Err(RecordError {
                    line: 1,
                    number: 1,
                    text: text.to_string(),
                    reason: RecordErrorReason::NotOneMove {
                        found: text.to_string()
                    },
                })],
                "{text:?}"
            );
        }
        // A number alone is not taken for a move number: it is a bad move.
        let moves = parse_all("12.\n");
        assert!(
            matches!(&moves[..], [Err(RecordError { reason: RecordErrorReason::Move(e), .. })] if e.text == "12."),
            "{moves:?}"
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped_but_still_count_as_lines() {
        let text = "# a Brandubh game\n\nb4-b6   # first\n  \t \n#e4-e6\r\ne4-e6#x\r\nf4-f6xe6\n";
        let moves: Vec<(usize, usize, String)> = parse_all(text)
            .into_iter()
            .map(|m| {
                let m = m.expect("a move");
                (m.line, m.number, m.text)
            })
            .collect();
        assert_eq!(
            moves,
            vec![
                (3, 1, "b4-b6".to_string()),
                (6, 2, "e4-e6".to_string()),
                (7, 3, "f4-f6xe6".to_string()),
            ]
        );
        assert_eq!(parse_all("# nothing\n\n   \n"), vec![]);
    }

    #[test]
    fn capture_marks_are_kept_in_record_order_and_absent_marks_are_none() {
        let moves: Vec<Option<Vec<Square>>> = parse_all("e4-e2\ne4-e2xf2xd2\ne4-e2xd2xd2\n")
            .into_iter()
            .map(|m| m.expect("a move").marks)
            .collect();
        assert_eq!(
            moves,
            vec![
                None,
                Some(vec![sq("f2"), sq("d2")]),
                Some(vec![sq("d2"), sq("d2")]),
            ]
        );
    }

    #[test]
    fn bad_notation_names_its_line_and_move_number_and_reading_goes_on() {
        let moves = parse_all("b4-b6\n# c\n\ne4e6\nf4-f6xq6\nf4-f6x\ne4-e9\nb4-b5\n");
        let errors: Vec<(usize, usize, String, String)> = moves
            .iter()
            .filter_map(|m| m.as_ref().err())
            .map(|e| (e.line, e.number, e.text.clone(), e.reason.to_string()))
            .collect();
        assert_eq!(
            errors,
            vec![
                (
                    4,
                    2,
                    "e4e6".to_string(),
                    "`e4e6` is not a move; write the two squares joined by `-`, such as `e5-e9`"
                        .to_string()
                ),
                (
                    5,
                    3,
                    "f4-f6xq6".to_string(),
                    "capture mark `xq6`: square `q6` is off the 7×7 board (files a–g, ranks 1–7)"
                        .to_string()
                ),
                (
                    6,
                    4,
                    "f4-f6x".to_string(),
                    "capture mark `x`: empty square name; write a square such as `a1`".to_string()
                ),
                (
                    7,
                    5,
                    "e4-e9".to_string(),
                    "in move `e4-e9`: square `e9` is off the 7×7 board (files a–g, ranks 1–7)"
                        .to_string()
                ),
            ]
        );
        let last = moves.last().expect("eight lines").as_ref().expect("b4-b5");
        assert_eq!((last.line, last.number), (8, 6));
    }

    #[test]
    fn a_record_whose_marks_match_replays_to_its_end() {
        let (result, seen, game) = run(&format!("# game\n{CAPTURE}"), true);
        assert_eq!(
            result,
            Ok(Summary {
                moves: 3,
                outcome: Outcome::Ongoing
            })
        );
        assert_eq!(
            seen,
            vec![
                (1, 2, Side::Attackers, "b4-b6".to_string(), vec![]),
                (2, 3, Side::Defenders, "e4-e6".to_string(), vec![]),
                (
                    3,
                    4,
                    Side::Attackers,
                    "f4-f6".to_string(),
                    vec!["e6".into()]
                ),
            ]
        );
        assert_eq!(game.ply(), 3);
        assert_eq!(game.position().get(sq("e6")), None);
    }

    #[test]
    fn a_capture_the_record_does_not_mark_stops_the_replay() {
        let (result, seen, game) = run("b4-b6\ne4-e6\nf4-f6\nb6-b5\n", true);
        let stop = result.expect_err("e6 was captured but not marked");
        assert_eq!(
            (stop.line, stop.number, stop.text.as_str()),
            (3, 3, "f4-f6")
        );
        assert_eq!(stop.code(), "capture-mismatch");
        assert_eq!(stop.marked(), &[] as &[Square]);
        assert_eq!(stop.captured(), &[sq("e6")]);
        assert_eq!(
            stop.message(),
            "capture marks differ: the engine also captured e6, which the record does not mark"
        );
        // The move was shown and played; the next line was not.
        assert_eq!(seen.len(), 3);
        assert_eq!(game.ply(), 3);
    }

    #[test]
    fn a_mark_where_nothing_was_captured_stops_the_replay() {
        let (result, _, _) = run("b4-b6\ne4-e6\nf4-f6xe6xe5xe6\n", true);
        let stop = result.expect_err("e5 is marked but not captured");
        assert_eq!(stop.code(), "capture-mismatch");
        // Sorted the way squares sort (top row first) and without duplicates.
        assert_eq!(stop.marked(), &[sq("e6"), sq("e5")]);
        assert_eq!(stop.captured(), &[sq("e6")]);
        assert_eq!(
            stop.to_string(),
            "move 3 (line 3) `f4-f6xe6xe5xe6`: capture marks differ: the record marks e5 but the engine captured nothing there"
        );

        let (result, _, _) = run("b4-b6\ne4-e6\nf4-f6xe5\n", true);
        assert_eq!(
            result.expect_err("wrong mark").message(),
            "capture marks differ: the record marks e5 but the engine captured nothing there; \
             the engine also captured e6, which the record does not mark"
        );

        // A mark on a move that captures nothing is as wrong.
        let (result, seen, _) = run("b4-b6xb5\n", true);
        let stop = result.expect_err("b4-b6 captures nothing");
        assert_eq!(
            (stop.number, stop.marked(), stop.captured()),
            (1, &[sq("b5")][..], &[][..])
        );
        assert_eq!(seen.len(), 1);
    }

    #[test]
    fn unchecked_marks_are_not_compared_but_must_still_be_squares() {
        let (result, seen, _) = run("b4-b6\ne4-e6\nf4-f6xe5\n", false);
        assert_eq!(result.map(|s| s.moves), Ok(3));
        assert_eq!(seen.len(), 3);
        let (result, _, _) = run("b4-b6\ne4-e6\nf4-f6xq5\n", false);
        assert_eq!(result.map_err(|s| s.code()), Err("bad-notation"));
    }

    #[test]
    fn an_illegal_move_stops_at_its_line_without_being_played() {
        let text = "# opening\n1. b4-b6\n\n2. d4-d6   # blocked by the defender on d5\n3. zz\n";
        let (result, seen, game) = run(text, true);
        let stop = result.expect_err("d4-d6 is blocked");
        assert_eq!(
            (stop.line, stop.number, stop.text.as_str()),
            (4, 2, "d4-d6")
        );
        assert_eq!(stop.code(), "blocked");
        assert_eq!(
            stop.message(),
            "illegal move (blocked): the path is blocked at d5"
        );
        assert!(matches!(
            stop.reason,
            StopReason::Illegal(IllegalMove::Blocked { at }) if at == sq("d5")
        ));
        assert_eq!(seen.len(), 1, "the callback sees legal moves only");
        assert_eq!(game.ply(), 1);
        assert_eq!(game.to_move(), Side::Defenders);
    }

    #[test]
    fn a_bad_line_stops_the_replay_after_the_moves_before_it() {
        let (result, seen, game) = run("b4-b6\ne4-e6\n\n# c\nzz\nf4-f6xe6\n", true);
        let stop = result.expect_err("zz is not a move");
        assert_eq!((stop.line, stop.number, stop.text.as_str()), (5, 3, "zz"));
        assert_eq!(stop.code(), "bad-notation");
        assert_eq!(
            stop.message(),
            "`zz` is not a move; write the two squares joined by `-`, such as `e5-e9`"
        );
        assert_eq!((stop.marked(), stop.captured()), (&[][..], &[][..]));
        assert_eq!(seen.len(), 2);
        assert_eq!(game.ply(), 2);
    }

    #[test]
    fn the_callback_runs_once_per_legal_move_and_the_summary_counts_them() {
        let mut calls = 0;
        let mut game = brandubh();
        let summary = replay(
            &mut game,
            parse("b4-b6\n\ne4-e6\n# c\nf4-f6xe6\nc4-c5\n", N7),
            ReplayOptions::default(),
            |_| calls += 1,
        );
        assert_eq!(calls, 4);
        assert_eq!(summary.map(|s| s.moves), Ok(4));
    }

    #[test]
    fn moves_after_the_game_ended_are_refused_and_the_outcome_is_reported() {
        let rules = preset("brandubh").expect("preset");
        let start = || {
            Game::new(
                &rules,
                Position::from_setup("1K5/7/7/3b3/7/7/7", N7).expect("setup"),
                Side::Defenders,
            )
        };
        let won = Outcome::Win {
            winner: Side::Defenders,
            reason: WinReason::CornerEscape,
        };
        let mut game = start();
        let summary = replay(
            &mut game,
            parse("b7-a7\n", N7),
            ReplayOptions::default(),
            |_| {},
        );
        assert_eq!(
            summary,
            Ok(Summary {
                moves: 1,
                outcome: won
            })
        );
        let mut game = start();
        let stop = replay(
            &mut game,
            parse("b7-a7\nd4-d5\n", N7),
            ReplayOptions::default(),
            |_| {},
        )
        .expect_err("the game is over");
        assert_eq!((stop.number, stop.code()), (2, "game-over"));
    }

    #[test]
    fn moves_read_elsewhere_replay_too() {
        let moves: Vec<RecordMove> = parse(CAPTURE, N7)
            .collect::<Result<_, _>>()
            .expect("a clean record");
        let mut game = brandubh();
        let summary = replay(
            &mut game,
            moves.into_iter().map(Ok),
            ReplayOptions::default(),
            |_| {},
        );
        assert_eq!(summary.map(|s| s.moves), Ok(3));
    }
}
