//! Markdown bodies to HTML (pulldown-cmark), with rulehub's shortcodes and
//! worked-example blocks swapped for the HTML the later stages made.

mod shortcode;

use std::collections::BTreeSet;
use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

pub use shortcode::{Shortcode, ShortcodeKind};

/// The info string that marks a worked example.
pub const EXAMPLE_INFO: &str = "example";

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// A fenced block of a given info string, with where its content starts in
/// the body (so an error inside it can name the exact line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FencedBlock {
    pub text: String,
    /// Byte offset in the body of the block's first content line.
    pub content_offset: usize,
    /// Byte offset in the body of the opening fence.
    pub fence_offset: usize,
}

/// Every fenced block whose info string is `info`, in order.
pub fn fenced_blocks(body: &str, info: &str) -> Vec<FencedBlock> {
    let mut blocks = Vec::new();
    let mut current: Option<FencedBlock> = None;
    for (event, range) in Parser::new_ext(body, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang)))
                if lang.split_whitespace().next() == Some(info) =>
            {
                let content_offset = body[range.start..]
                    .find('\n')
                    .map_or(range.end, |i| range.start + i + 1);
                current = Some(FencedBlock {
                    text: String::new(),
                    content_offset,
                    fence_offset: range.start,
                });
            }
            Event::Text(text) => {
                if let Some(block) = current.as_mut() {
                    block.text.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(current.take()),
            _ => {}
        }
    }
    blocks
}

/// What the page stage supplies for the placeholders in a body.
pub trait Embeds {
    /// HTML for a shortcode, or a message saying why it cannot be placed.
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String>;
    /// HTML for the `index`-th worked-example block of the body.
    fn example_block(&self, index: usize) -> String;
}

/// A heading of the rendered page, for anchors and a table of contents.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub html: String,
    pub headings: Vec<Heading>,
}

/// A problem in the body, at a byte offset of the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyError {
    pub offset: usize,
    pub message: String,
    pub help: String,
}

/// Renders a page body. Every problem is reported, not only the first.
pub fn render(body: &str, embeds: &dyn Embeds) -> Result<Rendered, Vec<BodyError>> {
    let mut errors = Vec::new();
    let code_ranges = code_ranges(body);
    let (prepared, shortcodes) = shortcode::extract(body, &code_ranges, &mut errors);
    let mut resolved = Vec::with_capacity(shortcodes.len());
    for (shortcode, offset) in &shortcodes {
        match embeds.shortcode(shortcode) {
            Ok(html) => resolved.push(html),
            Err(message) => {
                errors.push(BodyError {
                    offset: *offset,
                    message,
                    help: shortcode.kind.help().to_string(),
                });
                resolved.push(String::new());
            }
        }
    }
    let events: Vec<(Event, Range<usize>)> = Parser::new_ext(&prepared, options())
        .into_offset_iter()
        .collect();
    let mut out_events = Vec::with_capacity(events.len());
    let mut headings = Vec::new();
    let mut used_ids = BTreeSet::new();
    let mut example_index = 0;
    // Text inside code is shown as written, shortcode-like or not.
    let mut in_code = false;
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        match event {
            Event::Html(html) | Event::InlineHtml(html)
                if shortcode::placeholder_index(html).is_some() =>
            {
                let index = shortcode::placeholder_index(html).expect("checked by the guard");
                out_events.push(Event::Html(CowStr::from(resolved[index].clone())));
                i += 1;
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some(EXAMPLE_INFO) =>
            {
                out_events.push(Event::Html(CowStr::from(
                    embeds.example_block(example_index),
                )));
                example_index += 1;
                i = skip_to_end_of_code_block(&events, i);
            }
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => {
                let end = events[i..]
                    .iter()
                    .position(|(e, _)| matches!(e, Event::End(TagEnd::Heading(_))))
                    .map_or(events.len(), |p| i + p);
                let text = plain_text(&events[i + 1..end]);
                let id = unique_id(
                    id.as_deref().map_or_else(|| slugify(&text), str::to_string),
                    &mut used_ids,
                );
                headings.push(Heading {
                    level: heading_level(*level),
                    id: id.clone(),
                    text,
                });
                out_events.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
                i += 1;
            }
            Event::Start(Tag::CodeBlock(_)) | Event::End(TagEnd::CodeBlock) => {
                in_code = matches!(event, Event::Start(_));
                out_events.push(event.clone());
                i += 1;
            }
            Event::Text(text) if !in_code => {
                if let Some(pos) = shortcode::misplaced(text) {
                    errors.push(BodyError {
                        offset: range.start + pos.min(range.len()),
                        message: "a shortcode must stand on a line of its own".to_string(),
                        help: "put the `{{…}}` on its own line with blank lines around it"
                            .to_string(),
                    });
                }
                out_events.push(event.clone());
                i += 1;
            }
            _ => {
                out_events.push(event.clone());
                i += 1;
            }
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.offset);
        return Err(errors);
    }
    let mut html = String::with_capacity(body.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, out_events.into_iter());
    Ok(Rendered { html, headings })
}

