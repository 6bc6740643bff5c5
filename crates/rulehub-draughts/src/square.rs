//! The board's geometry and the names of its squares.
//!
//! Draughts is played on the dark squares only, and the draughts world names
//! them by number (PDN): seen from White's side, square 1 is the leftmost
//! dark square of the top row and the numbers run left to right, row by row,
//! down to the bottom row. The bottom-left corner (a1) is dark, so on 8×8
//! the top row holds 1–4 at b8, d8, f8, h8 and the bottom row 29–32 at a1,
//! c1, e1, g1; on 10×10, 1–5 are b10…j10 and 46–50 are a1…i1. Black starts
//! on the low numbers at the top and White on the high numbers at the bottom
//! in every variant here.

use std::fmt;

/// The most dark squares a supported board has (10×10).
pub const MAX_SQUARES: usize = 50;
/// The board sizes this crate plays on.
pub const BOARD_SIZES: &[u8] = &[8, 10];

/// No neighbour in that direction (off the board).
pub(crate) const NONE: u8 = u8::MAX;

/// The four diagonal directions as (row step, column step), rows counted
/// from the top: up-left, up-right (White's forward directions), down-left,
/// down-right (Black's forward directions).
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
/// White's forward directions (indices into [`DIRECTIONS`]).
pub(crate) const WHITE_FORWARD: [usize; 2] = [0, 1];
/// Black's forward directions.
pub(crate) const BLACK_FORWARD: [usize; 2] = [2, 3];

/// A board of one size: its dark squares and, per square, the neighbour in
/// each diagonal direction. Built at compile time, so a position refers to
/// a shared `&'static Geometry` instead of copying the table.
pub struct Geometry {
    size: u8,
    squares: u8,
    neighbours: [[u8; 4]; MAX_SQUARES],
}

static EIGHT: Geometry = Geometry::build(8);
static TEN: Geometry = Geometry::build(10);

impl Geometry {
    /// The geometry of a `size`×`size` board, if this crate supports that size
    /// (see [`BOARD_SIZES`]).
    pub fn of_size(size: u8) -> Option<&'static Geometry> {
        match size {
            8 => Some(&EIGHT),
            10 => Some(&TEN),
            _ => None,
        }
    }

    const fn build(size: u8) -> Geometry {
        let half = size / 2;
        let squares = size * half;
        let mut neighbours = [[NONE; 4]; MAX_SQUARES];
        let mut index = 0;
        while index < squares {
            let row = index / half;
            let col = dark_col(row, index % half);
            let mut d = 0;
            while d < 4 {
                let r = row as i8 + DIRECTIONS[d].0;
                let c = col as i8 + DIRECTIONS[d].1;
                if r >= 0 && r < size as i8 && c >= 0 && c < size as i8 {
                    neighbours[index as usize][d] = r as u8 * half + c as u8 / 2;
                }
                d += 1;
            }
            index += 1;
        }
        Geometry {
            size,
            squares,
            neighbours,
        }
    }

    /// Squares per side of the board (8 or 10).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// How many dark squares the board has (32 or 50).
    pub fn squares(&self) -> u8 {
        self.squares
    }

    /// Every dark square in number order.
    pub fn all(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.squares).map(Square)
    }

    /// The square numbered `number` (1-based, PDN), if the board has it.
    pub fn square(&self, number: u32) -> Option<Square> {
        (1..=u32::from(self.squares))
            .contains(&number)
            .then(|| Square((number - 1) as u8))
    }

    /// Row (0 = top, White's far side) and column (0 = left) of a square.
    pub fn row_col(&self, square: Square) -> (u8, u8) {
        let half = self.size / 2;
        let row = square.0 / half;
        (row, dark_col(row, square.0 % half))
    }

    /// The dark square at a row and column, if it is one.
    pub fn at(&self, row: u8, col: u8) -> Option<Square> {
        (row < self.size && col < self.size && (row + col) % 2 == 1)
            .then(|| Square(row * (self.size / 2) + col / 2))
    }

    /// The square's algebraic name as used in diagrams and by Russian and
    /// Brazilian players: file letter from the left, rank from the bottom
    /// (`a1` is White's bottom-left corner).
    pub fn algebraic(&self, square: Square) -> String {
        let (row, col) = self.row_col(square);
        format!("{}{}", char::from(b'a' + col), self.size - row)
    }

    /// The dark square with a letter-number name: `file` 0 for `a`, `rank`
    /// 1 for White's bottom row.
    pub fn named(&self, file: u8, rank: u32) -> Option<Square> {
        let rank = u8::try_from(rank)
            .ok()
            .filter(|r| (1..=self.size).contains(r))?;
        self.at(self.size - rank, file)
    }

    /// Whether a man of the colour whose forward direction is up (`white`)
    /// or down is crowned on this square.
    pub(crate) fn is_crowning_row(&self, index: u8, white: bool) -> bool {
        let row = index / (self.size / 2);
        if white {
            row == 0
        } else {
            row == self.size - 1
        }
    }

    /// The neighbour of the square with that index in direction `d`, or [`NONE`].
    #[inline]
    pub(crate) fn step(&self, index: u8, d: usize) -> u8 {
        self.neighbours[index as usize][d]
    }
}

