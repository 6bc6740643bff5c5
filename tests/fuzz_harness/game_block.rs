//! A sample game's block (```` ```game ID ```` with a move record inside) on
//! a variant page of a family and preset the input picks, checked as
//! `rulehub check` does: every problem is placed inside the page, and a
//! page whose check fails names a problem.

use std::path::PathBuf;
use std::sync::Arc;

use rulehub::diagram::Palette;
use rulehub::hub::front_matter::{self, VariantFrontMatter};
use rulehub::hub::{Page, SourceFile, Variant};

/// (family, the `engine:` block's `rules:`) pairs a byte picks from.
const PRESETS: &[(&str, &str)] = &[
    ("tafl", "brandubh"),
    ("tafl", "copenhagen"),
    ("tafl", "tablut"),
    ("draughts", "english-draughts"),
    ("draughts", "international-draughts"),
    ("draughts", "russian-draughts"),
];

pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(record) = std::str::from_utf8(rest) else {
        return;
    };
    let (family, preset) = PRESETS[usize::from(pick) % PRESETS.len()];
    let text = format!(
        "---\ntitle: \"Fuzz\"\nvariant_of: \"{family}\"\norder: 1\nengine:\n  rules: {preset}\n---\n\nA game.\n\n```game fuzz-game\n{record}\n```\n"
    );
    let Ok(split) = front_matter::split(&text) else {
        return;
    };
    let front = front_matter::parse::<VariantFrontMatter>(&text, &split.yaml)
        .expect("the harness's front matter reads");
    let variant = Variant {
        name: "fuzz".to_string(),
        slug: "fuzz".to_string(),
        page: Page {
            source: SourceFile {
                path: PathBuf::from(format!("content/{family}/fuzz.md")),
                text: Arc::from(text.as_str()),
            },
            split,
            front: Arc::new(front),
        },
        translations: Default::default(),
        stubs: Default::default(),
        fingerprint: Default::default(),
    };
    let checked = rulehub::check::check(family, &variant, &Palette::builtin());
    assert!(
        checked.variant.is_some() || !checked.problems.is_empty(),
        "a failed check names no problem"
    );
    super::common::check_diagnostics(&checked.problems);
}
