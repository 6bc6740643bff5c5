//! The theme's Fluent strings: real plural rules in generated sentences, and
//! gaps reported as errors naming the key and the language.

use crate::common;

use std::path::PathBuf;

use predicates::prelude::*;
use rulehub::hub::Language;
use rulehub::i18n::{Arg, FluentSource, I18n};

/// The built-in theme's strings with every family's messages after them,
/// as a build merges them.
fn builtin() -> I18n {
    let sources: Vec<FluentSource> = ["en", "cs", "fi"]
        .iter()
        .flat_map(|code| {
            let language = Language::parse(code).expect("valid");
            let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join(format!("themes/default/i18n/{code}.ftl"));
            let theme = FluentSource {
                language: language.clone(),
                text: std::fs::read_to_string(&path).expect("theme file").into(),
                path,
            };
            let families = rulehub::family::FAMILIES.iter().map(move |family| {
                let assets = family.assets();
                FluentSource {
                    language: language.clone(),
                    path: PathBuf::from(assets.dir).join(format!("{code}.ftl")),
                    text: assets
                        .fluent_for(code)
                        .expect("every family speaks the built-in languages")
                        .into(),
                }
            });
            std::iter::once(theme).chain(families)
        })
        .collect();
    I18n::load(&sources, &rulehub::site::required_messages())
        .expect("the built-in strings are complete")
}

#[test]
fn czech_has_three_plural_forms_and_finnish_two() {
    let i18n = builtin();
    let attackers = |lang: &str, n: usize| {
        i18n.message(
            lang,
            "example-attackers",
            &[("count", Arg::Num(n)), ("squares", Arg::Str("…"))],
        )
    };
    assert_eq!(attackers("cs", 1), "jeden útočník na …");
    assert_eq!(attackers("cs", 2), "2 útočníci na …");
    assert_eq!(attackers("cs", 5), "5 útočníků na …");
    assert_eq!(attackers("fi", 1), "yksi hyökkääjä ruudussa …");
    assert_eq!(attackers("fi", 2), "2 hyökkääjää ruuduissa …");
    assert_eq!(attackers("fi", 5), "5 hyökkääjää ruuduissa …");
    assert_eq!(attackers("en", 1), "one attacker …");
    assert_eq!(attackers("en", 5), "5 attackers …");
    let captures = |lang: &str, n: usize| {
        i18n.message(
            lang,
            "example-captures",
            &[("count", Arg::Num(n)), ("squares", Arg::Str("…"))],
        )
    };
    assert_eq!(captures("cs", 2), " a zajme 2 kameny: …");
    assert_eq!(captures("cs", 5), " a zajme 5 kamenů: …");
}

#[test]
fn generated_sentences_use_the_plural_forms_on_the_page() {
    let hub = common::Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        "{{example:pair-capture}}\n\n{{example:blocked}}",
    );
    hub.rulehub(&["build"]).assert().success();
    let page = hub.read("public/cs/tafl/standard/index.html");
    assert!(page.contains("Král na b2, 2 útočníci na c3 a e4, jeden obránce na d4, ostatní pole prázdná; táhnou útočníci."), "{page}");
    assert!(
        page.contains("Útočník táhne c6–e6 — to nejde: v cestě stojí jiný kámen."),
        "{page}"
    );
}

#[test]
fn a_message_missing_in_one_language_fails_the_build_naming_key_and_language() {
    let hub = common::Hub::copy("mini");
    let en = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("themes/default/i18n/en.ftl"),
    )
    .expect("read");
    let cs = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("themes/default/i18n/cs.ftl"),
    )
    .expect("read");
    hub.write("themes/default/i18n/en.ftl", &en);
    hub.write(
        "themes/default/i18n/cs.ftl",
        cs.replace("back-home = Zpět na úvod\n", ""),
    );
    hub.rulehub(&["check"]).assert().code(1).stderr(
        predicate::str::contains("themes/default/i18n/cs.ftl").and(predicate::str::contains(
            "message `back-home` is missing in language `cs`",
        )),
    );
}

#[test]
fn a_language_without_strings_is_an_error_that_says_what_to_create() {
    let hub = common::Hub::copy("mini");
    hub.edit("hub.yaml", "languages: [en, cs]", "languages: [en, cs, de]");
    hub.rulehub(&["check"]).assert().code(1).stderr(
        predicate::str::contains("no UI strings for language `de`")
            .and(predicate::str::contains("themes/default/i18n/de.ftl")),
    );
}

#[test]
fn check_reports_translation_gaps_of_content() {
    let hub = common::Hub::copy("mini");
    hub.rulehub(&["check", "--drafts"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "`draft` has no translation in: cs",
        ));
}

/// "captures the piece on b2: the attackers win, the king is captured" read
/// as if a soldier fell; the sentence names the king and says it once.
#[test]
fn a_captured_king_is_named_as_the_king() {
    let hub = common::Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "```example\nid: blocked",
        "```example\nid: king-taken\nposition: { king: b2, attackers: [a2, b1, b3, c3] }\n\
         to_move: attackers\nmoves: [c3-c2]\nexpect: { winner: attackers, by: king-captured }\n```\n\n\
         ```example\nid: blocked",
    );
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        "{{example:pair-capture}}\n\n{{example:king-taken}}",
    );
    hub.rulehub(&["build"]).assert().success();
    let en = hub.read("public/tafl/standard/index.html");
    assert!(
        en.contains("An attacker moves c3–c2 and captures the king on b2: the attackers win."),
        "{en}"
    );
    assert!(!en.contains("captures the piece on b2"), "{en}");
    let cs = hub.read("public/cs/tafl/standard/index.html");
    assert!(
        cs.contains("Útočník táhne c3–c2 a zajme krále na b2: vyhrávají útočníci."),
        "{cs}"
    );
}
