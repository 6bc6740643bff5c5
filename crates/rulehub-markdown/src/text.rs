//! A body's text for a search index, told to a [`TextSink`] straight from
//! the Markdown events: what [`crate::render`] would show, without writing
//! the HTML and scanning it back.

use std::collections::HashMap;

use pulldown_cmark::{Event, Tag, TagEnd};

use crate::{BodyError, Embeds, ParsedBody, Placement, RawHtml, parse};

/// What [`render_text`] tells its sink, in the order a reader meets it: the
/// text of a rendered body without its markup, as a search index wants it.
pub trait TextSink {
    /// Words (`text` is not escaped).
    fn text(&mut self, text: &str);
    /// Rendered HTML: a whole body with raw HTML in it, or what `embeds`
    /// made for a shortcode or a block.
    fn html(&mut self, html: &str);
    /// A block starts or ends (a paragraph, a list item, a table cell, a
    /// line break…): words on either side are apart.
    fn block(&mut self);
    /// A heading starts, with its id.
    fn heading(&mut self, id: Option<&str>);
    fn heading_end(&mut self);
}

/// The text of a body as [`render`] would show it, told to `sink` without
/// writing the HTML: what a search index reads. A body with raw HTML in it
/// is rendered (and sanitised) and handed over whole, as [`TextSink::html`].
pub fn render_text(
    body: &str,
    embeds: &dyn Embeds,
    raw_html: RawHtml,
    sink: &mut dyn TextSink,
) -> Result<(), Vec<BodyError>> {
    parse(body, raw_html, |parsed| parsed.text(embeds, sink))
}

impl ParsedBody<'_> {
    /// Tells `sink` the text of the body as [`ParsedBody::html`] would show
    /// it, placed as a page of its own; or returns every problem. A body
    /// with raw HTML in it is written out (and sanitised) and handed over
    /// whole, as [`TextSink::html`].
    pub fn text(&self, embeds: &dyn Embeds, sink: &mut dyn TextSink) -> Result<(), Vec<BodyError>> {
        let generated = self.generate(embeds)?;
        if self.needs_sanitising {
            sink.html(&self.write_html(&generated, Placement::default()).html);
        } else {
            self.tell_text(&generated, sink);
        }
        Ok(())
    }

    /// Tells `sink` what [`ParsedBody::html`] would show, tag by tag as
    /// pulldown-cmark writes them; only for events without raw HTML (the
    /// only HTML events are then marks).
    fn tell_text(&self, generated: &[String], sink: &mut dyn TextSink) {
        // Footnotes are numbered in order of first mention, as the HTML
        // writer numbers them.
        let mut footnotes: HashMap<&str, usize> = HashMap::new();
        // Inside an image the words are its `alt` attribute, not text.
        let mut image_depth = 0usize;
        let mut marks = self.marks.iter().peekable();
        for (at, event) in self.events.iter().enumerate() {
            if let Some(&(_, index)) = marks.next_if(|(mark_at, _)| *mark_at == at) {
                if image_depth == 0 {
                    sink.html(&generated[index]);
                }
                continue;
            }
            if image_depth > 0 {
                match event {
                    Event::Start(Tag::Image { .. }) => image_depth += 1,
                    Event::End(TagEnd::Image) => image_depth -= 1,
                    Event::FootnoteReference(name) => {
                        footnote_number(&mut footnotes, name);
                    }
                    _ => {}
                }
                continue;
            }
            match event {
                Event::Text(text) | Event::Code(text) => sink.text(text),
                Event::InlineMath(text) | Event::DisplayMath(text) => sink.text(text),
                Event::Html(html) | Event::InlineHtml(html) => sink.html(html),
                Event::SoftBreak => sink.text("\n"),
                Event::HardBreak | Event::Rule | Event::TaskListMarker(_) => sink.block(),
                Event::FootnoteReference(name) => {
                    sink.text(&footnote_number(&mut footnotes, name).to_string());
                }
                Event::Start(Tag::Heading { id, .. }) => sink.heading(id.as_deref()),
                Event::End(TagEnd::Heading(_)) => sink.heading_end(),
                Event::Start(Tag::Image { .. }) => {
                    sink.block();
                    image_depth = 1;
                }
                Event::Start(Tag::FootnoteDefinition(name)) => {
                    sink.block();
                    sink.text(&footnote_number(&mut footnotes, name).to_string());
                }
                Event::Start(Tag::HtmlBlock) | Event::End(TagEnd::HtmlBlock) => {}
                Event::Start(
                    Tag::Emphasis
                    | Tag::Strong
                    | Tag::Strikethrough
                    | Tag::Superscript
                    | Tag::Subscript
                    | Tag::Link { .. },
                )
                | Event::End(
                    TagEnd::Emphasis
                    | TagEnd::Strong
                    | TagEnd::Strikethrough
                    | TagEnd::Superscript
                    | TagEnd::Subscript
                    | TagEnd::Link,
                ) => {}
                Event::Start(_) | Event::End(_) => sink.block(),
            }
        }
    }
}

fn footnote_number<'e>(numbers: &mut HashMap<&'e str, usize>, name: &'e str) -> usize {
    let next = numbers.len() + 1;
    *numbers.entry(name).or_insert(next)
}
