//! The YAML of a worked example, as an author writes it (see
//! docs/example-format.md). Every key is checked; unknown keys are errors.

use serde::Deserialize;

use crate::engine::Side;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleSpec {
    pub id: String,
    /// The position before the moves; the variant's start when absent.
    #[serde(default)]
    pub position: Option<PositionSpec>,
    pub to_move: Side,
    pub moves: Vec<String>,
    pub expect: Expect,
}

/// A position: a setup string, or pieces by square.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum PositionSpec {
    Setup(String),
    Pieces(PiecesSpec),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiecesSpec {
    #[serde(default)]
    pub king: Option<String>,
    #[serde(default)]
    pub attackers: Vec<String>,
    #[serde(default)]
    pub defenders: Vec<String>,
}

/// Claims about the result of the last move.
#[derive(Debug, Clone, Default, Deserialize)]
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
}

impl Expect {
    pub fn claims_illegal(&self) -> bool {
        self.legal == Some(false)
    }

    /// Contradictory or incomplete claim combinations, as messages.
    pub fn problems(&self) -> Vec<String> {
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
        {
            problems.push("`expect` claims nothing; add `captures`, `winner`, `draw`, `ongoing`, `after` or `legal: false`".to_string());
        }
        if outcome_claims.iter().filter(|c| **c).count() > 1 {
            problems.push(
                "`winner`, `draw` and `ongoing: true` exclude each other; keep one".to_string(),
            );
        }
        if self.claims_illegal() {
            if self.reason.is_none() {
                problems
                    .push("`legal: false` needs a `reason` (e.g. `reason: blocked`)".to_string());
            }
            if self.captures.is_some() || self.after.is_some() || outcome_claims.iter().any(|c| *c)
            {
                problems.push("an illegal move has no captures, result or position after it; keep only `legal: false` and `reason`".to_string());
            }
        } else if self.reason.is_some() {
            problems.push(
                "`reason` explains an illegal move; add `legal: false` or remove `reason`"
                    .to_string(),
            );
        }
        if self.by.is_some() && self.winner.is_none() {
            problems.push("`by` says how a side wins; add `winner` or remove `by`".to_string());
        }
        if self.winner.is_some() && self.by.is_none() {
            problems.push("say how the game is won with `by` (e.g. `by: edge-escape`)".to_string());
        }
        if self.ongoing == Some(false) {
            problems.push(
                "`ongoing: false` says too little; claim `winner` or `draw` instead".to_string(),
            );
        }
        problems
    }
}
