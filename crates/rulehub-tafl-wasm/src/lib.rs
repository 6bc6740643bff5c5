//! Tafl's practice board for the browser: `engine.wasm`, built by
//! `scripts/build-wasm.sh` from this crate (`cargo rustc --crate-type
//! cdylib`), answering the calls of `crates/rulehub-play` for a tafl game.
//!
//! Cells are `.` empty, `b` attacker, `w` defender, `K` king; a move is
//! `[from, to]`; the record is the one `rulehub replay` reads, with `#`
//! comments naming the start position.

mod game;

pub use game::{NewGame, start};
pub use rulehub_tafl::playable::TaflPlay;

/// The games of one page, as the exports below keep them.
pub type Sessions = rulehub_play::Sessions<TaflPlay>;

/// No game yet.
pub fn sessions() -> Sessions {
    Sessions::new(start)
}

/// The module's exports for JavaScript.
pub mod ffi {
    rulehub_play::export_practice_api!(crate::TaflPlay, crate::start);
}

#[cfg(test)]
mod tests;
