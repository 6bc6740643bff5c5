//! The pages that list variants or describe the whole site: home, family,
//! comparison and 404 pages, the sitemap and robots.txt.

use rayon::prelude::*;
use serde::Serialize;

use super::collate::Collator;
use super::units::{UnitOutput, gather};
use super::{
    Common, FamilyLink, ListedVariant, PageId, PageOutput, SiteContext, common, html_file,
    section_body, section_title,
};
use crate::diagnostic::Diagnostic;
use crate::hub::{Family, Variant};
use crate::site::{comparison, sitemap};

/// A page of the listings unit.
#[derive(Clone, Copy)]
enum Listing<'a> {
    Home,
    Family(&'a Family),
    Comparison(&'a Family),
    NotFound,
}

pub(super) fn render_listings(site: &SiteContext) -> Result<UnitOutput, Vec<Diagnostic>> {
    let mut pages: Vec<(Listing, &str)> = Vec::new();
    for lang in site.languages() {
        pages.push((Listing::Home, lang));
        for family in &site.hub.families {
            pages.push((Listing::Family(family), lang));
            pages.push((Listing::Comparison(family), lang));
        }
    }
    pages.push((Listing::NotFound, site.default_lang()));
    let rendered = pages
        .par_iter()
        .map(|&(page, lang)| match page {
            Listing::Home => render_home(site, lang),
            Listing::Family(family) => render_family(site, family, lang),
            Listing::Comparison(family) => render_comparison(site, family, lang),
            Listing::NotFound => render_not_found(site, lang),
        })
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

fn sitemap_entries(site: &SiteContext) -> Vec<sitemap::Entry> {
    let mut pages = vec![PageId::Home];
    for family in &site.hub.families {
        pages.push(PageId::Family(family));
        pages.push(PageId::Comparison(family));
        pages.push(PageId::Print(family));
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

/// A family's variants in the order a language lists them (by `order`,
/// then title as its readers sort), each with its title in that language
/// and the language its page is read in (the default one when the variant
/// has no translation).
pub(super) fn variant_order<'a>(
    site: &'a SiteContext<'_>,
    family: &'a Family,
    lang: &'a str,
) -> Vec<ListedOrder<'a>> {
    let collator = Collator::for_language(lang);
    let mut listed: Vec<ListedOrder<'a>> = family
        .variants
        .iter()
        .map(|variant| {
            let translation = variant.translations.get(lang);
            let translated = lang == site.default_lang() || translation.is_some();
            ListedOrder {
                variant,
                title: translation.map_or(&variant.page.front.title, |t| &t.front.title),
                translated,
                target_lang: if translated {
                    lang
                } else {
                    site.default_lang()
                },
            }
        })
        .collect();
    listed.sort_by_cached_key(|v| (v.variant.page.front.order, collator.sort_key(v.title)));
    listed
}

/// One entry of [`variant_order`].
pub(super) struct ListedOrder<'a> {
    pub variant: &'a Variant,
    pub title: &'a str,
    pub translated: bool,
    pub target_lang: &'a str,
}

pub(super) fn listed_variants(
    site: &SiteContext,
    family: &Family,
    lang: &str,
) -> Vec<ListedVariant> {
    variant_order(site, family, lang)
        .into_iter()
        .map(|listed| {
            let v = listed.variant;
            let summary = v
                .translations
                .get(lang)
                .and_then(|t| t.front.summary.clone())
                .or_else(|| v.page.front.summary.clone())
                .unwrap_or_default();
            let board = site
                .checked
                .get(&(family.name.clone(), v.name.clone()))
                .map_or_else(String::new, |c| c.dims.to_string());
            ListedVariant {
                name: v.name.clone(),
                title: listed.title.to_string(),
                summary,
                href: site.href(&site.dir(PageId::Variant(family, v), listed.target_lang)),
                translated: listed.translated,
                board,
                thumbnail: format!(
                    "{}board.svg",
                    site.href(&site.dir(PageId::Variant(family, v), site.default_lang()))
                ),
            }
        })
        .collect()
}

pub(super) fn render_home(site: &SiteContext, lang: &str) -> Result<PageOutput, Vec<Diagnostic>> {
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
        outdated_translation: Option<super::OutdatedTranslation>,
    }
    let data = Home {
        common: common(site, PageId::Home, lang, &title, &description),
        content,
        summary,
        families: &families,
        outdated_translation: super::section_outdated(site, &site.hub.home, PageId::Home, lang),
    };
    let html = site
        .templates
        .render("home.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![(html_file(site, PageId::Home, lang), html.into_bytes())],
        ..PageOutput::default()
    })
}

pub(super) fn render_family(
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
        print_href: String,
        outdated_translation: Option<super::OutdatedTranslation>,
    }
    let data = FamilyPage {
        common: common(site, PageId::Family(family), lang, &title, &summary),
        content,
        summary: summary.clone(),
        variants: listed_variants(site, family, lang),
        comparison_href: site.href(&site.dir(PageId::Comparison(family), lang)),
        print_href: site.href(&site.dir(PageId::Print(family), lang)),
        outdated_translation: super::section_outdated(
            site,
            &family.index,
            PageId::Family(family),
            lang,
        ),
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
        ..PageOutput::default()
    })
}

pub(super) fn render_comparison(
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
    let rules: Vec<&dyn crate::family::VariantRules> = variants
        .iter()
        .map(|v| {
            site.checked[&(family.name.clone(), v.name.clone())]
                .rules
                .as_ref()
        })
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
        // A family rulehub does not know has no checked variants to compare.
        rows: crate::family::find(&family.name)
            .map(|engine| comparison::rows(engine, &rules, site.i18n, lang))
            .unwrap_or_default(),
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
        ..PageOutput::default()
    })
}

pub(super) fn render_not_found(
    site: &SiteContext,
    lang: &str,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let title = site.i18n.message(lang, "not-found-title", &[]);
    let data = common(site, PageId::NotFound, lang, &title, "");
    let html = site
        .templates
        .render("404.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![("404.html".to_string(), html.into_bytes())],
        ..PageOutput::default()
    })
}
