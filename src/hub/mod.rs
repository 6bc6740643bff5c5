//! Loading a hub: `hub.yaml`, the files under `content/`, their front matter
//! and their bodies. Nothing here knows about rules, HTML or output.

mod cache;
mod config;
pub mod freshness;
pub mod front_matter;
mod language;
pub mod limits;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

pub use cache::SourceCache;
pub use config::{HubConfig, RawHtml};
pub use front_matter::{SectionFrontMatter, Split, TranslationFrontMatter, VariantFrontMatter};
pub use language::Language;

use crate::diagnostic::{Diagnostic, Position, did_you_mean};

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

/// The top-level keys of a variant's front matter, for hints.
pub const VARIANT_KEYS: &str = "title, slug, variant_of, order, published, summary, engine";

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
}

impl Variant {
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
        None => discover(root, &content, &mut diagnostics),
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
            .into_par_iter()
            .map(|entry| parse_entry(root, entry, &config))
            .collect(),
        Some(cache) => cache.parse_all(root, entries, &config),
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
    let config: HubConfig = front_matter::parse(&text, &yaml).map_err(|(message, position)| {
        let help = crate::diagnostic::serde_hint(&message).unwrap_or_else(|| {
            "hub.yaml keys are title, description, base_url, languages and theme".to_string()
        });
        vec![source.error(position, message).with_help(help)]
    })?;
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
    let fatal = problems.iter().any(|(key, ..)| *key == "languages");
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

/// A file's bytes, refused (with the reason) when it cannot be read or is
/// larger than [`limits::MAX_FILE_BYTES`].
fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(limits::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > limits::MAX_FILE_BYTES {
        return Err(format!(
            "the file is larger than {} MiB, the most rulehub reads; split it into several pages",
            limits::MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(bytes)
}

/// Where a file under `content/` belongs.
#[derive(Debug, Clone)]
enum Entry {
    Home {
        path: PathBuf,
        lang: Option<String>,
    },
    FamilyIndex {
        path: PathBuf,
        family: String,
        lang: Option<String>,
    },
    Variant {
        path: PathBuf,
        family: String,
        name: String,
        lang: Option<String>,
    },
    Asset(Asset),
}

/// Walks `content/` in a stable order and classifies each file.
fn discover(root: &Path, content: &Path, diagnostics: &mut Vec<Diagnostic>) -> Vec<Entry> {
    let mut entries = Vec::new();
    let walker = walkdir::WalkDir::new(content)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !is_hidden(e.file_name()));
    for item in walker {
        let item = match item {
            Ok(item) => item,
            Err(e) => {
                let path = e
                    .path()
                    .map_or_else(|| PathBuf::from("content"), |p| relative(root, p));
                diagnostics.push(Diagnostic::error(path, format!("cannot read: {e}")));
                continue;
            }
        };
        if item.path_is_symlink() {
            diagnostics.push(
                Diagnostic::warning(
                    relative(root, item.path()),
                    "symbolic links are not followed, so this one is left out of the site",
                )
                .with_help("copy the file or folder into content/ instead of linking to it"),
            );
            continue;
        }
        if !item.file_type().is_file() {
            continue;
        }
        let path = item.path().to_path_buf();
        let rel_content = path.strip_prefix(content).unwrap_or(&path).to_path_buf();
        let components: Vec<String> = rel_content
            .iter()
            .map(|c| c.to_string_lossy().into_owned())
            .collect();
        let file_name = components.last().cloned().unwrap_or_default();
        if file_name.ends_with('~') {
            continue; // editor backup
        }
        let Some(stem) = file_name.strip_suffix(".md") else {
            entries.push(Entry::Asset(Asset {
                source: path,
                output: components.join("/"),
            }));
            continue;
        };
        let (name, lang) = split_language(stem);
        if components.len() == 2 && !family_folder_ok(root, content, &components[0], diagnostics) {
            continue;
        }
        match components.len() {
            1 if name == "_index" => entries.push(Entry::Home { path, lang }),
            2 if name == "_index" => entries.push(Entry::FamilyIndex {
                path,
                family: components[0].clone(),
                lang,
            }),
            2 => entries.push(Entry::Variant {
                path,
                family: components[0].clone(),
                name: name.to_string(),
                lang,
            }),
            1 => diagnostics.push(
                Diagnostic::error(
                    relative(root, &path),
                    "a page directly in content/ must be the home page `_index.md`",
                )
                .with_help("put variant pages in a family folder, e.g. content/tafl/tablut.md"),
            ),
            _ => diagnostics.push(
                Diagnostic::error(
                    relative(root, &path),
                    "pages may be at most one folder deep (content/<family>/<variant>.md)",
                )
                .with_help("move the file up into its family folder"),
            ),
        }
    }
    entries
}

/// A family folder's name is a URL segment: it must be a slug. It is
/// reported once, at the first file found in it.
fn family_folder_ok(
    root: &Path,
    content: &Path,
    folder: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    if is_valid_slug(folder) {
        return true;
    }
    let path = relative(root, &content.join(folder));
    if !diagnostics.iter().any(|d| d.file == path) {
        diagnostics.push(
            Diagnostic::error(path, format!("`{folder}` cannot be a family folder")).with_help(
                "the folder name becomes part of the address: use only lowercase letters, \
                     digits, `-` and `_`, starting with a letter or digit",
            ),
        );
    }
    false
}

/// Family folders named like a language of the hub: `content/cs/` and the
/// Czech home page would both be `/cs/`.
fn language_folder_errors(root: &Path, families: &[Family], config: &HubConfig) -> Vec<Diagnostic> {
    families
        .iter()
        .filter(|family| config.language(&family.name).is_some())
        .map(|family| {
            Diagnostic::error(
                relative(root, &root.join("content").join(&family.name)),
                format!(
                    "the family folder `{}` has the name of a language of this hub, so its pages \
                     would collide with the `{}` home page",
                    family.name, family.name
                ),
            )
            .with_help("rename the folder (for example after the game it holds)")
        })
        .collect()
}

fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.to_str()
        .is_some_and(|n| n.starts_with('.') && n != ".")
}

/// `tablut.cs` → (`tablut`, Some(`cs`)); `tablut` → (`tablut`, None).
fn split_language(stem: &str) -> (&str, Option<String>) {
    match stem.rsplit_once('.') {
        Some((name, lang)) => (name, Some(lang.to_string())),
        None => (stem, None),
    }
}

fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

/// One parsed content file.
#[derive(Clone)]
enum Parsed {
    Home {
        lang: String,
        page: Page<SectionFrontMatter>,
    },
    FamilyIndex {
        family: String,
        lang: String,
        page: Page<SectionFrontMatter>,
    },
    Variant {
        family: String,
        name: String,
        page: Box<Page<VariantFrontMatter>>,
    },
    Translation {
        family: String,
        name: String,
        lang: String,
        page: Page<TranslationFrontMatter>,
    },
    Asset(Asset),
}

fn parse_entry(root: &Path, entry: Entry, config: &HubConfig) -> Result<Parsed, Vec<Diagnostic>> {
    let (path, lang) = match &entry {
        Entry::Asset(asset) => return Ok(Parsed::Asset(asset.clone())),
        Entry::Home { path, lang }
        | Entry::FamilyIndex { path, lang, .. }
        | Entry::Variant { path, lang, .. } => (path.clone(), lang.clone()),
    };
    let rel = relative(root, &path);
    let lang = resolve_language(&rel, lang, config)?;
    let bytes = read_limited(&path).map_err(|e| vec![Diagnostic::error(&rel, e)])?;
    let text: Arc<str> = String::from_utf8(bytes)
        .map_err(|e| vec![Diagnostic::not_utf8(&rel, e.as_bytes(), &e.utf8_error())])?
        .into();
    let source = SourceFile { path: rel, text };
    let split = front_matter::split(&source.text).map_err(|e| {
        let (message, help) = e.message();
        vec![
            source
                .error(Position::at_offset(&source.text, 0), message)
                .with_help(help),
        ]
    })?;
    let is_default = config.is_default_language(&lang);
    Ok(match entry {
        Entry::Home { .. } => Parsed::Home {
            lang,
            page: section_page(source, split)?,
        },
        Entry::FamilyIndex { family, .. } => Parsed::FamilyIndex {
            family,
            lang,
            page: section_page(source, split)?,
        },
        Entry::Variant { family, name, .. } if is_default => {
            let front = parse_front(&source, &split, VARIANT_KEYS)?;
            Parsed::Variant {
                family,
                name,
                page: Box::new(Page {
                    source,
                    split,
                    front: Arc::new(front),
                }),
            }
        }
        Entry::Variant { family, name, .. } => {
            let front = parse_translation_front(&source, &split)?;
            Parsed::Translation {
                family,
                name,
                lang,
                page: Page {
                    source,
                    split,
                    front: Arc::new(front),
                },
            }
        }
        Entry::Asset(_) => unreachable!("assets returned above"),
    })
}

fn resolve_language(
    rel: &Path,
    lang: Option<String>,
    config: &HubConfig,
) -> Result<String, Vec<Diagnostic>> {
    let Some(code) = lang else {
        return Ok(config.default_language().code().to_string());
    };
    if config.language(&code).is_some() {
        return Ok(code);
    }
    let known: Vec<&str> = config.language_codes().collect();
    let mut diagnostic = Diagnostic::error(
        rel,
        format!(
            "unknown language code `{code}` in the file name; hub.yaml lists {}",
            known.join(", ")
        ),
    );
    diagnostic.help = Some(match did_you_mean(&code, known.iter().copied()) {
        Some(near) => {
            format!("did you mean `{near}`? Otherwise add `{code}` to `languages` in hub.yaml")
        }
        None => format!("add `{code}` to `languages` in hub.yaml, or rename the file"),
    });
    Err(vec![diagnostic])
}

fn section_page(
    source: SourceFile,
    split: Split,
) -> Result<Page<SectionFrontMatter>, Vec<Diagnostic>> {
    let front = parse_front(&source, &split, "title, summary")?;
    Ok(Page {
        source,
        split,
        front: Arc::new(front),
    })
}

fn parse_front<F: serde::de::DeserializeOwned>(
    source: &SourceFile,
    split: &Split,
    keys: &str,
) -> Result<F, Vec<Diagnostic>> {
    front_matter::parse(&source.text, &split.yaml).map_err(|(message, position)| {
        let help = if let Some(hint) = crate::diagnostic::serde_hint(&message) {
            hint
        } else if let Some(allowed) = allowed_keys(&message) {
            // serde names the keys of the mapping the unknown key sits in,
            // which inside `engine.rules` are not the top-level keys.
            format!("the keys allowed there are: {allowed}")
        } else if message.contains("missing field") && message.contains(": missing field") {
            "add the missing key to the block the message names".to_string()
        } else if message.contains("unknown field") || message.contains("missing field") {
            format!("the keys here are: {keys}")
        } else {
            "check the YAML syntax and the value's type".to_string()
        };
        vec![source.error(position, message).with_help(help)]
    })
}

/// The keys serde lists after "unknown field `x`, expected one of …" (or
/// "expected `y`"), without their backticks.
fn allowed_keys(message: &str) -> Option<String> {
    let rest = &message[message.find("unknown field")?..];
    let list = rest
        .split_once(", expected one of ")
        .or_else(|| rest.split_once(", expected "))?
        .1;
    let keys: Vec<&str> = list
        .split(", ")
        .map(|key| key.trim().trim_matches('`'))
        .filter(|key| !key.is_empty())
        .collect();
    (!keys.is_empty()).then(|| keys.join(", "))
}

fn parse_translation_front(
    source: &SourceFile,
    split: &Split,
) -> Result<TranslationFrontMatter, Vec<Diagnostic>> {
    let forbidden: Vec<Diagnostic> = front_matter::DEFAULT_LANGUAGE_ONLY_KEYS
        .iter()
        .filter(|key| top_level_key(&source.text[split.yaml.clone()], key))
        .map(|key| {
            source
                .error(front_matter::key_position(&source.text, &split.yaml, key), format!("a translation cannot set `{key}`"))
                .with_help("engine, rules, render data, slug and order come only from the default-language file; remove the key here")
        })
        .collect();
    if !forbidden.is_empty() {
        return Err(forbidden);
    }
    parse_front(
        source,
        split,
        "title, summary, published, translated_from, source_sections, stub",
    )
}

fn top_level_key(yaml: &str, key: &str) -> bool {
    yaml.lines().any(|line| {
        line.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    })
}

/// Puts parsed files together into families and variants.
#[derive(Default)]
struct Assembler {
    home: Localized<Page<SectionFrontMatter>>,
    family_index: BTreeMap<String, Localized<Page<SectionFrontMatter>>>,
    variants: BTreeMap<(String, String), Page<VariantFrontMatter>>,
    translations: BTreeMap<(String, String), Localized<Page<TranslationFrontMatter>>>,
    assets: Vec<Asset>,
    /// Default-language variant files that exist (parsed or not, published or not).
    originals: std::collections::BTreeSet<(String, String)>,
}

impl Assembler {
    fn add(&mut self, parsed: Parsed, options: &LoadOptions, diagnostics: &mut Vec<Diagnostic>) {
        match parsed {
            Parsed::Home { lang, page } => {
                self.home.insert(lang, page);
            }
            Parsed::FamilyIndex { family, lang, page } => {
                self.family_index
                    .entry(family)
                    .or_default()
                    .insert(lang, page);
            }
            Parsed::Variant { family, name, page } => {
                if let Err(problem) = check_family(&family, &page) {
                    diagnostics.push(problem);
                }
                if page.front.published || options.drafts {
                    self.variants.insert((family, name), *page);
                }
            }
            Parsed::Translation {
                family,
                name,
                lang,
                page,
            } => {
                if page.front.published || options.drafts {
                    self.translations
                        .entry((family, name))
                        .or_default()
                        .insert(lang, page);
                }
            }
            Parsed::Asset(asset) => self.assets.push(asset),
        }
    }

    fn finish(mut self, hub: &mut Hub, diagnostics: &mut Vec<Diagnostic>) {
        // Orphan translations: their default-language file does not exist.
        for ((family, name), pages) in &self.translations {
            if !self.originals.contains(&(family.clone(), name.clone())) {
                for page in pages.values() {
                    diagnostics.push(
                        page.source
                            .error(Position::at_offset(&page.source.text, 0), format!("translation of `{name}` without its default-language file"))
                            .with_help(format!(
                                "create content/{family}/{name}.md (the rules live there) or rename this file"
                            )),
                    );
                }
            }
        }
        let mut families: BTreeMap<String, Family> = BTreeMap::new();
        for ((family, name), page) in std::mem::take(&mut self.variants) {
            let (stubs, translations): (Localized<_>, Localized<_>) = self
                .translations
                .remove(&(family.clone(), name.clone()))
                .unwrap_or_default()
                .into_iter()
                .partition(|(_, page)| page.front.stub);
            let slug = page.front.slug.clone().unwrap_or_else(|| name.clone());
            if let Err(problem) = check_slug(&slug, &page) {
                diagnostics.push(problem);
                continue;
            }
            let entry = families.entry(family.clone()).or_insert_with(|| Family {
                name: family.clone(),
                index: BTreeMap::new(),
                variants: Vec::new(),
            });
            entry.variants.push(Variant {
                name,
                slug,
                page,
                translations,
                stubs,
            });
        }
        for (name, index) in std::mem::take(&mut self.family_index) {
            families
                .entry(name.clone())
                .or_insert_with(|| Family {
                    name: name.clone(),
                    index: BTreeMap::new(),
                    variants: Vec::new(),
                })
                .index = index;
        }
        for family in families.values_mut() {
            family.variants.sort_by(|a, b| {
                (a.page.front.order, &a.page.front.title, &a.slug).cmp(&(
                    b.page.front.order,
                    &b.page.front.title,
                    &b.slug,
                ))
            });
            report_duplicate_slugs(family, diagnostics);
        }
        hub.home = self.home;
        hub.families = families.into_values().collect();
        hub.assets = self.assets;
    }
}

fn check_family(folder: &str, page: &Page<VariantFrontMatter>) -> Result<(), Diagnostic> {
    match &page.front.variant_of {
        Some(family) if family != folder => Err(page
            .source
            .error(
                page.key_position("variant_of"),
                format!("`variant_of: {family}` but the file is in the `{folder}` folder"),
            )
            .with_help(format!(
                "move the file to content/{family}/ or write `variant_of: {folder}`"
            ))),
        _ => Ok(()),
    }
}

/// A slug is one URL segment: lowercase letters, digits, `-` and `_`.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && !slug.starts_with(['-', '_'])
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

fn check_slug(slug: &str, page: &Page<VariantFrontMatter>) -> Result<(), Diagnostic> {
    if is_valid_slug(slug) {
        return Ok(());
    }
    let position = if page.front.slug.is_some() {
        page.key_position("slug")
    } else {
        Position::at_offset(&page.source.text, 0)
    };
    Err(page
        .source
        .error(position, format!("`{slug}` cannot be a URL segment"))
        .with_help(
            "a slug uses only lowercase letters, digits, `-` and `_` (no `/`, `..` or spaces)",
        ))
}

fn report_duplicate_slugs(family: &Family, diagnostics: &mut Vec<Diagnostic>) {
    let mut first_by_slug: BTreeMap<&str, &Variant> = BTreeMap::new();
    for variant in &family.variants {
        if let Some(first) = first_by_slug.get(variant.slug.as_str()) {
            diagnostics.push(
                variant
                    .page
                    .source
                    .error(
                        variant.page.key_position("slug"),
                        format!(
                            "slug `{}` is already used by {}",
                            variant.slug,
                            first.page.source.path.display()
                        ),
                    )
                    .with_help("give each variant of a family its own slug"),
            );
        } else {
            first_by_slug.insert(&variant.slug, variant);
        }
    }
}
