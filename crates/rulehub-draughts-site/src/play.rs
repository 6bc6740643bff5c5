//! Draughts' practice-board data: what a variant page ships so the browser
//! can play it against the AI, in the shape every family's board data has,
//! so one board script serves all. The engine is `assets/play/draughts.wasm`,
//! built from `crates/rulehub-draughts-wasm`, and the board draws draughts
//! with the family's module, `assets/draughts.js`: the page names both
//! (from the family's assets), and never another family's.
//!
//! What the board script needs to know is named in the data rather than
//! guessed by it: the sides, the square numbers of the
//! dark cells, the record's comment mark and the start position (`setup`,
//! a PDN FEN). Rooms ("Invite a friend") send the family, the rules and
//! the setup, and the room server checks every move with the draughts
//! engine.

use std::collections::BTreeMap;

use rulehub_draughts::{Colour, DraughtsRules, DrawReason, Position, Preset, WinReason, fen};
use serde::Serialize;

use rulehub_core::i18n::{Arg, I18n};
use rulehub_family::board_text::{BOARD_MESSAGE_IDS, board_strings};

/// Draughts' own messages, and the key the script looks them up by.
const DRAUGHTS_KEYS: &[(&str, &str)] = &[
    ("play-draughts-side-white", "play-side-white"),
    ("play-draughts-side-black", "play-side-black"),
    ("play-draughts-piece-white-man", "play-piece-w"),
    ("play-draughts-piece-white-king", "play-piece-W"),
    ("play-draughts-piece-black-man", "play-piece-b"),
    ("play-draughts-piece-black-king", "play-piece-B"),
    ("play-draughts-light-square", "play-light-square"),
    ("play-draughts-choose-route", "play-choose-route"),
    ("play-draughts-via", "play-via"),
];

/// Every message id the board says on a draughts page besides the shared
/// [`BOARD_MESSAGE_IDS`], for the family's list of ids every language must
/// define. `play-draughts-win` and `play-draw` are worded once per outcome.
const DRAUGHTS_IDS: &[&str] = &[
    "play-draw",
    "play-draughts-side-white",
    "play-draughts-side-black",
    "play-draughts-win",
    "play-draughts-piece-white-man",
    "play-draughts-piece-white-king",
    "play-draughts-piece-black-man",
    "play-draughts-piece-black-king",
    "play-draughts-light-square",
    "play-draughts-choose-route",
    "play-draughts-via",
];

#[derive(Serialize)]
struct PlayData<'a> {
    family: &'static str,
    rules: &'a DraughtsRules,
    /// The start position as a PDN FEN; it names the side to move first.
    setup: String,
    first_to_move: &'static str,
    sides: [&'static str; 2],
    /// Per cell (row by row from the top) its square number, 0 for a light
    /// square: squares are named by number in moves and announcements.
    numbers: Vec<u8>,
    /// The first lines of a copied record: the command that checks it (for
    /// a preset's rules) as a PDN line comment, which the record reader skips.
    replay_header: Option<String>,
    special: [(); 0],
    assets: String,
}

/// The board's sentences in one language, the same on every draughts page.
#[derive(Serialize)]
struct Sentences {
    strings: BTreeMap<&'static str, String>,
    /// `win-<winner>-<reason>` and `draw-<reason>` → the sentence announcing it.
    outcomes: BTreeMap<String, String>,
}

fn numbers(position: &Position) -> Vec<u8> {
    let geometry = position.geometry();
    let size = geometry.size();
    (0..size)
        .flat_map(|row| (0..size).map(move |col| (row, col)))
        .map(|(row, col)| geometry.at(row, col).map_or(0, |square| square.number()))
        .collect()
}

fn replay_header(rules: &DraughtsRules, setup: &str) -> Option<String> {
    let preset = Preset::ALL.iter().find(|p| p.rules() == *rules)?;
    Some(format!(
        "; rulehub replay --rules {} --setup '{setup}' FILE\n",
        preset.name()
    ))
}

/// Every message id the board says on a draughts page.
pub fn message_ids() -> impl Iterator<Item = &'static str> {
    BOARD_MESSAGE_IDS.iter().chain(DRAUGHTS_IDS).copied()
}

fn strings(i18n: &I18n, lang: &str) -> BTreeMap<&'static str, String> {
    let own = DRAUGHTS_KEYS
        .iter()
        .map(|&(id, key)| (key, i18n.message(lang, id, &[])));
    board_strings(i18n, lang).chain(own).collect()
}

/// `win-<winner>-<reason>` and `draw-<reason>` → the sentence announcing
/// it, with the reasons worded by the examples' messages.
fn outcome_sentences(i18n: &I18n, lang: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for reason in WinReason::ALL {
        let how = i18n.message(lang, &format!("draughts-win-{}", reason.code()), &[]);
        for winner in Colour::ALL {
            let sentence = i18n.message(
                lang,
                "play-draughts-win",
                &[("winner", Arg::Str(winner.code())), ("how", Arg::Str(&how))],
            );
            out.insert(format!("win-{}-{}", winner.code(), reason.code()), sentence);
        }
    }
    for reason in DrawReason::ALL {
        let how = i18n.message(lang, &format!("draughts-draw-{}", reason.code()), &[]);
        let sentence = i18n.message(lang, "play-draw", &[("how", Arg::Str(&how))]);
        out.insert(format!("draw-{}", reason.code()), sentence);
    }
    out
}

/// The board's data for a page playing `rules` from `start`; `assets` is
/// the href of the folder holding the engine and its worker.
pub fn practice_data(rules: &DraughtsRules, start: &Position, assets: &str) -> serde_json::Value {
    let setup = fen::write(start);
    let data = PlayData {
        family: super::NAME,
        rules,
        replay_header: replay_header(rules, &setup),
        first_to_move: start.to_move().code(),
        setup,
        sides: [Colour::White.code(), Colour::Black.code()],
        numbers: numbers(start),
        special: [],
        assets: assets.to_string(),
    };
    // Plain strings, numbers, maps and the rules serialize without fail.
    serde_json::to_value(&data).expect("page data serializes")
}

/// Every sentence the board says on a draughts page in `lang`.
pub fn board_sentences(i18n: &I18n, lang: &str) -> serde_json::Value {
    let sentences = Sentences {
        strings: strings(i18n, lang),
        outcomes: outcome_sentences(i18n, lang),
    };
    serde_json::to_value(&sentences).expect("strings serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_cells_carry_their_numbers_and_light_cells_none() {
        let rules = Preset::English.rules();
        let numbers = numbers(&rules.start_position());
        assert_eq!(numbers.len(), 64);
        assert_eq!(&numbers[..8], &[0, 1, 0, 2, 0, 3, 0, 4]);
        assert_eq!(numbers[56], 29, "a1 is square 29");
        assert_eq!(numbers[63], 0);
    }

    #[test]
    fn a_preset_names_its_replay_command_and_an_override_does_not() {
        let mut rules = Preset::International.rules();
        let header = replay_header(&rules, "W:W31-50:B1-20").expect("a preset");
        assert!(header.starts_with(
            "; rulehub replay --rules international-draughts --setup 'W:W31-50:B1-20'"
        ));
        rules.kings_fly = false;
        assert_eq!(replay_header(&rules, "W:W31-50:B1-20"), None);
    }
}
