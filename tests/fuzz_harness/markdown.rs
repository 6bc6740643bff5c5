//! A page body: Markdown with rulehub's shortcodes and worked-example fences,
//! rendered as the page stage does (every shortcode answered, one in two
//! refused so the error path runs too), and its example fences found.

use rulehub::markdown::{self, Embeds, RawHtml, Shortcode};

/// Stands in for the page stage: answers with markers the test can count.
struct Stub;

impl Embeds for Stub {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        if format!("{shortcode:?}").len() % 2 == 0 {
            Ok("<span class=\"fuzz-shortcode\"></span>".to_string())
        } else {
            Err("refused by the fuzz stub".to_string())
        }
    }

    fn example_block(&self, index: usize) -> String {
        format!("<div class=\"fuzz-example\" data-i=\"{index}\"></div>")
    }

    fn game_block(&self, index: usize) -> String {
        format!("<div class=\"fuzz-game\" data-i=\"{index}\"></div>")
    }
}

pub fn run(data: &[u8]) {
    let Ok(body) = std::str::from_utf8(data) else {
        return;
    };
    for info in [markdown::EXAMPLE_INFO, markdown::GAME_INFO] {
        for block in markdown::fenced_blocks(body, info) {
            assert!(block.fence_offset <= block.content_offset);
            assert!(block.content_offset <= body.len());
            assert!(body.is_char_boundary(block.content_offset));
        }
    }
    for raw_html in [RawHtml::Sanitise, RawHtml::Trusted] {
        check_render(body, raw_html);
    }
}

/// Takes what the search index would, and checks headings open and close.
#[derive(Default)]
struct Text {
    in_heading: bool,
}

impl markdown::TextSink for Text {
    fn text(&mut self, _: &str) {}
    fn html(&mut self, _: &str) {}
    fn block(&mut self) {}
    fn heading(&mut self, _: Option<&str>) {
        assert!(!self.in_heading, "a heading inside a heading");
        self.in_heading = true;
    }
    fn heading_end(&mut self) {
        assert!(self.in_heading, "a heading ends that never started");
        self.in_heading = false;
    }
}

/// No `<script>` element and no attribute that runs `javascript:`, read
/// as a browser reads the page (WHATWG tokenizer, entities decoded, the
/// whitespace and controls a browser drops from a URL's scheme dropped):
/// text that merely spells `href="javascript:` inside a code block is
/// harmless and passes.
fn assert_sanitised(html: &str) {
    for token in html5gum::Tokenizer::new(html) {
        let Ok(html5gum::Token::StartTag(tag)) = token else {
            continue;
        };
        let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
        assert_ne!(name, "script", "a script survived sanitising");
        for (attribute, value) in &tag.attributes {
            let scheme: String = String::from_utf8_lossy(value)
                .chars()
                .filter(|c| !c.is_ascii_whitespace() && !c.is_control())
                .take("javascript:".len())
                .collect::<String>()
                .to_ascii_lowercase();
            assert_ne!(
                scheme,
                "javascript:",
                "a javascript: URL survived in <{name} {}>",
                String::from_utf8_lossy(attribute)
            );
        }
    }
}

fn check_render(body: &str, raw_html: RawHtml) {
    // The search index's reading of a body fails exactly when the page does.
    let told = markdown::render_text(body, &Stub, raw_html, &mut Text::default());
    assert_eq!(
        told.is_ok(),
        markdown::render(body, &Stub, raw_html).is_ok()
    );
    match markdown::render(body, &Stub, raw_html) {
        Ok(rendered) => {
            if raw_html == RawHtml::Sanitise {
                assert_sanitised(&rendered.html);
            }
            let mut ids = std::collections::BTreeSet::new();
            for heading in &rendered.headings {
                assert!((1..=6).contains(&heading.level));
                assert!(
                    ids.insert(heading.id.clone()),
                    "heading id `{}` repeats",
                    heading.id
                );
            }
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for error in &errors {
                assert!(
                    error.offset <= body.len(),
                    "offset {} past {}",
                    error.offset,
                    body.len()
                );
                assert!(
                    body.is_char_boundary(error.offset),
                    "offset {} inside a character",
                    error.offset
                );
            }
        }
    }
}
