//! What the search index reads of each page: every family and variant page
//! of every language, rendered to text (boards left out, worked examples as
//! their sentences) and indexed per language by [`crate::site::search`].

use super::variant::{Words, words};
use super::{PageId, SiteContext, section_body, section_title};
use crate::family::{CheckedVariant, PageBlocks, SampleGame, WorkedExample};
use crate::hub::{Family, Variant};
use crate::markdown::{Embeds, ParsedBody, Shortcode, ShortcodeKind};
use crate::site::search::{self, Document};

/// The documents of a family's page in `lang`.
pub(super) fn family_documents(site: &SiteContext, family: &Family, lang: &str) -> Vec<Document> {
    let title = section_title(site, &family.index, lang, &family.name);
    // A page that does not render is reported by the unit that renders it.
    match section_body(site, &family.index, lang) {
        Ok((content, summary)) => {
            let href = site.href(&site.dir(PageId::Family(family), lang));
            search::page_documents(&href, &title, &summary, &content)
        }
        Err(_) => Vec::new(),
    }
}

/// The documents of a variant's page in `lang`, when it has one.
pub(super) fn variant_documents(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    lang: &str,
) -> Vec<Document> {
    if site.stopped() || !site.exists(PageId::Variant(family, variant), lang) {
        return Vec::new();
    }
    let body = words(site, variant, lang).body;
    crate::markdown::parse(body, site.hub.config.raw_html, |parsed| {
        parsed_variant_documents(site, family, variant, lang, parsed)
    })
}

/// [`variant_documents`] from the variant's body in `lang`, already parsed.
pub(super) fn parsed_variant_documents(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    lang: &str,
    parsed: &ParsedBody,
) -> Vec<Document> {
    let page = PageId::Variant(family, variant);
    let Some(checked) = site
        .checked
        .get(&(family.name.clone(), variant.name.clone()))
    else {
        return Vec::new();
    };
    let Words {
        title,
        summary,
        translation,
        ..
    } = words(site, variant, lang);
    let embeds = TextEmbeds {
        site,
        checked,
        blocks: checked.page_blocks(translation.map(|_| lang)),
        lang,
    };
    // Told straight to the sections, without writing the HTML; a page that
    // does not render is reported by the unit that renders it.
    let mut sections = search::Sections::default();
    if parsed.text(&embeds, &mut sections).is_err() {
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
    /// Which example or game each block of the body shows.
    blocks: &'a PageBlocks,
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
        self.sentence(self.checked.example_block(self.blocks, index))
    }

    fn game_block(&self, index: usize) -> String {
        self.game_text(self.checked.game_block(self.blocks, index))
    }
}
