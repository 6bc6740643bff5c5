//! The practice board on a variant page: the family supplies the data its
//! board script plays (the variant's rules, and the board's sentences in
//! the page's language) and, in its assets, the board module and engine
//! the page names; the site wraps them for the template. Families
//! without a board get none; without JavaScript the section stays hidden
//! and a sentence says why.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::SiteContext;
use crate::family::{GameFamily, VariantRules};
use crate::game::ai::Level;

/// What `variant.html` gets for the board.
#[derive(Serialize)]
pub(super) struct Play {
    pub heading: String,
    /// Said where the board would be when JavaScript is off (the section
    /// itself stays hidden then).
    pub needs_javascript: String,
    /// The JSON blob, safe inside `<script>` (no `<` in it).
    pub data: String,
    pub script_href: String,
    /// The family's board module and engine (the section's `data-board`
    /// and `data-wasm`), from its assets.
    pub module_href: String,
    pub wasm_href: String,
}

/// Each family's board sentences in each language, as the members of a
/// JSON object: the same on every page of the family, and wording them is
/// most of a board's cost, so they are worded once a build.
#[derive(Default)]
pub struct BoardSentences(Mutex<SentencesByLanguage>);

/// (family, language) → the members, `None` for a family without a board.
type SentencesByLanguage = HashMap<(&'static str, String), Option<Arc<str>>>;

impl BoardSentences {
    fn members(&self, site: &SiteContext, family: &dyn GameFamily, lang: &str) -> Option<Arc<str>> {
        let key = (family.name(), lang.to_string());
        if let Some(members) = self.lock().get(&key) {
            return members.clone();
        }
        let members = family
            .board_sentences(site.i18n, lang)
            .and_then(|sentences| object_members(&sentences));
        self.lock().entry(key).or_insert(members).clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, SentencesByLanguage> {
        self.0.lock().expect("no panics while holding the lock")
    }
}

/// `{"a":1,"b":2}` as `"a":1,"b":2`, made safe inside `<script>`; `None`
/// for a value that is not an object.
fn object_members(value: &serde_json::Value) -> Option<Arc<str>> {
    value.as_object()?;
    let json = script_safe(&value.to_string());
    Some(Arc::from(&json[1..json.len() - 1]))
}

/// `<` only occurs inside JSON strings, where `\u003c` means the same.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// `"levels":[…]`: the AI's levels, weakest first, each with the longest
/// the board lets it think (the script says it in the level's name and
/// shows the wait against it), from the one level table.
fn levels_member() -> String {
    let levels: Vec<serde_json::Value> = Level::ALL
        .iter()
        .map(|level| serde_json::json!({"name": level.as_str(), "reply_ms": level.reply_time_ms()}))
        .collect();
    format!("\"levels\":{}", serde_json::Value::Array(levels))
}

/// The board for a page in `lang` of a variant of `family`, when the
/// family offers one.
pub(super) fn play(
    site: &SiteContext,
    family: &str,
    rules: &dyn VariantRules,
    lang: &str,
) -> Option<Play> {
    let game_family = crate::family::find(family).ok()?;
    let board = game_family.assets().board?;
    let data = rules.practice(&site.href("assets/play/"))?;
    data.as_object()?;
    let sentences = site.board_sentences.members(site, game_family, lang)?;
    // The variant's object with the levels and the sentences' members
    // added at its end.
    let mut json = script_safe(&data.to_string());
    json.pop();
    if json.len() > 1 {
        json.push(',');
    }
    json.push_str(&levels_member());
    if !sentences.is_empty() {
        json.push(',');
    }
    json.push_str(&sentences);
    json.push('}');
    Some(Play {
        heading: site.i18n.message(lang, "play-heading", &[]),
        needs_javascript: site.i18n.message(lang, "play-needs-javascript", &[]),
        data: json,
        script_href: site.href("assets/play/board.js"),
        module_href: site.href(&format!("assets/play/{}", board.module)),
        wasm_href: site.href(&format!("assets/play/{}", board.wasm)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_gives_its_members_and_anything_else_none() {
        let members = object_members(&serde_json::json!({"a": "<b>", "c": [1]}));
        assert_eq!(members.as_deref(), Some(r#""a":"\u003cb>","c":[1]"#));
        assert_eq!(object_members(&serde_json::json!([1, 2])), None);
        assert_eq!(object_members(&serde_json::json!({})).as_deref(), Some(""));
    }
}
