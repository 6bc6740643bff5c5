//! rulehub: a static site generator for board-game rules hubs.
//!
//! The pipeline runs one way, each layer using only those below it:
//!
//! 1. `engine` (the `rulehub-engine` crate): tafl's rules and the board
//!    geometry; `rulehub-draughts`: draughts' rules (only `family::draughts`
//!    uses it). Pure: no I/O, no HTML; the compiler keeps them from reaching
//!    anything here.
//! 2. `diagnostic`, `hub` (discover, parse and assemble the sources; a
//!    variant's `engine:` and `render:` blocks stay raw YAML), `i18n`,
//!    `diagram` (render ops, palette and glyphs → SVG), `markdown`. These
//!    know no game family: they use the engine's board geometry (`Dims`,
//!    `Square`) and nothing else of it, which `tests/testsuite/layers.rs`
//!    checks.
//! 3. `family`: the seam. Each game family implements
//!    [`family::GameFamily`] (read the `engine:` block, check the board,
//!    replay worked examples, word its facts and sentences through Fluent
//!    ids of its own, draw its pieces as glyphs, offer starter content) and
//!    is listed once in [`family::registry`].
//! 4. `check` (each variant to the family its folder names), `scaffold`,
//!    `inventory`, `translations`.
//! 5. `site` (pages, templates, output) and `serve`.
//!
//! Nothing here prints; the binary's `cli` module reports (and may use an
//! engine directly, for `perft`, `replay`, `ai` and `match`; a family may
//! instead hand it one through [`family::GameFamily::command_line_engine`],
//! as draughts does for `perft` and `replay`).

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
