//! Game records in PDN move text: `1. 11-15 23-19 2. 8-11 22x15 ... 1-0`.
//!
//! Moves are square numbers joined by `-` (a step or slide) or `x` (a
//! capture). A capture may list every landing square (`22x15x6`) or only
//! start and end (`22x6`) when that names one move. Move numbers (`12.`,
//! `12...`), `{comments}`, `;` line comments, `[Tag "…"]` pairs and
//! trailing `!`/`?` marks are skipped; a result (`1-0`, `0-1`, `1/2-1/2`,
//! `2-0`, `0-2`, `1-1`, `*`) ends the move text. Variations `( … )` are
//! refused rather than misread as main-line moves.
//!
//! Reading is one pass over the text and replay one move generation per
//! move, so both are linear in the record; records longer than
//! [`MAX_RECORD_LEN`] are refused.

use std::fmt;
use std::ops::Range;

use crate::game::{Game, IllegalMove, MoveText, Played};
use crate::position::Colour;

/// The longest record read: far above any real game.
pub const MAX_RECORD_LEN: usize = 1 << 20;

const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"];

/// One move of a record, where it stands and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// Byte range of the move in the record text (move number excluded).
    pub span: Range<usize>,
    pub move_text: MoveText,
}

/// Why a record's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordErrorReason {
    TooLong {
        len: usize,
    },
    UnclosedComment,
    UnclosedTag,
    Variation,
    /// A word that is neither a move, a move number nor a result.
    NotAMove {
        found: String,
    },
    /// A move joining squares with both `-` and `x`.
    MixedSeparators,
    /// A step written through more than two squares.
    LongStep,
    /// A separator with no square after it, or a lone number.
    MissingSquare,
    /// A move after the result.
    AfterResult,
}

impl RecordErrorReason {
    pub fn code(&self) -> &'static str {
        match self {
            RecordErrorReason::TooLong { .. } => "too-long",
            RecordErrorReason::UnclosedComment => "unclosed-comment",
            RecordErrorReason::UnclosedTag => "unclosed-tag",
            RecordErrorReason::Variation => "variation",
            RecordErrorReason::NotAMove { .. } => "not-a-move",
            RecordErrorReason::MixedSeparators => "mixed-separators",
            RecordErrorReason::LongStep => "long-step",
            RecordErrorReason::MissingSquare => "missing-square",
            RecordErrorReason::AfterResult => "after-result",
        }
    }
}

impl fmt::Display for RecordErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorReason::TooLong { len } => write!(
                f,
                "the record is {len} bytes long, more than the {MAX_RECORD_LEN} read; split it"
            ),
            RecordErrorReason::UnclosedComment => {
                f.write_str("this `{` comment is never closed; add a `}`")
            }
            RecordErrorReason::UnclosedTag => {
                f.write_str("this `[` tag is never closed; add a `]`")
            }
            RecordErrorReason::Variation => f.write_str(
                "variations `( … )` are not supported; keep the main line or put the \
                 variation in a `{ … }` comment",
            ),
            RecordErrorReason::NotAMove { found } => write!(
                f,
                "`{found}` is not a move; write square numbers joined by `-` or `x`, \
                 such as `11-15` or `22x15`"
            ),
            RecordErrorReason::MixedSeparators => f.write_str(
                "a move uses either `-` (a step) or `x` (a capture) between all its squares",
            ),
            RecordErrorReason::LongStep => f.write_str(
                "a step names only two squares; list landing squares with `x` for a capture",
            ),
            RecordErrorReason::MissingSquare => {
                f.write_str("a square number is missing; a move names at least two squares")
            }
            RecordErrorReason::AfterResult => {
                f.write_str("moves follow the result; the result ends the move text")
            }
        }
    }
}

/// A record problem and the byte range it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    pub span: Range<usize>,
    pub reason: RecordErrorReason,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bytes {}..{}: {}",
            self.span.start, self.span.end, self.reason
        )
    }
}

impl std::error::Error for RecordError {}

/// A record's move text read: its moves, and the result token that ended
/// it, if any, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    pub moves: Vec<RecordMove>,
    pub result: Option<(Range<usize>, &'a str)>,
}

/// Reads the moves of a record's move text.
pub fn parse(text: &str) -> Result<Vec<RecordMove>, RecordError> {
    read(text).map(|record| record.moves)
}

