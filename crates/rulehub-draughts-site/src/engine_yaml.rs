//! Draughts' `engine:` block, read from the page's front matter by the
//! family (the hub keeps it as raw YAML).

use serde::Deserialize;

use rulehub_draughts::RulesSpec;

/// The front matter as draughts reads it: the `engine:` block alone (the
/// hub has read and checked every other key).
#[derive(Debug, Clone, Deserialize)]
pub struct DraughtsFrontMatter {
    pub engine: EngineSection,
}

/// The `engine` block. The board is the rules' own (`board_size`), so
/// there is no `topology` to keep in step with it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    /// A preset name (`english-draughts`), or a map of a preset and
    /// overrides (`{ preset: international-draughts, board_size: 8 }`).
    pub rules: RulesSpec,
    /// The start position as a PDN FEN (`B:W21-32:B1-12`); the rules'
    /// own start (men on the first rows, the first mover to move) when absent.
    #[serde(default)]
    pub setup: Option<String>,
    #[serde(default)]
    pub render: Option<rulehub_diagram::RenderSpec>,
}
