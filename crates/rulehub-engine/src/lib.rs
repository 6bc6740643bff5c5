//! The rules engine: pure game logic, no I/O and no HTML.
//!
//! Board basics (squares, pieces, sides, notation) live here because every
//! game family and every later pipeline stage shares them; the rules of a
//! family live in its own submodule (`tafl`).

pub mod ai;
mod board;
mod keysort;
pub mod tafl;

pub use board::{
    Dims, MAX_SIDE, MIN_SIDE, Piece, Side, Square, SquareParseError, SquareParseReason,
};
