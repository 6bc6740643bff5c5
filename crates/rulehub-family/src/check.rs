//! The check stage: each variant page goes to the game family its folder
//! names (see [`crate::GameFamily`]), which reads its `engine:` block, checks
//! board and render ops, and replays its worked examples. What comes back
//! is family-neutral; everything the site draws comes from here.

use rulehub_core::diagnostic::Position;
use rulehub_core::hub::Variant;
use rulehub_diagram::Palette;

pub use crate::{Checked, CheckedVariant};

/// Checks one variant of the family `family` (its folder), collecting
/// every problem: its page's, and those of the example and game blocks of
/// its translations (see [`crate::translated`]). An unknown family is an
/// error listing the known ones.
pub fn check(family: &str, variant: &Variant, palette: &Palette) -> Checked {
    let page = &variant.page;
    let engine = match crate::find(family) {
        Ok(engine) => engine,
        Err(message) => {
            let position = if page.front.variant_of.is_some() {
                page.key_position("variant_of")
            } else {
                Position::at_offset(&page.source.text, 0)
            };
            return Checked::failed(vec![page.source.error(position, message).with_help(
                "the folder a variant page sits in names its game family: move the page into one of theirs",
            )]);
        }
    };
    let mut checked = engine.check(page, palette);
    for (lang, translation) in variant.translations.iter().chain(&variant.stubs) {
        let source_blocks = checked.variant.as_ref().map(|v| &v.blocks);
        let blocks =
            crate::translated::check(page, source_blocks, translation, &mut checked.problems);
        if let Some(variant) = &mut checked.variant {
            variant.translated_blocks.insert(lang.clone(), blocks);
        }
    }
    checked
}
