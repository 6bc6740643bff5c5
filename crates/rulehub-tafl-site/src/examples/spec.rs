//! The YAML of a worked example, as an author writes it (see
//! docs/example-format.md). Every key is checked; unknown keys are errors.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use rulehub_tafl::Side;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleSpec {
    pub id: String,
    /// The position before the moves; the variant's start when absent.
    #[serde(default)]
    pub position: Option<PositionSpec>,
    pub to_move: Side,
    /// The moves to play; may be empty when `expect` only claims things
    /// about the position (`moves_from`, `state`).
    #[serde(default)]
    pub moves: Vec<String>,
    pub expect: Expect,
}

/// A position: a setup string, or pieces by square.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(untagged)]
pub enum PositionSpec {
    Setup(String),
    Pieces(PiecesSpec),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PiecesSpec {
    #[serde(default)]
    pub king: Option<String>,
    #[serde(default)]
    pub attackers: Vec<String>,
    #[serde(default)]
    pub defenders: Vec<String>,
}

/// Claims about the result of the last move, and about the position the
/// moves lead to (or the example's position when it has no moves).
/// `Serialize` lists every key for the documentation check.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    pub legal: Option<bool>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub captures: Option<Vec<String>>,
    #[serde(default)]
    pub winner: Option<Side>,
    #[serde(default)]
    pub by: Option<String>,
    #[serde(default)]
    pub draw: Option<String>,
    #[serde(default)]
    pub ongoing: Option<bool>,
    #[serde(default)]
    pub after: Option<PositionSpec>,
    /// Legal destinations by origin square: `{ e5: [e6, e7, f5] }` (the
    /// full list, for the side to move; `[]` claims the piece cannot move).
    #[serde(default)]
    pub moves_from: Option<BTreeMap<String, Vec<String>>>,
    /// Facts about the position: `exit-fort`, `encirclement`, `no-legal-moves`.
    #[serde(default)]
    pub state: Option<Vec<String>>,
}

impl Expect {
    pub fn claims_illegal(&self) -> bool {
        self.legal == Some(false)
    }

    /// Whether the example claims something about a position (rather than
    /// about a move).
    pub fn claims_about_the_position(&self) -> bool {
        self.moves_from.is_some() || self.state.is_some()
    }

    /// Whether any claim is about the last move itself.
    pub fn claims_about_a_move(&self) -> bool {
        self.legal.is_some()
            || self.captures.is_some()
            || self.after.is_some()
            || self.winner.is_some()
            || self.draw.is_some()
            || self.ongoing.is_some()
    }

    /// Contradictory or incomplete claim combinations: the claim each is
    /// about (where the report points) and its message.
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut problems = Vec::new();
        let outcome_claims = [
            self.winner.is_some(),
            self.draw.is_some(),
            self.ongoing == Some(true),
        ];
        if !self.claims_illegal()
            && self.captures.is_none()
            && self.after.is_none()
            && outcome_claims.iter().all(|c| !c)
            && self.legal.is_none()
            && !self.claims_about_the_position()
        {
            problems.push(("expect", "`expect` claims nothing; add `captures`, `winner`, `draw`, `ongoing`, `after`, `legal: false`, `moves_from` or `state`".to_string()));
        }
        if self.claims_illegal() && self.claims_about_the_position() {
            problems.push(("legal", "an illegal move leads to no position; claim `moves_from` and `state` in an example of their own".to_string()));
        }
        if outcome_claims.iter().filter(|c| **c).count() > 1 {
            problems.push((
                "expect",
                "`winner`, `draw` and `ongoing: true` exclude each other; keep one".to_string(),
            ));
        }
        if self.claims_illegal() {
            if self.reason.is_none() {
                problems.push((
                    "legal",
                    "`legal: false` needs a `reason` (e.g. `reason: blocked`)".to_string(),
                ));
            }
            if self.captures.is_some() || self.after.is_some() || outcome_claims.iter().any(|c| *c)
            {
                problems.push(("legal", "an illegal move has no captures, result or position after it; keep only `legal: false` and `reason`".to_string()));
            }
        } else if self.reason.is_some() {
            problems.push((
                "reason",
                "`reason` explains an illegal move; add `legal: false` or remove `reason`"
                    .to_string(),
            ));
        }
        if self.by.is_some() && self.winner.is_none() {
            problems.push((
                "by",
                "`by` says how a side wins; add `winner` or remove `by`".to_string(),
            ));
        }
        if self.winner.is_some() && self.by.is_none() {
            problems.push((
                "winner",
                "say how the game is won with `by` (e.g. `by: edge-escape`)".to_string(),
            ));
        }
        if self.ongoing == Some(false) {
            problems.push((
                "ongoing",
                "`ongoing: false` says too little; claim `winner` or `draw` instead".to_string(),
            ));
        }
        problems
    }
}
