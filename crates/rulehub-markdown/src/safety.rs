//! Raw HTML in a body: what a page may keep, and what is removed.
//!
//! Pages are written by many hands (translators, pull requests), so raw HTML
//! is sanitised unless the hub says it trusts its authors. One [`Policy`]
//! feeds both the sanitiser (ammonia, which parses like a browser and so
//! sees through obfuscation) and the [`audit`] that tells the author, at the
//! line, what the sanitiser will remove.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::LazyLock;

use pulldown_cmark::{Event, Parser, Tag};

use super::shortcode::{line_around, looks_like_shortcode};
use super::{BodyError, options};

/// What a page may keep.
struct Policy {
    tags: HashSet<&'static str>,
    /// Attributes allowed on every tag.
    generic_attributes: HashSet<&'static str>,
    tag_attributes: HashMap<&'static str, HashSet<&'static str>>,
    url_schemes: HashSet<&'static str>,
}

/// Attributes whose value is a URL.
const URL_ATTRIBUTES: [&str; 4] = ["href", "src", "cite", "longdesc"];

static POLICY: LazyLock<Policy> = LazyLock::new(|| {
    let defaults = ammonia::Builder::default();
    let mut tags: HashSet<&'static str> = defaults.clone_tags();
    // Tags Markdown itself writes, and harmless layout ones authors use.
    tags.extend(["figure", "figcaption", "input", "section", "mark"]);
    let mut generic_attributes = defaults.clone_generic_attributes();
    generic_attributes.extend(["id", "class", "title", "lang", "dir"]);
    let mut tag_attributes = defaults.clone_tag_attributes();
    // Task-list checkboxes, as pulldown-cmark writes them.
    tag_attributes.insert("input", HashSet::from(["type", "checked", "disabled"]));
    Policy {
        tags,
        generic_attributes,
        tag_attributes,
        url_schemes: HashSet::from(["http", "https", "mailto", "tel"]),
    }
});

static SANITISER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let policy = &*POLICY;
    let mut builder = ammonia::Builder::new();
    builder
        .tags(policy.tags.clone())
        .generic_attributes(policy.generic_attributes.clone())
        .tag_attributes(policy.tag_attributes.clone())
        .url_schemes(policy.url_schemes.clone())
        .url_relative(ammonia::UrlRelative::PassThrough)
        // Table alignment is the only style Markdown writes; keep it and
        // nothing else, so no author CSS reaches the page.
        .add_tag_attributes("th", ["style"])
        .add_tag_attributes("td", ["style"])
        .attribute_filter(|_, attribute, value| {
            if attribute == "style" {
                is_alignment(value).then(|| value.into())
            } else {
                Some(value.into())
            }
        })
        .link_rel(None)
        .strip_comments(true);
    builder
});

fn is_alignment(style: &str) -> bool {
    matches!(
        style.trim().trim_end_matches(';'),
        "text-align: left" | "text-align: center" | "text-align: right"
    )
}

/// The page's HTML with everything outside the policy removed.
pub(super) fn sanitise(html: &str) -> String {
    SANITISER.clean(html).to_string()
}

/// Whether a link or image target is one a page may keep (a relative
/// address, or an allowed scheme).
pub(super) fn is_safe_url(url: &str) -> bool {
    scheme(url).is_none_or(|scheme| POLICY.url_schemes.contains(scheme.as_str()))
}

/// The scheme of a URL as a browser reads it: control characters and
/// whitespace inside it are ignored, letters compared in lower case.
fn scheme(url: &str) -> Option<String> {
    let cleaned: String = url
        .chars()
        .filter(|c| !c.is_ascii_control() && !c.is_whitespace())
        .take_while(|c| !matches!(c, '/' | '?' | '#'))
        .collect();
    let (scheme, _) = cleaned.split_once(':')?;
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then(|| scheme.to_ascii_lowercase())
}

/// Something in a file that a browser runs when it opens the file: where
/// it stands (a byte offset of the file) and what it is, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveContent {
    pub offset: usize,
    pub what: String,
}

/// Elements a browser runs, or that bring in a document it runs.
const ACTIVE_ELEMENTS: [&str; 7] = [
    "script",
    "foreignobject",
    "iframe",
    "embed",
    "object",
    "handler",
    "listener",
];

