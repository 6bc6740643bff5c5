//! The practice board on a variant page: the family supplies the data its
//! board script plays (rules, sentences), the site wraps it for the
//! template. Families without a board get none; without JavaScript the
//! section stays hidden.

use serde::Serialize;

use super::SiteContext;
use crate::family::VariantRules;

/// What `variant.html` gets for the board.
#[derive(Serialize)]
pub(super) struct Play {
    pub heading: String,
    /// The JSON blob, safe inside `<script>` (no `<` in it).
    pub data: String,
    pub script_href: String,
}

/// The board for a page in `lang`, when the family offers one.
pub(super) fn play(site: &SiteContext, rules: &dyn VariantRules, lang: &str) -> Option<Play> {
    let data = rules.practice(site.i18n, lang, &site.href("assets/play/"))?;
    Some(Play {
        heading: site.i18n.message(lang, "play-heading", &[]),
        // `<` only occurs inside JSON strings, where `\u003c` means the same.
        data: data.to_string().replace('<', "\\u003c"),
        script_href: site.href("assets/play/board.js"),
    })
}
