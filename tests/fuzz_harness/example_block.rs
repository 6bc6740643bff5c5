//! A worked-example block (the YAML inside a ```` ```example ```` fence):
//! parsed, replayed and checked against a rule preset the input picks, as
//! `rulehub check` does, and a checked example described in words as its
//! page does.

use std::sync::OnceLock;

use rulehub::i18n::I18n;
use rulehub_tafl_site::examples::{self, ExampleSpec};

fn english() -> &'static I18n {
    static I18N: OnceLock<I18n> = OnceLock::new();
    I18N.get_or_init(super::common::english)
}

pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(spec) = serde_yaml::from_str::<ExampleSpec>(text) else {
        return;
    };
    let rules = super::common::preset(pick);
    let start = rules.start_position().expect("a preset's setup is valid");
    match examples::check(&spec, &rules, &start, rules.dims) {
        Ok(example) => {
            assert_eq!(example.moves.len(), spec.moves.len());
            assert_eq!(example.before.dims(), rules.dims);
            assert_eq!(example.after.dims(), rules.dims);
            let words = examples::describe(&example, english(), "en");
            assert!(!words.is_empty());
            let _ = examples::describe_position(&example.after, None, english(), "en");
        }
        Err(mismatches) => {
            assert!(!mismatches.is_empty(), "a failed check names no mismatch");
        }
    }
}
