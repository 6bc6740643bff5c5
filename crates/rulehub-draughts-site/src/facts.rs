//! Draughts' rule facts for the comparison table and "At a glance", read
//! from the resolved rule set so they can never drift from what the
//! examples are checked against.
//!
//! [`facts`] takes the rule set apart field by field without `..`, so a
//! field added to `DraughtsRules` does not compile until it has a row here;
//! the value ids of enums come from the enums' own `ALL` lists.

use rulehub_draughts::{CaptureChoice, Colour, DraughtsRules};

use rulehub_core::i18n::{Arg, I18n};

/// The labels, in table order: one per field of the rules (the two draw
/// rules share a row).
pub const LABELS: &[&str] = &[
    "draughts-cmp-board",
    "draughts-cmp-first-move",
    "draughts-cmp-men-capture",
    "draughts-cmp-kings",
    "draughts-cmp-capture-mandatory",
    "draughts-cmp-capture-choice",
    "draughts-cmp-crowning",
    "draughts-cmp-draws",
];

/// The message for a side's name.
pub fn side_id(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "draughts-side-white",
        Colour::Black => "draughts-side-black",
    }
}

/// The message for a capture choice: `draughts-capture-choice-` and the
/// value as written in front matter.
pub fn capture_choice_id(choice: CaptureChoice) -> &'static str {
    match choice {
        CaptureChoice::Free => "draughts-capture-choice-free",
        CaptureChoice::Majority => "draughts-capture-choice-majority",
    }
}

/// The messages of the yes/no fields, `(false, true)`.
const MEN_CAPTURE: (&str, &str) = (
    "draughts-men-capture-forwards",
    "draughts-men-capture-backwards",
);
const KINGS: (&str, &str) = ("draughts-kings-short", "draughts-kings-fly");
const MANDATORY: (&str, &str) = ("draughts-capture-optional", "draughts-capture-mandatory");
const CROWNING: (&str, &str) = (
    "draughts-crown-after-capture",
    "draughts-crown-during-capture",
);
const DRAWS: [&str; 3] = [
    "draughts-repetition-rule",
    "draughts-king-move-rule",
    "draughts-no-draw-rule",
];

/// Added to the draw rules where a player claims them.
const DRAWS_CLAIMED: &str = "draughts-draws-claimed";

fn pick(flag: bool, (no, yes): (&'static str, &'static str)) -> &'static str {
    if flag { yes } else { no }
}

/// Every message id this module uses.
pub fn message_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = LABELS.to_vec();
    ids.push("draughts-board-value");
    ids.extend(Colour::ALL.iter().map(|c| side_id(*c)));
    ids.extend(CaptureChoice::ALL.iter().map(|c| capture_choice_id(*c)));
    for (no, yes) in [MEN_CAPTURE, KINGS, MANDATORY, CROWNING] {
        ids.extend([no, yes]);
    }
    ids.extend(DRAWS);
    ids.push(DRAWS_CLAIMED);
    ids
}

/// One value per label, worded in `lang`.
pub fn facts(rules: &DraughtsRules, i18n: &I18n, lang: &str) -> Vec<String> {
    let DraughtsRules {
        board_size,
        first_to_move,
        men_capture_backwards,
        kings_fly,
        capture_mandatory,
        capture_choice,
        crown_during_capture,
        repetition_draw,
        king_move_draw,
        draws_claimed,
    } = rules;
    let message = |id: &str| i18n.message(lang, id, &[]);
    let size = usize::from(*board_size);
    let mut draws = Vec::new();
    if let Some(times) = repetition_draw {
        draws.push(i18n.message(lang, DRAWS[0], &[("count", Arg::Num(usize::from(*times)))]));
    }
    if let Some(moves) = king_move_draw {
        draws.push(i18n.message(lang, DRAWS[1], &[("count", Arg::Num(usize::from(*moves)))]));
    }
    if draws.is_empty() {
        draws.push(message(DRAWS[2]));
    } else if *draws_claimed {
        draws.push(message(DRAWS_CLAIMED));
    }
    vec![
        i18n.message(
            lang,
            "draughts-board-value",
            &[
                ("size", Arg::Num(size)),
                ("squares", Arg::Num(size * size / 2)),
            ],
        ),
        message(side_id(*first_to_move)),
        message(pick(*men_capture_backwards, MEN_CAPTURE)),
        message(pick(*kings_fly, KINGS)),
        message(pick(*capture_mandatory, MANDATORY)),
        message(capture_choice_id(*capture_choice)),
        message(pick(*crown_during_capture, CROWNING)),
        draws.join("; "),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The enum-valued ids follow one pattern from the values' own codes,
    /// so a translator can find them from the front matter.
    #[test]
    fn enum_ids_are_named_after_their_values() {
        for choice in CaptureChoice::ALL {
            assert_eq!(
                capture_choice_id(*choice),
                format!("draughts-capture-choice-{}", choice.as_str())
            );
        }
        for colour in Colour::ALL {
            assert_eq!(side_id(*colour), format!("draughts-side-{}", colour.code()));
        }
    }

    #[test]
    fn every_id_is_namespaced_and_listed_once() {
        let ids = message_ids();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "an id is listed twice: {ids:?}");
        assert!(ids.iter().all(|id| id.starts_with("draughts-")), "{ids:?}");
    }
}
