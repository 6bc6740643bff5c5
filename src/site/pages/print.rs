//! A family's "print all rules" page: the rules of every variant, one
//! after the other, in the order the family page lists them, for printing
//! as one document. Each variant is its own section: its headings sit one
//! level below the page's, its anchors carry its slug, and its boards are
//! the files its own page drew.

use std::collections::HashMap;

use serde::Serialize;

use super::listings::listed_variants;
use super::variant::{BodyPlace, VariantBody, render_body};
use super::{Common, Glance, PageId, PageOutput, SiteContext, common, html_file, section_title};
use crate::diagnostic::Diagnostic;
use crate::hub::{Family, Variant};
use crate::i18n::Arg;

/// URL segment of a family's print page; no variant may use it.
pub const PRINT_SLUG: &str = "print";

#[derive(Serialize)]
struct Section {
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

pub(super) fn render_print(
    site: &SiteContext,
    family: &Family,
    lang: &str,
) -> Result<PageOutput, Vec<Diagnostic>> {
    let family_title = section_title(site, &family.index, lang, &family.name);
    let title = site
        .i18n
        .message(lang, "print-title", &[("family", Arg::Str(&family_title))]);
    let mut sections = Vec::new();
    let mut problems = Vec::new();
    // By name, so a family of n variants costs n lookups, not n² compares.
    let by_name: HashMap<&str, &Variant> = family
        .variants
        .iter()
        .map(|v| (v.name.as_str(), v))
        .collect();
    for listed in listed_variants(site, family, lang) {
        if site.stopped() {
            break;
        }
        let Some(&variant) = by_name.get(listed.name.as_str()) else {
            continue;
        };
        let shown_lang = if listed.translated {
            lang
        } else {
            site.default_lang()
        };
        match render_body(site, family, variant, shown_lang, BodyPlace::PrintSection) {
            Ok(Some(VariantBody {
                title,
                summary,
                content,
                glance,
                ..
            })) => sections.push(Section {
                id: variant.slug.clone(),
                title: title.to_string(),
                summary: summary.unwrap_or_default(),
                lang: (shown_lang != lang).then(|| shown_lang.to_string()),
                href: listed.href,
                glance,
                content,
            }),
            Ok(None) => {}
            Err(mut errors) => problems.append(&mut errors),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    if site.stopped() {
        // The pass keeps nothing: do not lay out a partial page.
        return Ok(PageOutput {
            files: Vec::new(),
            diagrams: 0,
        });
    }
    #[derive(Serialize)]
    struct PrintPage {
        #[serde(flatten)]
        common: Common,
        sections: Vec<Section>,
    }
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
        diagrams: 0,
    })
}
