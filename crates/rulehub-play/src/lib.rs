//! The rules engine and its AI for the browser's practice board.
//!
//! [`session`] is the whole API as ordinary Rust: games started from the
//! page's resolved rules, moves played and taken back, the AI asked for a
//! move, the record written — every answer a small JSON text, every bad
//! input an `{"ok":false,"error":…}` answer rather than a panic. [`ffi`]
//! exposes it to JavaScript as plain `extern "C"` functions over byte
//! buffers in the module's memory (no wasm-bindgen, so the build needs only
//! rustc and a linker); `themes/default/static/play/engine.js` is the loader.
//!
//! Like the engine it is pure: no clock, no I/O. The AI is bounded by nodes,
//! so its answer for a seed is the same natively and in the browser.

pub mod ffi;
pub mod session;

pub use session::Sessions;

#[cfg(test)]
mod tests;
