//! The site stage: checks every variant and renders every page in every
//! language through the templates. [`build`] keeps the site in memory,
//! [`build_to`] streams it into a folder that replaces the output only when
//! everything rendered, [`check`] renders into nothing, and a [`Session`]
//! rebuilds after edits, rendering again only what they can change.

mod audit;
mod comparison;
mod diagram_claims;
pub mod output;
mod pages;
pub mod search;
mod session;
mod sitemap;
pub mod theme;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;

pub use output::{SiteFiles, WriteError};
pub use pages::{UI_MESSAGE_IDS, escape as escape_html};
pub use session::{Rebuilt, Session, SiteDelta};

use crate::check::{Checked, CheckedVariant};
use crate::diagnostic::{self, Diagnostic};
use crate::diagram::Palette;
use crate::hub::{self, Hub, LoadOptions, SourceCache};
use crate::i18n::I18n;
use theme::Theme;

/// What to build.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Include pages marked `published: false`.
    pub drafts: bool,
    /// Publish at this address instead of hub.yaml's `base_url` (`build
    /// --base-url`): an absolute http(s) address ending in `/`.
    pub base_url: Option<String>,
    /// Publish at this origin (`http://127.0.0.1:1111`) instead of the one in
    /// `base_url`, keeping its path: `rulehub serve` uses it so canonical,
    /// hreflang and sitemap addresses point at the local server.
    pub origin: Option<String>,
    /// Name this room server on the pages instead of hub.yaml's
    /// `room_server`: `rulehub serve` points the preview at the room server
    /// it runs beside it, leaving the published pages' setting alone.
    pub room_server: Option<String>,
}

/// Counts for the closing summary line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    pub pages: usize,
    pub languages: usize,
    pub diagrams: usize,
    pub examples: usize,
    /// One line per variant, for `--verbose`: (`family/slug`, examples checked, translations).
    pub variants: Vec<(String, usize, Vec<String>)>,
}

/// A successful build: the files, the counts and any warnings.
#[derive(Debug)]
pub struct Built {
    pub files: SiteFiles,
    pub stats: Stats,
    pub warnings: Vec<Diagnostic>,
}

/// Builds the hub at `root` in memory. On failure returns every diagnostic
/// found (errors and warnings, sorted).
pub fn build(root: &Path, options: &BuildOptions) -> Result<Built, Vec<Diagnostic>> {
    let prepared = prepare(root, options)?;
    if prepared.has_errors() {
        return Err(render_for_problems(prepared, &()));
    }
    let sink = output::MemorySink::default();
    match render(prepared, &sink, &()) {
        Ok(written) => Ok(Built {
            files: sink
                .0
                .into_inner()
                .expect("no panics while holding the lock"),
            stats: written.stats,
            warnings: written.warnings,
        }),
        Err(BuildError::Content(diagnostics)) => Err(diagnostics),
        Err(BuildError::Write(error)) => unreachable!("memory never fails: {error}"),
    }
}

/// Why [`build_to`] failed.
#[derive(Debug)]
pub enum BuildError {
    /// The hub's content has errors (every diagnostic, sorted); nothing was
    /// written.
    Content(Vec<Diagnostic>),
    /// The output could not be written; the previous site is untouched.
    Write(WriteError),
}

/// A successful [`build_to`] or [`check`]: the counts and any warnings.
#[derive(Debug)]
pub struct Written {
    pub stats: Stats,
    pub warnings: Vec<Diagnostic>,
}

/// Builds the hub at `root` straight into `output`, writing each page as
/// soon as it is rendered instead of holding the whole site in memory. The
/// files are the same as [`build`] then [`output::write`] produce, and the
/// replacement is as atomic: pages go to a staging folder that replaces
/// `output` only when every page rendered.
/// `progress` hears how many pages there are and when each is done.
pub fn build_to(
    root: &Path,
    options: &BuildOptions,
    output: &Path,
    progress: &dyn Progress,
) -> Result<Written, BuildError> {
    let prepared = prepare(root, options).map_err(BuildError::Content)?;
    if prepared.has_errors() {
        // Nothing is staged: the previous output stays as it is.
        return Err(BuildError::Content(render_for_problems(prepared, progress)));
    }
    let staging = output::Staging::begin(output).map_err(BuildError::Write)?;
    let written = render(prepared, &staging, progress)?;
    staging.commit().map_err(BuildError::Write)?;
    Ok(written)
}