/// Reads a record's move text: its moves and its result token.
pub fn read(text: &str) -> Result<Record<'_>, RecordError> {
    if text.len() > MAX_RECORD_LEN {
        return Err(RecordError {
            span: 0..0,
            reason: RecordErrorReason::TooLong { len: text.len() },
        });
    }
    let bytes = text.as_bytes();
    let mut moves = Vec::new();
    let mut result = None;
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        let closing = match b {
            b'{' => Some((b'}', RecordErrorReason::UnclosedComment)),
            b'[' => Some((b']', RecordErrorReason::UnclosedTag)),
            _ => None,
        };
        if let Some((close, unclosed)) = closing {
            let Some(len) = bytes[at..].iter().position(|&c| c == close) else {
                return Err(RecordError {
                    span: at..at + 1,
                    reason: unclosed,
                });
            };
            at += len + 1;
            continue;
        }
        if b == b';' {
            at += bytes[at..]
                .iter()
                .position(|&c| c == b'\n')
                .unwrap_or(bytes.len() - at);
            continue;
        }
        if b == b'(' {
            return Err(RecordError {
                span: at..at + 1,
                reason: RecordErrorReason::Variation,
            });
        }
        if b.is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let end = at
            + bytes[at..]
                .iter()
                .position(|c| c.is_ascii_whitespace() || b"{[;(".contains(c))
                .unwrap_or(bytes.len() - at);
        let word = &text[at..end];
        if let Some(mv) = word_move(word, at)? {
            if result.is_some() {
                return Err(RecordError {
                    span: at..end,
                    reason: RecordErrorReason::AfterResult,
                });
            }
            moves.push(mv);
        } else if result.is_none() && RESULTS.contains(&word) {
            result = Some((at..end, word));
        }
        at = end;
    }
    Ok(Record { moves, result })
}

/// Reads one whitespace-free word: `None` for a result or a bare move number.
fn word_move(word: &str, offset: usize) -> Result<Option<RecordMove>, RecordError> {
    if RESULTS.contains(&word) {
        return Ok(None);
    }
    // A move number `12.` or `12...`, alone or glued to the move.
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    let skip = if digits > 0 && dots > 0 {
        digits + dots
    } else {
        0
    };
    let body = word[skip..].trim_end_matches(['!', '?']);
    if body.is_empty() {
        return Ok(None);
    }
    let start = offset + skip;
    let span = start..start + body.len();
    let error = |reason| RecordError {
        span: span.clone(),
        reason,
    };
    let mut numbers = Vec::new();
    let mut separator: Option<u8> = None;
    let bytes = body.as_bytes();
    let mut i = 0;
    loop {
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            if numbers.is_empty() {
                return Err(error(RecordErrorReason::NotAMove {
                    found: body.to_string(),
                }));
            }
            return Err(error(RecordErrorReason::MissingSquare));
        }
        // Nine digits cannot overflow; longer numbers are no square anyway.
        let number = body[i..i + digits.min(9)]
            .parse::<u32>()
            .unwrap_or(u32::MAX);
        numbers.push(if digits > 9 { u32::MAX } else { number });
        i += digits;
        let Some(&sep) = bytes.get(i) else { break };
        if sep != b'-' && sep != b'x' {
            return Err(error(RecordErrorReason::NotAMove {
                found: body.to_string(),
            }));
        }
        if separator.is_some_and(|s| s != sep) {
            return Err(error(RecordErrorReason::MixedSeparators));
        }
        separator = Some(sep);
        i += 1;
    }
    if numbers.len() < 2 {
        return Err(error(RecordErrorReason::MissingSquare));
    }
    let capture = separator == Some(b'x');
    if !capture && numbers.len() > 2 {
        return Err(error(RecordErrorReason::LongStep));
    }
    Ok(Some(RecordMove {
        span,
        move_text: MoveText { numbers, capture },
    }))
}

/// One replayed move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub span: Range<usize>,
    /// The side that played it.
    pub side: Colour,
    pub played: Played,
}

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayErrorReason {
    Notation(RecordErrorReason),
    Illegal(IllegalMove),
}

/// Where and why a replay stopped; the game is left after the last legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// Byte range of the offending text.
    pub span: Range<usize>,
    /// Moves played before the stop.
    pub moves_played: usize,
    pub reason: ReplayErrorReason,
}

