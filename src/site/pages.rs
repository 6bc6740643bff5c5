//! Page models, template rendering and the files of every page.

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use super::comparison;
use super::output::{MemorySink, Sink, SiteFiles, WriteError};
use super::sitemap;
use super::svg_cache::DiagramCache;
use super::theme::Theme;
use super::{CheckedVariants, Progress, Stats};
use crate::diagnostic::Diagnostic;
use crate::diagram::{self, Annotations, Palette};
use crate::engine::Piece;
use crate::examples::{self, CheckedExample};
use crate::hub::{Family, Hub, Page, SectionFrontMatter, Variant};
use crate::i18n::{Arg, I18n};
use crate::markdown::{self, Embeds, Shortcode, ShortcodeKind};
use crate::variant::CheckedVariant;

/// UI messages the templates use (as `t.<id with _>`).
pub const UI_MESSAGE_IDS: &[&str] = &[
    "language-name",
    "skip-to-content",
    "nav-home",
    "nav-languages",
    "players",
    "variants-heading",
    "not-yet-translated",
    "on-this-page",
    "board-start-desc",
    "example-heading",
    "example-before",
    "example-after",
    "example-verified",
    "comparison-title",
    "comparison-intro",
    "comparison-link",
    "comparison-rule",
    "not-found-title",
    "not-found-text",
    "back-home",
    "footer-text",
    "rules-at-a-glance",
];

/// URL segment of a family's generated comparison page; no variant may use it.
pub const COMPARISON_SLUG: &str = "compare";

/// The parsed templates.
pub struct Templates {
    tera: tera::Tera,
}

impl Templates {
    pub fn load(theme: &Theme) -> Result<Templates, Vec<Diagnostic>> {
        let mut tera = tera::Tera::new();
        let mut problems = Vec::new();
        for (name, file) in &theme.templates {
            if let Err(error) = tera.add_raw_template(name, &file.text) {
                problems.push(
                    Diagnostic::error(&file.path, format!("template error: {error}"))
                        .with_source(file.text.clone()),
                );
            }
        }
        if problems.is_empty() {
            Ok(Templates { tera })
        } else {
            Err(problems)
        }
    }

    fn render(&self, name: &str, context: &impl Serialize) -> Result<String, Diagnostic> {
        let context = tera::Context::from_serialize(context).map_err(|e| {
            Diagnostic::error(
                format!("templates/{name}"),
                format!("cannot pass page data to the template: {e}"),
            )
        })?;
        self.tera.render(name, &context).map_err(|e| {
            let mut message = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(cause) = source {
                message.push_str(": ");
                message.push_str(&cause.to_string());
                source = cause.source();
            }
            Diagnostic::error(
                format!("templates/{name}"),
                format!("template error: {message}"),
            )
        })
    }
}

/// Everything page rendering reads.
pub struct SiteContext<'a> {
    pub hub: &'a Hub,
    pub theme: &'a Theme,
    pub palette: &'a Palette,
    pub i18n: &'a I18n,
    pub templates: &'a Templates,
    pub checked: &'a CheckedVariants,
}

