//! rulehub: a static site generator for board-game rules hubs.
//!
//! The pipeline runs one way: `hub` (discover and parse sources) → `engine`
//! (game rules) → `examples` (replay worked examples) → `diagram` (SVG boards)
//! → `markdown` → `site` (pages, templates, output). Nothing here prints; the
//! binary's `cli` module reports.

// A `Diagnostic` carries its file, place, message, hint and source text; it
// is built only on the error path, once per problem, so boxing it to shrink
// `Result` would add indirection everywhere for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod check;
pub mod diagnostic;
pub mod diagram;
/// The rules engines: a crate of their own, whose only dependency is serde,
/// so the compiler keeps them from reaching the hub, the site or any I/O.
pub use rulehub_engine as engine;
pub mod family;
pub mod hub;
pub mod i18n;
pub mod inventory;
pub mod markdown;
pub mod scaffold;
pub mod serve;
pub mod site;
pub mod translations;
