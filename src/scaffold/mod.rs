//! `rulehub new`: the text of a new variant file and of a translation stub
//! (pure, in this module), and creating the file ([`create`]).
//!
//! A new variant file builds at once: its front matter is in the seed format
//! (topology, setup, a rules preset, render ops) and its one worked example
//! is replayed through the engine here, before it is written, so it is right
//! for whichever rules the file ends up with (`--from` copies another
//! variant's).

mod create;
mod init;

use std::fmt::Write as _;

use crate::family::Starter;
use crate::hub::is_valid_slug;

pub use create::{Request, create};
pub use init::init;

/// A `family/name` pair naming a variant file `content/<family>/<name>.md`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub family: String,
    pub name: String,
}

impl Target {
    /// The file's path relative to the hub root, `/`-separated.
    pub fn path(&self, lang: Option<&str>) -> String {
        match lang {
            Some(lang) => format!("content/{}/{}.{lang}.md", self.family, self.name),
            None => format!("content/{}/{}.md", self.family, self.name),
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.family, self.name)
    }
}

/// Why a request cannot be scaffolded, with what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScaffoldError {
    pub message: String,
    pub help: Option<String>,
}

impl std::fmt::Display for ScaffoldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScaffoldError {}

/// The first registered family's first variant, as `rulehub init` names
/// it: the example of a page name.
fn first_variant() -> &'static str {
    crate::family::default_family().starter().first_variant().0
}

/// `family/name` for the first registered family's first variant.
pub fn example_target() -> String {
    format!(
        "{}/{}",
        crate::family::default_family().name(),
        first_variant()
    )
}

/// Parses `family/name`; both parts must be slugs (lowercase letters,
/// digits, `-`, `_`), since they become URL segments.
pub fn parse_target(text: &str) -> Result<Target, ScaffoldError> {
    if text.starts_with('/') || text.starts_with('\\') || text.contains(':') {
        return Err(ScaffoldError {
            message: format!("`{text}` is a path, not a family and a variant"),
            help: Some(format!(
                "name the page as family/name; it is written under content/, e.g. `{}`",
                example_target()
            )),
        });
    }
    let Some((family, name)) = text.trim_end_matches('/').split_once('/') else {
        return Err(ScaffoldError {
            message: format!("`{text}` does not name a family and a variant"),
            help: Some(format!(
                "write it as family/name, e.g. `{}/{}`",
                crate::family::default_family().name(),
                suggest_slug(text).unwrap_or_else(|| first_variant().to_string())
            )),
        });
    };
    for (part, what) in [(family, "family"), (name, "variant name")] {
        if !is_valid_slug(part) {
            let help = match suggest_slug(part) {
                Some(slug) if slug != part => format!(
                    "a {what} becomes part of the address, so it uses only lowercase letters, digits, `-` and `_`; did you mean `{slug}`?"
                ),
                _ => format!(
                    "a {what} becomes part of the address, so it uses only lowercase letters, digits, `-` and `_`, and starts with a letter or digit"
                ),
            };
            return Err(ScaffoldError {
                message: format!("`{part}` cannot be a {what}"),
                help: Some(help),
            });
        }
    }
    Ok(Target {
        family: family.to_string(),
        name: name.to_string(),
    })
}

/// `My Tablut!` → `my-tablut`; `None` when nothing usable is left.
fn suggest_slug(text: &str) -> Option<String> {
    let mut slug = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_matches(['-', '_']).to_string();
    (!slug.is_empty()).then_some(slug)
}

/// `my-tablut` → `My Tablut`.
pub fn title_from_name(name: &str) -> String {
    name.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The rules-bearing blocks of an existing variant's front matter, copied
/// as written (comments and layout kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesBlocks {
    /// The top-level `engine:` block (topology, players, setup, rules and,
    /// in the seed format, render).
    pub engine: String,
    /// A top-level `render:` block, if the variant keeps its ops there.
    pub render: Option<String>,
}

/// Cuts the `engine:` (and `render:`) blocks out of front-matter YAML;
/// `None` when there is no `engine:` block.
pub fn rules_blocks(front_matter: &str) -> Option<RulesBlocks> {
    Some(RulesBlocks {
        engine: top_level_block(front_matter, "engine")?,
        render: top_level_block(front_matter, "render"),
    })
}

