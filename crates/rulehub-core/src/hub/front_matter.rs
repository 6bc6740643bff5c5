//! Splitting a source file into YAML front matter and Markdown body, and the
//! typed front matter of each kind of page.

use std::ops::Range;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::diagnostic::Position;

/// A source file cut into its front matter and body, as byte ranges of the
/// file text so every later message can point back into the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    pub yaml: Range<usize>,
    pub body: Range<usize>,
}

/// Why a file has no usable front matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    Missing,
    Unclosed,
}

impl SplitError {
    pub fn message(&self) -> (&'static str, &'static str) {
        match self {
            SplitError::Missing => (
                "the file has no front matter",
                "start the file with a line `---`, then the YAML front matter, then a closing `---` line",
            ),
            SplitError::Unclosed => (
                "the front matter opened on line 1 is never closed",
                "end the YAML front matter with a line holding only `---`",
            ),
        }
    }
}

/// Finds the `---` fences. A UTF-8 byte-order mark and CRLF line ends are
/// tolerated because editors on every platform produce them.
pub fn split(text: &str) -> Result<Split, SplitError> {
    let start = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let rest = &text[start..];
    let first_line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
    if rest[..first_line_end].trim_end() != "---" {
        return Err(SplitError::Missing);
    }
    let yaml_start = start + first_line_end;
    let mut offset = yaml_start;
    for line in text[yaml_start..].split_inclusive('\n') {
        if line.trim_end() == "---" {
            return Ok(Split {
                yaml: yaml_start..offset,
                body: offset + line.len()..text.len(),
            });
        }
        offset += line.len();
    }
    Err(SplitError::Unclosed)
}

/// A serde_yaml error turned into a message and a position in the whole
/// file (front-matter lines count from the top of the file).
pub fn yaml_error(
    text: &str,
    yaml: &Range<usize>,
    error: &serde_yaml::Error,
) -> (String, Position) {
    let mut message = error.to_string();
    let offset = error.location().map_or(0, |location| location.index());
    // serde places a repeated key at the start of its mapping; the author
    // needs the repeat.
    let offset = duplicate_key(&message)
        .and_then(|key| second_occurrence(&text[yaml.clone()], offset, key))
        .unwrap_or(offset);
    let position = Position::at_offset(text, yaml.start + offset);
    // serde_yaml appends "at line L column C" relative to the YAML block; the
    // position we report replaces it.
    if let Some(cut) = message.find(" at line ") {
        message.truncate(cut);
    }
    (message, position)
}

/// The key a "duplicate field `x`" (a struct) or "duplicate entry with
/// key \"x\"" (a map) message names.
fn duplicate_key(message: &str) -> Option<&str> {
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        return rest.split('`').next();
    }
    let rest = message.split_once("duplicate entry with key \"")?.1;
    rest.split('"').next()
}

/// Where `key` is written the second time in the mapping that starts at
/// byte `start` of `yaml`: the keys at that mapping's column, up to the
/// first line indented less (or the next item of its list). `None` when it
/// is not found there (a flow mapping `{a: 1, a: 2}`).
fn second_occurrence(yaml: &str, start: usize, key: &str) -> Option<usize> {
    let start = start.min(yaml.len());
    let line_start = yaml[..start].rfind('\n').map_or(0, |i| i + 1);
    let column = start - line_start;
    let mut offset = line_start;
    let mut seen = 0;
    for (index, line) in yaml[line_start..].split_inclusive('\n').enumerate() {
        let here = offset;
        offset += line.len();
        let content = line.trim_start_matches(' ');
        let indent = line.len() - content.len();
        if content.trim().is_empty() || content.starts_with('#') {
            continue;
        }
        // A list item's key sits after its dash: `- title: x`.
        let (indent, content, item) = match content.strip_prefix("- ") {
            Some(rest) => {
                let after = rest.trim_start_matches(' ');
                (indent + (content.len() - after.len()), after, true)
            }
            None => (indent, content, false),
        };
        if index > 0 && (indent < column || item && indent == column) {
            break;
        }
        if indent != column {
            continue;
        }
        let unquoted = content
            .strip_prefix(&format!("\"{key}\""))
            .or_else(|| content.strip_prefix(&format!("'{key}'")))
            .or_else(|| content.strip_prefix(key));
        if unquoted.is_some_and(|rest| rest.trim_start_matches(' ').starts_with(':')) {
            seen += 1;
            if seen == 2 {
                return Some(here + indent);
            }
        }
    }
    None
}

