//! Go's rule facts for the comparison table and "At a glance", read from
//! the resolved rule set so they can never drift from what the examples are
//! checked against.
//!
//! [`facts`] takes the rule set apart field by field without `..`, so a
//! field added to `Rules` does not compile until it has a row here.

use rulehub_go::Rules;
use rulehub_go::rules::{Handicap, Repetition, Scoring, Suicide};

use rulehub_core::i18n::{Arg, I18n};

/// The labels, in table order.
pub const LABELS: &[&str] = &[
    "go-cmp-board",
    "go-cmp-scoring",
    "go-cmp-repetition",
    "go-cmp-suicide",
    "go-cmp-komi",
    "go-cmp-handicap",
    "go-cmp-passes",
];

pub fn scoring_id(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Area => "go-scoring-area",
        Scoring::Territory => "go-scoring-territory",
    }
}

pub fn repetition_id(repetition: Repetition) -> &'static str {
    match repetition {
        Repetition::SimpleKo => "go-repetition-simple-ko",
        Repetition::PositionalSuperko => "go-repetition-positional-superko",
        Repetition::SituationalSuperko => "go-repetition-situational-superko",
    }
}

fn suicide_id(suicide: Suicide, single_stone: bool) -> &'static str {
    match (suicide, single_stone) {
        (Suicide::Forbidden, _) => "go-suicide-forbidden",
        (Suicide::Allowed, false) => "go-suicide-allowed-multi",
        (Suicide::Allowed, true) => "go-suicide-allowed",
    }
}

fn handicap_id(handicap: Handicap) -> &'static str {
    match handicap {
        Handicap::Fixed => "go-handicap-fixed",
        Handicap::Free => "go-handicap-free",
    }
}

fn passes_id(pass_stones: bool) -> &'static str {
    if pass_stones {
        "go-passes-stones"
    } else {
        "go-passes-plain"
    }
}

/// Every message id this module uses.
pub fn message_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = LABELS.to_vec();
    ids.extend(["go-board-value", "go-komi-value", "go-decimal-separator"]);
    ids.extend([Scoring::Area, Scoring::Territory].map(scoring_id));
    ids.extend(
        [
            Repetition::SimpleKo,
            Repetition::PositionalSuperko,
            Repetition::SituationalSuperko,
        ]
        .map(repetition_id),
    );
    ids.extend([
        suicide_id(Suicide::Forbidden, false),
        suicide_id(Suicide::Allowed, false),
        suicide_id(Suicide::Allowed, true),
    ]);
    ids.extend([Handicap::Fixed, Handicap::Free].map(handicap_id));
    ids.extend([passes_id(false), passes_id(true)]);
    ids
}

/// A number of points (a whole or half number) as `lang` writes it: `6.5`
/// in English, `6,5` in Czech and Finnish.
pub fn points(value: f64, i18n: &I18n, lang: &str) -> String {
    let text = if value == value.trunc() {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    };
    let separator = i18n.message(lang, "go-decimal-separator", &[]);
    text.replace('.', &separator)
}

/// One value per label, worded in `lang`.
pub fn facts(rules: &Rules, i18n: &I18n, lang: &str) -> Vec<String> {
    let Rules {
        size,
        scoring,
        repetition,
        suicide,
        single_stone_suicide,
        komi,
        handicap,
        pass_stones,
    } = rules;
    let message = |id: &str| i18n.message(lang, id, &[]);
    let komi = points(*komi, i18n, lang);
    vec![
        i18n.message(
            lang,
            "go-board-value",
            &[("size", Arg::Num(usize::from(*size)))],
        ),
        message(scoring_id(*scoring)),
        message(repetition_id(*repetition)),
        message(suicide_id(*suicide, *single_stone_suicide)),
        i18n.message(lang, "go-komi-value", &[("komi", Arg::Str(&komi))]),
        message(handicap_id(*handicap)),
        message(passes_id(*pass_stones)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_is_namespaced_and_listed_once() {
        let ids = message_ids();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "an id is listed twice: {ids:?}");
        assert!(ids.iter().all(|id| id.starts_with("go-")), "{ids:?}");
    }
}