/// Which page, independent of language.
#[derive(Debug, Clone, Copy)]
enum PageId<'a> {
    Home,
    Family(&'a Family),
    Comparison(&'a Family),
    Variant(&'a Family, &'a Variant),
    NotFound,
}

impl<'a> SiteContext<'a> {
    fn default_lang(&self) -> &str {
        self.hub.config.default_language().code()
    }

    /// Output folder of a page in a language: `""`, `cs/`, `tafl/standard/`…
    fn dir(&self, page: PageId, lang: &str) -> String {
        let prefix = if lang == self.default_lang() {
            String::new()
        } else {
            format!("{lang}/")
        };
        match page {
            PageId::Home | PageId::NotFound => prefix,
            PageId::Family(f) => format!("{prefix}{}/", f.name),
            PageId::Comparison(f) => format!("{prefix}{}/{COMPARISON_SLUG}/", f.name),
            PageId::Variant(f, v) => format!("{prefix}{}/{}/", f.name, v.slug),
        }
    }

    fn href(&self, dir: &str) -> String {
        format!("{}/{dir}", self.hub.config.base_path())
    }

    fn absolute(&self, dir: &str) -> String {
        format!("{}/{dir}", self.hub.config.origin_and_path())
    }

    /// Whether a page has a version in `lang`.
    fn exists(&self, page: PageId, lang: &str) -> bool {
        match page {
            PageId::Variant(_, v) => {
                lang == self.default_lang() || v.translations.contains_key(lang)
            }
            PageId::NotFound => false,
            _ => true,
        }
    }

    fn languages(&self) -> Vec<&str> {
        self.hub.config.language_codes().collect()
    }
}

#[derive(Serialize)]
struct LanguageLink {
    code: String,
    name: String,
    href: String,
    current: bool,
}

#[derive(Serialize)]
struct Alternate {
    hreflang: String,
    href: String,
}

#[derive(Serialize)]
struct Crumb {
    title: String,
    href: String,
}

/// What every template gets.
#[derive(Serialize)]
struct Common {
    lang: String,
    site_title: String,
    title: String,
    description: String,
    canonical: Option<String>,
    alternates: Vec<Alternate>,
    languages: Vec<LanguageLink>,
    home_href: String,
    style_href: String,
    crumbs: Vec<Crumb>,
    t: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct ListedVariant {
    title: String,
    summary: String,
    href: String,
    translated: bool,
    players: String,
    board: String,
}

#[derive(Serialize)]
struct FamilyLink {
    title: String,
    summary: String,
    href: String,
    variants: Vec<ListedVariant>,
}

#[derive(Serialize)]
struct Glance {
    label: String,
    value: String,
}

/// One rendered page: its HTML file and any diagrams beside it.
struct PageOutput {
    files: Vec<(String, Vec<u8>)>,
    diagrams: usize,
}

/// Why rendering stopped: problems in the content, or the output.
pub enum RenderError {
    Content(Vec<Diagnostic>),
    Write(WriteError),
}

/// A part of the site rendered as a whole, and the smallest part a rebuild
/// re-renders.
#[derive(Debug, Clone, Copy)]
pub enum Unit<'a> {
    /// A variant's pages in every language it has, with their diagrams
    /// (each drawn once for all languages).
    Variant(&'a Family, &'a Variant),
    /// Everything that lists variants or describes the whole site: the home,
    /// family, comparison and 404 pages, the sitemap, robots.txt, theme
    /// assets and files copied from `content/`.
    Listings,
}

/// A [`Unit`] by name, to remember it between builds.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitId {
    Variant { family: String, name: String },
    Listings,
}

impl Unit<'_> {
    pub fn id(&self) -> UnitId {
        match self {
            Unit::Variant(family, variant) => UnitId::Variant {
                family: family.name.clone(),
                name: variant.name.clone(),
            },
            Unit::Listings => UnitId::Listings,
        }
    }
}

/// The files of a rendered [`Unit`].
#[derive(Debug, Default)]
pub struct UnitOutput {
    /// (path under the output root, bytes)
    pub files: Vec<(String, Vec<u8>)>,
    /// HTML pages among the files.
    pub pages: usize,
    /// Diagrams among the files.
    pub diagrams: usize,
}

impl UnitOutput {
    fn add(&mut self, page: PageOutput) {
        self.pages += 1;
        self.diagrams += page.diagrams;
        self.files.extend(page.files);
    }
}

/// How many pages a unit renders.
fn page_count(site: &SiteContext, unit: Unit) -> usize {
    let languages = site.languages();
    match unit {
        Unit::Variant(family, variant) => languages
            .iter()
            .filter(|lang| site.exists(PageId::Variant(family, variant), lang))
            .count(),
        // Home, and each family's page and comparison, in every language;
        // and the 404 page.
        Unit::Listings => languages.len() * (1 + 2 * site.hub.families.len()) + 1,
    }
}

/// Every unit of the site: the listings first, then each variant.
pub fn units<'a>(site: &SiteContext<'a>) -> Vec<Unit<'a>> {
    let mut units = vec![Unit::Listings];
    for family in &site.hub.families {
        units.extend(family.variants.iter().map(|v| Unit::Variant(family, v)));
    }
    units
}

/// Renders one unit; fails with every problem found in it.
pub fn render_unit(site: &SiteContext, unit: Unit) -> Result<UnitOutput, Vec<Diagnostic>> {
    match unit {
        Unit::Variant(family, variant) => {
            let cache = DiagramCache::default();
            let pages = site
                .languages()
                .into_iter()
                .filter(|lang| site.exists(PageId::Variant(family, variant), lang))
                .map(|lang| render_variant(site, family, variant, lang, &cache))
                .collect();
            gather(pages)
        }
        Unit::Listings => render_listings(site),
    }
}

/// One output of several pages, or every problem of all of them.
fn gather(pages: Vec<Result<PageOutput, Vec<Diagnostic>>>) -> Result<UnitOutput, Vec<Diagnostic>> {
    let mut output = UnitOutput::default();
    let mut problems = Vec::new();
    for page in pages {
        match page {
            Ok(page) => output.add(page),
            Err(mut errors) => problems.append(&mut errors),
        }
    }
    if problems.is_empty() {
        Ok(output)
    } else {
        Err(problems)
    }
}

