//! The game families rulehub knows, by name: adding a family is its crates
//! and one line in [`FAMILIES`]. The command line, the site and serve find
//! a family here, by its folder name or by one of its presets, and know no
//! game themselves.

// A `Diagnostic` is built only on the error path, once per problem (see
// rulehub-core).
#![allow(clippy::result_large_err)]

use rulehub_diagram::Palette;
use rulehub_family::{EngineRequest, GameFamily, Playable, SetupBoard};

/// Every registered family, in the order their names are listed to authors.
pub static FAMILIES: &[&dyn GameFamily] = &[
    &rulehub_tafl_site::Tafl,
    &rulehub_draughts_site::Draughts,
    &rulehub_go_site::Go,
];

/// The family called `name`, or a message listing the registered ones.
pub fn find(name: &str) -> Result<&'static dyn GameFamily, String> {
    FAMILIES
        .iter()
        .copied()
        .find(|family| family.name() == name)
        .ok_or_else(|| {
            format!(
                "`{name}` is not a game family rulehub knows; the families are: {}",
                names().join(", ")
            )
        })
}

/// The family the command line plays and draws when given no preset: the
/// first registered.
pub fn default_family() -> &'static dyn GameFamily {
    FAMILIES[0]
}

/// The preset the command line plays when given none.
pub fn default_preset() -> &'static str {
    default_family().default_preset()
}

/// Every side name of every family, each once, in registry order: the
/// command line's side options.
pub fn side_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for side in FAMILIES.iter().flat_map(|family| family.sides()) {
        if !names.contains(&side) {
            names.push(side);
        }
    }
    names
}

/// The registered families' names.
pub fn names() -> Vec<&'static str> {
    FAMILIES.iter().map(|family| family.name()).collect()
}

/// The check stage by family name: each variant goes to the family its
/// folder names.
pub mod check {
    use rulehub_core::hub::Variant;
    use rulehub_diagram::Palette;

    pub use rulehub_family::check::{Checked, CheckedVariant};

    /// Checks one variant of the family `family` (its folder), collecting
    /// every problem; an unknown family is an error listing the known ones.
    pub fn check(family: &str, variant: &Variant, palette: &Palette) -> Checked {
        match super::find(family) {
            Ok(engine) => rulehub_family::check::check_variant(engine, variant, palette),
            Err(message) => rulehub_family::check::unknown_family(variant, message),
        }
    }
}

/// The board of one of a family's presets, from `setup` (in the family's
/// own notation) or the preset's start. `None` when no family has the
/// preset; an error sentence when the setup does not fit its board.
pub fn setup_board(
    preset: &str,
    setup: Option<&str>,
    palette: &Palette,
) -> Option<Result<SetupBoard, String>> {
    FAMILIES
        .iter()
        .find_map(|family| family.setup_board(preset, setup, palette))
}

/// A game of the first registered family whose [`GameFamily::start_game`]
/// takes `preset`: the command line names a preset and knows no game.
/// `None` when no family has the preset; an error sentence when the request
/// does not fit it (an unreadable setup, an option the family does not use).
pub fn start_game(
    preset: &str,
    request: &EngineRequest<'_>,
) -> Option<Result<Box<dyn Playable>, String>> {
    FAMILIES
        .iter()
        .find_map(|family| family.start_game(preset, request))
}

/// A room's game: the family `family` names, opened from the rules (and
/// setup) a page's board data carries. An unknown family is an error
/// listing the registered ones.
pub fn open_game(
    family: &str,
    rules: &serde_json::Value,
    setup: Option<&str>,
) -> Result<Box<dyn Playable>, String> {
    find(family)?.open_game(rules, setup)
}

/// The message for a preset no family has, with every preset there is.
pub fn unknown_preset(preset: &str) -> String {
    let all: Vec<&str> = FAMILIES
        .iter()
        .flat_map(|family| family.preset_names())
        .collect();
    format!(
        "unknown rules preset `{preset}`; valid presets: {}",
        all.join(", ")
    )
}