/// Checks the hub at `root` as a build does, rendering every page (so
/// template and shortcode errors are found too) but keeping none of them:
/// memory stays flat however large the hub.
pub fn check(
    root: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<Written, Vec<Diagnostic>> {
    let prepared = prepare(root, options)?;
    match render(prepared, &output::Discard, progress) {
        Ok(written) => Ok(written),
        Err(BuildError::Content(diagnostics)) => Err(diagnostics),
        Err(BuildError::Write(error)) => unreachable!("discarding never fails: {error}"),
    }
}

/// Renders every page of a prepared hub into `sink`; the warnings so far
/// join the counts, or the content problems join them in the failure.
fn render(
    mut prepared: Prepared,
    sink: &dyn output::Sink,
    progress: &dyn Progress,
) -> Result<Written, BuildError> {
    match pages::render_site_into(&prepared.context(), sink, progress) {
        Ok(stats) if !prepared.has_errors() => Ok(Written {
            stats,
            warnings: finish(prepared.diagnostics),
        }),
        Ok(_) => Err(BuildError::Content(finish(prepared.diagnostics))),
        Err(pages::RenderError::Content(mut problems)) => {
            prepared.diagnostics.append(&mut problems);
            Err(BuildError::Content(finish(prepared.diagnostics)))
        }
        Err(pages::RenderError::Write(error)) => Err(BuildError::Write(error)),
    }
}

/// Renders a hub already known to have errors, keeping no page: only to
/// find the problems of the pages that could be rendered.
fn render_for_problems(prepared: Prepared, progress: &dyn Progress) -> Vec<Diagnostic> {
    match render(prepared, &output::Discard, progress) {
        Err(BuildError::Content(diagnostics)) => diagnostics,
        Ok(_) => unreachable!("a hub with errors never renders to success"),
        Err(BuildError::Write(error)) => unreachable!("discarding never fails: {error}"),
    }
}

/// Hears how far rendering has come, from any thread; `()` ignores it.
pub trait Progress: Sync {
    /// Rendering starts with `pages` pages to go.
    fn start(&self, pages: usize);
    /// `pages` more pages are done.
    fn advance(&self, pages: usize);
}

impl Progress for () {
    fn start(&self, _pages: usize) {}
    fn advance(&self, _pages: usize) {}
}

/// Everything checked and loaded, ready to render.
struct Prepared {
    hub: Hub,
    theme: Theme,
    palette: Palette,
    i18n: Arc<I18n>,
    templates: Arc<pages::Templates>,
    checked: CheckedVariants,
    /// The templates' UI strings (`t.*`) by language, resolved once per
    /// build rather than once per page.
    ui: BTreeMap<String, BTreeMap<String, String>>,
    neighbours: pages::Neighbours,
    example_texts: pages::ExampleTexts,
    board_sentences: pages::BoardSentences,
    /// Warnings so far.
    diagnostics: Vec<Diagnostic>,
}

impl Prepared {
    /// Whether the hub has errors so far: it is then rendered only to find
    /// more, and never written.
    fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    fn context(&self) -> pages::SiteContext<'_> {
        pages::SiteContext {
            hub: &self.hub,
            theme: &self.theme,
            palette: &self.palette,
            i18n: &self.i18n,
            templates: &self.templates,
            checked: &self.checked,
            ui: &self.ui,
            neighbours: &self.neighbours,
            example_texts: &self.example_texts,
            board_sentences: &self.board_sentences,
            stop: &pages::RUN_TO_END,
        }
    }
}

/// Loads the hub and theme and checks every variant; fails with every
/// diagnostic when the hub cannot be rendered at all. Content errors (see
/// [`Prepared::has_errors`]) leave the hub to render for more problems.
fn prepare(root: &Path, options: &BuildOptions) -> Result<Prepared, Vec<Diagnostic>> {
    prepare_with(root, options, None)
}

/// What a [`Session`] remembers for [`prepare_with`]: parsed sources and
/// checked variants.
struct Memory<'a> {
    sources: &'a mut SourceCache,
    checks: &'a session::CheckMemo,
    audits: &'a audit::AuditMemo,
    themes: &'a mut ThemeMemo,
}