fn render_listings(site: &SiteContext) -> Result<UnitOutput, Vec<Diagnostic>> {
    let mut pages: Vec<(PageId, &str)> = Vec::new();
    for lang in site.languages() {
        pages.push((PageId::Home, lang));
        for family in &site.hub.families {
            pages.push((PageId::Family(family), lang));
            pages.push((PageId::Comparison(family), lang));
        }
    }
    pages.push((PageId::NotFound, site.default_lang()));
    let rendered = pages
        .par_iter()
        .map(|(page, lang)| render_page(site, *page, lang))
        .collect();
    let mut output = gather(rendered)?;
    let mut problems = Vec::new();
    for (name, bytes) in &site.theme.static_files {
        output.files.push((format!("assets/{name}"), bytes.clone()));
    }
    for asset in &site.hub.assets {
        match std::fs::read(&asset.source) {
            Ok(bytes) => output.files.push((asset.output.clone(), bytes)),
            Err(e) => problems.push(Diagnostic::error(
                &asset.source,
                format!("cannot read: {e}"),
            )),
        }
    }
    output.files.push((
        "sitemap.xml".to_string(),
        sitemap::render(&sitemap_entries(site)).into(),
    ));
    output.files.push((
        "robots.txt".to_string(),
        format!(
            "User-agent: *\nAllow: /\n\nSitemap: {}\n",
            site.absolute("sitemap.xml")
        )
        .into_bytes(),
    ));
    if problems.is_empty() {
        Ok(output)
    } else {
        Err(problems)
    }
}

/// Variants whose slug would collide with a generated page.
pub fn reserved_slug_errors(hub: &Hub) -> Vec<Diagnostic> {
    hub.families
        .iter()
        .flat_map(|family| &family.variants)
        .filter(|variant| variant.slug == COMPARISON_SLUG)
        .map(|variant| {
            variant
                .page
                .source
                .error(
                    variant.page.key_position("slug"),
                    format!("the slug `{COMPARISON_SLUG}` is taken by the family's rules comparison page"),
                )
                .with_help("choose another slug")
        })
        .collect()
}

/// The counts of a build whose units made `pages` pages and `diagrams`
/// diagrams.
pub fn stats(site: &SiteContext, pages: usize, diagrams: usize) -> Stats {
    let mut stats = Stats {
        pages,
        diagrams,
        languages: site.languages().len(),
        // Examples are checked once per variant, however many languages show them.
        examples: site.checked.values().map(|v| v.examples.len()).sum(),
        variants: Vec::new(),
    };
    for family in &site.hub.families {
        for variant in &family.variants {
            let examples = site
                .checked
                .get(&(family.name.clone(), variant.name.clone()))
                .map_or(0, |c| c.examples.len());
            let languages = variant.translations.keys().cloned().collect();
            stats.variants.push((
                format!("{}/{}", family.name, variant.slug),
                examples,
                languages,
            ));
        }
    }
    stats
}

/// Renders every page in every language, then the sitemap and assets, into
/// memory.
pub fn render_site(site: &SiteContext) -> Result<(SiteFiles, Stats), Vec<Diagnostic>> {
    let sink = MemorySink::default();
    match render_site_into(site, &sink, &()) {
        Ok(stats) => Ok((
            sink.0
                .into_inner()
                .expect("no panics while holding the lock"),
            stats,
        )),
        Err(RenderError::Content(problems)) => Err(problems),
        Err(RenderError::Write(error)) => unreachable!("memory never fails: {error}"),
    }
}

/// Pages and diagrams of a rendered unit, or its problems.
type UnitCounts = Result<(usize, usize), Vec<Diagnostic>>;

/// Renders every unit of the site in parallel, handing each unit's files to
/// `sink` as soon as it is done (so a large site never sits in memory).
pub fn render_site_into(
    site: &SiteContext,
    sink: &dyn Sink,
    progress: &dyn Progress,
) -> Result<Stats, RenderError> {
    let units = units(site);
    progress.start(units.iter().map(|unit| page_count(site, *unit)).sum());
    let results: Vec<Result<UnitCounts, WriteError>> = units
        .into_par_iter()
        .map(|unit| {
            let result = match render_unit(site, unit) {
                Ok(output) => {
                    sink.put_all(output.files)?;
                    Ok(Ok((output.pages, output.diagrams)))
                }
                Err(problems) => Ok(Err(problems)),
            };
            progress.advance(page_count(site, unit));
            result
        })
        .collect();
    let (mut pages, mut diagrams) = (0, 0);
    let mut problems = Vec::new();
    for result in results {
        match result.map_err(RenderError::Write)? {
            Ok((p, d)) => {
                pages += p;
                diagrams += d;
            }
            Err(mut errors) => problems.append(&mut errors),
        }
    }
    if problems.is_empty() {
        Ok(stats(site, pages, diagrams))
    } else {
        Err(RenderError::Content(problems))
    }
}

