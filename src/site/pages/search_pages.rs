//! The search unit: every family and variant page of every language,
//! rendered to text (boards left out, worked examples as their sentences)
//! and indexed per language by [`crate::site::search`].

use rayon::prelude::*;

use super::units::UnitOutput;
use super::variant::{Words, words};
use super::{PageId, SiteContext, section_body, section_title};
use crate::diagnostic::Diagnostic;
use crate::family::{CheckedVariant, SampleGame, WorkedExample};
use crate::hub::{Family, Variant};
use crate::markdown::{Embeds, Shortcode, ShortcodeKind};
use crate::site::search::{self, Document};

pub(super) fn render_search(site: &SiteContext) -> Result<UnitOutput, Vec<Diagnostic>> {
    let languages = site.languages();
    let files: Vec<Vec<(String, Vec<u8>)>> = languages
        .par_iter()
        .map(|lang| {
            let documents = language_documents(site, lang);
            // Told to stop (serve has a newer edit): the documents are
            // partial and the pass keeps nothing, so do not index them.
            if site.stopped() {
                return Vec::new();
            }
            search::index_files(lang, &documents, &|| site.stopped())
        })
        .collect();
    Ok(UnitOutput {
        files: files.into_iter().flatten().collect(),
        pages: 0,
        diagrams: 0,
    })
}

/// Every document of one language, in site order: each family's page,
/// then its variants.
fn language_documents(site: &SiteContext, lang: &str) -> Vec<Document> {
    let mut documents = Vec::new();
    for family in &site.hub.families {
        let title = section_title(site, &family.index, lang, &family.name);
        // A page that does not render is reported by the unit that renders it.
        if let Ok((content, summary)) = section_body(site, &family.index, lang) {
            let href = site.href(&site.dir(PageId::Family(family), lang));
            documents.extend(search::page_documents(&href, &title, &summary, &content));
        }
        let variants: Vec<Vec<Document>> = family
            .variants
            .par_iter()
            .map(|variant| variant_documents(site, family, variant, lang))
            .collect();
        documents.extend(variants.into_iter().flatten());
    }
    documents
}

fn variant_documents(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    lang: &str,
) -> Vec<Document> {
    let page = PageId::Variant(family, variant);
    if site.stopped() || !site.exists(page, lang) {
        return Vec::new();
    }
    let Some(checked) = site
        .checked
        .get(&(family.name.clone(), variant.name.clone()))
    else {
        return Vec::new();
    };
    let Words {
        title,
        summary,
        body,
        ..
    } = words(site, variant, lang);
    let embeds = TextEmbeds {
        site,
        checked,
        lang,
    };
    // Told straight to the sections, without writing the HTML; a page that
    // does not render is reported by the unit that renders it.
    let mut sections = search::Sections::default();
    if crate::markdown::render_text(body, &embeds, site.hub.config.raw_html, &mut sections).is_err()
    {
        return Vec::new();
    }
    let href = site.href(&site.dir(page, lang));
    search::documents(
        &href,
        title,
        summary.as_deref().unwrap_or(""),
        sections.finish(),
    )
}

/// Boards as nothing, worked examples as the sentence that describes them.
struct TextEmbeds<'a> {
    site: &'a SiteContext<'a>,
    checked: &'a CheckedVariant,
    lang: &'a str,
}

impl TextEmbeds<'_> {
    fn sentence(&self, example: Option<&dyn WorkedExample>) -> String {
        example.map_or_else(String::new, |example| {
            format!(
                "<p>{}</p>\n",
                super::escape(
                    self.site
                        .example_texts
                        .get(self.site.i18n, example, self.lang)
                        .sentence()
                )
            )
        })
    }
}

impl TextEmbeds<'_> {
    /// A sample game's comments and ending are words a reader may search for.
    fn game_text(&self, game: Option<&dyn SampleGame>) -> String {
        game.map_or_else(String::new, |game| {
            let mut text = String::new();
            for comment in game.moves().iter().filter_map(|m| m.comment.as_deref()) {
                text.push_str(&format!("<p>{}</p>\n", super::escape(comment)));
            }
            text.push_str(&format!(
                "<p>{}</p>\n",
                super::escape(&game.describe_end(self.site.i18n, self.lang))
            ));
            text
        })
    }
}

impl Embeds for TextEmbeds<'_> {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        Ok(match shortcode.kind {
            ShortcodeKind::Svg => String::new(),
            ShortcodeKind::Example => self.sentence(self.checked.example(&shortcode.target)),
            ShortcodeKind::Game => self.game_text(self.checked.game(&shortcode.target)),
        })
    }

    fn example_block(&self, index: usize) -> String {
        self.sentence(self.checked.examples.get(index).map(|e| e.as_ref()))
    }

    fn game_block(&self, index: usize) -> String {
        self.game_text(self.checked.games.get(index).map(|g| g.as_ref()))
    }
}
