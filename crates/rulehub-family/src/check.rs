//! The check stage: each variant page goes to the game family its folder
//! names (found in the registry; see [`crate::GameFamily`]), which reads its `engine:` block, checks
//! board and render ops, and replays its worked examples. What comes back
//! is family-neutral; everything the site draws comes from here.

use rulehub_core::diagnostic::Position;
use rulehub_core::hub::Variant;
use rulehub_diagram::Palette;

use crate::GameFamily;
pub use crate::{Checked, CheckedVariant};

/// Checks one variant with its family's `engine`, collecting every
/// problem: its page's, and those of the example and game blocks of its
/// translations (see [`crate::translated`]).
pub fn check_variant(engine: &dyn GameFamily, variant: &Variant, palette: &Palette) -> Checked {
    let page = &variant.page;
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

/// The problem of a variant page whose folder names no registered family:
/// `message` (from the registry) at `variant_of`, or at the file's start.
pub fn unknown_family(variant: &Variant, message: String) -> Checked {
    let page = &variant.page;
    let position = if page.front.variant_of.is_some() {
        page.key_position("variant_of")
    } else {
        Position::at_offset(&page.source.text, 0)
    };
    Checked::failed(vec![page.source.error(position, message).with_help(
        "the folder a variant page sits in names its game family: move the page into one of theirs",
    )])
}
