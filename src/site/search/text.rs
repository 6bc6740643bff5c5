//! The searchable text of a rendered page body: cut into sections at its
//! headings, tags dropped, entities decoded. The body comes from
//! pulldown-cmark and the sanitiser (or an author's trusted HTML), so a
//! tag scanner is enough; it is linear, and anything it does not
//! understand becomes text, never markup (the script shows it as text).

use std::borrow::Cow;

use crate::markdown::TextSink;

/// A part of a page under one heading (or before the first).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Section {
    /// The heading's `id`, for a link straight to it; `None` before the
    /// first heading.
    pub anchor: Option<String>,
    pub heading: String,
    pub text: String,
}

/// Sections of `html`, in order; a section with neither heading nor text is
/// left out.
pub fn sections(html: &str) -> Vec<Section> {
    let mut sections = Sections::default();
    sections.html(html);
    sections.finish()
}

/// Sections being cut from a body as [`crate::markdown::render_text`] (or
/// the tag scanner, for HTML) tells it.
pub struct Sections {
    sections: Vec<Section>,
    in_heading: bool,
}

impl Default for Sections {
    fn default() -> Sections {
        Sections {
            sections: vec![Section::default()],
            in_heading: false,
        }
    }
}

impl Sections {
    /// The sections, whitespace collapsed; a section with neither heading
    /// nor text is left out.
    pub fn finish(self) -> Vec<Section> {
        self.sections
            .into_iter()
            .map(|mut s| {
                // Text is collapsed as it comes; a space may end it.
                trim_last_space(&mut s.heading);
                trim_last_space(&mut s.text);
                s
            })
            .filter(|s| !s.heading.is_empty() || !s.text.is_empty())
            .collect()
    }

    fn target(&mut self) -> &mut String {
        let section = self.sections.last_mut().expect("never empty");
        if self.in_heading {
            &mut section.heading
        } else {
            &mut section.text
        }
    }
}

impl TextSink for Sections {
    fn text(&mut self, text: &str) {
        push_collapsed(self.target(), text);
    }

    fn html(&mut self, html: &str) {
        let mut rest = html;
        while !rest.is_empty() {
            let Some(open) = rest.find('<') else {
                self.push_encoded(rest);
                break;
            };
            self.push_encoded(&rest[..open]);
            let after = &rest[open..];
            let Some(close) = after.find('>') else {
                self.push_encoded(after);
                break;
            };
            let tag = &after[1..close];
            rest = &after[close + 1..];
            let name = tag_name(tag);
            match name.as_str() {
                "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                    self.heading(
                        attribute(tag, "id")
                            .map(|id| decode(&id).into_owned())
                            .as_deref(),
                    );
                }
                "/h1" | "/h2" | "/h3" | "/h4" | "/h5" | "/h6" => self.heading_end(),
                "script" | "style" => {
                    // Raw HTML a hub trusts: what is inside is not prose.
                    let end = format!("</{name}");
                    rest = rest.find(&end).map_or("", |at| &rest[at..]);
                }
                _ if is_inline(&name) => {}
                // Block boundaries and line breaks separate words.
                _ => self.block(),
            }
        }
    }

    fn block(&mut self) {
        push_space(self.target());
    }

    fn heading(&mut self, id: Option<&str>) {
        self.in_heading = true;
        self.sections.push(Section {
            anchor: id.map(str::to_string),
            ..Section::default()
        });
    }

    fn heading_end(&mut self) {
        self.in_heading = false;
    }
}

impl Sections {
    /// Text as HTML writes it: entities stand for characters.
    fn push_encoded(&mut self, text: &str) {
        if !text.is_empty() {
            self.text(&decode(text));
        }
    }
}

/// `a`, `/p`, `br`… lowercase, without attributes.
fn tag_name(tag: &str) -> String {
    tag.split(|c: char| c.is_whitespace() || c == '>')
        .next()
        .unwrap_or("")
        .trim_end_matches('/')
        .to_ascii_lowercase()
}

