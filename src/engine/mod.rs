//! The rules engine: pure game logic, no I/O and no HTML.
//!
//! Board basics (squares, pieces, sides, notation) live here because every
//! game family and every later pipeline stage shares them; the rules of a
//! family live in its own submodule (`tafl`).

mod board;

pub use board::{Dims, Piece, Side, Square, SquareParseError};
