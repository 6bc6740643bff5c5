//! The two sides of a tafl game and its three kinds of piece.

use std::fmt;

/// One of the two sides of an asymmetric game.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Attackers,
    Defenders,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    Attacker,
    Defender,
    King,
}

impl Piece {
    pub fn side(self) -> Side {
        match self {
            Piece::Attacker => Side::Attackers,
            Piece::Defender | Piece::King => Side::Defenders,
        }
    }

    /// The letter used in setup strings.
    pub fn letter(self) -> char {
        match self {
            Piece::Attacker => 'b',
            Piece::Defender => 'w',
            Piece::King => 'K',
        }
    }

    pub fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            'b' => Some(Piece::Attacker),
            'w' => Some(Piece::Defender),
            'K' => Some(Piece::King),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Piece::Attacker => "attacker",
            Piece::Defender => "defender",
            Piece::King => "king",
        }
    }
}
