//! The tafl family (hnefatafl, tablut, brandubh …): asymmetric games where
//! defenders escort a king to safety and attackers try to capture him.
//!
//! Everything a variant may change is data ([`Rules`]); presets name the
//! common rule sets. The engine is pure: no I/O, no printing.

pub mod ai;
mod game;
pub mod playable;
pub(crate) mod position;
pub mod record;
mod rules;
mod side;
mod spec;

pub use game::{
    DrawReason, Game, IllegalMove, Outcome, Played, SquareKind, WinReason, perft, perft_make_leaves,
};
pub use position::{Move, MoveParseError, MoveParseReason, Position, SetupError, SetupErrorReason};
pub use rules::{
    Access, Camps, DEFAULT_PRESET, Escape, HostileTo, KingArmed, KingCapture, Repetition,
    RepetitionResult, Rules, preset, preset_description, preset_names,
};
pub use spec::{RulesError, RulesOverrides, RulesSpec};

pub use side::{Piece, Side};
// The board geometry of the ground crate, which every signature here uses.
pub use rulehub_game::{Dims, MAX_SIDE, MIN_SIDE, Square, SquareParseError, SquareParseReason};

#[cfg(test)]
mod tests;