/// The lines of the top-level `key:` and every indented (or blank) line
/// after it, without trailing blank lines.
fn top_level_block(yaml: &str, key: &str) -> Option<String> {
    let mut lines = yaml.lines();
    let first = lines.find(|line| {
        line.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    })?;
    let mut block = vec![first];
    for line in lines {
        if line.trim().is_empty() || line.starts_with([' ', '\t']) {
            block.push(line);
        } else {
            break;
        }
    }
    while block.last().is_some_and(|l| l.trim().is_empty()) {
        block.pop();
    }
    Some(block.join("\n"))
}

/// What a new variant file is made of.
#[derive(Debug, Clone)]
pub struct NewVariant<'a> {
    pub target: &'a Target,
    pub title: String,
    /// Position in the family listing.
    pub order: i64,
    /// Rules, board and drawing copied from another variant (`--from`);
    /// the family's default engine block when `None`.
    pub from: Option<RulesBlocks>,
    /// The family's starter content.
    pub starter: &'a dyn Starter,
}

/// The text of a new variant file.
pub fn variant_file(new: &NewVariant) -> String {
    let (engine, render) = match &new.from {
        Some(blocks) => (blocks.engine.as_str(), blocks.render.as_deref()),
        None => (new.starter.default_engine(), None),
    };
    let title = &new.title;
    let example = new.starter.example(engine);
    let mut out = String::new();
    out.push_str("---\n");
    let _ = writeln!(out, "title: {}", yaml_string(title));
    let _ = writeln!(out, "slug: {}", yaml_string(&new.target.name));
    let _ = writeln!(out, "variant_of: {}", yaml_string(&new.target.family));
    let _ = writeln!(out, "order: {}", new.order);
    let _ = writeln!(out, "summary: {}", yaml_string(&new.starter.summary(title)));
    out.push_str(engine);
    out.push('\n');
    if let Some(render) = render {
        out.push_str(render);
        out.push('\n');
    }
    out.push_str("published: true\n---\n\n");
    let _ = write!(
        out,
        r#"{{{{svg:board.svg "{caption} — the starting position"}}}}

{outline}
## Worked examples

Every example below is replayed by the rules engine when the site is built, so a
wrong claim fails the build. {intro}

```example
{example}```
"#,
        caption = title.replace('"', "'"),
        outline = new.starter.outline(),
        intro = example.intro,
        example = example.yaml,
    );
    out
}

/// A YAML double-quoted scalar (JSON strings are valid YAML).
fn yaml_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string())
}

/// What a translation stub is made of.
#[derive(Debug, Clone)]
pub struct Translation<'a> {
    /// The default-language title and summary, to be translated.
    pub title: &'a str,
    pub summary: Option<&'a str>,
    /// The default-language body: its headings, board shortcodes and
    /// worked examples give the stub its outline.
    pub body: &'a str,
}

/// The text of a translation stub: title and summary, then the original's
/// headings in order, each followed by `{{example:ID}}` for the worked
/// examples in its section (they render in the page's language), ready for
/// the translator's prose.
pub fn translation_stub(translation: &Translation) -> String {
    let mut out = String::from("---\n");
    let _ = writeln!(out, "title: {}", yaml_string(translation.title));
    if let Some(summary) = translation.summary {
        let _ = writeln!(out, "summary: {}", yaml_string(summary));
    }
    out.push_str(
        "# Until you delete the next line this page counts as untranslated and is not published.\n",
    );
    out.push_str("stub: true\n");
    out.push_str(&freshness_lines(&crate::hub::freshness::fingerprint(
        &crate::hub::freshness::SourceWords {
            title: translation.title,
            summary: translation.summary,
            body: translation.body,
        },
    )));
    out.push_str("---\n");
    for item in outline(translation.body) {
        out.push('\n');
        out.push_str(&item);
        out.push('\n');
    }
    out
}

/// The front-matter lines recording which source a translation matches.
pub fn freshness_lines(fingerprint: &crate::hub::freshness::Fingerprint) -> String {
    let sections: Vec<String> = fingerprint
        .sections
        .iter()
        .map(|token| format!("\"{token}\""))
        .collect();
    format!(
        "translated_from: \"{}\"\nsource_sections: [{}]\n",
        fingerprint.hash,
        sections.join(", ")
    )
}