/// The first thing in an SVG (or other XML) file that a browser would run
/// when it opens the file: a script or embedding element, an event handler
/// attribute (`onload=`), a `javascript:` URL in any attribute, or an
/// entity declaration (an XML parser expands it into markup this scan
/// cannot see). Linear in the file.
pub fn active_content(text: &str) -> Option<ActiveContent> {
    let lower = text.to_ascii_lowercase();
    if let Some(offset) = lower.find("<!entity") {
        return Some(ActiveContent {
            offset,
            what: "an `<!ENTITY>` declaration (it can expand into a script)".to_string(),
        });
    }
    // The tokenizer gives no offsets: each start tag is found in the text
    // after the one before, which places it on its line.
    let mut cursor = 0;
    for token in html5gum::Tokenizer::new(text) {
        let Ok(html5gum::Token::StartTag(tag)) = token else {
            continue;
        };
        let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
        let at = lower[cursor..]
            .find(&format!("<{name}"))
            .map_or(cursor, |i| cursor + i);
        cursor = (at + 1).min(lower.len());
        if ACTIVE_ELEMENTS.contains(&name.as_str()) {
            return Some(ActiveContent {
                offset: at,
                what: format!("a `<{name}>` element"),
            });
        }
        for (attribute, value) in &tag.attributes {
            let attribute = String::from_utf8_lossy(attribute).to_ascii_lowercase();
            let value = String::from_utf8_lossy(value);
            let offset = lower[at..].find(&attribute).map_or(at, |i| at + i);
            if attribute.starts_with("on") {
                return Some(ActiveContent {
                    offset,
                    what: format!("an event handler `{attribute}` on `<{name}>`"),
                });
            }
            if matches!(scheme(&value).as_deref(), Some("javascript" | "vbscript")) {
                return Some(ActiveContent {
                    offset,
                    what: format!("a `{}` URL in `{attribute}` of `<{name}>`", shorten(&value)),
                });
            }
        }
    }
    None
}

/// Whether heading attributes (`{#id .class key=value}`) are all allowed.
pub(super) fn heading_attribute_allowed(name: &str) -> bool {
    POLICY.generic_attributes.contains(name)
}

/// Everything the sanitiser will remove from a body, each at its offset.
pub fn audit(body: &str) -> Vec<BodyError> {
    if may_need_removals(body) {
        parsed_removals(body)
    } else {
        Vec::new()
    }
}

