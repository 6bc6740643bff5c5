//! The seam between a room and the game it referees. A room knows seats,
//! turns, events and records; what a move is, whether it is legal and how
//! the game ends belongs to a game family. A family is one [`RoomGame`]
//! implementation (its own module below) and one [`Family`] variant.

mod draughts;
mod tafl;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::protocol::{ErrorCode, Refusal};

/// The game families a room can play; the page names its family when it
/// creates a room (rooms stored before families existed are tafl rooms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    #[default]
    Tafl,
    Draughts,
}

impl Family {
    /// Every family, so docs and tests come from this enum.
    pub const ALL: &'static [Family] = &[Family::Tafl, Family::Draughts];

    pub fn as_str(self) -> &'static str {
        match self {
            Family::Tafl => "tafl",
            Family::Draughts => "draughts",
        }
    }

    /// The game a page asked for: its resolved rules (as the family's
    /// board data carries them) and, where the family keeps it apart from
    /// the rules, the start position. A refusal names what is wrong.
    pub fn open(
        self,
        rules: &serde_json::Value,
        setup: Option<&str>,
    ) -> Result<Box<dyn RoomGame>, Refusal> {
        match self {
            Family::Tafl => tafl::TaflRoomGame::open(rules, setup).map(|g| Box::new(g) as _),
            Family::Draughts => {
                draughts::DraughtsRoomGame::open(rules, setup).map(|g| Box::new(g) as _)
            }
        }
    }
}

/// A side's name as the family writes it (`attackers`, `white`…).
pub type SideName = &'static str;

/// How the game stands, in the protocol's shape: `{"result": "ongoing"}`,
/// `{"result": "win", "winner": SIDE, "reason": CODE}` or
/// `{"result": "draw", "reason": CODE}`. The reason codes are the engine's,
/// which name the messages a page announces the ending with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum Outcome {
    Ongoing,
    Win {
        winner: SideName,
        reason: &'static str,
    },
    Draw {
        reason: &'static str,
    },
}

impl Outcome {
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { winner, reason } => write!(f, "{winner} {} ({reason})", wins(winner)),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

/// The verb for a winning side: tafl's sides are plural (`attackers win`),
/// draughts' colours singular (`white wins`).
fn wins(side: SideName) -> &'static str {
    if side.ends_with('s') { "win" } else { "wins" }
}

/// A move the game took: its name as the room stores and relays it, and
/// the squares it captured, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    pub name: String,
    pub captures: Vec<String>,
}

/// What a room needs from the game it referees. The game is the family's
/// engine: the room server and the page's board check moves with the same
/// code.
pub trait RoomGame: Send + Sync + fmt::Debug {
    /// The family's two sides, in the order its pages list them; a room's
    /// creator plays the first unless they choose.
    fn sides(&self) -> [SideName; 2];

    fn to_move(&self) -> SideName;

    fn outcome(&self) -> Outcome;

    /// Checks a move as a client wrote it; its canonical name if it is
    /// legal now (`bad-notation` or `illegal-move` otherwise, with the
    /// engine's reason).
    fn check(&self, text: &str) -> Result<String, Refusal>;

    /// Plays a move [`RoomGame::check`] named.
    fn take(&mut self, name: &str) -> Result<Taken, String>;

    /// Back to the start position for the next game.
    fn restart(&mut self);

    /// The family's record format for `rulehub replay`: a comment line
    /// from each of `comments`, then the moves, then the result.
    fn record(&self, comments: &[String], moves: &[Taken]) -> String;
}

/// The refusal for a move written in a way the family cannot read.
fn bad_notation(text: &str, why: impl fmt::Display) -> Refusal {
    Refusal::new(ErrorCode::BadNotation, format!("`{text}`: {why}"))
}

/// The refusal for a move the rules do not allow.
fn illegal(name: &str, code: &str, why: impl fmt::Display) -> Refusal {
    Refusal::new(ErrorCode::IllegalMove, format!("{name} ({code}): {why}"))
}

/// The refusal for rules or a setup the family's engine does not accept.
fn bad_rules(what: impl fmt::Display) -> Refusal {
    Refusal::new(ErrorCode::BadRules, what.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_serialise_as_their_names_and_default_to_tafl() {
        for family in Family::ALL {
            let json = serde_json::to_string(family).expect("serialise");
            assert_eq!(json, format!("\"{}\"", family.as_str()));
            let back: Family = serde_json::from_str(&json).expect("read back");
            assert_eq!(back, *family);
        }
        assert_eq!(Family::default(), Family::Tafl);
        assert!(serde_json::from_str::<Family>("\"chess\"").is_err());
    }

    #[test]
    fn a_winner_is_named_with_its_verb() {
        let win = |winner| Outcome::Win {
            winner,
            reason: "no-moves",
        };
        assert_eq!(win("white").to_string(), "white wins (no-moves)");
        assert_eq!(win("black").to_string(), "black wins (no-moves)");
        assert_eq!(win("defenders").to_string(), "defenders win (no-moves)");
    }
}
