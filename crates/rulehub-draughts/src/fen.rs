//! Setups in PDN FEN: `W:W21-32:B1-12` — the side to move, then each
//! colour's squares, kings marked `K` (`B:WK5,21-32:B1-12`), runs of men or
//! kings written as ranges (`K1-3` makes 1, 2 and 3 kings).
//!
//! The forms other programs write are read too: lowercase colour letters
//! and `k`, letter-number squares (`W:Wa1,c1,Kd4:Bf8`), `?` for a side to
//! move left open (the rules' first mover then moves), a trailing `.`, and
//! move counters `:H0:F1` after the lists (read and ignored).

use std::fmt;

use crate::position::{Colour, Kind, Piece, Position};
use crate::square::{Geometry, Square};

/// The longest FEN read. Every square listed singly with a `K` takes under
/// 200 bytes on 10×10; anything this long is not a setup.
pub const MAX_FEN_LEN: usize = 1024;

/// Why a FEN could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// Byte offset into the FEN text where the problem starts.
    pub offset: usize,
    pub reason: FenErrorReason,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenErrorReason {
    TooLong {
        len: usize,
    },
    /// Expected `W` or `B` (the side to move, or a colour list's colour).
    ExpectedColour {
        found: Option<char>,
    },
    ExpectedColon {
        found: Option<char>,
    },
    /// The same colour has two lists.
    RepeatedColour {
        colour: Colour,
    },
    ExpectedNumber {
        found: Option<char>,
    },
    NotASquare {
        number: u64,
        squares: u8,
    },
    /// A range whose end is below its start, e.g. `12-1`.
    BackwardsRange {
        from: u64,
        to: u64,
    },
    /// A square listed twice (in one list or in both).
    SquareTwice {
        number: u8,
    },
    /// A man on the row where it would have been crowned.
    ManOnCrowningRow {
        number: u8,
        colour: Colour,
    },
    TrailingText {
        found: char,
    },
    /// A letter-number square that is no dark square of the board.
    NotADarkSquare {
        name: String,
        size: u8,
    },
    /// No piece stands on the board.
    NoPieces,
    /// The side to move has no piece: the game would be over before it began.
    NothingToMove {
        colour: Colour,
    },
}

impl FenErrorReason {
    /// A stable code for tools.
    pub fn code(&self) -> &'static str {
        match self {
            FenErrorReason::TooLong { .. } => "too-long",
            FenErrorReason::ExpectedColour { .. } => "expected-colour",
            FenErrorReason::ExpectedColon { .. } => "expected-colon",
            FenErrorReason::RepeatedColour { .. } => "repeated-colour",
            FenErrorReason::ExpectedNumber { .. } => "expected-number",
            FenErrorReason::NotASquare { .. } => "not-a-square",
            FenErrorReason::BackwardsRange { .. } => "backwards-range",
            FenErrorReason::SquareTwice { .. } => "square-twice",
            FenErrorReason::ManOnCrowningRow { .. } => "man-on-crowning-row",
            FenErrorReason::TrailingText { .. } => "trailing-text",
            FenErrorReason::NotADarkSquare { .. } => "not-a-dark-square",
            FenErrorReason::NoPieces => "no-pieces",
            FenErrorReason::NothingToMove { .. } => "nothing-to-move",
        }
    }
}

fn found(c: Option<char>) -> String {
    c.map_or("the end".to_string(), |c| format!("`{c}`"))
}

impl fmt::Display for FenErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenErrorReason::TooLong { len } => write!(
                f,
                "the FEN is {len} bytes long, more than the {MAX_FEN_LEN} a setup can need; \
                 write it as `W:W21-32:B1-12`"
            ),
            FenErrorReason::ExpectedColour { found: c } => write!(
                f,
                "expected `W` or `B`, found {}; a FEN reads side to move, then each colour's \
                 squares, as in `W:W21-32:B1-12`",
                found(*c)
            ),
            FenErrorReason::ExpectedColon { found: c } => write!(
                f,
                "expected `:` before the next colour, found {}; separate squares with commas, \
                 as in `W:W21,22,K5:B1-12`",
                found(*c)
            ),
            FenErrorReason::RepeatedColour { colour } => write!(
                f,
                "{} has a second list; put all its squares in one list",
                colour.code()
            ),
            FenErrorReason::ExpectedNumber { found: c } => write!(
                f,
                "expected a square number (or `K` and a number for a king), found {}",
                found(*c)
            ),
            FenErrorReason::NotASquare { number, squares } => write!(
                f,
                "square {number} is not on the board; its squares are numbered 1 to {squares}"
            ),
            FenErrorReason::BackwardsRange { from, to } => write!(
                f,
                "the range {from}-{to} runs backwards; write the lower square first ({to}-{from})"
            ),
            FenErrorReason::SquareTwice { number } => write!(
                f,
                "square {number} is listed twice; a square holds one piece"
            ),
            FenErrorReason::ManOnCrowningRow { number, colour } => write!(
                f,
                "a {} man on square {number} stands on its crowning row, where it would \
                 already be a king; write `K{number}`",
                colour.code()
            ),
            FenErrorReason::TrailingText { found } => write!(
                f,
                "unexpected `{found}` after the two colour lists; a FEN ends after the second list"
            ),
            FenErrorReason::NotADarkSquare { name, size } => write!(
                f,
                "`{name}` is not a dark square of the {size}×{size} board; pieces stand on \
                 the dark squares, a1 among them"
            ),
            FenErrorReason::NoPieces => f.write_str(
                "no piece stands on the board; list each colour's squares, as in `W:W21-32:B1-12`",
            ),
            FenErrorReason::NothingToMove { colour } => write!(
                f,
                "{} is to move but has no piece, so the game would be over before it began; \
                 give {} a piece or the move to the other side",
                colour.code(),
                colour.code()
            ),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN byte {}: {}", self.offset, self.reason)
    }
}

