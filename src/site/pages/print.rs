//! A family's "print all rules" page: the rules of every variant, one
//! after the other, in the order the family page lists them, for printing
//! as one document. Each variant is its own section: its headings sit one
//! level below the page's, its anchors carry its slug, and its boards are
//! the files its own page drew.

use std::collections::HashMap;

use serde::Serialize;

#[cfg(test)]
use super::listings::listed_variants;
use super::variant::{BodyPlace, VariantBody, render_body};
use super::{
    Common, Glance, ListedVariant, PageId, PageOutput, SiteContext, common, html_file,
    section_title,
};
use crate::diagnostic::Diagnostic;
use crate::hub::{Family, Variant};
use crate::i18n::Arg;
use crate::markdown::ParsedBody;

/// URL segment of a family's print page; no variant may use it.
pub const PRINT_SLUG: &str = "print";

/// One variant's part of a print page.
#[derive(Serialize)]
pub(super) struct Section {
    /// The section's id: the variant's slug.
    id: String,
    title: String,
    summary: String,
    /// The language the section is written in, when it is not the page's
    /// (a variant not yet translated shows the original).
    lang: Option<String>,
    href: String,
    glance: Vec<Glance>,
    content: String,
}

/// The print page of `family` in `lang`, rendering each variant's section
/// in turn: the page on its own, which the tests compare with the print
/// pages the print-and-search unit writes a language at a time.
#[cfg(test)]
pub(super) fn render_print(
    site: &SiteContext,
    family: &Family,
    lang: &str,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let listed = listed_variants(site, family, lang);
    let by_name: HashMap<&str, &ListedVariant> =
        listed.iter().map(|l| (l.name.as_str(), l)).collect();
    let mut sections = HashMap::new();
    for variant in &family.variants {
        if site.stopped() {
            break;
        }
        if let Some(listed) = by_name.get(variant.name.as_str()) {
            let section = print_section(site, family, variant, listed, lang, &mut |_| {});
            sections.insert(variant.name.as_str(), section);
        }
    }
    let (sections, problems) = in_listed_order(&listed, sections);
    print_page(site, family, lang, sections, problems)
}

/// The sections of the variants named in `sections`, in the order `listed`
/// gives, with every problem found rendering them.
pub(super) fn in_listed_order(
    listed: &[ListedVariant],
    mut sections: HashMap<&str, Result<Option<Section>, Vec<Diagnostic>>>,
) -> (Vec<Section>, Vec<Diagnostic>) {
    let mut shown = Vec::new();
    let mut problems = Vec::new();
    for listed in listed {
        match sections.remove(listed.name.as_str()) {
            Some(Ok(section)) => shown.extend(section),
            Some(Err(mut errors)) => problems.append(&mut errors),
            None => {}
        }
    }
    (shown, problems)
}

/// The section of `variant`, listed as `listed` on the print page in
/// `lang`: in `lang` when translated, else in the original. `also` gets the
/// parsed body (see [`render_body`]). `None` when the variant did not
/// check out.
pub(super) fn print_section(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    listed: &ListedVariant,
    lang: &str,
    also: &mut dyn FnMut(&ParsedBody),
) -> Result<Option<Section>, Vec<Diagnostic>> {
    let shown_lang = shown_lang(site, listed, lang);
    let body = render_body(
        site,
        family,
        variant,
        shown_lang,
        BodyPlace::PrintSection,
        also,
    )?;
    Ok(body.map(
        |VariantBody {
             title,
             summary,
             content,
             glance,
             ..
         }| Section {
            id: variant.slug.clone(),
            title: title.to_string(),
            summary: summary.unwrap_or_default(),
            lang: (shown_lang != lang).then(|| shown_lang.to_string()),
            href: listed.href.clone(),
            glance,
            content,
        },
    ))
}

/// The language a print page in `lang` shows `listed` in.
pub(super) fn shown_lang<'a>(
    site: &'a SiteContext,
    listed: &ListedVariant,
    lang: &'a str,
) -> &'a str {
    if listed.translated {
        lang
    } else {
        site.default_lang()
    }
}

/// The print page of `family` in `lang` with its `sections` in order, or
/// the `problems` found rendering them.
pub(super) fn print_page(
    site: &SiteContext,
    family: &Family,
    lang: &str,
    sections: Vec<Section>,
    problems: Vec<Diagnostic>,
) -> Result<PageOutput, Vec<Diagnostic>> {
    if !problems.is_empty() {
        return Err(problems);
    }
    if site.stopped() {
        // The pass keeps nothing: do not lay out a partial page.
        return Ok(PageOutput::default());
    }
    #[derive(Serialize)]
    struct PrintPage {
        #[serde(flatten)]
        common: Common,
        sections: Vec<Section>,
    }
    let family_title = section_title(site, &family.index, lang, &family.name);
    let title = site
        .i18n
        .message(lang, "print-title", &[("family", Arg::Str(&family_title))]);
    let page = PageId::Print(family);
    let description = site.i18n.message(lang, "print-intro", &[]);
    let data = PrintPage {
        common: common(site, page, lang, &title, &description),
        sections,
    };
    let html = site
        .templates
        .render("print.html", &data)
        .map_err(|d| vec![d])?;
    Ok(PageOutput {
        files: vec![(html_file(site, page, lang), html.into_bytes())],
        ..PageOutput::default()
    })
}
