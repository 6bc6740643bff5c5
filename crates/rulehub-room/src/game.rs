//! The seam between a room and the game it referees. A room knows seats,
//! turns, events and records; what a move is, whether it is legal and how
//! the game ends belongs to a game family, which the room finds in the
//! registry by the name the page gives and drives as a
//! [`Playable`](rulehub_game::Playable) — the same engine the page's board
//! and `rulehub replay` run.

use std::fmt;

use rulehub_game::{Playable, RefusalKind};
use serde::{Deserialize, Deserializer, Serialize};

use crate::protocol::{ErrorCode, Refusal};

/// How the game stands, in the protocol's shape: `{"result": "ongoing"}`,
/// `{"result": "win", "winner": SIDE, "reason": CODE}` or
/// `{"result": "draw", "reason": CODE}`. The reason codes are the engine's,
/// which name the messages a page announces the ending with.
pub type Outcome = rulehub_game::AnyOutcome;

/// A side's name as the family writes it (`attackers`, `white`…).
pub type SideName = &'static str;

/// The game family a room plays, by its registered name. Reading one checks
/// it against the registry, so a room never holds a family no engine
/// referees; a room stored or asked for without one plays the first
/// registered family (rooms stored before families existed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Family(&'static str);

impl Family {
    /// The registered family called `name`, or the sentence listing them.
    pub fn named(name: &str) -> Result<Family, String> {
        rulehub_registry::find(name).map(|family| Family(family.name()))
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Every registered family, so docs and tests come from the registry.
    pub fn all() -> Vec<Family> {
        rulehub_registry::names().into_iter().map(Family).collect()
    }

    /// The game a page asked for: its resolved rules (as the family's
    /// board data carries them) and, where the family keeps it apart from
    /// the rules, the start position. A refusal names what is wrong.
    pub fn open(
        self,
        rules: &serde_json::Value,
        setup: Option<&str>,
    ) -> Result<Box<dyn Playable>, Refusal> {
        rulehub_registry::open_game(self.0, rules, setup)
            .map_err(|message| Refusal::new(ErrorCode::BadRules, message))
    }
}

impl Default for Family {
    fn default() -> Self {
        Family(rulehub_registry::names()[0])
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Family {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Family::named(&name).map_err(serde::de::Error::custom)
    }
}

/// A move the game took: its name as the room stores and relays it, and
/// the squares it captured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    pub name: String,
    pub captures: Vec<String>,
}

/// Checks a move as a client wrote it, changing nothing: its canonical name
/// if it is legal now (`bad-notation` or `illegal-move` otherwise, with the
/// engine's reason).
pub fn check(game: &dyn Playable, text: &str) -> Result<String, Refusal> {
    let mut trial = game.boxed_clone();
    let played = trial.play(rulehub_game::MoveInput::Written(text));
    played.map(|played| played.name).map_err(|refusal| {
        let code = match refusal.kind {
            RefusalKind::Unreadable => ErrorCode::BadNotation,
            RefusalKind::Illegal => ErrorCode::IllegalMove,
        };
        let message = match (refusal.kind, refusal.code) {
            (RefusalKind::Illegal, Some(reason)) => format!(
                "{} ({reason}): {}",
                refusal.name.as_deref().unwrap_or(text.trim()),
                refusal.message
            ),
            _ => refusal.message,
        };
        Refusal::new(code, message)
    })
}

/// Plays a move [`check`] named.
pub fn take(game: &mut dyn Playable, name: &str) -> Result<Taken, String> {
    game.play(rulehub_game::MoveInput::Written(name))
        .map(|played| Taken {
            name: played.name,
            captures: played.captures.into_iter().map(|(_, name)| name).collect(),
        })
        .map_err(|refusal| refusal.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_serialise_as_their_names_and_default_to_the_first() {
        for family in Family::all() {
            let json = serde_json::to_string(&family).expect("serialise");
            assert_eq!(json, format!("\"{}\"", family.as_str()));
            let back: Family = serde_json::from_str(&json).expect("read back");
            assert_eq!(back, family);
        }
        assert_eq!(Family::default(), Family::all()[0]);
        let unknown = serde_json::from_str::<Family>("\"chess\"").expect_err("chess");
        assert!(unknown.to_string().contains("chess"), "{unknown}");
    }
}