fn is_inline(name: &str) -> bool {
    let name = name.trim_start_matches('/');
    matches!(
        name,
        "a" | "em"
            | "strong"
            | "code"
            | "span"
            | "b"
            | "i"
            | "sub"
            | "sup"
            | "del"
            | "mark"
            | "abbr"
    )
}

/// The value of a double-quoted attribute, as pulldown-cmark writes them.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let needle = format!(" {name}=\"");
    let start = tag.find(&needle)? + needle.len();
    let end = tag[start..].find('"')?;
    Some(tag[start..start + end].to_string())
}

/// Appends `text` to `target` with each run of whitespace as one space and
/// none at the start, so that text told in pieces ends as joining
/// `str::split_whitespace` with spaces would make it, but for one space
/// that may end it ([`trim_last_space`]). Every page's text goes through
/// here, so it reads a byte at a time: only a non-ASCII character is
/// decoded to ask whether it is a space.
fn push_collapsed(target: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut word_start = None;
    let mut at = 0;
    while at < bytes.len() {
        let space_len = match bytes[at] {
            b'\t'..=b'\r' | b' ' => 1,
            0x00..=0x7F => 0,
            // A UTF-8 lead byte: the start of a character that may be a space.
            0xC0..=0xFF => text[at..]
                .chars()
                .next()
                .filter(|c| c.is_whitespace())
                .map_or(0, char::len_utf8),
            // A continuation byte, inside a character of a word.
            _ => 0,
        };
        if space_len == 0 {
            word_start.get_or_insert(at);
            at += 1;
        } else {
            if let Some(start) = word_start.take() {
                target.push_str(&text[start..at]);
            }
            push_space(target);
            at += space_len;
        }
    }
    if let Some(start) = word_start {
        target.push_str(&text[start..]);
    }
}

/// One space between what `target` holds and what comes next: none at the
/// start, never two.
fn push_space(target: &mut String) {
    // A byte compare: `ends_with(' ')` encodes the char and calls memcmp,
    // which showed as 1.3% of a 10k build's samples.
    if matches!(target.as_bytes().last(), Some(byte) if *byte != b' ') {
        target.push(' ');
    }
}

fn trim_last_space(text: &mut String) {
    if text.as_bytes().last() == Some(&b' ') {
        text.pop();
    }
}

