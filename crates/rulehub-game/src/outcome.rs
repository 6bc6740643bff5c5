//! How a game stands: one type for every family. A family's engine uses it
//! with its own sides and reasons (`Outcome<Side, WinReason, DrawReason>`),
//! so matches stay exhaustive and typed; whatever drives any family (the
//! command line, the room server, the practice board) sees the same value
//! with names instead ([`AnyOutcome`], from [`Outcome::named`]).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Still going, won (by whom and why) or drawn (why). Serialised as the
/// room protocol and `--message-format json` write it:
/// `{"result": "ongoing"}`, `{"result": "win", "winner": SIDE, "reason":
/// CODE}`, `{"result": "draw", "reason": CODE}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "result")]
pub enum Outcome<S, W, D> {
    Ongoing,
    Win { winner: S, reason: W },
    Draw { reason: D },
}

/// An outcome whatever the family: sides and reasons by their names.
pub type AnyOutcome = Outcome<&'static str, &'static str, &'static str>;

/// A side or a reason that has a stable name: the side's name as records
/// and rooms write it (`attackers`, `white`), the reason's code (which
/// names the message a page announces it with, as in `win-<code>`).
pub trait Named: Copy {
    fn name(self) -> &'static str;
}

impl Named for &'static str {
    fn name(self) -> &'static str {
        self
    }
}

impl<S, W, D> Outcome<S, W, D> {
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winning side; `None` while the game goes on or after a draw.
    pub fn winner(&self) -> Option<&S> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

impl<S: Named, W: Named, D: Named> Outcome<S, W, D> {
    /// The same outcome with its side and reason by name.
    pub fn named(self) -> AnyOutcome {
        match self {
            Outcome::Ongoing => Outcome::Ongoing,
            Outcome::Win { winner, reason } => Outcome::Win {
                winner: winner.name(),
                reason: reason.name(),
            },
            Outcome::Draw { reason } => Outcome::Draw {
                reason: reason.name(),
            },
        }
    }

    /// `ongoing`, or the reason's code.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win { reason, .. } => reason.name(),
            Outcome::Draw { reason } => reason.name(),
        }
    }
}

/// `ongoing`, `attackers win (king-captured)`, `white wins (blocked)`,
/// `draw (repetition)`: the terminal's words and a record's result line.
impl<S: Named, W: Named, D: Named> fmt::Display for Outcome<S, W, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { winner, reason } => {
                let side = winner.name();
                write!(f, "{side} {} ({})", wins(side), reason.name())
            }
            Outcome::Draw { reason } => write!(f, "draw ({})", reason.name()),
        }
    }
}

/// The verb after a side's name: sides named as groups are plural
/// (`attackers win`), sides named by a colour singular (`white wins`).
fn wins(side: &str) -> &'static str {
    if side.ends_with('s') { "win" } else { "wins" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_reads_with_the_verb_its_side_takes() {
        let win = |winner| AnyOutcome::Win {
            winner,
            reason: "no-moves",
        };
        assert_eq!(win("white").to_string(), "white wins (no-moves)");
        assert_eq!(win("defenders").to_string(), "defenders win (no-moves)");
        assert_eq!(
            AnyOutcome::Draw {
                reason: "repetition"
            }
            .to_string(),
            "draw (repetition)"
        );
        assert_eq!(AnyOutcome::Ongoing.to_string(), "ongoing");
    }

    #[test]
    fn an_outcome_serialises_in_the_protocol_shape() {
        let win = AnyOutcome::Win {
            winner: "black",
            reason: "blocked",
        };
        assert_eq!(
            serde_json::to_string(&win).expect("serialise"),
            r#"{"result":"win","winner":"black","reason":"blocked"}"#
        );
        assert_eq!(
            serde_json::to_string(&AnyOutcome::Ongoing).expect("serialise"),
            r#"{"result":"ongoing"}"#
        );
        assert_eq!(
            serde_json::to_string(&AnyOutcome::Draw {
                reason: "repetition"
            })
            .expect("serialise"),
            r#"{"result":"draw","reason":"repetition"}"#
        );
    }
}