fn skip_to_end_of_code_block(events: &[(Event, Range<usize>)], start: usize) -> usize {
    events[start..]
        .iter()
        .position(|(e, _)| matches!(e, Event::End(TagEnd::CodeBlock)))
        .map_or(events.len(), |p| start + p + 1)
}

/// Byte ranges of code (blocks and spans), where `{{` is just text.
fn code_ranges(body: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut block_start = None;
    for (event, range) in Parser::new_ext(body, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(_)) => block_start = Some(range.start),
            Event::End(TagEnd::CodeBlock) => {
                if let Some(start) = block_start.take() {
                    ranges.push(start..range.end);
                }
            }
            Event::Code(_) => ranges.push(range),
            _ => {}
        }
    }
    ranges
}

fn plain_text(events: &[(Event, Range<usize>)]) -> String {
    let mut text = String::new();
    for (event, _) in events {
        if let Event::Text(t) | Event::Code(t) = event {
            text.push_str(t);
        }
    }
    text
}

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// An anchor id from heading text: lowercase words joined by `-`; letters
/// of every script are kept so Czech and Finnish headings stay readable.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if (c.is_whitespace() || c == '-' || c == '_')
            && !slug.is_empty()
            && !slug.ends_with('-')
        {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-').to_string();
    if slug.is_empty() {
        "section".to_string()
    } else {
        slug
    }
}

fn unique_id(base: String, used: &mut BTreeSet<String>) -> String {
    let mut id = base.clone();
    let mut n = 1;
    while used.contains(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    used.insert(id.clone());
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoEmbeds;

    impl Embeds for NoEmbeds {
        fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
            match shortcode.kind {
                ShortcodeKind::Svg if shortcode.target == "board.svg" => Ok(format!(
                    "<figure>{}</figure>",
                    shortcode.caption.as_deref().unwrap_or("")
                )),
                _ => Err(format!("no `{}` here", shortcode.target)),
            }
        }
        fn example_block(&self, index: usize) -> String {
            format!("<div class=\"example\">{index}</div>")
        }
    }

    #[test]
    fn headings_get_unique_readable_ids() {
        let rendered = render(
            "## Král a trůn\n\n## Král a trůn\n\n## Setup {#start}\n",
            &NoEmbeds,
        )
        .expect("valid");
        let ids: Vec<&str> = rendered.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["král-a-trůn", "král-a-trůn-1", "start"]);
        assert!(
            rendered.html.contains("<h2 id=\"král-a-trůn-1\">"),
            "{}",
            rendered.html
        );
    }

    #[test]
    fn tables_footnotes_strikethrough_and_smart_quotes_are_on() {
        let body = "| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ \"new\"[^1]\n\n[^1]: note\n";
        let html = render(body, &NoEmbeds).expect("valid").html;
        assert!(html.contains("<table>"));
        assert!(html.contains("<del>old</del>"));
        assert!(html.contains("“new”"));
        assert!(html.contains("footnote-definition"));
    }

    #[test]
    fn shortcodes_and_example_blocks_are_replaced_in_place() {
        let body = "Intro\n{{svg:board.svg \"A & B\"}}\n\n```example\nid: x\n```\n\nOutro\n";
        let html = render(body, &NoEmbeds).expect("valid").html;
        assert!(html.contains("<figure>A & B</figure>"), "{html}");
        assert!(html.contains("<div class=\"example\">0</div>"));
        assert!(!html.contains("id: x"));
        assert!(html.starts_with("<p>Intro</p>"), "{html}");
    }

    #[test]
    fn unknown_names_and_misplaced_shortcodes_are_errors_with_offsets() {
        let body = "text\n\n{{svg:nope.svg}}\n\n{{video:x}}\n\nsee {{svg:board.svg}} here\n";
        let errors = render(body, &NoEmbeds).expect_err("three problems");
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert_eq!(errors[0].offset, body.find("{{svg:nope").expect("present"));
        assert!(
            errors[1].message.contains("unknown shortcode `video`"),
            "{}",
            errors[1].message
        );
        assert!(errors[2].message.contains("own"));
    }

    #[test]
    fn shortcodes_inside_code_are_left_alone() {
        let body = "```\n{{svg:nope.svg}}\n```\n\nUse `{{svg:board.svg}}` to place it.\n";
        let html = render(body, &NoEmbeds).expect("code is not scanned").html;
        assert!(html.contains("{{svg:nope.svg}}"));
    }

    #[test]
    fn finds_example_blocks_with_their_offsets() {
        let body = "a\n\n```example\nid: one\n```\n\n```yaml\nid: other\n```\n";
        let blocks = fenced_blocks(body, EXAMPLE_INFO);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].text, "id: one\n");
        assert_eq!(
            &body[blocks[0].content_offset..blocks[0].content_offset + 7],
            "id: one"
        );
    }
}