/// Parses the front matter into `T`.
pub fn parse<T: DeserializeOwned>(
    text: &str,
    yaml: &Range<usize>,
) -> Result<T, (String, Position)> {
    let source = &text[yaml.clone()];
    // An empty block is an empty mapping, so optional-only types still load.
    let source = if source.trim().is_empty() {
        "{}"
    } else {
        source
    };
    if let Some(offset) = super::limits::yaml_too_deep(source) {
        let (message, _) = super::limits::yaml_too_deep_message();
        return Err((message, Position::at_offset(text, yaml.start + offset)));
    }
    serde_yaml::from_str(source).map_err(|e| yaml_error(text, yaml, &e))
}

/// The line of `key:` in the front matter (the first at any depth), so that
/// checks made after deserialising can still point at the right line.
pub fn key_position(text: &str, yaml: &Range<usize>, key: &str) -> Position {
    let mut offset = yaml.start;
    for line in text[yaml.clone()].split_inclusive('\n') {
        let trimmed = line.trim_start().trim_start_matches("- ");
        if let Some(rest) = trimmed.strip_prefix(key)
            && rest.trim_start().starts_with(':')
        {
            let indent = line.len() - line.trim_start().len();
            return Position::at_offset(text, offset + indent);
        }
        offset += line.len();
    }
    Position::at_offset(text, yaml.start)
}

/// A title must be text: YAML reads `title: ~` or a bare `title:` as
/// nothing, which would otherwise publish a page called "~" or "".
fn title<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        Some(title) if !title.trim().is_empty() => Ok(title),
        _ => Err(serde::de::Error::custom(
            "`title` is empty; write the page's title (in quotes if it is `~` or `null`)",
        )),
    }
}

/// Front matter of `_index.md` files (home and family pages) and of
/// translations of variants: words only, never rules.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SectionFrontMatter {
    #[serde(deserialize_with = "title")]
    pub title: String,
    #[serde(default)]
    pub summary: Option<String>,
    /// In a translation (`_index.cs.md`): the fingerprint of the
    /// default-language file it was translated from, as for variants.
    #[serde(default)]
    pub translated_from: Option<String>,
    /// In a translation: a token per section of that source.
    #[serde(default)]
    pub source_sections: Option<Vec<String>>,
}

impl SectionFrontMatter {
    /// What a translated home or family page records about its source.
    pub fn record(&self) -> super::freshness::Record<'_> {
        super::freshness::Record {
            translated_from: self.translated_from.as_deref(),
            source_sections: self.source_sections.as_deref(),
            stub: false,
        }
    }
}

/// Front matter of a translation (`tablut.cs.md`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TranslationFrontMatter {
    #[serde(deserialize_with = "title")]
    pub title: String,
    #[serde(default)]
    pub summary: Option<String>,
    /// A translation may be held back while it is being written.
    #[serde(default = "yes")]
    pub published: bool,
    /// The fingerprint of the default-language file this was translated
    /// from (see [`super::freshness`]); `rulehub translations
    /// --mark-current` and `rulehub new --lang` write it.
    #[serde(default)]
    pub translated_from: Option<String>,
    /// One token per section of that source, to name what changed since.
    #[serde(default)]
    pub source_sections: Option<Vec<String>>,
    /// Written by `rulehub new --lang`; the translator removes it. A stub
    /// counts as not translated: it is not published.
    #[serde(default)]
    pub stub: bool,
}

impl TranslationFrontMatter {
    pub fn record(&self) -> super::freshness::Record<'_> {
        super::freshness::Record {
            translated_from: self.translated_from.as_deref(),
            source_sections: self.source_sections.as_deref(),
            stub: self.stub,
        }
    }
}

