//! Loading a hub: `hub.yaml` and the files under `content/`, found by
//! `discover`, read one by one by `parse`, put together by `assemble`.
//! Nothing here knows about rules, game families, HTML or output: a
//! variant's `engine:` block stays raw YAML for its family to read.

mod assemble;
mod cache;
mod config;
mod discover;
pub mod freshness;
pub mod front_matter;
pub mod keys;
mod language;
pub mod limits;
mod parse;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

pub use cache::SourceCache;
pub use config::{HubConfig, RawHtml};
pub use front_matter::{SectionFrontMatter, Split, TranslationFrontMatter, VariantFrontMatter};
pub use language::{Language, is_known_language, language_name, meant_language};

use crate::diagnostic::{Diagnostic, Position};

pub use assemble::is_valid_slug;
use assemble::*;
use discover::*;
use parse::*;

/// What to load.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Include pages with `published: false`.
    pub drafts: bool,
}

/// A file's text and the name to show for it in messages.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Path relative to the hub root (as the author knows it).
    pub path: PathBuf,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn error(&self, position: Position, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(&self.path, message)
            .at(position)
            .with_source(self.text.clone())
    }

    pub fn position(&self, offset: usize) -> Position {
        Position::at_offset(&self.text, offset)
    }
}

/// A parsed page: its file, where the front matter and body are, and the
/// typed front matter.
#[derive(Debug, Clone)]
pub struct Page<F> {
    pub source: SourceFile,
    pub split: Split,
    /// Shared, so a hub rebuilt from cached files clones pages cheaply.
    pub front: Arc<F>,
}

impl Page<SectionFrontMatter> {
    /// The words a translation of this home or family page renders.
    pub fn source_words(&self) -> freshness::SourceWords<'_> {
        freshness::SourceWords {
            title: &self.front.title,
            summary: self.front.summary.as_deref(),
            body: self.body(),
        }
    }
}

impl<F> Page<F> {
    pub fn body(&self) -> &str {
        &self.source.text[self.split.body.clone()]
    }

    /// The position of `key:` in the front matter.
    pub fn key_position(&self, key: &str) -> Position {
        front_matter::key_position(&self.source.text, &self.split.yaml, key)
    }

    /// The front matter read again as `T`, which may pick out one block
    /// (a game family reads `engine:` this way), with errors at their line
    /// and column in the file and the same hints as the hub's own parse.
    /// `keys` lists the top-level keys, for "unknown field" hints.
    pub fn parse_front_as<T: serde::de::DeserializeOwned>(
        &self,
        keys: &str,
    ) -> Result<T, Vec<Diagnostic>> {
        parse_front(&self.source, &self.split, keys)
    }
}

/// The top-level keys of a variant's front matter, for hints: a constant
/// for the game families' parses, kept equal to the type's own list
/// ([`keys::key_list`]) by a unit test.
pub const VARIANT_KEYS: &str =
    "title, slug, old_slugs, variant_of, order, published, summary, engine, render";

/// Pages of one kind keyed by language code.
pub type Localized<P> = BTreeMap<String, P>;

/// Everything a hub holds, as loaded (not yet checked against the rules).
#[derive(Debug, Clone)]
pub struct Hub {
    pub root: PathBuf,
    pub config: HubConfig,
    /// `content/_index*.md`; may be empty (a default home page is generated).
    pub home: Localized<Page<SectionFrontMatter>>,
    /// Families sorted by folder name.
    pub families: Vec<Family>,
    /// Files under `content/` that are not pages, copied as they are.
    pub assets: Vec<Asset>,
}

#[derive(Debug, Clone)]
pub struct Family {
    /// Folder name, also its URL segment and the `variant_of` of its variants.
    pub name: String,
    pub index: Localized<Page<SectionFrontMatter>>,
    /// Variants sorted by `order`, then title.
    pub variants: Vec<Variant>,
}

#[derive(Debug, Clone)]
pub struct Variant {
    /// File stem (`tablut` for `tablut.md`).
    pub name: String,
    pub slug: String,
    pub page: Page<VariantFrontMatter>,
    pub translations: Localized<Page<TranslationFrontMatter>>,
    /// Translation stubs `rulehub new --lang` wrote and nobody translated
    /// yet: never published, only reported.
    pub stubs: Localized<Page<TranslationFrontMatter>>,
    /// The fingerprint of [`Variant::source_words`], once asked for.
    pub fingerprint: freshness::Memo,
}

impl Variant {
    /// The fingerprint of the words every translation of this variant is
    /// compared with, worked out once however many translations ask.
    pub fn source_fingerprint(&self) -> &freshness::Fingerprint {
        self.fingerprint
            .0
            .get_or_init(|| freshness::fingerprint(&self.source_words()))
    }

    /// The words a translation of this variant renders.
    pub fn source_words(&self) -> freshness::SourceWords<'_> {
        freshness::SourceWords {
            title: &self.page.front.title,
            summary: self.page.front.summary.as_deref(),
            body: self.page.body(),
        }
    }
}

/// A file under `content/` that is copied to the output unchanged.
#[derive(Debug, Clone)]
pub struct Asset {
    pub source: PathBuf,
    /// Path under the output root, `/`-separated.
    pub output: String,
}

/// Loads the hub at `root`. Returns the hub (as far as it could be read)
/// and every problem found; the caller decides whether errors are fatal.
pub fn load(root: &Path, options: &LoadOptions) -> Result<(Hub, Vec<Diagnostic>), Vec<Diagnostic>> {
    load_with(root, options, None)
}

