//! Checks every target makes of what the library hands back: the invariants
//! the CLI relies on when it prints a diagnostic.

use rulehub::diagnostic::{Diagnostic, Position};

/// A position points into `text` at a character boundary (the CLI slices
/// the source there to underline it), and its line is the one of its offset.
pub fn check_position(text: &str, position: Position) {
    assert!(
        position.offset <= text.len(),
        "offset {} is past the end ({} bytes)",
        position.offset,
        text.len()
    );
    assert!(
        text.is_char_boundary(position.offset),
        "offset {} is inside a character",
        position.offset
    );
    // The column may name a place past the end of its line (a YAML error
    // "at end of line"), so only the line is held to the offset.
    let expected = Position::at_offset(text, position.offset);
    assert_eq!(
        position.line, expected.line,
        "line disagrees with offset {}",
        position.offset
    );
}

/// Every diagnostic that carries its source and a place points into it.
pub fn check_diagnostics(diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics {
        assert!(
            !diagnostic.message.is_empty(),
            "a diagnostic without a message"
        );
        if let (Some(source), Some(position)) = (&diagnostic.source, diagnostic.position) {
            check_position(source, position);
        }
        let _ = diagnostic.to_string();
    }
}

/// The bundled English messages, as the build loads them for a hub that
/// keeps the built-in theme: the theme's file, then every family's.
pub fn english() -> rulehub::i18n::I18n {
    let theme = rulehub::i18n::FluentSource {
        language: rulehub::hub::Language::english(),
        path: "themes/default/i18n/en.ftl".into(),
        text: include_str!("../../themes/default/i18n/en.ftl").into(),
    };
    let families = rulehub::family::FAMILIES.iter().filter_map(|family| {
        let assets = family.assets();
        Some(rulehub::i18n::FluentSource {
            language: rulehub::hub::Language::english(),
            path: std::path::Path::new(assets.dir).join("en.ftl"),
            text: assets.fluent_for("en")?.into(),
        })
    });
    let sources: Vec<_> = std::iter::once(theme).chain(families).collect();
    rulehub::i18n::I18n::load(&sources, &rulehub::site::required_messages())
        .expect("the bundled English messages load")
}

/// A rule preset picked by one byte of the input.
pub fn preset(pick: u8) -> rulehub_tafl::Rules {
    let names = rulehub_tafl::preset_names();
    let name = names[usize::from(pick) % names.len()];
    rulehub_tafl::preset(name).expect("every listed preset exists")
}
