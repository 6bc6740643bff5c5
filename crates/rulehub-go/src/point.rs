//! Colours and intersections, and the Go names of intersections: columns
//! A–T without I (left to right), rows 1 at the bottom, so `D4` on 19×19 is
//! the lower-left star point. Go writers skip I because it reads like J.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The smallest and largest board sides the engine plays.
pub const MIN_SIZE: u8 = 5;
pub const MAX_SIZE: u8 = 19;

/// Column letters in order; I is absent.
const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index of per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// An intersection as `row * size + col`, row 0 at the bottom. The board
/// size travels with the board, not the point, so points stay one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    pub fn at(row: u8, col: u8, size: u8) -> Point {
        Point(u16::from(row) * u16::from(size) + u16::from(col))
    }

    pub fn row(self, size: u8) -> u8 {
        (self.0 / u16::from(size)) as u8
    }

    pub fn col(self, size: u8) -> u8 {
        (self.0 % u16::from(size)) as u8
    }

    /// The Go name, e.g. `C3` or `T19`.
    pub fn name(self, size: u8) -> String {
        let col = COLUMNS[usize::from(self.col(size)) % COLUMNS.len()] as char;
        format!("{col}{}", self.row(size) + 1)
    }

    /// Parses a Go name (case-insensitive) on a board of `size`.
    pub fn parse(text: &str, size: u8) -> Option<Point> {
        let bytes = text.trim().as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        let col = COLUMNS
            .iter()
            .position(|&c| c == letter.to_ascii_uppercase())?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let row: usize = std::str::from_utf8(digits).ok()?.parse().ok()?;
        let size_usize = usize::from(size);
        if row == 0 || row > size_usize || col >= size_usize {
            return None;
        }
        Some(Point::at((row - 1) as u8, col as u8, size))
    }
}

/// One turn: a stone on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Point),
    Pass,
}

impl Move {
    /// `C3` or `pass`.
    pub fn name(self, size: u8) -> String {
        match self {
            Move::Place(p) => p.name(size),
            Move::Pass => "pass".to_string(),
        }
    }

    pub fn parse(text: &str, size: u8) -> Option<Move> {
        if text.trim().eq_ignore_ascii_case("pass") {
            return Some(Move::Pass);
        }
        Point::parse(text, size).map(Move::Place)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_skip_i_and_count_rows_from_the_bottom() {
        assert_eq!(Point::at(0, 0, 19).name(19), "A1");
        assert_eq!(Point::at(0, 8, 19).name(19), "J1");
        assert_eq!(Point::at(18, 18, 19).name(19), "T19");
        assert_eq!(Point::parse("j1", 19), Some(Point::at(0, 8, 19)));
        assert_eq!(Point::parse("I1", 19), None);
        assert_eq!(Point::parse("K1", 9), None);
        assert_eq!(Point::parse("A10", 9), None);
        assert_eq!(Point::parse("A0", 9), None);
        for size in [5u8, 9, 13, 19] {
            for i in 0..u16::from(size) * u16::from(size) {
                assert_eq!(Point::parse(&Point(i).name(size), size), Some(Point(i)));
            }
        }
    }
}