fn sitemap_entries(site: &SiteContext) -> Vec<sitemap::Entry> {
    let mut pages = vec![PageId::Home];
    for family in &site.hub.families {
        pages.push(PageId::Family(family));
        pages.push(PageId::Comparison(family));
        pages.extend(family.variants.iter().map(|v| PageId::Variant(family, v)));
    }
    let mut entries = Vec::new();
    for page in pages {
        let alternates: Vec<(String, String)> = site
            .languages()
            .into_iter()
            .filter(|l| site.exists(page, l))
            .map(|l| (l.to_string(), site.absolute(&site.dir(page, l))))
            .collect();
        for (_, url) in &alternates {
            entries.push(sitemap::Entry {
                url: url.clone(),
                alternates: alternates.clone(),
            });
        }
    }
    entries
}

fn common(site: &SiteContext, page: PageId, lang: &str, title: &str, description: &str) -> Common {
    let i18n = site.i18n;
    let languages = site
        .languages()
        .into_iter()
        .map(|code| {
            let target = if site.exists(page, code) {
                site.dir(page, code)
            } else {
                site.dir(PageId::Home, code)
            };
            LanguageLink {
                code: code.to_string(),
                name: i18n.message(code, "language-name", &[]),
                href: site.href(&target),
                current: code == lang,
            }
        })
        .collect();
    let mut alternates: Vec<Alternate> = Vec::new();
    if !matches!(page, PageId::NotFound) {
        alternates = site
            .languages()
            .into_iter()
            .filter(|l| site.exists(page, l))
            .map(|l| Alternate {
                hreflang: l.to_string(),
                href: site.absolute(&site.dir(page, l)),
            })
            .collect();
        alternates.push(Alternate {
            hreflang: "x-default".to_string(),
            href: site.absolute(&site.dir(page, site.default_lang())),
        });
    }
    let mut crumbs = Vec::new();
    match page {
        PageId::Variant(family, _) | PageId::Comparison(family) => {
            crumbs.push(Crumb {
                title: section_title(site, &family.index, lang, &family.name),
                href: site.href(&site.dir(PageId::Family(family), lang)),
            });
        }
        _ => {}
    }
    Common {
        lang: lang.to_string(),
        site_title: site.hub.config.title.clone(),
        title: title.to_string(),
        description: description.to_string(),
        canonical: (!matches!(page, PageId::NotFound))
            .then(|| site.absolute(&site.dir(page, lang))),
        alternates: if alternates.len() > 2 || site.languages().len() > 1 {
            alternates
        } else {
            Vec::new()
        },
        languages,
        home_href: site.href(&site.dir(PageId::Home, lang)),
        style_href: site.href("assets/style.css"),
        crumbs,
        t: i18n.strings(lang, UI_MESSAGE_IDS),
    }
}

fn section_title(
    site: &SiteContext,
    pages: &BTreeMap<String, Page<SectionFrontMatter>>,
    lang: &str,
    fallback: &str,
) -> String {
    pages
        .get(lang)
        .or_else(|| pages.get(site.default_lang()))
        .map_or_else(|| capitalise(fallback), |p| p.front.title.clone())
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn render_page(
    site: &SiteContext,
    page: PageId,
    lang: &str,
) -> Result<PageOutput, Vec<Diagnostic>> {
    match page {
        PageId::Home => render_home(site, lang),
        PageId::Family(family) => render_family(site, family, lang),
        PageId::Comparison(family) => render_comparison(site, family, lang),
        PageId::Variant(family, variant) => {
            render_variant(site, family, variant, lang, &DiagramCache::default())
        }
        PageId::NotFound => render_not_found(site, lang),
    }
}

fn html_file(site: &SiteContext, page: PageId, lang: &str) -> String {
    format!("{}index.html", site.dir(page, lang))
}

/// Markdown of a section page (home or family) in `lang`, or the default
/// language's when not translated.
fn section_body(
    site: &SiteContext,
    pages: &BTreeMap<String, Page<SectionFrontMatter>>,
    lang: &str,
) -> Result<(String, String), Vec<Diagnostic>> {
    let Some(page) = pages.get(lang).or_else(|| pages.get(site.default_lang())) else {
        return Ok((String::new(), String::new()));
    };
    let html = render_markdown(
        page.body(),
        page.split.body.start,
        &page.source.path,
        &page.source.text,
        &NoEmbeds,
    )?;
    Ok((html, page.front.summary.clone().unwrap_or_default()))
}

fn render_markdown(
    body: &str,
    body_start: usize,
    path: &std::path::Path,
    text: &Arc<str>,
    embeds: &dyn Embeds,
) -> Result<String, Vec<Diagnostic>> {
    markdown::render(body, embeds)
        .map(|r| r.html)
        .map_err(|errors| {
            errors
                .into_iter()
                .map(|e| {
                    Diagnostic::error(path, e.message)
                        .at(crate::diagnostic::Position::at_offset(
                            text,
                            body_start + e.offset,
                        ))
                        .with_help(e.help)
                        .with_source(text.clone())
                })
                .collect()
        })
}

struct NoEmbeds;

impl Embeds for NoEmbeds {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        Err(format!(
            "`{}` shortcodes belong on variant pages",
            match shortcode.kind {
                ShortcodeKind::Svg => "svg",
                ShortcodeKind::Example => "example",
            }
        ))
    }
    fn example_block(&self, _index: usize) -> String {
        String::new()
    }
}

