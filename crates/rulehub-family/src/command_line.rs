//! What the command line asks of a game family beyond its pages: a game of
//! one of its presets (the ground's [`Playable`](rulehub_game::Playable),
//! which `rulehub perft`, `replay`, `ai` and `match` drive without knowing
//! the game) and a position drawn for `rulehub board`.

use rulehub_diagram::{Glyph, RenderSpec};
use rulehub_game::{Dims, Square};

/// A position as `rulehub board` draws it: the board, its pieces, the ops
/// a page of the family draws its board with when it gives none, and a
/// sentence describing it (the SVG's `<desc>`).
#[derive(Debug, Clone)]
pub struct SetupBoard {
    pub dims: Dims,
    pub pieces: Vec<(Square, &'static Glyph)>,
    pub render: RenderSpec,
    pub description: String,
}

/// What the command line asked for, beyond the preset.
#[derive(Debug, Clone, Copy, Default)]
pub struct EngineRequest<'a> {
    /// A start position in the family's own notation.
    pub setup: Option<&'a str>,
    /// The side to move first, by the family's name for it.
    pub to_move: Option<&'a str>,
    /// The board's size, for a family whose presets play on boards of
    /// several sizes (points or squares a side); a family whose preset
    /// fixes its board refuses it.
    pub size: Option<u8>,
    /// Replay without comparing a record's capture marks with the captures.
    pub ignore_capture_marks: bool,
}

/// What is wrong with a setup a command line gave, and where in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupProblem {
    pub message: String,
    /// The byte offset in the setup text, when the problem has a place.
    pub offset: Option<usize>,
}
