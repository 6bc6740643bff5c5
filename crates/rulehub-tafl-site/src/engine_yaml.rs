//! Tafl's `engine:` block, read from the page's front matter by the family
//! (the hub keeps it as raw YAML).

use serde::Deserialize;

use rulehub_tafl::RulesSpec;
use rulehub_tafl::Side;

/// The front matter as tafl reads it: the `engine:` block alone (the hub
/// has read and checked every other key).
#[derive(Debug, Clone, Deserialize)]
pub struct TaflFrontMatter {
    pub engine: EngineSection,
}

/// The `engine` block: board, players, start position, rules (and, as in the
/// seed, the render ops).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    pub topology: Topology,
    /// Sides in turn order; the first moves first.
    #[serde(default = "default_players")]
    pub players: Vec<Side>,
    /// FEN-like start position; the rules preset's own when absent.
    #[serde(default)]
    pub setup: Option<String>,
    /// A rules preset name, or a preset with overrides, or explicit rules.
    #[serde(default)]
    pub rules: Option<RulesSpec>,
    #[serde(default)]
    pub render: Option<rulehub_diagram::RenderSpec>,
}

fn default_players() -> Vec<Side> {
    vec![Side::Attackers, Side::Defenders]
}

/// The board's shape. Only square grids exist so far.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Topology {
    #[serde(rename = "type")]
    pub kind: TopologyKind,
    pub rows: u8,
    pub cols: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TopologyKind {
    Grid,
}