impl std::error::Error for FenError {}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn peek_char(&self, text: &str) -> Option<char> {
        if self.at >= self.bytes.len() {
            return None;
        }
        text.get(self.at..).and_then(|s| s.chars().next())
    }

    fn error(&self, reason: FenErrorReason) -> FenError {
        FenError {
            offset: self.at,
            reason,
        }
    }
}

/// Reads a FEN for the given board. Surrounding whitespace and quotes
/// (as in a PDN `[FEN "…"]` tag's value) are allowed; a `?` side to move is
/// White's move (see [`parse_for`]).
pub fn parse(text: &str, geometry: &'static Geometry) -> Result<Position, FenError> {
    parse_for(text, geometry, Colour::White)
}

/// Reads a FEN setup for the given board, `?` as the side to move giving
/// the move to `open_side` (the rules' first mover). A setup is a game's
/// start, so one with no piece on the board, or none of the side to move,
/// is refused.
pub fn parse_for(
    text: &str,
    geometry: &'static Geometry,
    open_side: Colour,
) -> Result<Position, FenError> {
    read(text, geometry, open_side, true)
}

/// Reads any position in FEN, one where the game is over among them (as
/// after the last capture): no side needs a piece. `?` is White's move.
pub fn parse_position(text: &str, geometry: &'static Geometry) -> Result<Position, FenError> {
    read(text, geometry, Colour::White, false)
}

fn read(
    text: &str,
    geometry: &'static Geometry,
    open_side: Colour,
    setup: bool,
) -> Result<Position, FenError> {
    if text.len() > MAX_FEN_LEN {
        return Err(FenError {
            offset: 0,
            reason: FenErrorReason::TooLong { len: text.len() },
        });
    }
    let start = text.len() - text.trim_start().len();
    let mut end = text.trim_end().len();
    let mut r = Reader {
        bytes: &text.as_bytes()[..end],
        at: start,
    };
    if r.peek() == Some(b'"') && end > start + 1 && text.as_bytes()[end - 1] == b'"' {
        r.at += 1;
        end -= 1;
        r.bytes = &text.as_bytes()[..end];
    }
    let to_move = if r.peek() == Some(b'?') {
        r.at += 1;
        open_side
    } else {
        colour(&mut r, text)?
    };
    let mut position = Position::empty(geometry, to_move);
    let mut seen: Option<Colour> = None;
    for _ in 0..2 {
        if r.peek() != Some(b':') {
            return Err(r.error(FenErrorReason::ExpectedColon {
                found: r.peek_char(text),
            }));
        }
        r.at += 1;
        let list_at = r.at;
        let colour = colour(&mut r, text)?;
        if seen == Some(colour) {
            return Err(FenError {
                offset: list_at,
                reason: FenErrorReason::RepeatedColour { colour },
            });
        }
        seen = Some(colour);
        squares(&mut r, text, colour, &mut position)?;
    }
    // Move counters (`:H0:F1`), then a closing `.`.
    while r.peek() == Some(b':') && matches!(r.bytes.get(r.at + 1), Some(b'H' | b'F' | b'h' | b'f'))
    {
        r.at += 2;
        number(&mut r, text)?;
    }
    if r.peek() == Some(b'.') {
        r.at += 1;
    }
    if let Some(c) = r.peek_char(text) {
        return Err(r.error(FenErrorReason::TrailingText { found: c }));
    }
    if setup && position.pieces().next().is_none() {
        return Err(FenError {
            offset: start,
            reason: FenErrorReason::NoPieces,
        });
    }
    if setup && position.count(to_move) == 0 {
        return Err(FenError {
            offset: start,
            reason: FenErrorReason::NothingToMove { colour: to_move },
        });
    }
    Ok(position)
}