fn prepare_with(
    root: &Path,
    options: &BuildOptions,
    memory: Option<Memory>,
) -> Result<Prepared, Vec<Diagnostic>> {
    let load_options = LoadOptions {
        drafts: options.drafts,
    };
    let (sources, checks, audits, themes) = match memory {
        Some(Memory {
            sources,
            checks,
            audits,
            themes,
        }) => (Some(sources), Some(checks), Some(audits), Some(themes)),
        None => (None, None, None, None),
    };
    let (mut hub, mut diagnostics) = match sources {
        Some(cache) => hub::load_cached(root, &load_options, cache)?,
        None => hub::load(root, &load_options)?,
    };
    if let Some(url) = &options.base_url {
        hub.config.base_url = url.clone();
    }
    if let Some(origin) = &options.origin {
        hub.config.base_url = format!(
            "{}{}/",
            origin.trim_end_matches('/'),
            hub.config.base_path()
        );
    }
    if let Some(url) = &options.room_server {
        hub.config.room_server = Some(url.clone());
    }
    let theme = match Theme::load(root, &hub.config) {
        Ok(theme) => Some(theme),
        Err(mut problems) => {
            diagnostics.append(&mut problems);
            None
        }
    };
    let Some(theme) = theme else {
        return Err(finish(diagnostics));
    };
    let ThemeParts {
        palette,
        i18n,
        templates,
    } = match themes {
        Some(memo) => memo.get_or_parse(&theme, &mut diagnostics),
        None => ThemeParts::parse(&theme, &mut diagnostics),
    };
    let checked = palette
        .as_ref()
        .map(|palette| check_variants(&hub, palette, checks, &mut diagnostics));
    diagnostics.extend(translation_gaps(&hub, audits));
    diagnostics.extend(audit::raw_html_warnings(&hub, audits));
    diagnostics.extend(audit::active_asset_errors(&hub));
    diagnostics.extend(pages::reserved_slug_errors(&hub));
    // Content errors do not stop here: every page whose variant could be
    // read is still rendered, so that a run reports the problems of every
    // page whatever fails elsewhere. Without a palette, Fluent strings or
    // templates nothing can be rendered.
    let (Some(palette), Some(i18n), Some(templates), Some(checked)) =
        (palette, i18n, templates, checked)
    else {
        return Err(finish(diagnostics));
    };
    let ui = hub
        .config
        .language_codes()
        .map(|lang| (lang.to_string(), i18n.strings(lang, UI_MESSAGE_IDS)))
        .collect();
    Ok(Prepared {
        hub,
        theme,
        palette,
        i18n,
        templates,
        checked,
        ui,
        neighbours: pages::Neighbours::default(),
        example_texts: pages::ExampleTexts::default(),
        board_sentences: pages::BoardSentences::default(),
        diagnostics,
    })
}

/// What a theme's palette, Fluent files and templates parse into; `None`
/// for each that failed, with its diagnostics pushed.
#[derive(Clone)]
struct ThemeParts {
    palette: Option<Palette>,
    i18n: Option<Arc<I18n>>,
    templates: Option<Arc<pages::Templates>>,
}

impl ThemeParts {
    fn parse(theme: &Theme, diagnostics: &mut Vec<Diagnostic>) -> ThemeParts {
        let palette = match families_palette(diagnostics)
            .map(|base| base.with_theme_yaml(&theme.palette.text))
        {
            None => None,
            Some(Ok(palette)) => Some(palette),
            Some(Err(errors)) => {
                diagnostics.extend(errors.into_iter().map(|error| {
                    let position = crate::diagnostic::Position::at_offset(
                        &theme.palette.text,
                        error.offset.unwrap_or(0),
                    );
                    Diagnostic::error(&theme.palette.path, error.to_string())
                        .at(position)
                        .with_source(theme.palette.text.clone())
                }));
                None
            }
        };
        let i18n = match I18n::load(&theme.fluent, &required_messages()) {
            Ok(i18n) => Some(Arc::new(i18n)),
            Err(mut problems) => {
                diagnostics.append(&mut problems);
                None
            }
        };
        let templates = match pages::Templates::load(theme) {
            Ok(templates) => Some(Arc::new(templates)),
            Err(mut problems) => {
                diagnostics.append(&mut problems);
                None
            }
        };
        ThemeParts {
            palette,
            i18n,
            templates,
        }
    }
}

/// The built-in palette with every family's tokens and default colours
/// (the theme's palette goes on top); `None`, with the problems pushed,
/// when a family's palette file does not read.
fn families_palette(diagnostics: &mut Vec<Diagnostic>) -> Option<Palette> {
    let mut palette = Palette::builtin();
    for file in theme::family_palettes() {
        match palette.with_family_yaml(&file.text) {
            Ok(with) => palette = with,
            Err(errors) => {
                diagnostics.extend(errors.into_iter().map(|error| {
                    let position = crate::diagnostic::Position::at_offset(
                        &file.text,
                        error.offset.unwrap_or(0),
                    );
                    Diagnostic::error(&file.path, error.to_string())
                        .at(position)
                        .with_source(file.text.clone())
                }));
                return None;
            }
        }
    }
    Some(palette)
}

