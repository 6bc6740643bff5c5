//! The check stage: each variant page goes to the game family its folder
//! names (found in the registry; see [`crate::GameFamily`]), which reads its `engine:` block, checks
//! board and render ops, and replays its worked examples. What comes back
//! is family-neutral; everything the site draws comes from here.

use std::sync::Arc;

use rulehub_core::diagnostic::{Diagnostic, Position};
use rulehub_core::hub::{Page, Variant, VariantFrontMatter};
use rulehub_diagram::{Glyph, Palette, RenderSpec};
use rulehub_game::spec::{RuleSet, RulesSpec};
use rulehub_game::{Dims, Square};

use crate::{Blocks, GameFamily, LegendEntry, PageBlocks, SampleGame, VariantRules, WorkedExample};
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

/// A family's board of a checked variant: everything but its examples and
/// games, which [`assemble`] adds.
pub struct VariantBoard {
    pub family: &'static str,
    pub rules: Arc<dyn VariantRules>,
    pub dims: Dims,
    pub start: Vec<(Square, &'static Glyph)>,
    pub render: RenderSpec,
    pub example_render: RenderSpec,
    pub legend: &'static [LegendEntry],
}

/// The checked variant from a family's board and the worked examples and
/// sample games it replayed (each in page order, with the blocks that show
/// them, as [`crate::page::check_examples`] and
/// [`crate::page::check_games`] return them), beside every problem found.
pub fn assemble<E, G>(
    board: VariantBoard,
    (examples, example_blocks): (Vec<E>, Blocks),
    (games, game_blocks): (Vec<G>, Blocks),
    problems: Vec<Diagnostic>,
) -> Checked
where
    E: WorkedExample + 'static,
    G: SampleGame + 'static,
{
    let VariantBoard {
        family,
        rules,
        dims,
        start,
        render,
        example_render,
        legend,
    } = board;
    let variant = CheckedVariant {
        family,
        rules,
        dims,
        start,
        render,
        example_render,
        examples: examples
            .into_iter()
            .map(|e| Arc::new(e) as Arc<dyn WorkedExample>)
            .collect(),
        games: games
            .into_iter()
            .map(|g| Arc::new(g) as Arc<dyn SampleGame>)
            .collect(),
        blocks: PageBlocks {
            examples: example_blocks,
            games: game_blocks,
        },
        translated_blocks: Default::default(),
        legend,
    };
    Checked {
        variant: Some(variant),
        problems,
    }
}

/// A page's `engine.rules`, resolved; a refusal is a problem at the
/// `rules` key that names the family's presets (and, when the family gives
/// one, an example of overrides).
pub fn resolve_rules<R: RuleSet>(
    page: &Page<VariantFrontMatter>,
    spec: &RulesSpec<R>,
    example: Option<&str>,
    problems: &mut Vec<Diagnostic>,
) -> Option<R>
where
    R::Error: std::fmt::Display,
{
    spec.resolve()
        .map_err(|error| {
            let example = example.map_or(String::new(), |e| format!(", e.g. `{e}`"));
            problems.push(
                page.source
                    .error(page.key_position("rules"), error.to_string())
                    .with_help(format!(
                        "name a preset ({}) and override fields as needed{example}",
                        R::preset_names().join(", ")
                    )),
            );
        })
        .ok()
}
