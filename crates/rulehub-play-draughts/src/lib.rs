//! The draughts engine and its AI for the browser's practice board.
//!
//! The module answers the same calls as `crates/rulehub-play` (tafl), with
//! the same JSON shapes, so `themes/default/static/play/engine.js`,
//! `worker.js` and `board.js` drive either one; only the board's drawing
//! differs. Two things are draughts' own:
//! - a move is a path of cells, `[from, landing…, to]`, since a capture
//!   may jump several times; `state.moves` lists every legal path;
//! - `play(from, to)` reads the landing squares in between from the input
//!   buffer (a JSON array of cells, or nothing) when two captures join the
//!   same squares by different routes, and refuses with the code
//!   `ambiguous` when they are needed and missing.
//!
//! Like the engine it is pure: no clock, no I/O, the AI bounded by nodes.

pub mod ffi;
pub mod session;

pub use session::Sessions;

#[cfg(test)]
mod tests;
