//! Draughts' practice board for the browser: `draughts.wasm`, built by
//! `scripts/build-wasm.sh` from this crate (`cargo rustc --crate-type
//! cdylib`), answering the calls of `crates/rulehub-play` for a draughts
//! game, so `engine.js`, `worker.js` and `board.js` drive it as they drive
//! every family's module; only the board's drawing (`draughts.js`) differs. What is
//! draughts' own:
//! - a move is a path of cells, `[from, landing…, to]`, since a capture
//!   may jump several times; `state.moves` lists every legal path;
//! - `play(from, to)` reads the landing squares in between from the input
//!   buffer (a JSON array of cells, or nothing) when two captures join the
//!   same squares by different routes, and refuses with the code
//!   `ambiguous` when they are needed and missing;
//! - the record is PDN, after a `; setup:` line comment.

mod game;

pub use game::{NewGame, start};
pub use rulehub_draughts::ai::level_limits;
pub use rulehub_draughts::playable::DraughtsPlay;

/// The games of one page, as the exports below keep them.
pub type Sessions = rulehub_play::Sessions<DraughtsPlay>;

/// No game yet.
pub fn sessions() -> Sessions {
    Sessions::new(start)
}

/// The module's exports for JavaScript.
pub mod ffi {
    rulehub_play::export_practice_api!(crate::DraughtsPlay, crate::start);
}

#[cfg(test)]
mod tests;
