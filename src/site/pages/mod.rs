//! Rendering pages. This module holds what every page shares: the
//! templates, the site context, where each page lives in every language,
//! and the data every template gets (language links, alternates,
//! breadcrumbs). `units` cuts a build into units and renders them;
//! `listings` renders the home, family, comparison and 404 pages and the
//! sitemap; `variant` renders a variant's page with its boards and worked
//! examples; `collate` sorts titles per language.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;

mod collate;
mod fragments;
mod listings;
mod play;
mod print;
mod print_and_search;
mod search_pages;
mod sheets;
mod texts;
mod units;
mod variant;

pub use play::BoardSentences;
pub use print::PRINT_SLUG;
pub use texts::ExampleTexts;

pub use units::{
    RenderError, Unit, UnitId, UnitOutput, render_site_into, render_unit, reserved_slug_errors,
    stats, units,
};

use super::CheckedVariants;
use super::theme::Theme;
use crate::diagnostic::Diagnostic;
use crate::diagram::Palette;
use crate::hub::{Family, Hub, Page, SectionFrontMatter, Variant};
use crate::i18n::{I18n, capitalise};
use crate::markdown::{self, Embeds, Shortcode};

/// UI messages the templates use (as `t.<id with _>`).
pub const UI_MESSAGE_IDS: &[&str] = &[
    "language-name",
    "skip-to-content",
    "nav-home",
    "nav-languages",
    "pager-label",
    "pager-previous",
    "pager-next",
    "variants-heading",
    "not-yet-translated",
    "on-this-page",
    "board-start-desc",
    "example-heading",
    "example-before",
    "example-after",
    "example-verified",
    "example-step-through",
    "game-heading",
    "game-start",
    "game-step",
    "game-start-alt",
    "game-frame-alt",
    "game-first",
    "game-previous",
    "game-next",
    "game-last",
    "game-verified",
    "comparison-title",
    "comparison-intro",
    "comparison-link",
    "comparison-rule",
    "not-found-title",
    "not-found-text",
    "back-home",
    "footer-text",
    "rules-at-a-glance",
    "translation-outdated",
    "translation-outdated-link",
    "search-label",
    "search-placeholder",
    "search-results",
    "search-no-results",
    "search-unavailable",
    "print-link",
];

/// URL segment of a family's generated comparison page; no variant may use it.
pub const COMPARISON_SLUG: &str = "compare";

/// The parsed templates.
pub struct Templates {
    tera: tera::Tera,
    /// Each template's file, by template name, to place render errors.
    files: BTreeMap<String, super::theme::ThemeFile>,
}

/// A template that does not parse, placed at the line and column tera
/// names (`--> name:line:column`) so the snippet shows it.
fn template_error(file: &super::theme::ThemeFile, error: &str) -> Diagnostic {
    let place = error.lines().find_map(|line| {
        let location = line.trim().strip_prefix("--> ")?;
        let mut parts = location.rsplitn(3, ':');
        let column = parts.next()?.trim().parse().ok()?;
        let line = parts.next()?.trim().parse().ok()?;
        Some((line, column))
    });
    let summary = error
        .lines()
        .map(|l| l.trim().trim_start_matches("error:").trim())
        .find(|l| !l.is_empty() && !l.starts_with("-->"))
        .unwrap_or(error);
    let mut diagnostic = Diagnostic::error(&file.path, format!("template error: {summary}"))
        .with_source(file.text.clone());
    if let Some((line, column)) = place {
        diagnostic = diagnostic.at(crate::diagnostic::Position::at_line_column(
            &file.text, line, column,
        ));
    }
    diagnostic
}

impl Templates {
    pub fn load(theme: &Theme) -> Result<Templates, Vec<Diagnostic>> {
        let mut tera = tera::Tera::new();
        let mut failed: Vec<(&str, String, Diagnostic)> = Vec::new();
        for (name, file) in &theme.templates {
            if let Err(error) = tera.add_raw_template(name, &file.text) {
                let error = error.to_string();
                failed.push((name.as_str(), error.clone(), template_error(file, &error)));
            }
        }
        // A template that inherits from or includes a broken one fails
        // too; reporting that again for every such template would hide the
        // one real problem.
        let broken: Vec<&str> = failed.iter().map(|(name, ..)| *name).collect();
        let problems: Vec<Diagnostic> = failed
            .into_iter()
            .filter(|(_, error, _)| {
                !broken.iter().any(|parent| {
                    error.contains(&format!("inheriting from '{parent}'"))
                        || error.contains(&format!("Unknown template `{parent}`"))
                })
            })
            .map(|(.., diagnostic)| diagnostic)
            .collect();
        if problems.is_empty() {
            let files = theme.templates.iter().cloned().collect();
            Ok(Templates { tera, files })
        } else {
            Err(problems)
        }
    }