fn players_line(site: &SiteContext, lang: &str) -> String {
    site.i18n
        .message(lang, "players", &[("count", Arg::Num(2))])
}

fn listed_variants(site: &SiteContext, family: &Family, lang: &str) -> Vec<ListedVariant> {
    let mut listed: Vec<(i64, String, ListedVariant)> = family
        .variants
        .iter()
        .map(|v| {
            let translation = v.translations.get(lang);
            let translated = lang == site.default_lang() || translation.is_some();
            let target_lang = if translated {
                lang
            } else {
                site.default_lang()
            };
            let title = translation
                .map_or(&v.page.front.title, |t| &t.front.title)
                .clone();
            let summary = translation
                .and_then(|t| t.front.summary.clone())
                .or_else(|| v.page.front.summary.clone())
                .unwrap_or_default();
            let board = site
                .checked
                .get(&(family.name.clone(), v.name.clone()))
                .map_or_else(String::new, |c| c.dims.to_string());
            (
                v.page.front.order,
                title.clone(),
                ListedVariant {
                    title,
                    summary,
                    href: site.href(&site.dir(PageId::Variant(family, v), target_lang)),
                    translated,
                    players: players_line(site, lang),
                    board,
                },
            )
        })
        .collect();
    let collator = Collator::for_language(lang);
    listed.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| collator.compare(&a.1, &b.1)));
    listed.into_iter().map(|(_, _, v)| v).collect()
}

fn render_home(site: &SiteContext, lang: &str) -> Result<PageOutput, Vec<Diagnostic>> {
    let title = section_title(site, &site.hub.home, lang, &site.hub.config.title);
    let (content, summary) = section_body(site, &site.hub.home, lang)?;
    let description = if summary.is_empty() {
        site.hub.config.description.clone()
    } else {
        summary.clone()
    };
    let families: Vec<FamilyLink> = site
        .hub
        .families
        .iter()
        .map(|f| FamilyLink {
            title: section_title(site, &f.index, lang, &f.name),
            summary: f
                .index
                .get(lang)
                .or_else(|| f.index.get(site.default_lang()))
                .and_then(|p| p.front.summary.clone())
                .unwrap_or_default(),
            href: site.href(&site.dir(PageId::Family(f), lang)),
            variants: listed_variants(site, f, lang),
        })
        .collect();
    #[derive(Serialize)]
    struct Home<'a> {
        #[serde(flatten)]
        common: Common,
        content: String,
        summary: String,
        families: &'a [FamilyLink],
    }
    let data = Home {
        common: common(site, PageId::Home, lang, &title, &description),
        content,
        summary,
        families: &families,
    };
    let html = site
        .templates
        .render("home.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![(html_file(site, PageId::Home, lang), html.into_bytes())],
        diagrams: 0,
    })
}

fn render_family(
    site: &SiteContext,
    family: &Family,
    lang: &str,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let title = section_title(site, &family.index, lang, &family.name);
    let (content, summary) = section_body(site, &family.index, lang)?;
    #[derive(Serialize)]
    struct FamilyPage {
        #[serde(flatten)]
        common: Common,
        content: String,
        summary: String,
        variants: Vec<ListedVariant>,
        comparison_href: String,
    }
    let data = FamilyPage {
        common: common(site, PageId::Family(family), lang, &title, &summary),
        content,
        summary: summary.clone(),
        variants: listed_variants(site, family, lang),
        comparison_href: site.href(&site.dir(PageId::Comparison(family), lang)),
    };
    let html = site
        .templates
        .render("family.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![(
            html_file(site, PageId::Family(family), lang),
            html.into_bytes(),
        )],
        diagrams: 0,
    })
}

