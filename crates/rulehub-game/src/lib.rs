//! The ground every game family stands on, with no game in it: board
//! geometry and square names ([`Dims`], [`Square`]) and the AI search
//! ([`ai`]: the [`ai::Searchable`] trait a family implements, levels,
//! limits and the transposition table), one [`Outcome`] for every family,
//! and the one erased game ([`Playable`]) that the command line, the room
//! server and the practice board drive.
//!
//! Pure: no I/O, no clock, no threads, so the same code runs in the site
//! generator, the room server and the browser's WebAssembly. A family's
//! crate (`rulehub-<family>`) depends on this one and on
//! nothing else of rulehub's.

pub mod ai;
mod board;
pub mod keysort;
mod outcome;
pub mod playable;
pub mod protocol;
pub mod spec;

pub use board::{Dims, MAX_SIDE, MIN_SIDE, Square, SquareParseError, SquareParseReason};
pub use outcome::{AnyOutcome, Named, Outcome};
pub use playable::{
    Cells, LegalMove, MoveInput, Playable, Played, RecordCut, RecordNotes, Refusal, RefusalKind,
    Replay, ReplayStop, ReplayedMove, Thought,
};
