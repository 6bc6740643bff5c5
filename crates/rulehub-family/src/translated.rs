//! Worked examples and sample games inside a translation.
//!
//! An example's data (position, moves, claims) is the same in every
//! language, so it lives once, in the default-language page, and a
//! translation shows it with `{{example:ID}}`. A translator who copies the
//! source page keeps its ```` ```example ```` and ```` ```game ```` blocks,
//! though; such a block is accepted when it is the source's block with the
//! same id, unchanged (its claims are then the ones the engine replayed on
//! the source page), and shows the source's checked example. Any other
//! block is an error at its fence that says what to write instead: a
//! translation can neither add an example nor change what one claims.

use std::collections::BTreeMap;

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::{Page, TranslationFrontMatter, VariantFrontMatter, limits};
use rulehub_markdown::{self as markdown, FencedBlock};

use crate::{Blocks, PageBlocks};

/// Checks the example and game blocks of `translation` against those of
/// its `source` page, whose blocks checked as `source_blocks` (none when the
/// source could not be checked); returns what each translation block shows.
pub fn check(
    source: &Page<VariantFrontMatter>,
    source_blocks: Option<&PageBlocks>,
    translation: &Page<TranslationFrontMatter>,
    problems: &mut Vec<Diagnostic>,
) -> PageBlocks {
    let pages = Pages {
        source,
        translation,
    };
    PageBlocks {
        examples: pages.examples(source_blocks.map(|b| &b.examples), problems),
        games: pages.games(source_blocks.map(|b| &b.games), problems),
    }
}

/// The two pages a translation's blocks are compared across.
struct Pages<'a> {
    source: &'a Page<VariantFrontMatter>,
    translation: &'a Page<TranslationFrontMatter>,
}

/// A block of the source page, as a translation's block is compared with it.
struct SourceBlock<T> {
    /// Its place among the source's blocks of its kind.
    index: usize,
    /// Its line in the source file.
    line: usize,
    /// What must be equal: the parsed YAML of an example, the record of a game.
    content: T,
}

