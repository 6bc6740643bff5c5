//! The practice board's engine API for any game family, as the browser
//! calls it.
//!
//! A family's board crate (`rulehub-<family>-wasm`, built into the
//! family's WebAssembly module) starts its family's
//! [`Playable`](rulehub_game::Playable) game from the page's request and
//! names it once with [`export_practice_api!`]. Everything
//! else is here, once: games addressed by handle and bounded in number
//! ([`Sessions`]), requests read and answers written as small JSON texts of
//! one shape for every family (so `engine.js`, `worker.js` and `board.js`
//! drive any module), and the `extern "C"` exports over byte buffers in the
//! module's memory (no wasm-bindgen, so the build needs only rustc and a
//! linker). Every bad input is an `{"ok":false,"error":…}` answer, never a
//! panic.
//!
//! Like the engines it does no I/O and reads no clock of its own. The AI is
//! bounded by nodes, so its answer for a seed is the same natively and in
//! the browser, and by the level's reply time on the page's clock (the
//! module's one import), so a slow device or a large board never waits
//! long: there the search stops at its last finished iteration.

mod answer;
#[doc(hidden)]
pub mod ffi;
mod sessions;

pub use answer::{Board, Outcome, Refusal};
pub use sessions::{MAX_GAMES, MAX_NODE_BUDGET, MAX_REQUEST_BYTES, Sessions, Start, read_request};