/// The last theme that parsed whole, with what it parsed into: a
/// [`Session`] keeps one so that a rebuild after a content edit does not
/// parse the same Fluent files and templates again (a tenth of serve's
/// quick pass at 10k pages). Keyed by the files' contents, so an edited
/// theme file is parsed anew.
#[derive(Default)]
struct ThemeMemo {
    last: Option<(Theme, ThemeParts)>,
}

impl ThemeMemo {
    /// What `theme` parses into: remembered when it is the last theme
    /// seen, parsed (and remembered if whole) otherwise.
    fn get_or_parse(&mut self, theme: &Theme, diagnostics: &mut Vec<Diagnostic>) -> ThemeParts {
        if let Some((seen, parts)) = &self.last
            && seen == theme
        {
            return parts.clone();
        }
        let parts = ThemeParts::parse(theme, diagnostics);
        let whole = parts.palette.is_some() && parts.i18n.is_some() && parts.templates.is_some();
        self.last = whole.then(|| (theme.clone(), parts.clone()));
        parts
    }
}

fn finish(mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diagnostic::sort(&mut diagnostics);
    diagnostics.dedup();
    diagnostics
}

/// Every Fluent message the program asks for.
pub fn required_messages() -> Vec<&'static str> {
    let mut ids: Vec<&str> = UI_MESSAGE_IDS
        .iter()
        .chain(comparison::MESSAGE_IDS)
        .copied()
        .chain(
            crate::family::FAMILIES
                .iter()
                .flat_map(|family| family.message_ids()),
        )
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Checked variants keyed by (family, variant name).
pub type CheckedVariants = BTreeMap<(String, String), Arc<CheckedVariant>>;

fn check_variants(
    hub: &Hub,
    palette: &Palette,
    memo: Option<&session::CheckMemo>,
    diagnostics: &mut Vec<Diagnostic>,
) -> CheckedVariants {
    let jobs: Vec<(&str, &hub::Variant)> = hub
        .families
        .iter()
        .flat_map(|f| f.variants.iter().map(move |v| (f.name.as_str(), v)))
        .collect();
    if let Some(memo) = memo {
        memo.begin(palette);
        memo.keep_only(
            &jobs
                .iter()
                .map(|(family, v)| (family.to_string(), v.name.clone()))
                .collect(),
        );
    }
    let results: Vec<_> = jobs
        .into_par_iter()
        .map(|(family, variant)| {
            let check = || crate::check::check(family, variant, palette);
            let result = match memo {
                Some(memo) => memo.get_or_check(family, variant, check),
                None => {
                    let Checked { variant, problems } = check();
                    (variant.map(Arc::new), problems)
                }
            };
            ((family.to_string(), variant.name.clone()), result)
        })
        .collect();
    let mut checked = BTreeMap::new();
    for (key, (variant, mut problems)) in results {
        if let Some(variant) = variant {
            checked.insert(key, variant);
        }
        diagnostics.append(&mut problems);
    }
    checked
}

