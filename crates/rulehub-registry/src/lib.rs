//! The game families rulehub knows, by name: adding a family is its crates
//! and one line in [`FAMILIES`]. The command line, the site and serve find
//! a family here, by its folder name or by one of its presets, and know no
//! game themselves.

// A `Diagnostic` is built only on the error path, once per problem (see
// rulehub-core).
#![allow(clippy::result_large_err)]

use rulehub_diagram::Palette;
use rulehub_family::{
    EngineRequest, GameFamily, LineProtocol, Playable, ProtocolOptions, SetupBoard,
};

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

/// The presets of every family that speaks `protocol` (`gtp`), the first
/// such family's default for it first: what `rulehub PROTOCOL --rules`
/// takes, and plays when given none.
pub fn protocol_presets(protocol: &str) -> Vec<&'static str> {
    let speakers = || {
        FAMILIES.iter().filter_map(|family| {
            let spoken = family.protocols().iter().find(|p| p.name == protocol)?;
            Some((family, spoken))
        })
    };
    let mut presets: Vec<&'static str> = speakers()
        .take(1)
        .map(|(_, spoken)| spoken.default_preset)
        .collect();
    for preset in speakers().flat_map(|(family, _)| family.preset_names()) {
        if !presets.contains(&preset) {
            presets.push(preset);
        }
    }
    presets
}

/// A session of `protocol` under `preset`'s rules, from the family that
/// speaks it and has the preset; an error sentence names the presets
/// there are.
pub fn open_protocol(
    protocol: &str,
    preset: &str,
    options: &ProtocolOptions,
) -> Result<Box<dyn LineProtocol>, String> {
    FAMILIES
        .iter()
        .find_map(|family| family.open_protocol(protocol, preset, options))
        .unwrap_or_else(|| {
            Err(format!(
                "`{preset}` is not a preset `rulehub {protocol}` plays; valid presets: {}",
                protocol_presets(protocol).join(", ")
            ))
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_protocol_lists_its_default_preset_first_and_every_preset_once() {
        let presets = protocol_presets("gtp");
        assert_eq!(presets.first(), Some(&"go-chinese"));
        let mut unique = presets.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), presets.len(), "{presets:?}");
        assert!(presets.contains(&"go-japanese"), "{presets:?}");
        assert!(protocol_presets("no-such-protocol").is_empty());
    }

    #[test]
    fn a_preset_of_a_family_that_does_not_speak_the_protocol_is_refused_naming_those_there_are() {
        let Err(message) = open_protocol("gtp", "brandubh", &ProtocolOptions::default()) else {
            panic!("a preset of a family that speaks no GTP opened a session");
        };
        assert!(message.contains("`brandubh`"), "{message}");
        assert!(message.contains("go-chinese"), "{message}");
    }

    #[test]
    fn a_session_opened_through_the_registry_answers_lines_and_ends_on_quit() {
        let mut session = open_protocol("gtp", "go-chinese", &ProtocolOptions::default())
            .expect("go-chinese speaks GTP");
        assert_eq!(session.answer("1 boardsize 9\n").as_deref(), Some("=1\n\n"));
        assert_eq!(session.answer("# a comment\n"), None);
        assert!(!session.finished());
        assert_eq!(session.answer("quit\n").as_deref(), Some("=\n\n"));
        assert!(session.finished());
    }
}