fn colour(r: &mut Reader<'_>, text: &str) -> Result<Colour, FenError> {
    let colour = match r.peek() {
        Some(b'W' | b'w') => Colour::White,
        Some(b'B' | b'b') => Colour::Black,
        _ => {
            return Err(r.error(FenErrorReason::ExpectedColour {
                found: r.peek_char(text),
            }));
        }
    };
    r.at += 1;
    Ok(colour)
}

/// Reads one colour's comma-separated squares (possibly none) onto the board.
fn squares(
    r: &mut Reader<'_>,
    text: &str,
    colour: Colour,
    position: &mut Position,
) -> Result<(), FenError> {
    if matches!(r.peek(), None | Some(b':' | b'.')) {
        return Ok(());
    }
    loop {
        let item_at = r.at;
        let kind = if matches!(r.peek(), Some(b'K' | b'k')) {
            r.at += 1;
            Kind::King
        } else {
            Kind::Man
        };
        if let Some(file @ b'a'..=b'l') = r.peek() {
            // A letter-number square, `c3`: one square, no ranges.
            r.at += 1;
            let (_, rank) = number(r, text)?;
            let geometry = position.geometry();
            let name = format!("{}{rank}", char::from(file));
            let square = geometry
                .named(file - b'a', rank.min(u64::from(u32::MAX)) as u32)
                .ok_or(FenError {
                    offset: item_at,
                    reason: FenErrorReason::NotADarkSquare {
                        name,
                        size: geometry.size(),
                    },
                })?;
            put(position, square, Piece { colour, kind }, item_at)?;
            match r.peek() {
                Some(b',') => {
                    r.at += 1;
                    continue;
                }
                _ => return Ok(()),
            }
        }
        let first = number(r, text)?;
        let last = if r.peek() == Some(b'-') {
            r.at += 1;
            let to = number(r, text)?;
            if to.1 < first.1 {
                return Err(FenError {
                    offset: first.0,
                    reason: FenErrorReason::BackwardsRange {
                        from: first.1,
                        to: to.1,
                    },
                });
            }
            to
        } else {
            first
        };
        let geometry = position.geometry();
        for (offset, n) in [first, last] {
            if geometry.square(n.min(u64::from(u32::MAX)) as u32).is_none() {
                return Err(FenError {
                    offset,
                    reason: FenErrorReason::NotASquare {
                        number: n,
                        squares: geometry.squares(),
                    },
                });
            }
        }
        for n in first.1..=last.1 {
            // Both ends are squares of the board, so every number between is.
            let square = Square((n - 1) as u8);
            put(position, square, Piece { colour, kind }, item_at)?;
        }
        match r.peek() {
            Some(b',') => r.at += 1,
            _ => return Ok(()),
        }
    }
}

fn put(position: &mut Position, square: Square, piece: Piece, at: usize) -> Result<(), FenError> {
    if position.get(square).is_some() {
        return Err(FenError {
            offset: at,
            reason: FenErrorReason::SquareTwice {
                number: square.number(),
            },
        });
    }
    if piece.kind == Kind::Man
        && position
            .geometry()
            .is_crowning_row(square.0, piece.colour == Colour::White)
    {
        return Err(FenError {
            offset: at,
            reason: FenErrorReason::ManOnCrowningRow {
                number: square.number(),
                colour: piece.colour,
            },
        });
    }
    position.set(square, Some(piece));
    Ok(())
}

/// A decimal number and where it starts. At most 9 digits are read so the
/// value cannot overflow; a longer number is reported as not a square.
fn number(r: &mut Reader<'_>, text: &str) -> Result<(usize, u64), FenError> {
    let start = r.at;
    let mut value: u64 = 0;
    while let Some(b) = r.peek().filter(u8::is_ascii_digit) {
        if r.at - start < 9 {
            value = value * 10 + u64::from(b - b'0');
        } else {
            value = u64::MAX;
        }
        r.at += 1;
    }
    if r.at == start {
        return Err(r.error(FenErrorReason::ExpectedNumber {
            found: r.peek_char(text),
        }));
    }
    Ok((start, value))
}

