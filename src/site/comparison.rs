//! The rules comparison of a family: one row per fact the family states
//! (in its own words, see [`crate::family::VariantRules::facts`]), one
//! cell per variant.

use crate::family::{GameFamily, VariantRules};
use crate::i18n::I18n;

/// Message ids this module uses beside the families' own.
pub const MESSAGE_IDS: &[&str] = &["board-legend"];

/// One row of the table: a label and one cell per variant.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Row {
    pub label: String,
    pub cells: Vec<String>,
}

/// Rows comparing `rules` (one per variant of `family`, in listing order)
/// in `lang`.
pub fn rows(
    family: &dyn GameFamily,
    rules: &[&dyn VariantRules],
    i18n: &I18n,
    lang: &str,
) -> Vec<Row> {
    let mut rows: Vec<Row> = family
        .fact_labels()
        .iter()
        .map(|label| Row {
            label: i18n.message(lang, label, &[]),
            cells: Vec::with_capacity(rules.len()),
        })
        .collect();
    for variant in rules {
        for (row, fact) in rows.iter_mut().zip(variant.facts(i18n, lang)) {
            row.cells.push(fact);
        }
    }
    rows
}
