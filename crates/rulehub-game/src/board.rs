//! Board geometry: rectangular grids, squares and the algebraic notation
//! that names them (files `a…` left to right, ranks `1…` bottom to top).

use std::fmt;

/// Smallest and largest grid the engine supports (Alea Evangelii is 19×19).
pub const MIN_SIDE: u8 = 3;
pub const MAX_SIDE: u8 = 19;

/// The size of a rectangular grid board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dims {
    pub rows: u8,
    pub cols: u8,
}

impl Dims {
    pub fn new(rows: u8, cols: u8) -> Self {
        Dims { rows, cols }
    }

    pub fn contains(self, square: Square) -> bool {
        square.row < self.rows && square.col < self.cols
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Square { row, col }))
    }

    pub fn center(self) -> Square {
        Square {
            row: self.rows / 2,
            col: self.cols / 2,
        }
    }

    pub fn corners(self) -> [Square; 4] {
        let (r, c) = (self.rows - 1, self.cols - 1);
        [
            Square::new(0, 0),
            Square::new(0, c),
            Square::new(r, 0),
            Square::new(r, c),
        ]
    }

    pub fn is_edge(self, square: Square) -> bool {
        square.row == 0
            || square.col == 0
            || square.row + 1 == self.rows
            || square.col + 1 == self.cols
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.rows, self.cols)
    }
}

/// A square as `(row, col)`, 0-based from the top-left corner — the order of
/// setup strings and of `zones` in render ops. Algebraic notation (`a1` is the
/// bottom-left) needs the board height, so it goes through [`Square::name`]
/// and [`Square::parse`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl Square {
    pub const fn new(row: u8, col: u8) -> Self {
        Square { row, col }
    }

    /// The algebraic name, e.g. `e5`: files `a…` left to right, ranks `1…`
    /// bottom to top.
    pub fn name(self, dims: Dims) -> String {
        let file = char::from(b'a' + self.col);
        let rank = u32::from(dims.rows - self.row);
        format!("{file}{rank}")
    }

    /// Parses an algebraic square name such as `e5` or `k11` on a board of
    /// the given size.
    pub fn parse(text: &str, dims: Dims) -> Result<Square, SquareParseError> {
        let bad = |reason: SquareParseReason| SquareParseError {
            text: text.to_string(),
            dims,
            reason,
        };
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(|| bad(SquareParseReason::Empty))?;
        if !file.is_ascii_lowercase() {
            return Err(bad(SquareParseReason::BadFile));
        }
        let rank_text = chars.as_str();
        if rank_text.is_empty()
            || !rank_text.bytes().all(|b| b.is_ascii_digit())
            || rank_text.starts_with('0')
        {
            return Err(bad(SquareParseReason::BadRank));
        }
        let col = file as u32 - 'a' as u32;
        let rank: u32 = rank_text
            .parse()
            .map_err(|_| bad(SquareParseReason::BadRank))?;
        if col >= u32::from(dims.cols) || rank == 0 || rank > u32::from(dims.rows) {
            return Err(bad(SquareParseReason::OffBoard));
        }
        // Both bounds were checked above, so the narrowing cannot truncate.
        Ok(Square {
            row: dims.rows - rank as u8,
            col: col as u8,
        })
    }
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareParseError {
    pub text: String,
    pub dims: Dims,
    pub reason: SquareParseReason,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareParseReason {
    Empty,
    BadFile,
    BadRank,
    OffBoard,
}

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last_file = char::from(b'a' + self.dims.cols - 1);
        let rows = self.dims.rows;
        match self.reason {
            SquareParseReason::Empty => write!(f, "empty square name; write a square such as `a1`"),
            SquareParseReason::BadFile | SquareParseReason::BadRank => write!(
                f,
                "`{}` is not a square name; write a file letter a–{last_file} then a rank 1–{rows}, such as `a1`",
                self.text
            ),
            SquareParseReason::OffBoard => write!(
                f,
                "square `{}` is off the {} board (files a–{last_file}, ranks 1–{rows})",
                self.text, self.dims
            ),
        }
    }
}

impl std::error::Error for SquareParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_on_every_square_of_a_large_board() {
        let dims = Dims::new(19, 19);
        for square in dims.squares() {
            assert_eq!(Square::parse(&square.name(dims), dims), Ok(square));
        }
    }

    #[test]
    fn e5_is_the_centre_of_nine_by_nine_and_a1_the_bottom_left() {
        let dims = Dims::new(9, 9);
        assert_eq!(Square::parse("e5", dims), Ok(dims.center()));
        assert_eq!(Square::parse("a1", dims), Ok(Square::new(8, 0)));
        assert_eq!(Square::parse("i9", dims), Ok(Square::new(0, 8)));
    }

    #[test]
    fn bad_square_names_are_rejected_with_the_reason() {
        let dims = Dims::new(9, 9);
        for (text, reason) in [
            ("", SquareParseReason::Empty),
            ("E5", SquareParseReason::BadFile),
            ("e", SquareParseReason::BadRank),
            ("e05", SquareParseReason::BadRank),
            ("e10", SquareParseReason::OffBoard),
            ("j1", SquareParseReason::OffBoard),
        ] {
            assert_eq!(
                Square::parse(text, dims).map_err(|e| e.reason),
                Err(reason),
                "{text:?}"
            );
        }
    }
}