/// Headings, shortcode lines and `{{example:ID}}` for each example block,
/// in the body's order.
fn outline(body: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut fence: Option<(String, bool)> = None; // (marker, is an example block)
    let mut example_id: Option<String> = None;
    for line in body.lines() {
        let trimmed = line.trim_start();
        if let Some((marker, is_example)) = &fence {
            if trimmed.starts_with(marker.as_str()) && trimmed.trim_end() == marker.as_str() {
                if *is_example && let Some(id) = example_id.take() {
                    items.push(format!("{{{{example:{id}}}}}"));
                }
                fence = None;
            } else if *is_example
                && example_id.is_none()
                && let Some(id) = line.strip_prefix("id:")
            {
                let id = id.split('#').next().unwrap_or("").trim();
                example_id = Some(id.trim_matches(['"', '\'']).to_string());
            }
            continue;
        }
        let marker_len = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .count();
        if marker_len >= 3 {
            let marker = &trimmed[..marker_len];
            let info = trimmed[marker_len..].split_whitespace().next();
            fence = Some((marker.to_string(), info == Some("example")));
            example_id = None;
        } else {
            let heading = trimmed.starts_with('#')
                && trimmed.trim_start_matches('#').starts_with(' ')
                && line.len() - trimmed.len() < 4;
            let board = trimmed.starts_with("{{svg:") && trimmed.trim_end().ends_with("}}");
            if heading || board {
                items.push(trimmed.trim_end().to_string());
            }
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_two_slugs_never_paths() {
        for path in ["/abs/x", "/games/x", "C:/games/x", "\\\\server\\x"] {
            assert!(parse_target(path).is_err(), "{path}");
        }
        assert_eq!(
            parse_target("games/my-tablut"),
            Ok(Target {
                family: "games".into(),
                name: "my-tablut".into()
            })
        );
        let error = parse_target("games/My Tablut").expect_err("not a slug");
        assert!(error.help.expect("help").contains("`my-tablut`"));
        assert!(parse_target("tablut").is_err());
        assert!(parse_target("games/../x").is_err());
        assert!(parse_target("games/a/b").is_err());
        assert!(parse_target("games/_index").is_err());
    }

    #[test]
    fn titles_come_from_names() {
        assert_eq!(title_from_name("my-tablut"), "My Tablut");
        assert_eq!(title_from_name("alea_evangelii"), "Alea Evangelii");
    }

    #[test]
    fn rules_blocks_are_cut_out_as_written() {
        let yaml = "title: \"X\"\nengine:\n  topology: { type: grid, rows: 7, cols: 7 }\n\n  # the rules\n  rules: brandubh\npublished: true\nrender:\n  ops: []\n";
        let blocks = rules_blocks(yaml).expect("engine block");
        assert_eq!(
            blocks.engine,
            "engine:\n  topology: { type: grid, rows: 7, cols: 7 }\n\n  # the rules\n  rules: brandubh"
        );
        assert_eq!(blocks.render.as_deref(), Some("render:\n  ops: []"));
        assert_eq!(rules_blocks("title: x\n"), None);
    }

    #[test]
    fn the_default_example_is_confirmed_by_the_engine() {
        let text = variant_file(&NewVariant {
            target: &Target {
                family: crate::family::default_family().name().into(),
                name: "x".into(),
            },
            title: "X".into(),
            order: 1,
            from: None,
            starter: crate::family::default_family().starter(),
        });
        assert!(text.contains("moves: [e2-d2]"), "{text}");
        assert!(text.contains("captures: [c2]"), "{text}");
    }

    #[test]
    fn the_stub_follows_the_outline_of_the_original() {
        let body = "{{svg:board.svg \"Board\"}}\n\n## Overview\n\nText.\n\n```example\nid: first\nmoves: [a1-a2]\n```\n\n```yaml\nid: not-an-example\n# not a heading\n```\n\n## Capture\n\n~~~example\nid: second # comment\n~~~\n";
        let stub = translation_stub(&Translation {
            title: "Tablut \"9×9\"",
            summary: Some("S"),
            body,
        });
        assert!(
            stub.contains("\nstub: true\ntranslated_from: \""),
            "a stub records its source and that it is a stub: {stub}"
        );
        let without_record: String = stub
            .lines()
            .filter(|l| {
                !["# Until", "stub:", "translated_from:", "source_sections:"]
                    .iter()
                    .any(|key| l.starts_with(key))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            without_record,
            "---\ntitle: \"Tablut \\\"9×9\\\"\"\nsummary: \"S\"\n---\n\n{{svg:board.svg \"Board\"}}\n\n## Overview\n\n{{example:first}}\n\n## Capture\n\n{{example:second}}\n"
        );
    }
}
