//! rulehub: a static site generator for board-game rules hubs.
//!
//! The pipeline runs one way, and each layer is a crate of the workspace
//! that depends only on the layers below it, so the compiler keeps the
//! direction:
//!
//! 1. The ground, pure (no I/O, no HTML) and with no game in it:
//!    `rulehub-game` ([`game`]: board geometry and square names, one
//!    outcome, the one game trait every caller drives, the preset-or-
//!    overrides spec and the game-independent AI search). Each family's
//!    engine (`rulehub-<family>`) stands on it alone. `rulehub-play` is the
//!    practice board's API for any family; a family's `rulehub-<family>-wasm`
//!    puts its engine behind it for the browser.
//! 2. `rulehub-core`: [`diagnostic`] (problems with their file spans),
//!    [`hub`] (discover, parse and assemble the sources; a variant's
//!    `engine:` and `render:` blocks stay raw YAML) and [`i18n`].
//! 3. `rulehub-diagram` ([`diagram`]: render ops, palette and glyphs → SVG)
//!    and `rulehub-markdown` ([`markdown`]: prose → safe HTML). These use the
//!    ground's board geometry (`Dims`, `Square`) and know no family.
//! 4. `rulehub-family` ([`family`]): the seam. Each game family implements
//!    [`family::GameFamily`] (read the `engine:` block, check the board,
//!    replay worked examples and sample games, word its facts through Fluent
//!    ids of its own, draw its pieces as glyphs, offer starter content, ship
//!    its assets) in a crate of its own (`rulehub-<family>-site`) and is
//!    listed once in `rulehub-registry` ([`family::FAMILIES`]); [`check`] runs
//!    each variant through the family its folder names.
//! 5. This crate: [`scaffold`], [`inventory`], [`translations`], [`site`]
//!    (pages, templates, output) and [`serve`].
//! 6. The binary's `cli` module, the only code that prints. `perft`,
//!    `replay`, `ai` and `match` drive a game they take from the family that
//!    has the preset ([`family::GameFamily::start_game`]), so they
//!    know no game either.
//!
//! The lower layers are re-exported here under their module names, so
//! `rulehub::hub`, `rulehub::family` and the rest read as one library.

// A `Diagnostic` carries its file, place, message, hint and source text; it
// is built only on the error path, once per problem, so boxing it to shrink
// `Result` would add indirection everywhere for no measurable gain.
#![allow(clippy::result_large_err)]

pub use rulehub_core::{diagnostic, hub, i18n};
pub use rulehub_diagram as diagram;
/// The family seam (`rulehub-family`) with the registered families
/// (`rulehub-registry`): one module to find a family and drive it.
pub mod family {
    pub use rulehub_family::*;
    pub use rulehub_registry::{
        FAMILIES, default_family, default_preset, find, names, open_game, open_protocol,
        protocol_presets, setup_board, side_names, start_game,
    };

    /// What the command line asks of a family, and the message for a preset
    /// no registered family has.
    pub mod command_line {
        pub use rulehub_family::command_line::*;
        pub use rulehub_registry::unknown_preset;
    }
}
/// The ground of every game family (board geometry, the AI search): a crate
/// of its own, whose only dependency is serde, so the compiler keeps it from
/// reaching the hub, the site or any I/O.
pub use rulehub_game as game;
pub use rulehub_markdown as markdown;
pub use rulehub_registry::check;

pub mod inventory;
pub mod scaffold;
pub mod serve;
pub mod site;
pub mod translations;
