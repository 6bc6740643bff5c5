//! The YAML of a Go worked example, as an author writes it (see
//! docs/example-format.md). Every key is checked; unknown keys are errors.
//!
//! ```yaml
//! id: ko
//! black: [C4, B3, C2, D3]     # the stones before the moves, by point name
//! white: [D4, E3, D2]
//! to_move: black              # who plays the first move (default black)
//! moves: [C3]                # point names or `pass`, in turn
//! dead: [A1]                  # stones taken off before counting
//! expect: { legal: false, reason: ko }
//! ```

use serde::{Deserialize, Serialize};

use rulehub_go::Color;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleSpec {
    pub id: String,
    /// Black's stones before the moves; with `white` and `to_move` absent
    /// too, the page's start.
    #[serde(default)]
    pub black: Option<Vec<String>>,
    #[serde(default)]
    pub white: Option<Vec<String>>,
    #[serde(default)]
    pub to_move: Option<Color>,
    /// Point names (`C3`) or `pass`, each by the side to move in turn.
    pub moves: Vec<String>,
    /// Stones both players agree are dead, removed before the count.
    #[serde(default)]
    pub dead: Option<Vec<String>>,
    pub expect: Expect,
}

/// Claims about the last move and the position it leads to.
/// `Serialize` lists every key for the documentation check.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    pub legal: Option<bool>,
    /// Why the last move is refused: `occupied`, `suicide`, `ko`, `superko`.
    #[serde(default)]
    pub reason: Option<String>,
    /// The opponent's stones the last move takes, by point name.
    #[serde(default)]
    pub captures: Option<Vec<String>>,
    /// The mover's own stones the last move removes (a suicide the rules allow).
    #[serde(default)]
    pub suicide: Option<Vec<String>>,
    /// The count once two passes have ended the game: `B+3.5`, `W+0.5`, `0`.
    #[serde(default)]
    pub score: Option<String>,
    #[serde(default)]
    pub ongoing: Option<bool>,
}

impl Expect {
    pub fn claims_illegal(&self) -> bool {
        self.legal == Some(false)
    }

    /// Contradictory or incomplete claim combinations: the claim each is
    /// about (where the report points) and its message.
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut problems = Vec::new();
        let move_claims = self.captures.is_some() || self.suicide.is_some();
        let end_claims = self.score.is_some() || self.ongoing.is_some();
        if self.legal.is_none() && !move_claims && !end_claims {
            problems.push((
                "expect",
                "`expect` claims nothing; add `captures`, `suicide`, `score`, `ongoing` or `legal: false`"
                    .to_string(),
            ));
        }
        if self.score.is_some() && self.ongoing == Some(true) {
            problems.push((
                "score",
                "a score is counted when two passes have ended the game, so it excludes `ongoing: true`; keep one".to_string(),
            ));
        }
        if self.ongoing == Some(false) {
            problems.push((
                "ongoing",
                "`ongoing: false` says too little; claim the `score` instead".to_string(),
            ));
        }
        if self.claims_illegal() {
            if self.reason.is_none() {
                problems.push((
                    "legal",
                    "`legal: false` needs a `reason` (`occupied`, `suicide`, `ko` or `superko`)"
                        .to_string(),
                ));
            }
            if move_claims || end_claims {
                problems.push(("legal", "an illegal move has no captures, score or position after it; keep only `legal: false` and `reason`".to_string()));
            }
        } else if self.reason.is_some() {
            problems.push((
                "reason",
                "`reason` explains an illegal move; add `legal: false` or remove `reason`"
                    .to_string(),
            ));
        }
        problems
    }
}

/// Who the claim `score` names, and by how much: `None` for a draw.
pub fn parse_score(text: &str) -> Option<Option<(Color, f64)>> {
    let text = text.trim();
    if text == "0" || text.eq_ignore_ascii_case("draw") {
        return Some(None);
    }
    let (side, margin) = text.split_once('+')?;
    let color = match side.trim() {
        "B" | "b" => Color::Black,
        "W" | "w" => Color::White,
        _ => return None,
    };
    let margin: f64 = margin.trim().parse().ok()?;
    (margin.is_finite() && margin > 0.0).then_some(Some((color, margin)))
}