    /// The built-in templates alone.
    #[cfg(test)]
    fn builtin() -> Result<Templates, Vec<Diagnostic>> {
        let mut tera = tera::Tera::new();
        let templates = super::theme::builtin_templates();
        for (name, file) in &templates {
            if let Err(error) = tera.add_raw_template(name, &file.text) {
                return Err(vec![template_error(file, &error.to_string())]);
            }
        }
        let files = templates.into_iter().collect();
        Ok(Templates { tera, files })
    }

    fn render(&self, name: &str, context: &impl Serialize) -> Result<String, Diagnostic> {
        let context = tera::Context::from_serialize(context).map_err(|e| {
            Diagnostic::error(
                format!("templates/{name}"),
                format!("cannot pass page data to the template: {e}"),
            )
        })?;
        self.render_context(name, &context)
    }

    fn render_context(&self, name: &str, context: &tera::Context) -> Result<String, Diagnostic> {
        self.tera.render(name, context).map_err(|e| {
            let mut message = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(cause) = source {
                message.push_str(": ");
                message.push_str(&cause.to_string());
                source = cause.source();
            }
            self.render_error(name, &message)
        })
    }

    /// A template that failed to render, as one diagnostic at the file
    /// and line that hold the mistake (tera's `--> name:line:column`),
    /// not at the page's template: a mistake in `base.html` fails every
    /// page, and worded the same for each it is reported once. The list of
    /// variables tera adds differs from page to page, so it is left out;
    /// a near name from it becomes a "did you mean".
    fn render_error(&self, name: &str, message: &str) -> Diagnostic {
        let place = message.lines().rev().find_map(|line| {
            let location = line.trim().strip_prefix("--> ")?;
            let mut parts = location.rsplitn(3, ':');
            let column: usize = parts.next()?.trim().parse().ok()?;
            let line: usize = parts.next()?.trim().parse().ok()?;
            let file = self.files.get(parts.next()?.trim())?;
            Some((file, line, column))
        });
        let summary = message
            .lines()
            .map(|line| {
                let mut line = line.trim();
                while let Some(rest) = line.strip_prefix("error:").or_else(|| {
                    line.strip_prefix("Failed to render '")
                        .and_then(|r| Some(r.split_once("': ")?.1))
                }) {
                    line = rest.trim();
                }
                line
            })
            .find(|line| !line.is_empty() && !line.starts_with("-->"))
            .unwrap_or(message);
        let (summary, available) = match summary.split_once(". Available variables: ") {
            Some((summary, available)) => (summary, Some(available)),
            None => (summary, None),
        };
        let wrong = summary
            .split('`')
            .nth(1)
            .filter(|_| summary.starts_with("Variable"));
        let near = wrong.zip(available).and_then(|(wrong, available)| {
            crate::diagnostic::did_you_mean(wrong, available.split(", ").map(str::trim))
        });
        let help = match (wrong, near) {
            (Some(_), Some(near)) => Some(format!(
                "did you mean `{near}`? docs/reference.md lists the variables each template gets"
            )),
            (Some(_), None) => {
                Some("docs/reference.md lists the variables each template gets".to_string())
            }
            (None, _) => None,
        };
        let diagnostic = match place {
            Some((file, line, column)) => {
                Diagnostic::error(&file.path, format!("template error: {summary}"))
                    .at(crate::diagnostic::Position::at_line_column(
                        &file.text, line, column,
                    ))
                    .with_source(file.text.clone())
            }
            None => {
                let path = self
                    .files
                    .get(name)
                    .map_or_else(|| format!("templates/{name}").into(), |f| f.path.clone());
                Diagnostic::error(path, format!("template error: {message}"))
            }
        };
        match help {
            Some(help) => diagnostic.with_help(help),
            None => diagnostic,
        }
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
    /// UI strings for the templates by language (see `UI_MESSAGE_IDS`).
    pub ui: &'a BTreeMap<String, BTreeMap<String, String>>,
    /// Each variant page's previous and next variant, worked out once.
    pub neighbours: &'a Neighbours,
    /// Worked examples' sentences, worded once for every page showing them.
    pub example_texts: &'a ExampleTexts,
    /// Practice boards' sentences, worded once per family and language.
    pub board_sentences: &'a BoardSentences,
    /// Set when the rendering is no longer wanted: the units that read
    /// every page (the search index, the print pages) stop early, and the
    /// caller throws away what they made.
    pub stop: &'a std::sync::atomic::AtomicBool,
}

impl SiteContext<'_> {
    /// Whether to stop early (see [`SiteContext::stop`]).
    pub fn stopped(&self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The stop flag of a rendering that runs to its end.
pub static RUN_TO_END: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The previous and next variant of every variant page, in the order its
/// family page lists them in the page's language. A family's order in a
/// language is worked out the first time one of its pages asks (listing
/// sorts the family), not once a page, and only for the families and
/// languages some rendered page shows: serve's quick pass renders one
/// variant, not the whole site. A serve session also keeps the orders from
/// one rebuild to the next (see [`ListingOrders`]).
#[derive(Default)]
pub struct Neighbours {
    orders: Arc<ListingOrders>,
    /// Per family, a key for everything its listing order reads (names,
    /// slugs, order, titles in every language, and the site's settings);
    /// an order kept under another key is worked out again.
    keys: HashMap<String, u64>,
}

/// Listing orders by family and language, each with the key it was worked
/// out under.
#[derive(Default)]
pub struct ListingOrders(Mutex<HashMap<FamilyLanguage, KeyedOrder>>);

/// An order (worked out when first asked for) and the key it is valid for.
type KeyedOrder = (u64, Arc<OnceLock<ListingOrder>>);

/// A family's name and a language's code.
type FamilyLanguage = (String, String);

impl ListingOrders {
    /// Forgets the orders of families no longer in `families`.
    pub fn keep_only(&self, families: &HashMap<String, u64>) {
        self.0
            .lock()
            .expect("no panics while holding the lock")
            .retain(|(family, _), _| families.contains_key(family));
    }
}

/// A family's variants in the order its page lists them in one language.
struct ListingOrder {
    /// Each variant's place in `links`, by the variant's name.
    place: HashMap<String, usize>,
    links: Vec<PagerLink>,
}

/// Links to the variants before and after a page in its family's list.
#[derive(Debug, Clone, Default, Serialize)]
struct Pager {
    previous: Option<PagerLink>,
    next: Option<PagerLink>,
}

#[derive(Debug, Clone, Serialize)]
struct PagerLink {
    title: String,
    href: String,
}

impl Neighbours {
    /// Neighbours that reuse the orders in `orders` whose family's key in
    /// `keys` is unchanged, and keep what they work out there.
    pub fn remembering(orders: Arc<ListingOrders>, keys: HashMap<String, u64>) -> Neighbours {
        Neighbours { orders, keys }
    }

    fn pager(&self, site: &SiteContext, family: &Family, variant: &Variant, lang: &str) -> Pager {
        let key = self.keys.get(&family.name).copied().unwrap_or(0);
        let order = {
            let mut orders = self
                .orders
                .0
                .lock()
                .expect("no panics while holding the lock");
            let slot = orders
                .entry((family.name.clone(), lang.to_string()))
                .or_insert_with(|| (key, Arc::default()));
            if slot.0 != key {
                *slot = (key, Arc::default());
            }
            Arc::clone(&slot.1)
        };
        // Sorted outside the lock, so other families and languages go on.
        let order = order.get_or_init(|| ListingOrder::new(site, family, lang));
        let Some(&place) = order.place.get(variant.name.as_str()) else {
            return Pager::default();
        };
        Pager {
            previous: place.checked_sub(1).map(|p| order.links[p].clone()),
            next: order.links.get(place + 1).cloned(),
        }
    }
}

impl ListingOrder {
    fn new(site: &SiteContext, family: &Family, lang: &str) -> ListingOrder {
        let listed = listings::variant_order(site, family, lang);
        ListingOrder {
            place: listed
                .iter()
                .enumerate()
                .map(|(place, v)| (v.variant.name.clone(), place))
                .collect(),
            links: listed
                .iter()
                .map(|v| PagerLink {
                    title: v.title.to_string(),
                    href: site.href(&site.dir(PageId::Variant(family, v.variant), v.target_lang)),
                })
                .collect(),
        }
    }
}

/// Which page, independent of language.
#[derive(Debug, Clone, Copy)]
enum PageId<'a> {
    Home,
    Family(&'a Family),
    Comparison(&'a Family),
    Variant(&'a Family, &'a Variant),
    /// A family's "print all rules" page.
    Print(&'a Family),
    NotFound,
}

impl<'a> SiteContext<'a> {
    fn default_lang(&self) -> &str {
        self.hub.config.default_language().code()
    }

    /// Output folder of a page in a language: `""`, `cs/`, `FAMILY/VARIANT/`…
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
            PageId::Print(f) => format!("{prefix}{}/{PRINT_SLUG}/", f.name),
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
    /// The path part of `base_url`, with a slash at each end (`/docs/`,
    /// `/` at a domain root), for links a template writes itself.
    base_path: String,
    style_href: String,
    /// The folder of this language's search index, and the script that reads it.
    search_href: String,
    search_script_href: String,
    crumbs: Vec<Crumb>,
    t: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct ListedVariant {
    /// The variant's name (its file's stem), to find it again.
    #[serde(skip)]
    name: String,
    title: String,
    summary: String,
    href: String,
    translated: bool,
    board: String,
    /// The start diagram, shown small beside the title.
    thumbnail: String,
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
#[derive(Default)]
struct PageOutput {
    files: Vec<(String, Vec<u8>)>,
    /// Diagram files among `files`.
    diagrams: usize,
    /// Boards for the variant's sheets, which its unit draws (see
    /// [`sheets`]).
    frames: Vec<sheets::SheetFrame>,
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
        PageId::Variant(family, _) | PageId::Comparison(family) | PageId::Print(family) => {
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
        base_path: site.href(""),
        style_href: site.href("assets/style.css"),
        search_href: site.href(&crate::site::search::folder(lang)),
        search_script_href: site.href("assets/search.js"),
        crumbs,
        t: site
            .ui
            .get(lang)
            .cloned()
            .unwrap_or_else(|| i18n.strings(lang, UI_MESSAGE_IDS)),
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

fn html_file(site: &SiteContext, page: PageId, lang: &str) -> String {
    format!("{}index.html", site.dir(page, lang))
}

/// Where the reader of an outdated translation finds the current original.
#[derive(Serialize)]
struct OutdatedTranslation {
    original_href: String,
    original_lang: String,
}

impl OutdatedTranslation {
    /// The notice pointing at `page` in the default language.
    fn of(site: &SiteContext, page: PageId) -> OutdatedTranslation {
        OutdatedTranslation {
            original_href: site.href(&site.dir(page, site.default_lang())),
            original_lang: site.default_lang().to_string(),
        }
    }
}

/// The notice for a home or family page in `lang` whose translation was
/// made from an earlier version of the default language's page.
fn section_outdated(
    site: &SiteContext,
    pages: &BTreeMap<String, Page<SectionFrontMatter>>,
    page: PageId,
    lang: &str,
) -> Option<OutdatedTranslation> {
    let default = site.default_lang();
    let source = pages.get(default).filter(|_| lang != default)?;
    let translation = pages.get(lang)?;
    let words = source.source_words();
    let current = crate::hub::freshness::fingerprint(&words);
    crate::hub::freshness::is_outdated(&translation.front.record(), &current, &words)
        .then(|| OutdatedTranslation::of(site, page))
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
        site,
        page.body(),
        page.split.body.start,
        &page.source.path,
        &page.source.text,
        &NoEmbeds,
        markdown::Placement::default(),
    )?;
    Ok((html, page.front.summary.clone().unwrap_or_default()))
}

fn render_markdown(
    site: &SiteContext,
    body: &str,
    body_start: usize,
    path: &std::path::Path,
    text: &Arc<str>,
    embeds: &dyn Embeds,
    placement: markdown::Placement,
) -> Result<String, Vec<Diagnostic>> {
    let source = BodySource {
        body_start,
        path,
        text,
    };
    markdown::parse(body, site.hub.config.raw_html, |parsed| {
        source.html(parsed, embeds, placement)
    })
}

/// Where a body sits in its source file, so that its problems name the
/// file, line and column.
struct BodySource<'a> {
    body_start: usize,
    path: &'a std::path::Path,
    text: &'a Arc<str>,
}

impl BodySource<'_> {
    /// The HTML of a parsed body, or its problems as diagnostics.
    fn html(
        &self,
        parsed: &markdown::ParsedBody,
        embeds: &dyn Embeds,
        placement: markdown::Placement,
    ) -> Result<String, Vec<Diagnostic>> {
        parsed
            .html(embeds, placement)
            .map(|r| r.html)
            .map_err(|errors| {
                errors
                    .into_iter()
                    .map(|e| {
                        Diagnostic::error(self.path, e.message)
                            .at(crate::diagnostic::Position::at_offset(
                                self.text,
                                self.body_start + e.offset,
                            ))
                            .with_help(e.help)
                            .with_source(self.text.clone())
                    })
                    .collect()
            })
    }
}

struct NoEmbeds;

impl Embeds for NoEmbeds {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        Err(format!(
            "`{}` shortcodes belong on variant pages",
            shortcode.kind.name()
        ))
    }
    fn example_block(&self, _index: usize) -> String {
        String::new()
    }
    fn game_block(&self, _index: usize) -> String {
        String::new()
    }
}

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    // The five are ASCII, so a byte that matches one is a whole character
    // and the text between them is copied a run at a time.
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (at, byte) in text.bytes().enumerate() {
        let entity = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&text[copied..at]);
        out.push_str(entity);
        copied = at + 1;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_everything_that_could_break_out_of_an_attribute() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(
            escape("trůn <b>&</b> 王"),
            "trůn &lt;b&gt;&amp;&lt;/b&gt; 王"
        );
        assert_eq!(escape(""), "");
    }
}
