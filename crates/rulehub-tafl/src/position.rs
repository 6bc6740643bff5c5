//! Board contents, the setup-string notation and move notation.

use std::fmt;

use crate::{Dims, MAX_SIDE, MIN_SIDE, Piece, Square, SquareParseError};

/// Cell codes of the padded mailbox.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const ATT: u8 = 1;
pub(crate) const DEF: u8 = 2;
pub(crate) const KING: u8 = 3;
pub(crate) const OFF: u8 = 4;

/// Largest padded board (19×19 plus a one-square frame).
pub(crate) const CELLS: usize = (MAX_SIDE as usize + 2) * (MAX_SIDE as usize + 2);

pub(crate) fn code_of(piece: Piece) -> u8 {
    match piece {
        Piece::Attacker => ATT,
        Piece::Defender => DEF,
        Piece::King => KING,
    }
}

pub(crate) fn piece_of(code: u8) -> Option<Piece> {
    match code {
        ATT => Some(Piece::Attacker),
        DEF => Some(Piece::Defender),
        KING => Some(Piece::King),
        _ => None,
    }
}

/// The contents of a grid board: which piece stands on which square.
///
/// Internally a mailbox with a one-square frame of off-board sentinels, so a
/// sliding piece stops at the edge without bounds checks.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    dims: Dims,
    pub(crate) cells: [u8; CELLS],
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {:?})", self.dims, self.to_setup())
    }
}

