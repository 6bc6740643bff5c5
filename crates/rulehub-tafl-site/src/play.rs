//! Tafl's practice-board data: what a variant page ships so the browser can
//! play it against the engine's AI (the engine is `assets/play/tafl.wasm`,
//! built from `crates/rulehub-tafl-wasm`; the board draws tafl with the
//! family's module, `assets/tafl.js`).
//!
//! The page carries its *resolved* rules — the same value its examples were
//! checked with, custom author rules included — and every sentence the board
//! says, already in the page's language, as one JSON blob in a
//! `<script type="application/json">`. The board itself is
//! `assets/play/board.js`; without JavaScript the section stays hidden.

use std::collections::BTreeMap;

use serde::Serialize;

use rulehub_core::i18n::{Arg, I18n};
use rulehub_family::board_text::{BOARD_MESSAGE_IDS, board_strings, with_placeholders};
use rulehub_tafl::Side;
use rulehub_tafl::{DrawReason, Rules, WinReason, preset, preset_names};

/// Tafl's own messages on the board, besides the shared
/// [`BOARD_MESSAGE_IDS`]: `play-win` and `play-draw` are formatted once per
/// outcome below, the rest go to the script as they are (with `{…}`
/// placeholders where the script fills something in).
const TAFL_IDS: &[&str] = &[
    "play-heading",
    "play-side-attackers",
    "play-side-defenders",
    "play-win",
    "play-draw",
    "play-piece-attacker",
    "play-piece-defender",
    "play-piece-king",
];

#[derive(Serialize)]
struct PlayData<'a> {
    rules: &'a Rules,
    /// A preset with exactly these rules, so a copied record can name the
    /// `rulehub replay` command that checks it; `None` for custom rules.
    replay_preset: Option<&'static str>,
    /// Throne, corners, camps and escape squares: `[kind, [cell index…]]`.
    special: Vec<(&'static str, Vec<usize>)>,
    /// The two sides, as the board offers them to play.
    sides: [&'static str; 2],
    assets: String,
}

/// The board's sentences in one language, the same on every tafl page.
#[derive(Serialize)]
struct Sentences {
    strings: BTreeMap<&'static str, String>,
    /// `win-<winner>-<reason>` and `draw-<reason>` → the sentence announcing it.
    outcomes: BTreeMap<String, String>,
}

/// The name of the preset whose rules are these (on the page's own board).
fn matching_preset(rules: &Rules) -> Option<&'static str> {
    preset_names().iter().copied().find(|name| {
        preset(name).is_some_and(|mut p| {
            p.dims = rules.dims;
            p.setup.clone_from(&rules.setup);
            p == *rules
        })
    })
}

fn special_cells(rules: &Rules) -> Vec<(&'static str, Vec<usize>)> {
    let dims = rules.dims;
    rules
        .special_squares(dims)
        .into_iter()
        .map(|(kind, squares)| {
            let cells = squares
                .iter()
                .map(|s| usize::from(s.row) * usize::from(dims.cols) + usize::from(s.col))
                .collect();
            (kind.as_str(), cells)
        })
        .collect()
}

fn outcome_sentences(i18n: &I18n, lang: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for reason in WinReason::ALL {
        let how = i18n.message(lang, &format!("win-{}", reason.code()), &[]);
        for winner in [Side::Attackers, Side::Defenders] {
            let sentence = i18n.message(
                lang,
                "play-win",
                &[
                    ("winner", Arg::Str(winner.as_str())),
                    ("how", Arg::Str(&how)),
                ],
            );
            out.insert(
                format!("win-{}-{}", winner.as_str(), reason.code()),
                sentence,
            );
        }
    }
    for reason in DrawReason::ALL {
        let how = i18n.message(lang, &format!("draw-{}", reason.code()), &[]);
        let sentence = i18n.message(lang, "play-draw", &[("how", Arg::Str(&how))]);
        out.insert(format!("draw-{}", reason.code()), sentence);
    }
    out
}

/// Every message id the board says on a tafl page.
pub fn message_ids() -> impl Iterator<Item = &'static str> {
    BOARD_MESSAGE_IDS.iter().chain(TAFL_IDS).copied()
}

fn strings(i18n: &I18n, lang: &str) -> BTreeMap<&'static str, String> {
    let own = TAFL_IDS
        .iter()
        .filter(|id| !matches!(**id, "play-win" | "play-draw"))
        .map(|&id| (id, with_placeholders(i18n, lang, id)));
    board_strings(i18n, lang).chain(own).collect()
}

/// The board's data for a page playing `rules`; `assets` is the href of
/// the folder holding the engine and its worker.
pub fn practice_data(rules: &Rules, assets: &str) -> serde_json::Value {
    let data = PlayData {
        rules,
        replay_preset: matching_preset(rules),
        special: special_cells(rules),
        sides: [Side::Attackers.as_str(), Side::Defenders.as_str()],
        assets: assets.to_string(),
    };
    // Plain strings, maps and the rules serialize without fail.
    serde_json::to_value(&data).expect("page data serializes")
}

/// Every sentence the board says on a tafl page in `lang`.
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
    fn a_preset_on_its_own_board_is_named_and_an_override_is_not() {
        let mut rules = preset("copenhagen").expect("preset");
        assert_eq!(matching_preset(&rules), Some("copenhagen"));
        rules.move_limit = Some(7);
        assert_eq!(matching_preset(&rules), None);
    }
}