fn render_comparison(
    site: &SiteContext,
    family: &Family,
    lang: &str,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let family_title = section_title(site, &family.index, lang, &family.name);
    let title = format!(
        "{} — {}",
        site.i18n.message(lang, "comparison-title", &[]),
        family_title
    );
    let variants: Vec<&Variant> = family
        .variants
        .iter()
        .filter(|v| {
            site.checked
                .contains_key(&(family.name.clone(), v.name.clone()))
        })
        .collect();
    let rules: Vec<&crate::engine::tafl::Rules> = variants
        .iter()
        .map(|v| &site.checked[&(family.name.clone(), v.name.clone())].rules)
        .collect();
    let headers: Vec<ListedVariant> = listed_variants(site, family, lang);
    #[derive(Serialize)]
    struct ComparisonPage {
        #[serde(flatten)]
        common: Common,
        variants: Vec<ListedVariant>,
        rows: Vec<comparison::Row>,
    }
    let data = ComparisonPage {
        common: common(
            site,
            PageId::Comparison(family),
            lang,
            &title,
            &site.i18n.message(lang, "comparison-intro", &[]),
        ),
        variants: headers,
        rows: comparison::rows(&rules, site.i18n, lang),
    };
    let html = site
        .templates
        .render("comparison.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![(
            html_file(site, PageId::Comparison(family), lang),
            html.into_bytes(),
        )],
        diagrams: 0,
    })
}

fn render_not_found(site: &SiteContext, lang: &str) -> Result<PageOutput, Vec<Diagnostic>> {
    let title = site.i18n.message(lang, "not-found-title", &[]);
    let data = common(site, PageId::NotFound, lang, &title, "");
    let html = site
        .templates
        .render("404.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![("404.html".to_string(), html.into_bytes())],
        diagrams: 0,
    })
}

/// Diagrams and HTML for the boards and examples of one variant page.
struct VariantEmbeds<'a> {
    site: &'a SiteContext<'a>,
    family: &'a str,
    variant: &'a Variant,
    checked: &'a CheckedVariant,
    /// The variant's diagrams, shared by its pages in every language.
    cache: &'a DiagramCache,
    lang: &'a str,
    title: &'a str,
    /// SVG files made while resolving embeds: (file name beside the page, svg).
    diagrams: std::sync::Mutex<BTreeMap<String, String>>,
    errors: std::sync::Mutex<Vec<String>>,
}

impl VariantEmbeds<'_> {
    fn draw(
        &self,
        file: &str,
        spec: &diagram::RenderSpec,
        pieces: &[(crate::engine::Square, Piece)],
        title: &str,
        desc: &str,
        annotations: &Annotations,
    ) -> Result<(), String> {
        let board = diagram::Board {
            dims: self.checked.dims,
            pieces,
            spec,
            palette: self.site.palette,
            title,
            desc,
            annotations,
        };
        let svg = self
            .cache
            .svg(self.family, &self.variant.name, file, &board)?;
        self.diagrams
            .lock()
            .expect("no panics while holding the lock")
            .insert(file.to_string(), svg);
        Ok(())
    }

    fn example_html(&self, example: &CheckedExample) -> String {
        let i18n = self.site.i18n;
        let lang = self.lang;
        let sentence = examples::describe(example, i18n, lang);
        let heading = i18n.message(lang, "example-heading", &[]);
        let before_label = i18n.message(lang, "example-before", &[]);
        let after_label = i18n.message(lang, "example-after", &[]);
        let id = &example.id;
        // A move that claims to stay on its square (`same-square`) has no
        // arrow and no destination to mark.
        let arrows: Vec<_> = example
            .moves
            .iter()
            .filter(|m| m.from != m.to)
            .map(|m| (m.from, m.to))
            .collect();
        let last = example.moves[example.moves.len() - 1];
        let to = (last.to != last.from).then_some(last.to);
        let before_marks = Annotations {
            from: Some(last.from),
            to,
            arrows,
            captured: Vec::new(),
        };
        let before_file = format!("example-{id}-before.svg");
        let spec = &self.checked.example_render;
        let mut result = self.draw(
            &before_file,
            spec,
            &example.before.pieces(),
            &format!("{heading} — {before_label}"),
            &sentence,
            &before_marks,
        );
        let show_after = example.illegal.is_none();
        let after_file = format!("example-{id}-after.svg");
        if show_after && result.is_ok() {
            let after_marks = Annotations {
                from: Some(last.from),
                to,
                arrows: Vec::new(),
                captured: example.captures.clone(),
            };
            result = self.draw(
                &after_file,
                spec,
                &example.after.pieces(),
                &format!("{heading} — {after_label}"),
                &sentence,
                &after_marks,
            );
        }
        if let Err(message) = result {
            self.errors
                .lock()
                .expect("no panics while holding the lock")
                .push(format!("example `{id}`: {message}"));
        }
        let mut html = format!(
            "<div class=\"example\" id=\"example-{}\">\n<div class=\"example-boards\">\n",
            escape(id)
        );
        let before_alt =
            examples::describe_position(&example.before, Some(example.to_move), i18n, lang);
        html.push_str(&figure(&before_file, &before_label, &before_alt));
        if show_after {
            let after_alt = examples::describe_position(&example.after, None, i18n, lang);
            html.push_str(&figure(&after_file, &after_label, &after_alt));
        }
        html.push_str(&format!(
            "</div>\n<p class=\"example-description\">{}</p>\n<p class=\"example-verified\">{}</p>\n</div>\n",
            escape(&sentence),
            escape(&i18n.message(lang, "example-verified", &[]))
        ));
        html
    }
}