/// [`load`], re-reading only the content files that changed since `cache`
/// last saw them (by size and modification time, or because
/// [`SourceCache::forget`] was told), so a rebuild after a one-file edit
/// parses one file.
pub fn load_cached(
    root: &Path,
    options: &LoadOptions,
    cache: &mut SourceCache,
) -> Result<(Hub, Vec<Diagnostic>), Vec<Diagnostic>> {
    load_with(root, options, Some(cache))
}

fn load_with(
    root: &Path,
    options: &LoadOptions,
    mut cache: Option<&mut SourceCache>,
) -> Result<(Hub, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut diagnostics = Vec::new();
    let config = load_config(root, &mut diagnostics)?;
    let content = root.join("content");
    if !content.is_dir() {
        diagnostics.push(
            Diagnostic::error(
                "content/",
                format!("no `content/` folder in {}", root.display()),
            )
            .with_help("run rulehub in a hub folder (one with content/), or pass --root DIR"),
        );
        return Err(diagnostics);
    }
    let entries = match cache.as_deref_mut() {
        Some(cache) => cache.entries(root, &content, &mut diagnostics),
        None => discover(root, &content, &mut diagnostics).into(),
    };
    // Which default-language variant files exist, parsed or not, so a
    // translation is called an orphan only when its original is truly absent.
    let originals: std::collections::BTreeSet<(String, String)> = entries
        .iter()
        .filter_map(|entry| match entry {
            Entry::Variant {
                family, name, lang, ..
            } if lang
                .as_deref()
                .is_none_or(|l| config.is_default_language(l)) =>
            {
                Some((family.clone(), name.clone()))
            }
            _ => None,
        })
        .collect();
    let parsed: Vec<Result<Parsed, Vec<Diagnostic>>> = match cache {
        None => entries
            .par_iter()
            .map(|entry| parse_entry(root, entry, &config))
            .collect(),
        Some(cache) => cache.parse_all(root, &entries, &config),
    };
    let mut hub = Hub {
        root: root.to_path_buf(),
        config,
        home: BTreeMap::new(),
        families: Vec::new(),
        assets: Vec::new(),
    };
    let mut builder = Assembler {
        originals,
        ..Assembler::default()
    };
    for result in parsed {
        match result {
            Ok(parsed) => builder.add(parsed, options, &mut diagnostics),
            Err(mut problems) => diagnostics.append(&mut problems),
        }
    }
    builder.finish(&mut hub, &mut diagnostics);
    diagnostics.extend(language_folder_errors(root, &hub.families, &hub.config));
    Ok((hub, diagnostics))
}

/// Reads and checks `hub.yaml` alone (defaults when there is none): for
/// commands that need the languages before, or without, the content.
/// Fails only on what makes it unusable; `rulehub check` reports the rest.
pub fn read_config(root: &Path) -> Result<HubConfig, Vec<Diagnostic>> {
    load_config(root, &mut Vec::new())
}

fn load_config(
    root: &Path,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<HubConfig, Vec<Diagnostic>> {
    let path = root.join("hub.yaml");
    if !path.exists() {
        return Ok(HubConfig::default());
    }
    let text = read_limited(&path).map_err(|e| vec![Diagnostic::error("hub.yaml", e)])?;
    let text: Arc<str> = match std::str::from_utf8(&text) {
        Ok(valid) => valid.into(),
        Err(e) => return Err(vec![Diagnostic::not_utf8("hub.yaml", &text, &e)]),
    };
    let source = SourceFile {
        path: PathBuf::from("hub.yaml"),
        text: text.clone(),
    };
    let yaml = 0..text.len();
    let mut config: HubConfig =
        front_matter::parse(&text, &yaml).map_err(|(message, position)| {
            let help = crate::diagnostic::serde_hint(&message).unwrap_or_else(|| {
                format!(
                    "the keys of hub.yaml are: {} (docs/reference.md)",
                    keys::key_list::<HubConfig>()
                )
            });
            vec![source.error(position, message).with_help(help)]
        })?;
    config.source = Some(text.clone());
    for language in &config.languages {
        if is_known_language(language.code()) {
            continue;
        }
        let (message, help) = match meant_language(language.code()) {
            Some((meant, name)) => (
                format!(
                    "`{language}` is not a language code; did you mean `{meant}` ({name})?"
                ),
                format!(
                    "write `{meant}`: languages are ISO 639-1 codes (`cs` Czech, `da` Danish, `ja` Japanese), which are not country codes (`cz`, `dk`, `jp`)"
                ),
            ),
            None => (
                format!("`{language}` is not a language code"),
                "write the language's ISO 639-1 code, such as `en` (English), `cs` (Czech) or `fi` (Finnish)".to_string(),
            ),
        };
        diagnostics.push(
            config
                .language_error(language.code(), message)
                .with_help(help),
        );
    }
    if config.theme != HubConfig::default().theme
        && !root.join("themes").join(&config.theme).is_dir()
    {
        diagnostics.push(
            source
                .error(
                    front_matter::key_position(&text, &yaml, "theme"),
                    format!(
                        "there is no theme `{}`: themes/{}/ does not exist",
                        config.theme, config.theme
                    ),
                )
                .with_help("create the folder, or remove `theme` to use the built-in theme"),
        );
    }
    let problems = config.problems();
    let repeated = config.repeated_languages();
    let fatal = !repeated.is_empty() || problems.iter().any(|(key, ..)| *key == "languages");
    diagnostics.extend(repeated);
    for (key, message, help) in problems {
        let mut diagnostic = source.error(front_matter::key_position(&text, &yaml, key), message);
        diagnostic.help = help;
        diagnostics.push(diagnostic);
    }
    if fatal {
        // Without a language nothing else can be loaded; report every
        // problem of hub.yaml, not only that one.
        return Err(std::mem::take(diagnostics));
    }
    Ok(config)
}
