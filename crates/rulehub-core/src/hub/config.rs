//! `hub.yaml`: the hub's title, address, languages and theme.

use std::sync::Arc;

use serde::Deserialize;

use super::language::Language;
use crate::diagnostic::{Diagnostic, Position};

/// The hub's configuration. Every key is optional; a hub with only
/// `content/` builds with these defaults.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HubConfig {
    /// Site title shown in every page header.
    pub title: String,
    /// One sentence about the hub, for the home page and meta description.
    pub description: String,
    /// Absolute address the site is published at, e.g. `https://rules.example.org/`.
    /// Used for the sitemap and canonical links; its path is the prefix of every link.
    pub base_url: String,
    /// Language codes; the first is the default and lives at the site root.
    pub languages: Vec<Language>,
    /// Theme folder name under `themes/`.
    pub theme: String,
    /// What happens to raw HTML in page bodies (`sanitise` by default).
    pub raw_html: RawHtml,
    /// The address of a `rulehub room` server (docs/rooms.md). When set,
    /// variant pages tell their board where to open private online rooms;
    /// when absent they offer no room mode.
    pub room_server: Option<String>,
    /// The text of hub.yaml, when there is one, so that later stages can
    /// place what they find wrong with a language at its entry.
    #[serde(skip)]
    pub source: Option<Arc<str>>,
}

/// What happens to raw HTML an author writes in a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RawHtml {
    /// Scripts, event handlers, styles and unsafe links are removed, each
    /// removal a warning at its line.
    #[default]
    #[serde(alias = "sanitize")]
    Sanitise,
    /// Kept as written: for hubs whose every author is trusted.
    Trusted,
}

impl Default for HubConfig {
    fn default() -> Self {
        HubConfig {
            title: "Rules hub".to_string(),
            description: String::new(),
            base_url: "http://localhost:1111/".to_string(),
            languages: vec![Language::english()],
            theme: "default".to_string(),
            raw_html: RawHtml::default(),
            room_server: None,
            source: None,
        }
    }
}

impl HubConfig {
    pub fn default_language(&self) -> &Language {
        // `validate` refuses an empty list, and loading always validates.
        self.languages
            .first()
            .expect("hub.yaml validation guarantees a language")
    }

    pub fn is_default_language(&self, code: &str) -> bool {
        self.default_language().code() == code
    }

    pub fn language(&self, code: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.code() == code)
    }

    pub fn language_codes(&self) -> impl Iterator<Item = &str> {
        self.languages.iter().map(Language::code)
    }

    /// The path part of `base_url` without the trailing slash (`""` at a
    /// domain root), which prefixes every internal link.
    pub fn base_path(&self) -> &str {
        let after_scheme = self
            .base_url
            .split_once("://")
            .map_or(self.base_url.as_str(), |(_, rest)| rest);
        let path = after_scheme.find('/').map_or("", |i| &after_scheme[i..]);
        path.trim_end_matches('/')
    }

    /// `base_url` without its trailing slash, for absolute addresses.
    pub fn origin_and_path(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }

    /// `room_server` without its trailing slash, for the page's data
    /// attribute (`None` when the hub names no room server).
    pub fn room_server_url(&self) -> Option<&str> {
        self.room_server
            .as_deref()
            .map(|url| url.trim_end_matches('/'))
    }

    /// An error about language `code`, placed at its entry in hub.yaml's
    /// `languages` (at hub.yaml when the hub has none and English is
    /// implied).
    pub fn language_error(&self, code: &str, message: impl Into<String>) -> Diagnostic {
        let Some(text) = &self.source else {
            return Diagnostic::error("hub.yaml", message);
        };
        let offset = language_entries(text)
            .into_iter()
            .find(|(entry, _)| *entry == code)
            .map(|(_, offset)| offset)
            .or_else(|| key_offset(text, "languages"))
            .unwrap_or(0);
        Diagnostic::error("hub.yaml", message)
            .at(Position::at_offset(text, offset))
            .with_source(text.clone())
    }

    /// Each language listed a second time, placed at that entry.
    pub fn repeated_languages(&self) -> Vec<Diagnostic> {
        let entries = self
            .source
            .as_deref()
            .map(language_entries)
            .unwrap_or_default();
        let mut diagnostics = Vec::new();
        for (i, language) in self.languages.iter().enumerate() {
            if !self.languages[..i].contains(language) {
                continue;
            }
            let code = language.code();
            let message = format!("language `{code}` is listed twice");
            let repeat = entries.iter().filter(|(entry, _)| entry == code).nth(1);
            let diagnostic = match (&self.source, repeat) {
                (Some(text), Some((_, offset))) => Diagnostic::error("hub.yaml", message)
                    .at(Position::at_offset(text, *offset))
                    .with_source(text.clone()),
                _ => self.language_error(code, message),
            };
            diagnostics.push(diagnostic.with_help("remove the repeated code"));
        }
        diagnostics
    }

    /// Problems that serde cannot see: an empty language list, a base URL
    /// that is not absolute. (A repeated language is placed at its repeat
    /// by [`HubConfig::repeated_languages`].)
    pub fn problems(&self) -> Vec<(&'static str, String, Option<String>)> {
        let mut problems = Vec::new();
        if self.languages.is_empty() {
            problems.push((
                "languages",
                "`languages` is empty".to_string(),
                Some("list at least one language code, e.g. `languages: [en]`".to_string()),
            ));
        }
        if !(self.base_url.starts_with("http://") || self.base_url.starts_with("https://")) {
            problems.push((
                "base_url",
                format!(
                    "`base_url` must be an absolute http(s) address, not `{}`",
                    self.base_url
                ),
                Some(
                    "write it as `https://example.org/` (the sitemap needs absolute addresses)"
                        .to_string(),
                ),
            ));
        }
        if let Some(url) = &self.room_server
            && !is_plain_http_url(url)
        {
            problems.push((
                "room_server",
                format!("`room_server` must be an absolute http(s) address, not `{url}`"),
                Some(
                    "write the address `rulehub room` is reached at, e.g. `https://rooms.example.org/`"
                        .to_string(),
                ),
            ));
        }
        if self.theme.is_empty() || self.theme.contains(['/', '\\']) || self.theme.contains("..") {
            problems.push((
                "theme",
                format!("`theme: {}` is not a folder name", self.theme),
                Some("name a folder under `themes/`, e.g. `default`".to_string()),
            ));
        }
        problems
    }
}