/// The entities HTML writers use; any other `&…;` stays as written.
fn decode(text: &str) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let entity = after
            .find(';')
            .filter(|end| *end <= 10)
            .and_then(|end| Some((entity(&after[..end])?, end)));
        match entity {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some(' '),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte loop must collapse exactly what `split_whitespace` splits
    /// at: ASCII spaces (vertical tab included), Unicode ones (no-break,
    /// ideographic, line separator) and nothing in a multi-byte letter.
    #[test]
    fn collapsing_as_text_comes_matches_split_whitespace() {
        let cases = [
            "",
            "   ",
            "word",
            "  two\t\twords \n",
            "a\u{0B}b\u{0C}c\rd",
            "trůn\u{A0}\u{A0}král\u{3000}王\u{2028}end\u{85}",
            "ä ö\u{2009}ü\u{202F}ß\u{205F}x\u{1680}y ",
            "9×9 — tahy\u{200B}zero-width-is-not-space",
        ];
        for text in cases {
            let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
            // Told whole, and told in two pieces cut at every character.
            let cuts = std::iter::once(0).chain(text.char_indices().map(|(at, _)| at));
            for cut in cuts {
                let mut collapsed = String::new();
                push_collapsed(&mut collapsed, &text[..cut]);
                push_collapsed(&mut collapsed, &text[cut..]);
                trim_last_space(&mut collapsed);
                assert_eq!(collapsed, expected, "{text:?} cut at {cut}");
            }
        }
    }

    #[test]
    fn cuts_at_headings_and_keeps_their_anchors() {
        let found = sections(
            "<p>Intro <em>text</em>.</p>\n<h2 id=\"the-king\">The <code>king</code></h2>\n<p>He sits &amp; waits.</p><ul><li>one</li><li>two</li></ul>",
        );
        assert_eq!(
            found,
            [
                Section {
                    anchor: None,
                    heading: String::new(),
                    text: "Intro text.".into()
                },
                Section {
                    anchor: Some("the-king".into()),
                    heading: "The king".into(),
                    text: "He sits & waits. one two".into()
                },
            ]
        );
    }

    struct Sentences;

    impl crate::markdown::Embeds for Sentences {
        fn shortcode(&self, shortcode: &crate::markdown::Shortcode) -> Result<String, String> {
            Ok(format!("<p>About {} &amp; more.</p>\n", shortcode.target))
        }
        fn example_block(&self, index: usize) -> String {
            format!("<p>Example {index}.</p>\n")
        }
        fn game_block(&self, index: usize) -> String {
            format!("<p>Game {index}.</p>")
        }
    }

    /// What the search index read before it was told the text directly.
    fn sections_of_rendered_html(body: &str) -> Vec<Section> {
        let rendered =
            crate::markdown::render(body, &Sentences, crate::markdown::RawHtml::Sanitise)
                .map(|r| r.html)
                .unwrap_or_default();
        sections(&rendered)
    }

    fn told_sections(body: &str) -> Vec<Section> {
        let mut told = Sections::default();
        match crate::markdown::render_text(
            body,
            &Sentences,
            crate::markdown::RawHtml::Sanitise,
            &mut told,
        ) {
            Ok(()) => told.finish(),
            Err(_) => Vec::new(),
        }
    }

    #[test]
    fn told_text_is_the_text_of_the_rendered_page() {
        let body = "Intro *with* `code`, a[^n] note &amp; 3 &lt; 4.\n\n## The king {#king}\n\n\
            | a | b |\n|---|---|\n| one | two |\n\n![alt words](x.svg) after\n\n\
            {{svg:board.svg}}\n\n```example\nx\n```\n\n- [x] done\n- item  \n  hard\n\n\
            ---\n\n[^n]: The note.\n\n> quoted \"smart\" -- text\n\n    indented code\n";
        let told = told_sections(body);
        assert_eq!(told, sections_of_rendered_html(body));
        assert_eq!(told[1].anchor.as_deref(), Some("king"));
        assert!(told[1].text.contains("About board.svg & more."), "{told:?}");
        assert!(!told[1].text.contains("alt words"), "{told:?}");
        assert!(told[0].text.ends_with("a1 note & 3 < 4."), "{told:?}");
    }

    proptest::proptest! {
        #[test]
        fn told_text_matches_the_rendered_html_for_any_body(
            lines in proptest::collection::vec(proptest::sample::select(vec![
                "", "Some *words* and **more**", "a `code` span", "# Title", "## Sub {#s}",
                "- item", "1. one", "- [ ] task", "> quote", "| a | b |", "|---|---|",
                "| 1 | 2 |", "```", "```example", "    code", "text[^a]", "[^a]: note",
                "![alt *x*](i.png)", "[link](https://x.org) &amp; &lt;", "line  ", "***",
                "{{svg:board.svg}}", "<div>raw</div>", "<b>bold</b> x", "~~gone~~",
            ]), 0..12)
        ) {
            let body = lines.join("\n");
            proptest::prop_assert_eq!(told_sections(&body), sections_of_rendered_html(&body), "{:?}", body);
        }
    }

    #[test]
    fn scripts_and_broken_tags_never_become_markup() {
        let found = sections("<script>alert(1)</script><p>a &lt;b&gt; &#x263A; &bogus; <");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "a <b> ☺ &bogus; <");
    }
}