impl Pages<'_> {
    fn examples(&self, checked: Option<&Blocks>, problems: &mut Vec<Diagnostic>) -> Blocks {
        crate::page::miscased_fences(
            &self.translation.source,
            self.translation.split.body.start,
            self.translation.body(),
            problems,
        );
        let blocks = markdown::fenced_blocks(self.translation.body(), markdown::EXAMPLE_INFO);
        if blocks.is_empty() {
            return Blocks::default();
        }
        let source: BTreeMap<String, SourceBlock<serde_yaml::Value>> =
            markdown::fenced_blocks(self.source.body(), markdown::EXAMPLE_INFO)
                .iter()
                .enumerate()
                .filter_map(|(index, block)| {
                    let value = read_yaml(&block.text)?;
                    let id = value.get("id")?.as_str()?.to_string();
                    let line = self.source_line(block);
                    Some((
                        id,
                        SourceBlock {
                            index,
                            line,
                            content: value,
                        },
                    ))
                })
                .collect();
        let mut shown = Blocks::default();
        for (index, block) in blocks.iter().enumerate() {
            if index == limits::MAX_EXAMPLES_PER_PAGE {
                problems.push(self.too_many(
                    block,
                    limits::MAX_EXAMPLES_PER_PAGE,
                    "worked examples",
                ));
                break;
            }
            let value = read_yaml(&block.text);
            let id = value
                .as_ref()
                .and_then(|v| v.get("id"))
                .and_then(|id| id.as_str());
            let Some(id) = id else {
                problems.push(
                    self.error(
                        block,
                        "this worked example has no `id`: a translation shows the source page's examples by their id",
                    )
                    .with_help(format!(
                        "replace the block with `{{{{example:ID}}}}`, ID being the id of an example in {}",
                        self.source.source.path.display()
                    )),
                );
                shown.slots.push(None);
                continue;
            };
            let slot = self.match_source(
                block,
                "worked example",
                "example",
                id,
                source.get(id),
                |content| value.as_ref() == Some(content),
                checked,
                problems,
            );
            shown.slots.push(slot);
        }
        shown
    }

    fn games(&self, checked: Option<&Blocks>, problems: &mut Vec<Diagnostic>) -> Blocks {
        let blocks = markdown::fenced_blocks(self.translation.body(), markdown::GAME_INFO);
        if blocks.is_empty() {
            return Blocks::default();
        }
        let source: BTreeMap<String, SourceBlock<String>> =
            markdown::fenced_blocks(self.source.body(), markdown::GAME_INFO)
                .iter()
                .enumerate()
                .map(|(index, block)| {
                    (
                        block.label.clone(),
                        SourceBlock {
                            index,
                            line: self.source_line(block),
                            content: record(&block.text),
                        },
                    )
                })
                .collect();
        let mut shown = Blocks::default();
        for (index, block) in blocks.iter().enumerate() {
            if index == limits::MAX_GAMES_PER_PAGE {
                problems.push(self.too_many(block, limits::MAX_GAMES_PER_PAGE, "sample games"));
                break;
            }
            let text = record(&block.text);
            let slot = self.match_source(
                block,
                "sample game",
                "game",
                &block.label,
                source.get(block.label.as_str()),
                |content| *content == text,
                checked,
                problems,
            );
            shown.slots.push(slot);
        }
        shown
    }

    /// What a translation's block with `id` shows: the source's block with
    /// that id when `same` holds for its content, else nothing, with an
    /// error at the block's fence.
    #[allow(clippy::too_many_arguments)]
    fn match_source<T>(
        &self,
        block: &FencedBlock,
        what: &str,
        shortcode: &str,
        id: &str,
        source: Option<&SourceBlock<T>>,
        same: impl FnOnce(&T) -> bool,
        checked: Option<&Blocks>,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<usize> {
        let source_path = self.source.source.path.display();
        let Some(source) = source else {
            problems.push(
                self.error(
                    block,
                    format!("the {what} `{id}` is not on the source page {source_path}"),
                )
                .with_help(format!(
                    "a translation cannot add a {what}: its data is the same in every language, so add it to {source_path} and show it here with `{{{{{shortcode}:{id}}}}}`"
                )),
            );
            return None;
        };
        if !same(&source.content) {
            problems.push(
                self.error(
                    block,
                    format!(
                        "this block differs from the {what} `{id}` on line {} of {source_path}; a translation cannot change what a {what} shows or claims",
                        source.line
                    ),
                )
                .with_help(format!(
                    "replace the block with `{{{{{shortcode}:{id}}}}}` to show the source's {what}, or make the change in {source_path}, where every language then shows it"
                )),
            );
            return None;
        }
        checked.and_then(|blocks| blocks.slot(source.index))
    }

    fn source_line(&self, block: &FencedBlock) -> usize {
        let page = self.source;
        page.source
            .position(page.split.body.start + block.fence_offset)
            .line
    }

    fn error(&self, block: &FencedBlock, message: impl Into<String>) -> Diagnostic {
        let page = self.translation;
        page.source.error(
            page.source
                .position(page.split.body.start + block.fence_offset),
            message,
        )
    }

    fn too_many(&self, block: &FencedBlock, most: usize, what: &str) -> Diagnostic {
        self.error(
            block,
            format!("a page may hold at most {most} {what}; this is one more"),
        )
        .with_help("show the source's blocks by their ids instead of copying them")
    }
}

/// An example block's YAML, when it reads (within the nesting limit).
fn read_yaml(text: &str) -> Option<serde_yaml::Value> {
    if limits::yaml_too_deep(text).is_some() {
        return None;
    }
    serde_yaml::from_str(text).ok()
}

/// A game record as compared: line ends and trailing spaces do not count.
fn record(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}