/// Column of the `k`-th dark square in `row`: dark squares have an odd
/// row + column sum, so even rows start at column 1 and odd rows at 0.
const fn dark_col(row: u8, k: u8) -> u8 {
    if row.is_multiple_of(2) {
        2 * k + 1
    } else {
        2 * k
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}×{})", self.size, self.size)
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        self.size == other.size
    }
}

impl Eq for Geometry {}

/// A dark square, stored 0-based; shown by its 1-based PDN number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The PDN number (1-based).
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// A dense 0-based index, for tables indexed by square.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(size: u8, number: u32) -> String {
        let g = Geometry::of_size(size).expect("supported size");
        g.algebraic(g.square(number).expect("square on the board"))
    }

    #[test]
    fn english_numbering_puts_1_at_b8_and_29_at_the_single_corner_a1() {
        assert_eq!(name(8, 1), "b8");
        assert_eq!(name(8, 4), "h8");
        assert_eq!(name(8, 5), "a7");
        assert_eq!(name(8, 29), "a1");
        assert_eq!(name(8, 32), "g1");
        assert_eq!(name(8, 28), "h2");
    }

    #[test]
    fn international_numbering_puts_46_at_a1_and_5_at_j10() {
        assert_eq!(name(10, 1), "b10");
        assert_eq!(name(10, 5), "j10");
        assert_eq!(name(10, 6), "a9");
        assert_eq!(name(10, 46), "a1");
        assert_eq!(name(10, 50), "i1");
    }

    #[test]
    fn row_col_and_at_are_inverse_and_neighbours_are_diagonal() {
        for size in [8, 10] {
            let g = Geometry::of_size(size).expect("supported size");
            for sq in g.all() {
                let (r, c) = g.row_col(sq);
                assert_eq!(g.at(r, c), Some(sq));
                for (d, (dr, dc)) in DIRECTIONS.iter().enumerate() {
                    let n = g.step(sq.0, d);
                    let expected = g.at((r as i8 + dr) as u8, (c as i8 + dc) as u8);
                    assert_eq!(
                        (n != NONE).then_some(Square(n)),
                        expected.filter(|_| r as i8 + dr >= 0 && c as i8 + dc >= 0)
                    );
                }
            }
        }
    }

    #[test]
    fn numbers_outside_the_board_are_not_squares() {
        let g = Geometry::of_size(8).expect("supported size");
        assert_eq!(g.square(0), None);
        assert_eq!(g.square(33), None);
        assert_eq!(Geometry::of_size(12), None);
    }
}
