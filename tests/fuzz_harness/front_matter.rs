//! A page file as the hub loader reads it: split into front matter and body,
//! the front matter parsed as each kind of page, and a variant page checked
//! (rules, board, setup, render ops, worked examples) as the build does.

use std::path::PathBuf;
use std::sync::Arc;

use rulehub::diagram::Palette;
use rulehub::hub::front_matter::{
    self, SectionFrontMatter, TranslationFrontMatter, VariantFrontMatter,
};
use rulehub::hub::{Page, SourceFile, Variant};

pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(split) = front_matter::split(text) else {
        return;
    };
    // Two in-bounds, char-aligned ranges, the body after the front matter.
    assert!(split.yaml.start <= split.yaml.end && split.yaml.end <= split.body.start);
    assert_eq!(split.body.end, text.len());
    assert!(text.is_char_boundary(split.yaml.start) && text.is_char_boundary(split.yaml.end));
    assert!(text.is_char_boundary(split.body.start));

    for key in ["title", "engine", "render", "rules", "topology", "setup"] {
        super::common::check_position(text, front_matter::key_position(text, &split.yaml, key));
    }
    if let Err((_, at)) = front_matter::parse::<SectionFrontMatter>(text, &split.yaml) {
        super::common::check_position(text, at);
    }
    if let Err((_, at)) = front_matter::parse::<TranslationFrontMatter>(text, &split.yaml) {
        super::common::check_position(text, at);
    }
    let front = match front_matter::parse::<VariantFrontMatter>(text, &split.yaml) {
        Ok(front) => front,
        Err((_, at)) => {
            super::common::check_position(text, at);
            return;
        }
    };
    let variant = Variant {
        name: "fuzz".to_string(),
        slug: "fuzz".to_string(),
        page: Page {
            source: SourceFile {
                path: PathBuf::from("content/tafl/fuzz.md"),
                text: Arc::from(text),
            },
            split,
            front: Arc::new(front),
        },
        translations: Default::default(),
        stubs: Default::default(),
        fingerprint: Default::default(),
    };
    let checked = rulehub::check::check("tafl", &variant, &Palette::builtin());
    assert!(
        checked.variant.is_some() || !checked.problems.is_empty(),
        "a failed check names no problem"
    );
    super::common::check_diagnostics(&checked.problems);
}
