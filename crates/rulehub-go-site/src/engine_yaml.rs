//! Go's `engine:` block, read from the page's front matter by the family
//! (the hub keeps it as raw YAML).
//!
//! ```yaml
//! engine:
//!   rules: go-japanese                        # a preset name, or
//!   # rules: { preset: go-japanese, size: 9, komi: 6.5 }
//!   setup: { black: [D4, Q16], to_move: white }   # optional; an empty board
//! ```

use serde::Deserialize;

use rulehub_go::{Color, RulesSpec};

/// The front matter as Go reads it: the `engine:` block alone (the hub
/// has read and checked every other key).
#[derive(Debug, Clone, Deserialize)]
pub struct GoFrontMatter {
    pub engine: EngineSection,
}

/// The `engine` block. The board's size is the rules' own (`size`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    pub rules: RulesValue,
    /// Stones on the board before the first move (handicap stones), and
    /// who moves first; an empty board with Black to move when absent.
    #[serde(default)]
    pub setup: Option<Setup>,
    #[serde(default)]
    pub render: Option<rulehub_diagram::RenderSpec>,
}

/// `rules: go-japanese`, or a map of a preset and overrides in the engine's
/// field names (`{ preset: go-japanese, size: 9 }`): the ground's one
/// preset-or-overrides spec.
pub type RulesValue = RulesSpec;

/// Stones placed before the game starts, by point name (`D4`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(default)]
    pub black: Vec<String>,
    #[serde(default)]
    pub white: Vec<String>,
    #[serde(default)]
    pub to_move: Option<Color>,
}