impl Position {
    /// An empty board (no king yet: only for building positions internally).
    fn empty(dims: Dims) -> Result<Position, SetupError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&dims.rows)
            || !(MIN_SIDE..=MAX_SIDE).contains(&dims.cols)
        {
            return Err(SetupError::new(
                0,
                0,
                0,
                SetupErrorReason::DimsOutOfRange { dims },
            ));
        }
        let mut cells = [OFF; CELLS];
        for sq in dims.squares() {
            cells[Self::index_in(dims, sq)] = EMPTY;
        }
        Ok(Position { dims, cells })
    }

    #[inline]
    pub(crate) fn width(&self) -> usize {
        self.dims.cols as usize + 2
    }

    #[inline]
    fn index_in(dims: Dims, sq: Square) -> usize {
        (sq.row as usize + 1) * (dims.cols as usize + 2) + sq.col as usize + 1
    }

    #[inline]
    pub(crate) fn index(&self, sq: Square) -> usize {
        Self::index_in(self.dims, sq)
    }

    #[inline]
    pub(crate) fn square(&self, index: usize) -> Square {
        let w = self.width();
        Square::new((index / w - 1) as u8, (index % w - 1) as u8)
    }

    /// The board size.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The piece on a square (`None` when empty or off the board).
    pub fn get(&self, sq: Square) -> Option<Piece> {
        if !self.dims.contains(sq) {
            return None;
        }
        piece_of(self.cells[self.index(sq)])
    }

    /// Every piece with its square, sorted by square (top-left first).
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        self.dims
            .squares()
            .filter_map(|sq| self.get(sq).map(|p| (sq, p)))
            .collect()
    }

    /// The king's square, if the king is on the board.
    pub fn king(&self) -> Option<Square> {
        self.pieces()
            .into_iter()
            .find(|&(_, p)| p == Piece::King)
            .map(|(sq, _)| sq)
    }

    /// Number of pieces of a kind.
    pub fn count(&self, piece: Piece) -> usize {
        let code = code_of(piece);
        self.cells.iter().filter(|&&c| c == code).count()
    }

    /// Builds a position from pieces by square. Exactly one king is required.
    pub fn from_pieces(
        dims: Dims,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
    ) -> Result<Position, SetupError> {
        let pos = Position::from_pieces_allowing_no_king(dims, pieces)?;
        if pos.king().is_none() {
            return Err(SetupError::new(0, 0, 0, SetupErrorReason::MissingKing));
        }
        Ok(pos)
    }

    /// Like [`Position::from_setup`], but a position without a king is
    /// accepted: an example may show a capture with a few pieces and no king
    /// (the king's rules then simply do not apply). Start positions use
    /// `from_setup`, which requires the king.
    pub fn from_setup_allowing_no_king(setup: &str, dims: Dims) -> Result<Position, SetupError> {
        match Position::from_setup(setup, dims) {
            Err(e) if e.reason == SetupErrorReason::MissingKing => {
                // Everything but the king was checked, so the string is well formed.
                let mut pieces = Vec::new();
                for (r, row_text) in setup.trim().split('/').enumerate() {
                    let mut col = 0usize;
                    let mut run = 0usize;
                    for ch in row_text.chars() {
                        if let Some(d) = ch.to_digit(10) {
                            run = run * 10 + d as usize;
                            continue;
                        }
                        col += run;
                        run = 0;
                        if let Some(piece) = Piece::from_letter(ch) {
                            pieces.push((Square::new(r as u8, col as u8), piece));
                        }
                        col += 1;
                    }
                }
                Position::from_pieces_allowing_no_king(dims, pieces)
            }
            other => other,
        }
    }

    /// Builds a position from pieces by square, with at most one king.
    pub fn from_pieces_allowing_no_king(
        dims: Dims,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
    ) -> Result<Position, SetupError> {
        let mut pos = Position::empty(dims)?;
        let mut king: Option<Square> = None;
        for (sq, piece) in pieces {
            let (row, col) = (sq.row as usize + 1, sq.col as usize + 1);
            if !dims.contains(sq) {
                return Err(SetupError::new(
                    row,
                    col,
                    0,
                    SetupErrorReason::OffBoard { dims },
                ));
            }
            let i = pos.index(sq);
            if pos.cells[i] != EMPTY {
                return Err(SetupError::new(row, col, 0, SetupErrorReason::SquareTwice));
            }
            if piece == Piece::King {
                if let Some(first) = king {
                    return Err(SetupError::new(
                        row,
                        col,
                        0,
                        SetupErrorReason::TwoKings {
                            first_row: first.row as usize + 1,
                            first_col: first.col as usize + 1,
                        },
                    ));
                }
                king = Some(sq);
            }
            pos.cells[i] = code_of(piece);
        }
        Ok(pos)
    }

    /// The board size a setup string describes (rows = number of `/`-separated
    /// rows, columns = squares in the first row), without checking the rest.
    pub fn setup_dims(setup: &str) -> Result<Dims, SetupError> {
        let lead = setup.len() - setup.trim_start().len();
        let setup = setup.trim();
        let rows = setup.split('/').count();
        let first_row = setup.split('/').next().unwrap_or("");
        let cols = count_squares(first_row);
        let fits = |n: usize| (MIN_SIDE as usize..=MAX_SIDE as usize).contains(&n);
        if !fits(rows) || !fits(cols) {
            // A row too long is shown where it passes the largest board
            // (often one absurd run length), anything else at the start.
            let (col, offset) = if cols > MAX_SIDE as usize {
                let at = first_square_past(first_row, MAX_SIDE as usize);
                (MAX_SIDE as usize + 1, lead + at)
            } else {
                (0, lead)
            };
            return Err(SetupError::new(
                if col > 0 { 1 } else { 0 },
                col,
                offset,
                SetupErrorReason::SizeOutOfRange { rows, cols },
            ));
        }
        Ok(Dims::new(rows as u8, cols as u8))
    }

    /// Parses a setup string: rows top to bottom separated by `/`, `b`
    /// attacker, `w` defender, `K` king, a decimal number for a run of empty
    /// squares. Exactly one king is required.
    pub fn from_setup(setup: &str, dims: Dims) -> Result<Position, SetupError> {
        let mut pos = Position::empty(dims)?;
        let lead = setup.len() - setup.trim_start().len();
        let text = setup.trim();
        let rows = dims.rows as usize;
        let cols = dims.cols as usize;
        let mut king: Option<(usize, usize)> = None;
        let mut offset = lead;
        let row_texts: Vec<&str> = text.split('/').collect();
        for (r, row_text) in row_texts.iter().enumerate() {
            let row = r + 1;
            if row > rows {
                return Err(SetupError::new(
                    row,
                    0,
                    offset,
                    SetupErrorReason::TooManyRows { expected: rows },
                ));
            }
            let mut col = 0usize; // squares filled so far
            let mut chars = row_text.char_indices().peekable();
            while let Some((at, ch)) = chars.next() {
                let here = offset + at;
                if ch.is_ascii_digit() {
                    let mut end = at + 1;
                    while let Some(&(i, c)) = chars.peek() {
                        if c.is_ascii_digit() {
                            chars.next();
                            end = i + 1;
                        } else {
                            break;
                        }
                    }
                    let digits = &row_text[at..end];
                    let n: usize = digits.parse().unwrap_or(usize::MAX);
                    if digits.starts_with('0') {
                        return Err(SetupError::new(
                            row,
                            col + 1,
                            here,
                            SetupErrorReason::BadNumber {
                                text: digits.to_string(),
                            },
                        ));
                    }
                    // `n` may be any number the author typed: compare
                    // without overflowing.
                    if n > cols - col {
                        return Err(SetupError::new(
                            row,
                            cols + 1,
                            here,
                            SetupErrorReason::RowTooLong {
                                expected: cols,
                                found: col.saturating_add(n).min(9999),
                            },
                        ));
                    }
                    col += n;
                    continue;
                }
                let Some(piece) = Piece::from_letter(ch) else {
                    return Err(SetupError::new(
                        row,
                        col + 1,
                        here,
                        SetupErrorReason::UnknownLetter { letter: ch },
                    ));
                };
                if col + 1 > cols {
                    let found =
                        (col + 1).saturating_add(count_squares(&row_text[at + ch.len_utf8()..]));
                    return Err(SetupError::new(
                        row,
                        cols + 1,
                        here,
                        SetupErrorReason::RowTooLong {
                            expected: cols,
                            found,
                        },
                    ));
                }
                if piece == Piece::King {
                    if let Some((first_row, first_col)) = king {
                        return Err(SetupError::new(
                            row,
                            col + 1,
                            here,
                            SetupErrorReason::TwoKings {
                                first_row,
                                first_col,
                            },
                        ));
                    }
                    king = Some((row, col + 1));
                }
                let sq = Square::new(r as u8, col as u8);
                let i = pos.index(sq);
                pos.cells[i] = code_of(piece);
                col += 1;
            }
            if col < cols {
                return Err(SetupError::new(
                    row,
                    col + 1,
                    offset + row_text.len(),
                    SetupErrorReason::RowTooShort {
                        expected: cols,
                        found: col,
                    },
                ));
            }
            offset += row_text.len() + 1;
        }
        if row_texts.len() < rows {
            return Err(SetupError::new(
                row_texts.len() + 1,
                0,
                lead + text.len(),
                SetupErrorReason::TooFewRows {
                    expected: rows,
                    found: row_texts.len(),
                },
            ));
        }
        if king.is_none() {
            return Err(SetupError::new(0, 0, 0, SetupErrorReason::MissingKing));
        }
        Ok(pos)
    }

    /// The setup string of this position; `from_setup` reads it back unchanged.
    pub fn to_setup(&self) -> String {
        let mut out = String::new();
        for row in 0..self.dims.rows {
            if row > 0 {
                out.push('/');
            }
            let mut run = 0;
            for col in 0..self.dims.cols {
                match self.get(Square::new(row, col)) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(p.letter());
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out
    }
}

/// Counts the squares a fragment of a setup row stands for.
/// The byte offset in `row` of the letter or number that carries the row
/// past `max` squares (the row's end when it does not).
fn first_square_past(row: &str, max: usize) -> usize {
    let mut squares: usize = 0;
    let mut run_start = None;
    let mut run: usize = 0;
    for (at, ch) in row.char_indices() {
        if let Some(d) = ch.to_digit(10) {
            run_start.get_or_insert(at);
            run = run.saturating_mul(10).saturating_add(d as usize);
            if squares.saturating_add(run) > max {
                return run_start.unwrap_or(at);
            }
        } else {
            squares = squares.saturating_add(run).saturating_add(1);
            run = 0;
            run_start = None;
            if squares > max {
                return at;
            }
        }
    }
    row.len()
}

/// Squares in one row of a setup string. Saturates instead of wrapping, so
/// an absurd run length reads as "too many squares", never as a few.
fn count_squares(text: &str) -> usize {
    let mut n: usize = 0;
    let mut run: usize = 0;
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            run = run.saturating_mul(10).saturating_add(d as usize);
        } else {
            n = n.saturating_add(run).saturating_add(1);
            run = 0;
        }
    }
    n.saturating_add(run)
}