/// Writes a position as FEN: side to move, then White's and Black's squares,
/// kings as `K` numbers and runs of men as ranges.
pub fn write(position: &Position) -> String {
    let mut text = String::new();
    text.push(position.to_move().letter());
    for colour in Colour::ALL {
        text.push(':');
        text.push(colour.letter());
        let mut items: Vec<String> = Vec::new();
        let mut run: Option<(u8, u8)> = None;
        let flush = |run: &mut Option<(u8, u8)>, items: &mut Vec<String>| {
            if let Some((a, b)) = run.take() {
                items.push(if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                });
            }
        };
        for (square, piece) in position.pieces() {
            if piece.colour != *colour {
                continue;
            }
            let n = square.number();
            match piece.kind {
                Kind::King => {
                    flush(&mut run, &mut items);
                    items.push(format!("K{n}"));
                }
                Kind::Man => match &mut run {
                    Some((_, b)) if *b + 1 == n => *b = n,
                    _ => {
                        flush(&mut run, &mut items);
                        run = Some((n, n));
                    }
                },
            }
        }
        flush(&mut run, &mut items);
        text.push_str(&items.join(","));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight() -> &'static Geometry {
        Geometry::of_size(8).expect("8×8")
    }

    fn err(text: &str) -> (usize, String) {
        let e = parse(text, eight()).expect_err("invalid FEN");
        (e.offset, e.reason.to_string())
    }

    #[test]
    fn the_english_start_reads_and_writes_back() {
        let p = parse("B:W21-32:B1-12", eight()).expect("valid");
        assert_eq!(p.to_move(), Colour::Black);
        assert_eq!(p.count(Colour::White), 12);
        assert_eq!(p, Position::start(eight(), Colour::Black));
        assert_eq!(write(&p), "B:W21-32:B1-12");
    }

    #[test]
    fn kings_lists_and_quotes_read() {
        let p = parse(" \"W:WK5,21,22:BK1-2,9\" ", eight()).expect("valid");
        let king = |n| p.get(eight().square(n).expect("square")).map(|p| p.kind);
        assert_eq!(king(5), Some(Kind::King));
        assert_eq!(king(1), Some(Kind::King));
        assert_eq!(king(2), Some(Kind::King));
        assert_eq!(king(9), Some(Kind::Man));
        assert_eq!(write(&p), "W:WK5,21-22:BK1,K2,9");
        assert_eq!(
            parse("B:W:B1", eight())
                .expect("empty list")
                .count(Colour::White),
            0
        );
    }

    #[test]
    fn errors_point_at_the_byte_and_say_what_to_do() {
        assert_eq!(err("X:W21:B1").0, 0);
        let (at, msg) = err("W:W21;B1");
        assert_eq!(at, 5);
        assert!(msg.contains("expected `:`"), "{msg}");
        let (at, msg) = err("W:W21,33:B1");
        assert_eq!(at, 6);
        assert!(msg.contains("numbered 1 to 32"), "{msg}");
        let (at, msg) = err("W:W12-1:B5");
        assert_eq!(at, 3);
        assert!(msg.contains("write the lower square first (1-12)"), "{msg}");
        let (at, msg) = err("W:W21:B21");
        assert_eq!(at, 7);
        assert!(msg.contains("listed twice"), "{msg}");
        let (_, msg) = err("W:W2:B9");
        assert!(msg.contains("write `K2`"), "{msg}");
        let (_, msg) = err("W:W21:W22");
        assert!(msg.contains("white has a second list"), "{msg}");
        let (at, msg) = err("W:W21:B1x");
        assert_eq!(at, 8);
        assert!(msg.contains("unexpected `x`"), "{msg}");
        let (_, msg) = err("W:W99999999999999999999:B1");
        assert!(msg.contains("not on the board"), "{msg}");
        let (_, msg) = err(&"W".repeat(MAX_FEN_LEN + 1));
        assert!(msg.contains("more than the 1024"), "{msg}");
        let (_, msg) = err("W:W21,:B1");
        assert!(msg.contains("expected a square number"), "{msg}");
        let (_, msg) = err("");
        assert!(msg.contains("found the end"), "{msg}");
    }

    #[test]
    fn the_forms_other_programs_write_read() {
        let p = parse_for("?:wa1,c1,kd4:Bf8.", eight(), Colour::Black).expect("letter-number");
        assert_eq!(p.to_move(), Colour::Black);
        assert_eq!(write(&p), "B:WK18,29-30:B3");
        let p = parse("W:W21-32:B1-12:H0:F1", eight()).expect("counters");
        assert_eq!(p, Position::start(eight(), Colour::White));
        let e = parse("W:Wa2:B1", eight()).expect_err("a2 is light");
        assert_eq!(e.reason.code(), "not-a-dark-square");
    }

    #[test]
    fn a_setup_with_nothing_to_play_is_refused_saying_why() {
        let (_, msg) = err("W:W:B");
        assert!(msg.contains("no piece stands on the board"), "{msg}");
        let (_, msg) = err("W:W:B1");
        assert!(msg.contains("white is to move but has no piece"), "{msg}");
        // A position after the last capture is still read as a position.
        let p = parse_position("W:W:B1", eight()).expect("a finished game");
        assert_eq!(p.count(Colour::White), 0);
    }
}
