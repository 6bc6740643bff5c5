//! What a check covers, as plain data: every page and every worked example
//! of a hub, each with the file (and for examples the lines) it comes from.
//!
//! CI reports need it to list what passed next to what failed (a JUnit test
//! case per page and per example) and to tell which problems belong to which
//! pages (`rulehub check --changed-since`). Nothing here checks rules or
//! prints; the CLI formats.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use crate::hub::{self, Hub, LoadOptions, Page};
use crate::markdown;

/// What a page is in the hub.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PageKind {
    /// `content/_index*.md`.
    Home,
    /// `content/<family>/_index*.md`.
    Family,
    /// A variant in the default language, which holds the rules and examples.
    Variant,
    /// A variant in another language.
    Translation,
}

/// One page source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageEntry {
    /// Relative to the hub root, as diagnostics name it.
    pub file: PathBuf,
    pub language: String,
    pub kind: PageKind,
    /// The file whose data this page shares. A variant and its translations
    /// all name the variant's file, because a translation draws the
    /// variant's boards and places its examples: editing one page of the
    /// group can break the others. Every other page names itself.
    pub group: PathBuf,
}

/// One worked example block on a variant page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleEntry {
    /// Relative to the hub root.
    pub file: PathBuf,
    /// `None` when the block's YAML has no readable `id`.
    pub id: Option<String>,
    /// The block's lines in the file, fences included (1-based).
    pub lines: RangeInclusive<usize>,
}

/// Every page and worked example of a hub, in a stable order (pages by
/// file, examples by file and then as they appear).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inventory {
    pub pages: Vec<PageEntry>,
    pub examples: Vec<ExampleEntry>,
}

impl Inventory {
    /// Loads the hub at `root` and lists it; `None` when the hub cannot be
    /// read at all (its problems are reported by the check itself).
    pub fn load(root: &Path, options: &LoadOptions) -> Option<Inventory> {
        hub::load(root, options)
            .ok()
            .map(|(hub, _)| Inventory::of_hub(&hub))
    }

    /// Lists a loaded hub.
    pub fn of_hub(hub: &Hub) -> Inventory {
        let mut pages = Vec::new();
        let mut examples = Vec::new();
        let default_language = hub.config.default_language().code().to_string();
        for (language, page) in &hub.home {
            pages.push(self_grouped(page, language, PageKind::Home));
        }
        for family in &hub.families {
            for (language, page) in &family.index {
                pages.push(self_grouped(page, language, PageKind::Family));
            }
            for variant in &family.variants {
                let group = variant.page.source.path.clone();
                pages.push(PageEntry {
                    file: group.clone(),
                    language: default_language.clone(),
                    kind: PageKind::Variant,
                    group: group.clone(),
                });
                for (language, translation) in &variant.translations {
                    pages.push(PageEntry {
                        file: translation.source.path.clone(),
                        language: language.clone(),
                        kind: PageKind::Translation,
                        group: group.clone(),
                    });
                }
                examples.extend(example_blocks(&variant.page));
            }
        }
        pages.sort_by(|a, b| a.file.cmp(&b.file));
        examples.sort_by(|a, b| {
            a.file
                .cmp(&b.file)
                .then(a.lines.start().cmp(b.lines.start()))
        });
        Inventory { pages, examples }
    }

    /// The page read from `file`, if it is one.
    pub fn page(&self, file: &Path) -> Option<&PageEntry> {
        self.pages.iter().find(|page| page.file == file)
    }
}

fn self_grouped<F>(page: &Page<F>, language: &str, kind: PageKind) -> PageEntry {
    PageEntry {
        file: page.source.path.clone(),
        language: language.to_string(),
        kind,
        group: page.source.path.clone(),
    }
}

/// The worked-example blocks of a page, with their ids and lines.
fn example_blocks<F>(page: &Page<F>) -> Vec<ExampleEntry> {
    let body_start = page.split.body.start;
    markdown::fenced_blocks(page.body(), markdown::EXAMPLE_INFO)
        .into_iter()
        .map(|block| {
            let first = page.source.position(body_start + block.fence_offset).line;
            let content_end = body_start + block.content_offset + block.text.len();
            // The closing fence sits on the line after the content.
            let last = page.source.position(content_end).line.max(first + 1);
            ExampleEntry {
                file: page.source.path.clone(),
                id: example_id(&block.text),
                lines: first..=last,
            }
        })
        .collect()
}

/// The `id` of an example block, read leniently: a block that fails to
/// parse as a whole still names itself when its `id` line is readable.
fn example_id(yaml: &str) -> Option<String> {
    if let Ok(serde_yaml::Value::Mapping(map)) = serde_yaml::from_str::<serde_yaml::Value>(yaml) {
        return map.get("id").and_then(|id| match id {
            serde_yaml::Value::String(s) => Some(s.clone()),
            serde_yaml::Value::Number(n) => Some(n.to_string()),
            _ => None,
        });
    }
    yaml.lines().find_map(|line| {
        let value = line.strip_prefix("id:")?.trim();
        (!value.is_empty()).then(|| value.trim_matches(['"', '\'']).to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name)
    }

    /// `content/<first family>/<file>`: the fixtures' pages are the first
    /// registered family's.
    fn page_of_first_family(file: &str) -> PathBuf {
        Path::new("content")
            .join(crate::family::default_family().name())
            .join(file)
    }

    #[test]
    fn every_example_block_is_listed_with_its_id_and_lines() {
        let inventory =
            Inventory::load(&fixture("wrong-examples"), &LoadOptions::default()).expect("loads");
        let ids: Vec<_> = inventory
            .examples
            .iter()
            .map(|e| e.id.as_deref().unwrap_or("?"))
            .collect();
        assert_eq!(
            ids,
            [
                "illegal-shown-as-legal",
                "legal-claimed-illegal",
                "missing-capture",
                "extra-capture",
                "wrong-winner",
                "win-that-is-not",
                "wrong-after",
                "off-the-board"
            ]
        );
        // The first block opens on line 13 and closes on line 19.
        assert_eq!(inventory.examples[0].lines, 13..=19);
        assert_eq!(
            inventory.examples[0].file,
            page_of_first_family("tablut.md")
        );
    }

    #[test]
    fn a_translation_shares_its_variants_group() {
        let inventory = Inventory::load(&fixture("mini"), &LoadOptions::default()).expect("loads");
        let translation = inventory
            .page(&page_of_first_family("tablut.cs.md"))
            .expect("the Czech page is listed");
        assert_eq!(translation.kind, PageKind::Translation);
        assert_eq!(translation.language, "cs");
        assert_eq!(translation.group, page_of_first_family("tablut.md"));
        let home = inventory
            .page(Path::new("content/_index.md"))
            .expect("home");
        assert_eq!(home.group, home.file);
        assert!(
            inventory.page(&page_of_first_family("draft.md")).is_none(),
            "drafts are left out unless asked for"
        );
    }

    #[test]
    fn an_unparsable_block_still_names_its_id() {
        assert_eq!(
            example_id("id: broken\nposition: [unclosed\n").as_deref(),
            Some("broken")
        );
        assert_eq!(example_id("moves: []\n"), None);
    }
}