impl ReplayError {
    /// A stable code: the notation problem's or the illegal move's.
    pub fn code(&self) -> &'static str {
        match &self.reason {
            ReplayErrorReason::Notation(r) => r.code(),
            ReplayErrorReason::Illegal(i) => i.code(),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytes {}..{}: ", self.span.start, self.span.end)?;
        match &self.reason {
            ReplayErrorReason::Notation(r) => r.fmt(f),
            ReplayErrorReason::Illegal(i) => write!(f, "illegal move ({}): {i}", i.code()),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays a record's moves on `game`, stopping at the first notation problem
/// (before any move is played) or the first illegal move.
pub fn replay(game: &mut Game, text: &str) -> Result<Vec<Replayed>, ReplayError> {
    let moves = parse(text).map_err(|e| ReplayError {
        span: e.span,
        moves_played: 0,
        reason: ReplayErrorReason::Notation(e.reason),
    })?;
    let mut replayed = Vec::with_capacity(moves.len());
    for mv in moves {
        let side = game.to_move();
        let played = game.play_text(&mv.move_text).map_err(|e| ReplayError {
            span: mv.span.clone(),
            moves_played: replayed.len(),
            reason: ReplayErrorReason::Illegal(e),
        })?;
        replayed.push(Replayed {
            span: mv.span,
            side,
            played,
        });
    }
    Ok(replayed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn numbers(text: &str) -> Vec<(Vec<u32>, bool)> {
        parse(text)
            .expect("valid record")
            .into_iter()
            .map(|m| (m.move_text.numbers, m.move_text.capture))
            .collect()
    }

    #[test]
    fn move_numbers_comments_tags_and_results_are_skipped() {
        let text = "[Event \"x\"]\n1. 11-15 {a comment} 23-19 2.8-11 ; to the end\n22x15x6! 1-0";
        assert_eq!(
            numbers(text),
            vec![
                (vec![11, 15], false),
                (vec![23, 19], false),
                (vec![8, 11], false),
                (vec![22, 15, 6], true),
            ]
        );
        assert_eq!(numbers("1... 9-13 *"), vec![(vec![9, 13], false)]);
    }

    #[test]
    fn notation_errors_name_the_bytes_and_the_fix() {
        let e = parse("1. 11-15 11-15x3").expect_err("mixed");
        assert_eq!(
            (e.span.clone(), e.reason.code()),
            (9..16, "mixed-separators")
        );
        let e = parse("11-15-19").expect_err("long step");
        assert_eq!(e.reason, RecordErrorReason::LongStep);
        let e = parse("11-15 (9-13)").expect_err("variation");
        assert_eq!(e.span, 6..7);
        let e = parse("11-15 {open").expect_err("unclosed");
        assert_eq!(e.reason, RecordErrorReason::UnclosedComment);
        let e = parse("e3-d4").expect_err("algebraic");
        assert!(e.to_string().contains("`e3-d4` is not a move"), "{e}");
        let e = parse("11-").expect_err("missing");
        assert_eq!(e.reason, RecordErrorReason::MissingSquare);
        let record = read("1. 11-15 {1-0 is no result} [Result \"x\"] 0-1").expect("valid");
        assert_eq!(record.result, Some((41..44, "0-1")));
        assert_eq!(read("1. 11-15").expect("valid").result, None);
        let e = parse("11-15 1-0 9-13").expect_err("after result");
        assert_eq!((e.span, e.reason), (10..14, RecordErrorReason::AfterResult));
    }

    #[test]
    fn replay_stops_at_an_illegal_move_with_its_span() {
        let mut game = Game::start(&Preset::English.rules());
        let err = replay(&mut game, "1. 11-15 22-18 2. 9-13").expect_err("capture ignored");
        // White's 22-18 offers a man: Black must take it with 15x22.
        assert_eq!(err.moves_played, 2);
        assert_eq!(err.code(), "capture-required");
        assert_eq!(err.span, 18..22);
        assert_eq!(
            err.to_string(),
            "bytes 18..22: illegal move (capture-required): a capture is available and \
             capturing is mandatory, e.g. 15x22"
        );
        assert_eq!(game.ply(), 2);
        let mut game = Game::start(&Preset::English.rules());
        let replayed = replay(&mut game, "1. 11-15 22-18 2. 15x22 25x18").expect("legal");
        assert_eq!(replayed[2].played.captured.len(), 1);
        assert_eq!(replayed[3].side, Colour::White);
    }
}