/// Keys a translation must not set, because they come from the
/// default-language file.
pub const DEFAULT_LANGUAGE_ONLY_KEYS: &[&str] = &[
    "slug",
    "old_slugs",
    "variant_of",
    "order",
    "engine",
    "render",
];

fn yes() -> bool {
    true
}

/// Front matter of a variant page, in the format of the seed variant file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFrontMatter {
    #[serde(deserialize_with = "title")]
    pub title: String,
    /// URL segment; the file stem when absent.
    #[serde(default)]
    pub slug: Option<String>,
    /// Slugs the page had before: each keeps a page at the old address
    /// (in every language) that sends the reader to the current one.
    #[serde(default)]
    pub old_slugs: Vec<String>,
    /// The game family, which picks the rules engine. Must match the folder.
    #[serde(default)]
    pub variant_of: Option<String>,
    /// Position in the family listing (then title).
    #[serde(default)]
    pub order: i64,
    #[serde(default = "yes")]
    pub published: bool,
    /// One sentence for listings and the meta description.
    #[serde(default)]
    pub summary: Option<String>,
    /// The game family's block (board, players, start position, rules, and
    /// in the seed format the render ops), kept as raw YAML: the family
    /// named by the folder reads it (the `rulehub-family` crate), as a site
    /// generator keeps a page's `extra` for its theme.
    pub engine: serde_yaml::Value,
    /// Render ops may sit at the top level too (the seed nests them in
    /// `engine`). Raw YAML like `engine`: the check stage reads them.
    #[serde(default)]
    pub render: Option<serde_yaml::Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_front_matter_and_body_with_crlf_and_bom() {
        let text = "\u{feff}---\r\ntitle: x\r\n---\r\nbody\r\n";
        let split = split(text).expect("well-formed");
        assert_eq!(&text[split.yaml.clone()], "title: x\r\n");
        assert_eq!(&text[split.body], "body\r\n");
    }

    #[test]
    fn reports_missing_and_unclosed_front_matter() {
        assert_eq!(split("# just markdown\n"), Err(SplitError::Missing));
        assert_eq!(split("---\ntitle: x\n"), Err(SplitError::Unclosed));
    }

    #[test]
    fn yaml_errors_point_at_the_line_in_the_whole_file() {
        let text = "---\ntitle: x\nbogus: 1\n---\n";
        let yaml = split(text).expect("well-formed").yaml;
        let (message, position) =
            parse::<SectionFrontMatter>(text, &yaml).expect_err("unknown key");
        assert!(message.contains("unknown field `bogus`"), "{message}");
        assert_eq!(position.line, 3);
    }

    #[test]
    fn a_repeated_key_is_placed_at_the_repeat() {
        let place = |text: &str| {
            let yaml = split(text).expect("well-formed").yaml;
            let (message, position) = parse::<serde_yaml::Value>(text, &yaml)
                .map(|_| ())
                .or_else(|_| parse::<VariantFrontMatter>(text, &yaml).map(|_| ()))
                .expect_err("a repeated key");
            (message, position.line, position.column)
        };
        let (message, line, column) =
            place("---\ntitle: a\nsummary: s\ntitle: b\nengine: {}\n---\n");
        assert!(
            message.contains("`title`") || message.contains("\"title\""),
            "{message}"
        );
        assert_eq!((line, column), (4, 1), "{message}");
        // Nested, after a deeper block and a comment, and in a list item.
        let (message, line, column) = place(
            "---\ntitle: a\nengine:\n  rules:\n    preset: x\n  setup: s\n  # note\n  rules: y\n---\n",
        );
        assert_eq!((line, column), (8, 3), "{message}");
        let (message, line, column) =
            place("---\ntitle: a\nengine:\n  - op: a\n    at: 1\n  - op: b\n    op: c\n---\n");
        assert_eq!((line, column), (7, 5), "{message}");
    }

    #[test]
    fn finds_the_line_of_a_key() {
        let text = "---\ntitle: x\nslug: a/b\n---\n";
        let yaml = split(text).expect("well-formed").yaml;
        assert_eq!(key_position(text, &yaml, "slug").line, 3);
    }
}