/// An absolute http(s) address with a host and nothing a page attribute or
/// a client would have to escape or could misread (quotes, spaces, `<`).
fn is_plain_http_url(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return false;
    };
    let host = rest.split('/').next().unwrap_or("");
    !host.is_empty()
        && !host.contains('@')
        && url
            .bytes()
            .all(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b'\'' | b'<' | b'>' | b'`'))
}

/// Where top-level `key:` starts in a YAML text.
fn key_offset(text: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
        {
            return Some(offset);
        }
        offset += line.len();
    }
    None
}

/// The codes of hub.yaml's `languages` list with the byte offset of each,
/// read from the text (serde keeps no positions): a flow list
/// `[en, cs]` over one or more lines, or a block list of `- en` lines.
pub fn language_entries(text: &str) -> Vec<(String, usize)> {
    let Some(key) = key_offset(text, "languages") else {
        return Vec::new();
    };
    let after_colon = key + text[key..].find(':').map_or(0, |i| i + 1);
    let mut entries = Vec::new();
    let rest = &text[after_colon..];
    let value = rest.trim_start_matches([' ', '\t']);
    if let Some(list) = value.strip_prefix('[') {
        let mut offset = text.len() - list.len();
        for piece in list.split_inclusive([',', ']', '\n']) {
            let start = offset;
            offset += piece.len();
            let item = piece.trim_end_matches([',', ']', '\n']);
            let item = item.split('#').next().unwrap_or(item);
            let code = item.trim().trim_matches(['"', '\'']);
            if !code.is_empty() {
                let at = start + item.find(code).unwrap_or(0);
                entries.push((code.to_string(), at));
            }
            if piece.ends_with(']') {
                break;
            }
        }
        return entries;
    }
    // A block list: the lines after the key that hold `- code`.
    let mut offset = after_colon + rest.find('\n').map_or(rest.len(), |i| i + 1);
    for line in text[offset.min(text.len())..].split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_start();
        if content.trim().is_empty() || content.starts_with('#') {
            continue;
        }
        let Some(item) = content.strip_prefix('-') else {
            break;
        };
        let item = item.split('#').next().unwrap_or(item);
        let code = item.trim().trim_matches(['"', '\'']);
        if !code.is_empty() {
            let at = start + (line.len() - content.len()) + 1 + item.find(code).unwrap_or(0);
            entries.push((code.to_string(), at));
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_language_is_placed_at_the_repeat() {
        let text = "languages: [en, cs,\n  fi, cs]\n";
        let config = HubConfig {
            languages: ["en", "cs", "fi", "cs"]
                .iter()
                .map(|c| Language::parse(c).expect("a code"))
                .collect(),
            source: Some(text.into()),
            ..HubConfig::default()
        };
        let repeated = config.repeated_languages();
        assert_eq!(repeated.len(), 1);
        let position = repeated[0].position.expect("placed");
        assert_eq!((position.line, position.column), (2, 7));
        assert!(config.problems().is_empty());
    }

    #[test]
    fn finds_each_language_entry_in_flow_and_block_lists() {
        let text = "title: x\nlanguages: [en, \"cz\",\n  fi] # three\ntheme: t\n";
        let entries = language_entries(text);
        let codes: Vec<&str> = entries.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(codes, ["en", "cz", "fi"]);
        for (code, offset) in &entries {
            assert!(text[*offset..].starts_with(code.as_str()), "{code}");
        }
        let text = "languages:\n  - en\n  # Czech\n  - 'cs'\nbase_url: x\n";
        let entries = language_entries(text);
        assert_eq!(entries.len(), 2, "{entries:?}");
        assert!(text[entries[1].1..].starts_with("cs"));
        assert!(language_entries("title: x\n").is_empty());
    }
}