fn figure(src: &str, caption: &str, alt: &str) -> String {
    format!(
        "<figure class=\"board\"><img src=\"{}\" alt=\"{}\" loading=\"lazy\"><figcaption>{}</figcaption></figure>\n",
        escape(src),
        escape(alt),
        escape(caption)
    )
}

impl Embeds for VariantEmbeds<'_> {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        match shortcode.kind {
            ShortcodeKind::Svg if shortcode.target == "board.svg" => {
                let caption = shortcode
                    .caption
                    .clone()
                    .unwrap_or_else(|| self.title.to_string());
                let desc = self.site.i18n.message(
                    self.lang,
                    "board-start-desc",
                    &[
                        ("title", Arg::Str(self.title)),
                        ("rows", Arg::Num(usize::from(self.checked.dims.rows))),
                        ("cols", Arg::Num(usize::from(self.checked.dims.cols))),
                        ("attackers", Arg::Num(self.checked.count(Piece::Attacker))),
                        ("defenders", Arg::Num(self.checked.count(Piece::Defender))),
                    ],
                );
                self.draw(
                    "board.svg",
                    &self.checked.render,
                    &self.checked.start.pieces(),
                    &caption,
                    &desc,
                    &Annotations::default(),
                )?;
                Ok(format!(
                    "<figure class=\"board board-start\"><img src=\"board.svg\" alt=\"{}\"><figcaption>{}</figcaption></figure>\n",
                    escape(&desc),
                    escape(&caption)
                ))
            }
            ShortcodeKind::Svg => Err(format!(
                "unknown board `{}`; a variant page has `board.svg` (its start position)",
                shortcode.target
            )),
            ShortcodeKind::Example => match self.checked.example(&shortcode.target) {
                Some(example) => Ok(self.example_html(example)),
                None => {
                    let ids: Vec<&str> = self
                        .checked
                        .examples
                        .iter()
                        .map(|e| e.id.as_str())
                        .collect();
                    let hint =
                        crate::diagnostic::did_you_mean(&shortcode.target, ids.iter().copied())
                            .map_or_else(String::new, |near| format!("; did you mean `{near}`?"));
                    Err(format!(
                        "no worked example `{}` in {}{hint} (its examples: {})",
                        shortcode.target,
                        self.variant.page.source.path.display(),
                        if ids.is_empty() {
                            "none".to_string()
                        } else {
                            ids.join(", ")
                        }
                    ))
                }
            },
        }
    }

    fn example_block(&self, index: usize) -> String {
        match self.checked.examples.get(index) {
            Some(example) => self.example_html(example),
            None => String::new(),
        }
    }
}