/// A setup string or piece list that does not describe a valid position.
///
/// `row` and `col` are 1-based, rows counted from the top as written in the
/// setup string; 0 means "not tied to one row / column" (e.g. a missing king).
/// `offset` is the byte offset in the setup string (0 when not applicable).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    pub row: usize,
    pub col: usize,
    pub offset: usize,
    pub reason: SetupErrorReason,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupErrorReason {
    RowTooLong { expected: usize, found: usize },
    RowTooShort { expected: usize, found: usize },
    TooManyRows { expected: usize },
    TooFewRows { expected: usize, found: usize },
    UnknownLetter { letter: char },
    BadNumber { text: String },
    MissingKing,
    TwoKings { first_row: usize, first_col: usize },
    DimsOutOfRange { dims: Dims },
    SizeOutOfRange { rows: usize, cols: usize },
    OffBoard { dims: Dims },
    SquareTwice,
}

impl SetupError {
    fn new(row: usize, col: usize, offset: usize, reason: SetupErrorReason) -> Self {
        SetupError {
            row,
            col,
            offset,
            reason,
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SetupErrorReason::*;
        let (row, col) = (self.row, self.col);
        match &self.reason {
            RowTooLong { expected, found } => write!(
                f,
                "row {row} has {found} squares but the board has {expected} columns; remove \
                 squares from row {row} (column {col} is past the edge)"
            ),
            RowTooShort { expected, found } => write!(
                f,
                "row {row} has only {found} squares but the board has {expected} columns; add \
                 {} square(s) to row {row}, e.g. a run of empty squares",
                expected - found
            ),
            TooManyRows { expected } => write!(
                f,
                "row {row}: the board has only {expected} rows; remove the extra `/`-separated rows"
            ),
            TooFewRows { expected, found } => write!(
                f,
                "the setup has {found} rows but the board has {expected}; add rows separated by `/`"
            ),
            UnknownLetter { letter } => write!(
                f,
                "row {row}, column {col}: unknown letter `{letter}`; use `b` (attacker), `w` \
                 (defender), `K` (king) or a number for a run of empty squares"
            ),
            BadNumber { text } => write!(
                f,
                "row {row}, column {col}: `{text}` is not a run of empty squares; write a \
                 number from 1 without leading zeros"
            ),
            MissingKing => write!(f, "the setup has no king; place one `K`"),
            TwoKings {
                first_row,
                first_col,
            } => write!(
                f,
                "row {row}, column {col}: a second king (the first is at row {first_row}, \
                 column {first_col}); keep exactly one `K`"
            ),
            DimsOutOfRange { dims } => write!(
                f,
                "a {dims} board is not supported; boards go from {MIN_SIDE}×{MIN_SIDE} to \
                 {MAX_SIDE}×{MAX_SIDE}"
            ),
            SizeOutOfRange { rows, cols } => write!(
                f,
                "the setup describes {rows} rows of {cols} squares; boards go from \
                 {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}"
            ),
            OffBoard { dims } => write!(
                f,
                "row {row}, column {col} is off the {dims} board; place pieces on the board"
            ),
            SquareTwice => write!(
                f,
                "row {row}, column {col}: two pieces on one square; keep one"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A move of one piece from a square to another, written `e5-e9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses `from-to` in algebraic notation, e.g. `e5-e9`.
    pub fn parse(text: &str, dims: Dims) -> Result<Move, MoveParseError> {
        let t = text.trim();
        let bad = |reason| MoveParseError {
            text: t.to_string(),
            reason,
        };
        let (a, b) = t
            .split_once('-')
            .ok_or_else(|| bad(MoveParseReason::NoDash))?;
        let from = Square::parse(a.trim(), dims).map_err(|e| bad(MoveParseReason::Square(e)))?;
        let to = Square::parse(b.trim(), dims).map_err(|e| bad(MoveParseReason::Square(e)))?;
        Ok(Move { from, to })
    }

    /// The move in algebraic notation, e.g. `e5-e9`.
    pub fn name(&self, dims: Dims) -> String {
        format!("{}-{}", self.from.name(dims), self.to.name(dims))
    }
}

/// Why a move could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveParseError {
    pub text: String,
    pub reason: MoveParseReason,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveParseReason {
    NoDash,
    Square(SquareParseError),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            MoveParseReason::NoDash => write!(
                f,
                "`{}` is not a move; write the two squares joined by `-`, such as `e5-e9`",
                self.text
            ),
            MoveParseReason::Square(e) => write!(f, "in move `{}`: {e}", self.text),
        }
    }
}

impl std::error::Error for MoveParseError {}
