//! The check stage: each variant page goes to the game family its folder
//! names (see [`crate::GameFamily`]), which reads its `engine:` block, checks
//! board and render ops, and replays its worked examples. What comes back
//! is family-neutral; everything the site draws comes from here.

use rulehub_core::diagnostic::{Diagnostic, Position};
use rulehub_core::hub::Variant;
use rulehub_diagram::Palette;

pub use crate::CheckedVariant;

/// Checks one variant of the family `family` (its folder), collecting
/// every problem. An unknown family is an error listing the known ones.
pub fn check(
    family: &str,
    variant: &Variant,
    palette: &Palette,
) -> Result<CheckedVariant, Vec<Diagnostic>> {
    let page = &variant.page;
    let engine = crate::find(family).map_err(|message| {
        let position = if page.front.variant_of.is_some() {
            page.key_position("variant_of")
        } else {
            Position::at_offset(&page.source.text, 0)
        };
        vec![page.source.error(position, message).with_help(
            "the folder a variant page sits in names its game family: move the page into one of theirs",
        )]
    })?;
    engine.check(page, palette)
}
