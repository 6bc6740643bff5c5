//! The YAML of a draughts worked example, as an author writes it (see
//! docs/example-format.md). Every key is checked; unknown keys are errors.

use serde::{Deserialize, Serialize};

use rulehub_draughts::Colour;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleSpec {
    pub id: String,
    /// The position before the moves as a PDN FEN, which also says who is
    /// to move (`W:W22:B1,18`); the variant's start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves in PDN: `11-15`, `22x15`, a multi-jump with every landing
    /// square (`22x13x6`) or only its ends (`22x6`) when that is unambiguous.
    pub moves: Vec<String>,
    /// After the moves, the player to move claims a draw (under rules
    /// where draws are claimed, English draughts).
    #[serde(default)]
    pub claim: bool,
    pub expect: Expect,
}

/// Claims about the last move and the position it leads to.
/// `Serialize` lists every key for the documentation check.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    pub legal: Option<bool>,
    /// Why the last move is refused: one of the engine's codes.
    #[serde(default)]
    pub reason: Option<String>,
    /// The squares of the pieces the last move takes, by number.
    #[serde(default)]
    pub captures: Option<Vec<u32>>,
    /// Whether the last move crowns its man.
    #[serde(default)]
    pub crowned: Option<bool>,
    #[serde(default)]
    pub winner: Option<Colour>,
    #[serde(default)]
    pub by: Option<String>,
    #[serde(default)]
    pub draw: Option<String>,
    #[serde(default)]
    pub ongoing: Option<bool>,
    /// The position after the moves, as a PDN FEN.
    #[serde(default)]
    pub after: Option<String>,
    /// The draw the player to move may claim after the moves (a draw
    /// reason code), where draws are claimed.
    #[serde(default)]
    pub claimable: Option<String>,
}

impl Expect {
    pub fn claims_illegal(&self) -> bool {
        self.legal == Some(false)
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
        let move_claims = self.captures.is_some()
            || self.crowned.is_some()
            || self.after.is_some()
            || self.claimable.is_some();
        if self.legal.is_none() && !move_claims && outcome_claims.iter().all(|c| !c) {
            problems.push(("expect", "`expect` claims nothing; add `captures`, `crowned`, `winner`, `draw`, `ongoing`, `after`, `claimable` or `legal: false`".to_string()));
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
                    "`legal: false` needs a `reason` (e.g. `reason: capture-required`)".to_string(),
                ));
            }
            if move_claims || outcome_claims.iter().any(|c| *c) {
                problems.push(("legal", "an illegal move has no captures, crowning, result or position after it; keep only `legal: false` and `reason`".to_string()));
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
                "say how the game is won with `by` (e.g. `by: no-pieces`)".to_string(),
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