/// Warnings for content missing in a configured language, for stubs nobody
/// translated, and for translations older than their source.
fn translation_gaps(hub: &Hub, audits: Option<&audit::AuditMemo>) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    for family in &hub.families {
        for variant in &family.variants {
            let missing: Vec<&str> = hub
                .config
                .language_codes()
                .skip(1)
                // A code that is no language (`cz`) is an error in hub.yaml;
                // never ask for files named after it.
                .filter(|code| crate::hub::is_known_language(code))
                .filter(|code| !variant.translations.contains_key(*code))
                .collect();
            if !missing.is_empty() {
                let name = &variant.name;
                let stubs: Vec<&str> = missing
                    .iter()
                    .copied()
                    .filter(|code| variant.stubs.contains_key(*code))
                    .collect();
                let stub_note = if stubs.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({} only an untranslated stub: translate it, then remove `stub: true`)",
                        stubs.join(", ")
                    )
                };
                warnings.push(
                    Diagnostic::warning(
                        &variant.page.source.path,
                        format!(
                            "`{name}` has no translation in: {}{stub_note}",
                            missing.join(", ")
                        ),
                    )
                    .with_help(format!(
                        "add {} (the page is listed as not yet translated meanwhile)",
                        missing
                            .iter()
                            .map(|l| format!("{name}.{l}.md"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
            }
            warnings.extend(freshness_warnings(
                &variant.page.source.path,
                variant.source_words(),
                audit::source_fingerprint(variant, audits),
                variant
                    .translations
                    .values()
                    .map(|page| (page, page.front.record())),
            ));
        }
    }
    // Home and family pages: their translations may fall behind too.
    let default = hub.config.default_language().code();
    for index in std::iter::once(&hub.home).chain(hub.families.iter().map(|f| &f.index)) {
        if let Some(source) = index.get(default) {
            warnings.extend(freshness_warnings(
                &source.source.path,
                source.source_words(),
                &crate::hub::freshness::fingerprint(&source.source_words()),
                index
                    .iter()
                    .filter(|(lang, _)| lang.as_str() != default)
                    .map(|(_, page)| (page, page.front.record())),
            ));
        }
    }
    warnings
}

/// A warning at each translation that is older than its source or does
/// not say which source it was translated from.
fn freshness_warnings<'a, F: 'a>(
    source: &Path,
    words: crate::hub::freshness::SourceWords<'_>,
    current: &crate::hub::freshness::Fingerprint,
    translations: impl Iterator<Item = (&'a crate::hub::Page<F>, crate::hub::freshness::Record<'a>)>,
) -> Vec<Diagnostic> {
    use crate::hub::freshness::{self, Status};
    let source = source.display().to_string();
    let mut warnings = Vec::new();
    for (page, record) in translations {
        let file = page.source.path.display().to_string();
        let mark = format!("rulehub translations --mark-current {file}");
        match freshness::status(&record, current, &words) {
            Status::Outdated { since, changes } => warnings.push(
                Diagnostic::warning(
                    &page.source.path,
                    format!(
                        "outdated since {since}: {source} changed ({})",
                        changes.summary()
                    ),
                )
                .at(page.key_position("translated_from"))
                .with_source(page.source.text.clone())
                .with_help(format!(
                        "bring the translation up to date, then run `{mark}`"
                    )),
            ),
            Status::Unknown => warnings.push(
                Diagnostic::warning(
                    &page.source.path,
                    format!("the translation does not say which version of {source} it was translated from"),
                )
                .with_help(format!(
                    "if it matches {source} today, run `{mark}` to record that"
                )),
            ),
            Status::Ok | Status::Stub | Status::Missing => {}
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
        walkdir::WalkDir::new(dir)
            .into_iter()
            .map(|e| e.expect("readable"))
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let rel = e.path().strip_prefix(dir).expect("inside");
                (
                    rel.to_string_lossy().replace('\\', "/"),
                    std::fs::read(e.path()).expect("readable"),
                )
            })
            .collect()
    }

    #[test]
    fn streamed_build_writes_the_same_files_as_the_in_memory_build() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini");
        let built = build(&root, &BuildOptions::default()).expect("fixture builds");
        let dir = tempfile::tempdir().expect("temp dir");
        let streamed = dir.path().join("streamed");
        let written =
            build_to(&root, &BuildOptions::default(), &streamed, &()).expect("fixture builds");
        assert_eq!(written.stats, built.stats);
        assert_eq!(tree(&streamed), built.files.files);
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(leftovers.len(), 1, "no staging folder is left behind");
    }

    #[test]
    fn a_streamed_build_with_errors_leaves_the_previous_site_untouched() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("hub");
        let family = root
            .join("content")
            .join(crate::family::default_family().name());
        std::fs::create_dir_all(&family).expect("mkdir");
        std::fs::write(
            family.join("bad.md"),
            "---\ntitle: Bad\nengine:\n  topology: { type: grid, rows: 9, cols: 9 }\n---\n\n{{svg:nope.svg}}\n",
        )
        .expect("write");
        let out = dir.path().join("public");
        std::fs::create_dir_all(&out).expect("mkdir");
        std::fs::write(out.join("sitemap.xml"), "old").expect("write");
        let error =
            build_to(&root, &BuildOptions::default(), &out, &()).expect_err("bad shortcode");
        assert!(matches!(error, BuildError::Content(_)), "{error:?}");
        assert_eq!(
            std::fs::read_to_string(out.join("sitemap.xml")).expect("kept"),
            "old"
        );
        let names: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(names.len(), 2, "hub and public only");
    }
}
