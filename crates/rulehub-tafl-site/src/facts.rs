//! Tafl's rule facts for the comparison table and "At a glance", read from
//! the engine's rule sets so they can never drift from what the examples
//! are checked against.

use rulehub_core::i18n::{Arg, I18n};
use rulehub_tafl::Side;
use rulehub_tafl::{Access, KingArmed, KingCapture, Rules};

/// Message ids this module uses (with the start diagram's key).
pub const MESSAGE_IDS: &[&str] = &[
    "cmp-board",
    "cmp-first-move",
    "cmp-escape",
    "cmp-throne",
    "cmp-corners",
    "cmp-king-capture",
    "cmp-armed-king",
    "cmp-draws",
    "cmp-no-moves",
    "cmp-special",
    "side-attackers",
    "side-defenders",
    "escape-edge",
    "escape-corners",
    "escape-squares",
    "access-nobody",
    "access-king",
    "access-defenders",
    "access-attackers",
    "access-everyone",
    "throne-rule",
    "king-capture-weak",
    "king-capture-strong-on-throne",
    "king-capture-strong",
    "king-edge-hostile",
    "armed-no",
    "armed-hammer",
    "armed-anvil",
    "armed-yes",
    "repetition-rule",
    "repetition-forbidden-rule",
    "move-limit-rule",
    "no-draw-rule",
    "no-moves-loses",
    "no-moves-draws",
    "special-shieldwall",
    "special-exit-fort",
    "special-encirclement",
    "special-camps",
    "special-none",
    "result-draw",
    "result-attackers-lose",
    "result-defenders-lose",
    "result-repeating-side-loses",
    // The start diagram's key reuses the side names above.
    "board-legend",
    "legend-king",
];

/// Reads one fact of a rule set, worded in a language.
type Fact = fn(&Rules, &I18n, &str) -> String;

/// The facts, by label, in table order.
const FACTS: [(&str, Fact); 10] = [
    ("cmp-board", |r, _, _| {
        format!("{}×{}", r.dims.rows, r.dims.cols)
    }),
    ("cmp-first-move", |r, i, l| side(r.first_to_move, i, l)),
    ("cmp-escape", |r, i, l| {
        let squares = r.escape_squares.join(", ");
        i.message(
            l,
            &format!("escape-{}", r.escape.as_str()),
            &[("squares", Arg::Str(&squares))],
        )
    }),
    ("cmp-throne", |r, i, l| {
        let stop = access(r.throne_stop, i, l);
        let pass = access(r.throne_pass, i, l);
        i.message(
            l,
            "throne-rule",
            &[("stop", Arg::Str(&stop)), ("pass", Arg::Str(&pass))],
        )
    }),
    ("cmp-corners", |r, i, l| access(r.corner_stop, i, l)),
    ("cmp-king-capture", |r, i, l| {
        let id = match r.king_capture {
            KingCapture::Weak => "king-capture-weak",
            KingCapture::StrongOnThrone => "king-capture-strong-on-throne",
            KingCapture::Strong => "king-capture-strong",
        };
        let mut text = i.message(l, id, &[]);
        if r.edge_hostile_to_king {
            text.push_str("; ");
            text.push_str(&i.message(l, "king-edge-hostile", &[]));
        }
        text
    }),
    ("cmp-armed-king", |r, i, l| {
        let id = match r.king_armed {
            KingArmed::No => "armed-no",
            KingArmed::Hammer => "armed-hammer",
            KingArmed::Anvil => "armed-anvil",
            KingArmed::Yes => "armed-yes",
        };
        i.message(l, id, &[])
    }),
    ("cmp-draws", draws),
    ("cmp-no-moves", |r, i, l| {
        i.message(
            l,
            if r.no_moves_loses {
                "no-moves-loses"
            } else {
                "no-moves-draws"
            },
            &[],
        )
    }),
    ("cmp-special", |r, i, l| {
        let mut specials = Vec::new();
        for (on, id) in [
            (r.shieldwall, "special-shieldwall"),
            (r.exit_fort, "special-exit-fort"),
            (r.encirclement, "special-encirclement"),
        ] {
            if on {
                specials.push(i.message(l, id, &[]));
            }
        }
        if let Some(camps) = &r.camps {
            let squares = camps.squares.join(", ");
            specials.push(i.message(l, "special-camps", &[("squares", Arg::Str(&squares))]));
        }
        if specials.is_empty() {
            i.message(l, "special-none", &[])
        } else {
            specials.join(", ")
        }
    }),
];

/// The labels of [`facts`], in order.
pub const LABELS: &[&str] = &[
    "cmp-board",
    "cmp-first-move",
    "cmp-escape",
    "cmp-throne",
    "cmp-corners",
    "cmp-king-capture",
    "cmp-armed-king",
    "cmp-draws",
    "cmp-no-moves",
    "cmp-special",
];

/// Each fact of `rules` worded in `lang`, in [`LABELS`] order.
pub fn facts(rules: &Rules, i18n: &I18n, lang: &str) -> Vec<String> {
    FACTS
        .iter()
        .map(|(_, fact)| fact(rules, i18n, lang))
        .collect()
}

fn side(side: Side, i18n: &I18n, lang: &str) -> String {
    i18n.message(
        lang,
        if side == Side::Attackers {
            "side-attackers"
        } else {
            "side-defenders"
        },
        &[],
    )
}

fn access(access: Access, i18n: &I18n, lang: &str) -> String {
    i18n.message(lang, &format!("access-{}", access.as_str()), &[])
}

fn draws(rules: &Rules, i18n: &I18n, lang: &str) -> String {
    let mut parts = Vec::new();
    if let Some(repetition) = rules.repetition {
        let result = format!("result-{}", repetition.result.as_str());
        let result = i18n.message(lang, &result, &[]);
        parts.push(i18n.message(
            lang,
            if repetition.forbidden {
                "repetition-forbidden-rule"
            } else {
                "repetition-rule"
            },
            &[
                ("count", Arg::Num(repetition.count as usize)),
                ("result", Arg::Str(&result)),
            ],
        ));
    }
    if let Some(limit) = rules.move_limit {
        parts.push(i18n.message(
            lang,
            "move-limit-rule",
            &[("count", Arg::Num(limit as usize))],
        ));
    }
    if parts.is_empty() {
        i18n.message(lang, "no-draw-rule", &[])
    } else {
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::MESSAGE_IDS;
    use rulehub_tafl::{Access, Escape, RepetitionResult};

    /// Message ids built from enum values must all be declared, so a new
    /// value cannot reach a page as a missing message.
    #[test]
    fn labels_follow_the_facts() {
        let labels: Vec<&str> = super::FACTS.iter().map(|(label, _)| *label).collect();
        assert_eq!(labels, super::LABELS);
    }

    #[test]
    fn every_enum_value_has_a_declared_message() {
        let ids = Access::ALL
            .iter()
            .map(|a| format!("access-{}", a.as_str()))
            .chain(Escape::ALL.iter().map(|e| format!("escape-{}", e.as_str())))
            .chain(
                RepetitionResult::ALL
                    .iter()
                    .map(|r| format!("result-{}", r.as_str())),
            );
        for id in ids {
            assert!(MESSAGE_IDS.contains(&id.as_str()), "{id} is not declared");
        }
    }
}
