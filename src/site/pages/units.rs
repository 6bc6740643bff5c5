//! The plan of a build: the site cut into units (a variant in every
//! language, or the listings), each rendered as a whole, and the counts.

use std::sync::Mutex;

use rayon::prelude::*;

use super::listings::render_listings;
use super::print_and_search::render_print_and_search;
use super::sheets::{self, SheetFrame};
use super::variant::render_variant;
use super::{COMPARISON_SLUG, PRINT_SLUG, PageId, PageOutput, SiteContext};
use crate::diagnostic::Diagnostic;
use crate::hub::{Family, Hub, Variant};
use crate::site::diagram_claims::DiagramClaims;
use crate::site::output::{Sink, WriteError};
use crate::site::{Progress, Stats};

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
    /// Each family's print page and the search index, in every language:
    /// both read every variant's body whole.
    PrintAndSearch,
}

/// A [`Unit`] by name, to remember it between builds.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitId {
    Variant { family: String, name: String },
    Listings,
    PrintAndSearch,
}

impl Unit<'_> {
    pub fn id(&self) -> UnitId {
        match self {
            Unit::Variant(family, variant) => UnitId::Variant {
                family: family.name.clone(),
                name: variant.name.clone(),
            },
            Unit::Listings => UnitId::Listings,
            Unit::PrintAndSearch => UnitId::PrintAndSearch,
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
    /// Diagrams among the files: diagram files, and boards on sheets.
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
        // A print page for each family in every language.
        Unit::PrintAndSearch => languages.len() * site.hub.families.len(),
    }
}

/// Every unit of the site: the listings, the print pages and search index
/// first, then each variant.
pub fn units<'a>(site: &SiteContext<'a>) -> Vec<Unit<'a>> {
    let mut units = vec![Unit::Listings, Unit::PrintAndSearch];
    for family in &site.hub.families {
        units.extend(family.variants.iter().map(|v| Unit::Variant(family, v)));
    }
    units
}

/// Renders one unit, keeping its files; fails with every problem found in
/// it.
pub fn render_unit(site: &SiteContext, unit: Unit) -> Result<UnitOutput, Vec<Diagnostic>> {
    let kept = KeptFiles::default();
    match render_unit_into(site, unit, &kept) {
        Ok((pages, diagrams)) => Ok(UnitOutput {
            files: kept.into_sorted(),
            pages,
            diagrams,
        }),
        Err(RenderError::Content(problems)) => Err(problems),
        Err(RenderError::Write(error)) => {
            unreachable!("keeping files in memory cannot fail: {error}")
        }
    }
}

/// Renders one unit, handing its files to `sink` as they are made (the
/// print pages and the search index are hundreds of megabytes on a large
/// hub, too much to hold until the unit ends); returns how many pages and
/// diagrams it made.
fn render_unit_into(
    site: &SiteContext,
    unit: Unit,
    sink: &dyn Sink,
) -> Result<(usize, usize), RenderError> {
    let output = match unit {
        Unit::Variant(family, variant) => {
            let claims = DiagramClaims::default();
            let page = |lang: &str| render_variant(site, family, variant, lang, &claims);
            // The default language first: the diagram files its pages share
            // carry the text of the first language to draw them. The others
            // in parallel, for serve, whose quick pass renders one variant.
            let default = site.default_lang();
            let others: Vec<&str> = site
                .languages()
                .into_iter()
                .filter(|lang| *lang != default)
                .filter(|lang| site.exists(PageId::Variant(family, variant), lang))
                .collect();
            let mut pages = Vec::with_capacity(others.len() + 1);
            if site.exists(PageId::Variant(family, variant), default) {
                pages.push(page(default));
            }
            pages.par_extend(others.into_par_iter().map(page));
            // In the pages' (the languages') order, for draw_sheets.
            let frames = pages
                .iter_mut()
                .flatten()
                .flat_map(|page| std::mem::take(&mut page.frames))
                .collect();
            gather(pages)
                .map(keep_earliest_diagrams)
                .and_then(|output| with_sheets(site, family, variant, output, frames))
        }
        Unit::Listings => render_listings(site),
        Unit::PrintAndSearch => return render_print_and_search(site, sink),
    }
    .map_err(RenderError::Content)?;
    sink.put_all(output.files).map_err(RenderError::Write)?;
    Ok((output.pages, output.diagrams))
}

/// A variant's pages with each diagram file once: pages of two languages
/// may both draw a file the default language's page does not show (see
/// [`DiagramClaims::claim`]); the pages come in the site's language order,
/// and the earliest one's file is kept.
fn keep_earliest_diagrams(mut output: UnitOutput) -> UnitOutput {
    let mut seen = std::collections::HashSet::new();
    let before = output.files.len();
    output.files.retain(|(path, _)| seen.insert(path.clone()));
    output.diagrams = output.diagrams.saturating_sub(before - output.files.len());
    output
}