/// What [`audit`] finds, found by parsing the body.
fn parsed_removals(body: &str) -> Vec<BodyError> {
    let mut removed = Vec::new();
    for (event, range) in Parser::new_ext(body, options()).into_offset_iter() {
        match event {
            Event::Html(html) | Event::InlineHtml(html) => audit_html(&html, &range, &mut removed),
            Event::Start(Tag::Heading { attrs, .. }) => {
                for (name, _) in attrs.iter().filter(|(n, _)| !heading_attribute_allowed(n)) {
                    removed.push(removal(
                        range.start,
                        format!("the heading attribute `{name}` is removed"),
                    ));
                }
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if !is_safe_url(&dest_url) =>
            {
                removed.push(removal(
                    range.start,
                    format!("the link to `{}` is removed", shorten(&dest_url)),
                ));
            }
            _ => {}
        }
    }
    removed
}

/// Whether `body` may hold anything [`audit`] reports: raw HTML, a heading
/// attribute or a link with a scheme other than the allowed ones. It reads
/// the text without parsing it and may say yes when there is nothing; when
/// it says no, the parse finds nothing (a property test holds it to that).
/// Most bodies are prose with plain links, and are not parsed a second time.
fn may_need_removals(body: &str) -> bool {
    let bytes = body.as_bytes();
    // Raw HTML and autolinks start with `<`; an entity can spell any
    // character of a link, `:` or a space included. A lone carriage return
    // ends a line, which the line rules below do not expect.
    memchr::memchr2(b'<', b'&', bytes).is_some()
        || memchr::memchr_iter(b'\r', bytes).any(|at| bytes.get(at + 1) != Some(&b'\n'))
        || may_hold_heading_attributes(body)
        || may_hold_unsafe_scheme(body)
}

/// A heading's `{…}` block ends its line, and only what is neither an id
/// (`#id`) nor a class (`.class`) is an attribute. A line that is only a
/// shortcode (`{{example:a}}`) is a heading only when a setext underline
/// follows it, which a blank line rules out. Only lines with a `{` are read.
fn may_hold_heading_attributes(body: &str) -> bool {
    let bytes = body.as_bytes();
    let mut checked_to = 0;
    memchr::memchr_iter(b'{', bytes).any(|brace| {
        if brace < checked_to {
            return false;
        }
        let (start, end) = line_around(bytes, brace);
        checked_to = end;
        // What follows `end` is its line ending, then the next line.
        let next = body[end..].lines().nth(1);
        line_may_hold_heading_attributes(&body[start..end], &body[brace..end], next)
    })
}

/// The rule of [`may_hold_heading_attributes`] for one `line`, whose `{`
/// block starts `block`, followed by line `next`.
fn line_may_hold_heading_attributes(line: &str, block: &str, next: Option<&str>) -> bool {
    let end = line.trim_end().trim_end_matches('#').trim_end();
    let names_an_attribute = block
        .split(|c: char| c.is_whitespace() || matches!(c, '{' | '}'))
        .any(|token| !token.is_empty() && !token.starts_with(['#', '.']));
    if !end.ends_with('}') || !names_an_attribute {
        return false;
    }
    let lone_shortcode = looks_like_shortcode(line.trim());
    let blank_after = next.is_none_or(|next| next.trim().is_empty());
    !(lone_shortcode && blank_after)
}

/// Every `:` that could end a link's scheme. The letters, digits and `+-.`
/// before it are a destination's scheme only where a destination starts:
/// after `(`, after the `:` of a reference definition, after a space. After
/// anything else a destination that started earlier holds that character
/// in its scheme, which no scheme may, unless a browser drops it (a control
/// or a non-ASCII space) or it is an escape: those may join more letters.
fn may_hold_unsafe_scheme(body: &str) -> bool {
    let is_scheme_byte = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    let bytes = body.as_bytes();
    memchr::memchr_iter(b':', bytes).any(|colon| {
        let start = bytes[..colon]
            .iter()
            .rposition(|b| !is_scheme_byte(b))
            .map_or(0, |at| at + 1);
        let run = &body[start..colon];
        match body[..start].chars().next_back() {
            None | Some('(' | ':') => {}
            Some(c) if c.is_ascii_whitespace() => {}
            Some(c) if c == '\\' || c.is_control() || c.is_whitespace() => return true,
            Some(_) => return false,
        }
        let unsafe_scheme = scheme(&format!("{run}:"))
            .is_some_and(|scheme| !POLICY.url_schemes.contains(scheme.as_str()));
        // A destination holds no ASCII space: a `:` before one ends it, so
        // the scheme is the whole destination, right after `(` or `]:`.
        let ends_destination = bytes.get(colon + 1).is_none_or(u8::is_ascii_whitespace);
        if ends_destination {
            let before = body[..start].trim_end_matches(|c: char| c.is_ascii_whitespace());
            unsafe_scheme && (before.ends_with('(') || before.ends_with("]:"))
        } else {
            unsafe_scheme
        }
    })
}

fn audit_html(html: &str, range: &Range<usize>, removed: &mut Vec<BodyError>) {
    for token in html5gum::Tokenizer::new(html) {
        let Ok(html5gum::Token::StartTag(tag)) = token else {
            continue;
        };
        let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
        if !POLICY.tags.contains(name.as_str()) {
            removed.push(removal(
                range.start,
                format!("the `<{name}>` tag is removed"),
            ));
            continue;
        }
        for (attribute, value) in &tag.attributes {
            let attribute = String::from_utf8_lossy(attribute).to_ascii_lowercase();
            let value = String::from_utf8_lossy(value);
            let allowed = POLICY.generic_attributes.contains(attribute.as_str())
                || POLICY
                    .tag_attributes
                    .get(name.as_str())
                    .is_some_and(|a| a.contains(attribute.as_str()))
                || (attribute == "style"
                    && matches!(name.as_str(), "th" | "td")
                    && is_alignment(&value));
            if !allowed {
                removed.push(removal(
                    range.start,
                    format!("the `{attribute}` attribute of `<{name}>` is removed"),
                ));
            } else if URL_ATTRIBUTES.contains(&attribute.as_str()) && !is_safe_url(&value) {
                removed.push(removal(
                    range.start,
                    format!("the link to `{}` is removed", shorten(&value)),
                ));
            }
        }
    }
}

fn removal(offset: usize, message: String) -> BodyError {
    BodyError {
        offset,
        message,
        help: "raw HTML is sanitised: scripts, event handlers, styles and `javascript:` links \
               never reach the page; if every author of this hub is trusted, set \
               `raw_html: trusted` in hub.yaml"
            .to_string(),
    }
}

fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn active_content_in_svg_is_found_at_its_place() {
        let clean = "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"https://x.org/\"><rect width=\"1\" height=\"1\"/></a></svg>";
        assert_eq!(active_content(clean), None);
        for (svg, what) in [
            (
                "<svg>\n<script>alert(1)</script></svg>",
                "`<script>` element",
            ),
            (
                "<svg>\n<rect onclick=\"x()\"/></svg>",
                "event handler `onclick`",
            ),
            (
                "<svg>\n<a href=\" java&#x73;cript:x()\">a</a></svg>",
                "URL in `href`",
            ),
            (
                "<svg>\n<foreignObject><p/></foreignObject></svg>",
                "`<foreignobject>`",
            ),
            ("<svg>\n<SCRIPT>x()</SCRIPT></svg>", "`<script>` element"),
            (
                "<!DOCTYPE svg [\n<!ENTITY x \"&#60;script\">]><svg>&x;</svg>",
                "ENTITY",
            ),
        ] {
            let found = active_content(svg).unwrap_or_else(|| panic!("nothing found in {svg}"));
            assert!(found.what.contains(what), "{svg}: {found:?}");
            assert_eq!(
                svg[..found.offset].matches('\n').count(),
                1,
                "placed on the second line: {svg}: {found:?}"
            );
        }
    }
    use super::*;

    #[test]
    fn script_handlers_and_javascript_links_are_removed() {
        let clean = sanitise(
            "<p onclick=\"x()\">a<script>alert(1)</script></p>\
             <a href=\"jav&#x09;ascript:alert(1)\">b</a><img src=\"x.png\" onerror=\"y()\">",
        );
        assert!(!clean.contains("onclick"), "{clean}");
        assert!(!clean.contains("script"), "{clean}");
        assert!(!clean.contains("onerror"), "{clean}");
        assert!(clean.contains("<img src=\"x.png\">"), "{clean}");
    }

    #[test]
    fn what_markdown_writes_is_kept() {
        let html = "<h2 id=\"a\" class=\"b\">T</h2><table><thead><tr><th style=\"text-align: center\">x</th>\
                    </tr></thead></table><pre><code class=\"language-yaml\">c</code></pre>\
                    <a href=\"/games/\">l</a><a href=\"https://x.org/\">m</a>";
        assert_eq!(sanitise(html), html);
        assert!(!sanitise("<td style=\"background: url(x)\">c</td>").contains("style"));
    }

    #[test]
    fn schemes_are_read_as_a_browser_reads_them() {
        assert!(is_safe_url("/family/variant/"));
        assert!(is_safe_url("#rules"));
        assert!(is_safe_url("https://example.org/a:b"));
        assert!(is_safe_url("page?x=a:b"));
        assert!(!is_safe_url("javascript:alert(1)"));
        assert!(!is_safe_url(" JaVa\tScRiPt:alert(1)"));
        assert!(!is_safe_url("data:text/html,x"));
    }

    #[test]
    fn the_audit_names_each_removal_at_its_offset() {
        let body = "Text\n\n<script>alert(1)</script>\n\n## Hi {onmouseover=alert(1)}\n\n\
                    [x](javascript:alert(1)) and <span onclick=\"y\">z</span>\n";
        let removed = audit(body);
        let messages: Vec<&str> = removed.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "the `<script>` tag is removed",
                "the heading attribute `onmouseover` is removed",
                "the link to `javascript:alert(1)` is removed",
                "the `onclick` attribute of `<span>` is removed",
            ]
        );
        assert_eq!(removed[0].offset, body.find("<script").expect("present"));
        assert!(audit("Plain *text* with [a link](/x) and <em>emphasis</em>.").is_empty());
    }

    /// Prose with plain links, shortcodes and colons is not parsed again.
    #[test]
    fn plain_prose_needs_no_second_parse() {
        let body = "{{svg:board.svg \"Start\"}}\n\n## Setup {#setup}\n\nNote: the king. \
                    See [the rules](https://example.org/rules) or [mail](mailto:a@b.org).\n\n\
                    {{example:capture-1}}\n\nAt 10:30, e5-e9.\n";
        assert!(!may_need_removals(body));
        for risky in [
            "<b>x</b>",
            "[a](javascript:x)",
            "[a]( JavaScript:)",
            "[a]: data:\n",
            "[a](java\\.script:x)",
            "[a](https\u{1}:x)",
            "[a](&#106;avascript:x)",
            "## Hi {onclick=x}",
            "{{example:a}}\n---\n",
            "Title {k=v}\r===",
        ] {
            assert!(may_need_removals(risky), "{risky:?}");
        }
    }

    proptest::proptest! {
        /// Whatever a body holds, when the cheap reading says there is
        /// nothing to remove, the parse agrees.
        #[test]
        fn the_cheap_reading_never_misses_a_removal(
            tokens in proptest::collection::vec(proptest::sample::select(vec![
                "[a]", "(", ")", "]:", "!", "javascript", "https", "java", "script", "data",
                "mailto", ":", " ", "\n", "\n\n", "\t", "\r", "\\", "\u{1}", "\u{A0}", "\u{85}",
                "&#58;", "<", "{", "}", "{{example:x}}", "#", "## ", "=", "===", "---", "k=v",
                ".c", "x", ".", "+", "-", "\"t\"", "/", "?", "é",
                "[a](", "![i](", "[a]: ", "javascript:x)", "https://x)", "data:)", "{k=v}",
            ]), 0..24)
        ) {
            let body: String = tokens.concat();
            if !may_need_removals(&body) {
                let removed = parsed_removals(&body);
                proptest::prop_assert!(removed.is_empty(), "{:?} → {:?}", body, removed);
            }
        }
    }
}