fn render_variant(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    lang: &str,
    cache: &DiagramCache,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let Some(checked) = site
        .checked
        .get(&(family.name.clone(), variant.name.clone()))
    else {
        return Ok(PageOutput {
            files: Vec::new(),
            diagrams: 0,
        });
    };
    let translation = variant
        .translations
        .get(lang)
        .filter(|_| lang != site.default_lang());
    let (title, summary, body, body_start, path, text) = match translation {
        Some(t) => (
            &t.front.title,
            t.front
                .summary
                .clone()
                .or_else(|| variant.page.front.summary.clone()),
            t.body(),
            t.split.body.start,
            &t.source.path,
            &t.source.text,
        ),
        None => {
            let p = &variant.page;
            (
                &p.front.title,
                p.front.summary.clone(),
                p.body(),
                p.split.body.start,
                &p.source.path,
                &p.source.text,
            )
        }
    };
    let embeds = VariantEmbeds {
        site,
        family: &family.name,
        variant,
        checked,
        cache,
        lang,
        title,
        diagrams: std::sync::Mutex::new(BTreeMap::new()),
        errors: std::sync::Mutex::new(Vec::new()),
    };
    let content = render_markdown(body, body_start, path, text, &embeds)?;
    let errors = embeds
        .errors
        .into_inner()
        .expect("no panics while holding the lock");
    if !errors.is_empty() {
        return Err(errors
            .into_iter()
            .map(|e| Diagnostic::error(path, e))
            .collect());
    }
    let glance = comparison::rows(&[&checked.rules], site.i18n, lang)
        .into_iter()
        .map(|row| Glance {
            label: row.label,
            value: row.cells.into_iter().next().unwrap_or_default(),
        })
        .collect();
    #[derive(Serialize)]
    struct VariantPage {
        #[serde(flatten)]
        common: Common,
        summary: String,
        content: String,
        players: String,
        glance: Vec<Glance>,
        comparison_href: String,
    }
    let page = PageId::Variant(family, variant);
    let data = VariantPage {
        common: common(site, page, lang, title, summary.as_deref().unwrap_or("")),
        summary: summary.clone().unwrap_or_default(),
        content,
        players: players_line(site, lang),
        glance,
        comparison_href: site.href(&site.dir(PageId::Comparison(family), lang)),
    };
    let html = site
        .templates
        .render("variant.html", &data)
        .map_err(|d| vec![d])?;
    let dir = site.dir(page, lang);
    let diagrams = embeds
        .diagrams
        .into_inner()
        .expect("no panics while holding the lock");
    let count = diagrams.len();
    let mut files = vec![(format!("{dir}index.html"), html.into_bytes())];
    files.extend(
        diagrams
            .into_iter()
            .map(|(name, svg)| (format!("{dir}{name}"), svg.into_bytes())),
    );
    Ok(PageOutput {
        files,
        diagrams: count,
    })
}

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Orders titles the way readers of a language expect: Czech sorts `ch`
/// after `h` and háček letters after their base letter; Finnish puts
/// `å ä ö` at the end of the alphabet.
struct Collator {
    lang: String,
}

impl Collator {
    fn for_language(lang: &str) -> Collator {
        Collator {
            lang: lang.split('-').next().unwrap_or(lang).to_string(),
        }
    }

    fn key(&self, text: &str) -> Vec<(u32, u32)> {
        let lower = text.to_lowercase();
        let chars: Vec<char> = lower.chars().collect();
        let mut key = Vec::with_capacity(chars.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let weight = match (self.lang.as_str(), c) {
                ("cs", 'c') if chars.get(i + 1) == Some(&'h') => {
                    i += 1;
                    ('h' as u32) * 4 + 3
                }
                ("cs", 'č') => ('c' as u32) * 4 + 1,
                ("cs", 'ř') => ('r' as u32) * 4 + 1,
                ("cs", 'š') => ('s' as u32) * 4 + 1,
                ("cs", 'ž') => ('z' as u32) * 4 + 1,
                ("fi", 'å') => ('z' as u32 + 1) * 4,
                ("fi", 'ä') => ('z' as u32 + 2) * 4,
                ("fi", 'ö') => ('z' as u32 + 3) * 4,
                (_, c) => base_letter(c) as u32 * 4,
            };
            key.push((weight, c as u32));
            i += 1;
        }
        key
    }

    fn compare(&self, a: &str, b: &str) -> std::cmp::Ordering {
        let (ka, kb) = (self.key(a), self.key(b));
        let primary = |k: &[(u32, u32)]| k.iter().map(|(w, _)| *w).collect::<Vec<_>>();
        primary(&ka).cmp(&primary(&kb)).then_with(|| ka.cmp(&kb))
    }
}

/// Strips the common Latin accents so `á` sorts with `a`.
fn base_letter(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'å' => 'a',
        'é' | 'ě' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' => 'o',
        'ú' | 'ů' | 'ù' | 'û' | 'ü' => 'u',
        'ý' => 'y',
        'ď' => 'd',
        'ť' => 't',
        'ň' => 'n',
        'č' => 'c',
        'ř' => 'r',
        'š' => 's',
        'ž' => 'z',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn czech_sorts_ch_after_h_and_finnish_puts_umlauts_last() {
        let cs = Collator::for_language("cs");
        let mut words = vec!["chata", "hrad", "cesta", "čas", "dům"];
        words.sort_by(|a, b| cs.compare(a, b));
        assert_eq!(words, ["cesta", "čas", "dům", "hrad", "chata"]);
        let fi = Collator::for_language("fi");
        let mut words = vec!["öljy", "auto", "äiti", "zeta"];
        words.sort_by(|a, b| fi.compare(a, b));
        assert_eq!(words, ["auto", "zeta", "äiti", "öljy"]);
    }

    #[test]
    fn escapes_everything_that_could_break_out_of_an_attribute() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
