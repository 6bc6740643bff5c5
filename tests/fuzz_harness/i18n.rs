//! A theme's Fluent file (`i18n/<lang>.ftl`), loaded beside the bundled
//! English file as a second language, then every message the program asks
//! for formatted with arguments of both kinds.

use rulehub::hub::Language;
use rulehub::i18n::{Arg, FluentSource, I18n};

const ENGLISH: &str = include_str!("../../themes/default/i18n/en.ftl");

pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // Plural rules differ by language; pick one with several categories.
    let code = ["cs", "fi", "pl", "ar"][usize::from(pick) % 4];
    let language = Language::parse(code).expect("a valid language code");
    let sources = [
        FluentSource {
            language: Language::english(),
            path: "themes/default/i18n/en.ftl".into(),
            text: ENGLISH.into(),
        },
        FluentSource {
            language,
            path: format!("themes/default/i18n/{code}.ftl").into(),
            text: text.into(),
        },
    ];
    let required = rulehub::site::required_messages();
    match I18n::load(&sources, &required) {
        Ok(i18n) => {
            assert!(i18n.has_language(code));
            let args = [
                ("count", Arg::Num(usize::from(pick))),
                ("name", Arg::Str("<b>&")),
                ("square", Arg::Str("e5")),
            ];
            for id in &required {
                let _ = i18n.message(code, id, &args);
                let _ = i18n.message(code, id, &[]);
            }
            let _ = i18n.strings(code, &required);
        }
        Err(problems) => {
            assert!(!problems.is_empty());
            super::common::check_diagnostics(&problems);
        }
    }
}