/// A variant's output with its sheets, drawn from the boards its pages
/// drew, beside its default language's page.
fn with_sheets(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    mut output: UnitOutput,
    frames: Vec<SheetFrame>,
) -> Result<UnitOutput, Vec<Diagnostic>> {
    let dir = site.dir(PageId::Variant(family, variant), site.default_lang());
    let sheets = sheets::draw_sheets(frames, &dir, site.palette, &variant.page.source.path)?;
    output.diagrams += sheets.boards;
    output.files.extend(sheets.files);
    Ok(output)
}

/// A unit's files, kept in memory.
#[derive(Default)]
struct KeptFiles(Mutex<Vec<(String, Vec<u8>)>>);

impl KeptFiles {
    /// The files by path, whichever order they were made in.
    fn into_sorted(self) -> Vec<(String, Vec<u8>)> {
        let mut files = self
            .0
            .into_inner()
            .expect("no panics while holding the lock");
        files.sort_by(|a, b| a.0.cmp(&b.0));
        files
    }
}

impl Sink for KeptFiles {
    fn put(&self, path: String, bytes: Vec<u8>) -> Result<(), WriteError> {
        self.put_all(vec![(path, bytes)])
    }

    fn put_all(&self, mut files: Vec<(String, Vec<u8>)>) -> Result<(), WriteError> {
        self.0
            .lock()
            .expect("no panics while holding the lock")
            .append(&mut files);
        Ok(())
    }
}

/// One output of several pages, or every problem of all of them.
pub(super) fn gather(
    pages: Vec<Result<PageOutput, Vec<Diagnostic>>>,
) -> Result<UnitOutput, Vec<Diagnostic>> {
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

/// Variants whose slug would collide with a generated page.
pub fn reserved_slug_errors(hub: &Hub) -> Vec<Diagnostic> {
    hub.families
        .iter()
        .flat_map(|family| &family.variants)
        .flat_map(|variant| {
            let old = variant
                .page
                .front
                .old_slugs
                .iter()
                .map(move |s| (variant, s, "old_slugs"));
            std::iter::once((variant, &variant.slug, "slug")).chain(old)
        })
        .filter_map(|(variant, slug, key)| {
            let taken_by = match slug.as_str() {
                COMPARISON_SLUG => "the family's rules comparison page",
                PRINT_SLUG => "the family's print-all-rules page",
                _ => return None,
            };
            Some((variant, slug, key, taken_by))
        })
        .map(|(variant, slug, key, taken_by)| {
            variant
                .page
                .source
                .error(
                    variant.page.key_position(key),
                    format!("the slug `{slug}` is taken by {taken_by}"),
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

/// Renders every unit of the site in parallel, handing each unit's files to
/// `sink` as soon as they are made (so a large site never sits in memory).
pub fn render_site_into(
    site: &SiteContext,
    sink: &dyn Sink,
    progress: &dyn Progress,
) -> Result<Stats, RenderError> {
    let units: Vec<(Unit, usize)> = units(site)
        .into_iter()
        .map(|unit| (unit, page_count(site, unit)))
        .collect();
    progress.start(units.iter().map(|(_, pages)| pages).sum());
    let results: Vec<Result<(usize, usize), RenderError>> = units
        .into_par_iter()
        .map(|(unit, unit_pages)| {
            let result = render_unit_into(site, unit, sink);
            progress.advance(unit_pages);
            result
        })
        .collect();
    let (pages, diagrams) = combine(results)?;
    Ok(stats(site, pages, diagrams))
}

/// The pages and diagrams of several renders together; or the first write
/// error, in their order; or every problem of all of them.
pub(super) fn combine(
    results: Vec<Result<(usize, usize), RenderError>>,
) -> Result<(usize, usize), RenderError> {
    let (mut pages, mut diagrams) = (0, 0);
    let mut problems = Vec::new();
    for result in results {
        match result {
            Ok((p, d)) => {
                pages += p;
                diagrams += d;
            }
            Err(RenderError::Content(mut errors)) => problems.append(&mut errors),
            Err(RenderError::Write(error)) => return Err(RenderError::Write(error)),
        }
    }
    if problems.is_empty() {
        Ok((pages, diagrams))
    } else {
        Err(RenderError::Content(problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_two_languages_drew_is_kept_from_the_earlier_one() {
        let file = |path: &str, text: &str| (path.to_string(), text.as_bytes().to_vec());
        let output = keep_earliest_diagrams(UnitOutput {
            files: vec![
                file("family/x/index.html", "en"),
                file("cs/family/x/index.html", "cs"),
                file("family/x/board.svg", "cs board"),
                file("fi/family/x/index.html", "fi"),
                file("family/x/board.svg", "fi board"),
            ],
            pages: 3,
            diagrams: 2,
        });
        assert_eq!(
            output.files,
            vec![
                file("family/x/index.html", "en"),
                file("cs/family/x/index.html", "cs"),
                file("family/x/board.svg", "cs board"),
                file("fi/family/x/index.html", "fi"),
            ]
        );
        assert_eq!((output.pages, output.diagrams), (3, 1));
    }
}
