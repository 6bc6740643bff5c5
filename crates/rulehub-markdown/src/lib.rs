//! Markdown bodies to HTML (pulldown-cmark), with rulehub's shortcodes and
//! worked-example blocks swapped for the HTML the later stages made.

// Problems are built only on the error path (see rulehub-core).
#![allow(clippy::result_large_err)]

mod safety;
mod shortcode;
mod text;

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

pub use rulehub_core::hub::RawHtml;
pub use safety::{ActiveContent, active_content, audit};
pub use shortcode::{Shortcode, ShortcodeKind};
pub use text::{TextSink, render_text};

/// The info string that marks a worked example.
pub const EXAMPLE_INFO: &str = "example";
/// The info string of a sample game's block: ```` ```game ID ````.
pub const GAME_INFO: &str = "game";

pub(crate) fn options() -> Options {
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
    /// The words after the info string's first (a game's id).
    pub label: String,
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
                    label: lang
                        .split_whitespace()
                        .skip(1)
                        .collect::<Vec<_>>()
                        .join(" "),
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

/// A fenced block whose info string is `example` or `game` in another case
/// (```` ```Example ````): Markdown shows it as plain code, unchecked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MiscasedFence {
    /// Byte offset in the body of the opening fence.
    pub fence_offset: usize,
    /// The info word as written.
    pub found: String,
    /// The info word it was meant to be: [`EXAMPLE_INFO`] or [`GAME_INFO`].
    pub expected: &'static str,
}

/// Every fenced block whose info word is [`EXAMPLE_INFO`] or [`GAME_INFO`]
/// in another case, in order. A line scan first (linear, no parse) so that
/// the usual body, which has none, costs no second parse.
pub fn miscased_fences(body: &str) -> Vec<MiscasedFence> {
    let miscased = |info: &str| -> Option<&'static str> {
        let word = info.split_whitespace().next()?;
        [EXAMPLE_INFO, GAME_INFO]
            .into_iter()
            .find(|expected| word != *expected && word.eq_ignore_ascii_case(expected))
    };
    let candidate = body.lines().any(|line| {
        let line = line.trim_start();
        let info = line.trim_start_matches('`');
        let info = if info.len() == line.len() {
            line.trim_start_matches('~')
        } else {
            info
        };
        line.len() - info.len() >= 3 && miscased(info).is_some()
    });
    if !candidate {
        return Vec::new();
    }
    Parser::new_ext(body, options())
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                miscased(&info).map(|expected| MiscasedFence {
                    fence_offset: range.start,
                    found: info
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                    expected,
                })
            }
            _ => None,
        })
        .collect()
}

/// What the page stage supplies for the placeholders in a body.
pub trait Embeds {
    /// HTML for a shortcode, or a message saying why it cannot be placed.
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String>;
    /// HTML for the `index`-th worked-example block of the body.
    fn example_block(&self, index: usize) -> String;
    /// HTML for the `index`-th sample-game block of the body.
    fn game_block(&self, index: usize) -> String;
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

/// Where a body is rendered: as a page of its own (the default), or as one
/// section of a longer page (a family's "print all rules" page), whose
/// headings sit lower and whose anchors carry the section's prefix, so that
/// the ids of many bodies on one page stay unique.
#[derive(Debug, Clone, Copy, Default)]
pub struct Placement<'a> {
    /// Levels added to every heading (at most h6).
    pub heading_offset: u8,
    /// Put before every heading id and every `#anchor` link.
    pub id_prefix: &'a str,
}

impl<'a> Placement<'a> {
    /// `event` of a body placed as a page of its own, placed here instead.
    fn place<'e>(&self, event: &Event<'e>) -> Event<'e>
    where
        'a: 'e,
    {
        match event {
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => Event::Start(Tag::Heading {
                level: self.level(*level),
                id: match id {
                    Some(id) if !self.id_prefix.is_empty() => {
                        Some(CowStr::from(format!("{}{id}", self.id_prefix)))
                    }
                    id => id.clone(),
                },
                classes: classes.clone(),
                attrs: attrs.clone(),
            }),
            Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(self.level(*level))),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) if !self.id_prefix.is_empty() && dest_url.starts_with('#') => {
                Event::Start(Tag::Link {
                    link_type: *link_type,
                    dest_url: CowStr::from(format!("#{}{}", self.id_prefix, &dest_url[1..])),
                    title: title.clone(),
                    id: id.clone(),
                })
            }
            event => event.clone(),
        }
    }

    fn level(&self, level: HeadingLevel) -> HeadingLevel {
        match heading_level(level).saturating_add(self.heading_offset) {
            1 => HeadingLevel::H1,
            2 => HeadingLevel::H2,
            3 => HeadingLevel::H3,
            4 => HeadingLevel::H4,
            5 => HeadingLevel::H5,
            _ => HeadingLevel::H6,
        }
    }
}

/// Renders a page body. Every problem is reported, not only the first.
/// Raw HTML is sanitised unless `raw_html` trusts it.
pub fn render(
    body: &str,
    embeds: &dyn Embeds,
    raw_html: RawHtml,
) -> Result<Rendered, Vec<BodyError>> {
    render_placed(body, embeds, raw_html, Placement::default())
}

/// [`render`], with the body placed as `placement` says.
pub fn render_placed(
    body: &str,
    embeds: &dyn Embeds,
    raw_html: RawHtml,
    placement: Placement,
) -> Result<Rendered, Vec<BodyError>> {
    parse(body, raw_html, |parsed| parsed.html(embeds, placement))
}

/// Parses `body` once and hands it to `use_body`, which may write it out
/// several times: as a page, as a section of a longer page, as the text of
/// a search index. Parsing is most of what rendering a body costs.
pub fn parse<R>(body: &str, raw_html: RawHtml, use_body: impl FnOnce(&ParsedBody) -> R) -> R {
    // A shortcode line inside code is code, so finding shortcodes takes the
    // body's code ranges: a parse of its own. When every shortcode line
    // starts a top-level block (after a blank line, not indented) none can
    // be inside a code span, an indented block or a list item's fence, and
    // one inside a fenced block shows up as a placeholder that is not an
    // HTML block: then, and only then, the body is prepared again with its
    // code ranges.
    if shortcode::lines_start_blocks(body) {
        let mut errors = Vec::new();
        let prepared = shortcode::extract(body, &[], &mut errors);
        if errors.is_empty()
            && let Some(parsed) = place(body, &prepared, errors, raw_html, true)
        {
            return use_body(&parsed);
        }
    }
    let mut errors = Vec::new();
    let prepared = shortcode::extract(body, &code_ranges(body), &mut errors);
    let parsed = place(body, &prepared, errors, raw_html, false)
        .expect("a body prepared with its code ranges is always placed");
    use_body(&parsed)
}

/// A body's events with every shortcode and block marked, before anything
/// is generated for them or the events are written out. Where the body is
/// placed ([`Placement`]) and what stands in the marks ([`Embeds`]) are
/// chosen each time it is written.
pub struct ParsedBody<'p> {
    events: Vec<Event<'p>>,
    /// (position in `events`, index of what is generated for it), in order.
    marks: Vec<(usize, usize)>,
    shortcodes: &'p [(Shortcode, usize)],
    /// The example and game blocks, in order; what is generated for them
    /// comes after the shortcodes'.
    blocks: Vec<Block>,
    markers: Markers,
    /// Headings with the ids of a body placed as a page of its own.
    headings: Vec<Heading>,
    /// Problems found preparing the body, then problems found placing it
    /// (kept apart so that, with the embeds' problems between them, they
    /// are reported in the order a single pass found them).
    prepare_errors: Vec<BodyError>,
    place_errors: Vec<BodyError>,
    /// The events hold raw HTML or an unsafe URL.
    needs_sanitising: bool,
    sanitise: bool,
    body_len: usize,
}

/// A fenced block that [`Embeds`] replaces, by its index among its kind.
#[derive(Debug, Clone, Copy)]
enum Block {
    Example(usize),
    Game(usize),
}

impl ParsedBody<'_> {
    /// The body as HTML, placed as `placement` says, with what `embeds`
    /// makes in place of its shortcodes and blocks; or every problem.
    pub fn html(
        &self,
        embeds: &dyn Embeds,
        placement: Placement,
    ) -> Result<Rendered, Vec<BodyError>> {
        let generated = self.generate(embeds)?;
        Ok(self.write_html(&generated, placement))
    }

    /// What `embeds` makes for each mark, shortcodes first (asked for in
    /// that order), or every problem of the body.
    fn generate(&self, embeds: &dyn Embeds) -> Result<Vec<String>, Vec<BodyError>> {
        let mut generated = Vec::with_capacity(self.shortcodes.len() + self.blocks.len());
        let mut errors = self.prepare_errors.clone();
        for (shortcode, offset) in self.shortcodes {
            match embeds.shortcode(shortcode) {
                Ok(html) => generated.push(html),
                Err(message) => {
                    errors.push(BodyError {
                        offset: *offset,
                        message,
                        help: shortcode.kind.help().to_string(),
                    });
                    generated.push(String::new());
                }
            }
        }
        generated.extend(self.blocks.iter().map(|block| match *block {
            Block::Example(index) => embeds.example_block(index),
            Block::Game(index) => embeds.game_block(index),
        }));
        errors.extend(self.place_errors.iter().cloned());
        if errors.is_empty() {
            Ok(generated)
        } else {
            errors.sort_by_key(|e| e.offset);
            Err(cap(errors))
        }
    }

    /// The events as `placement` places them, each mark as the marker of
    /// what was generated for it.
    fn placed_events<'e>(
        &'e self,
        generated: &'e [String],
        placement: Placement<'e>,
    ) -> impl Iterator<Item = Event<'e>> + 'e {
        let mut marks = self.marks.iter().peekable();
        self.events.iter().enumerate().map(move |(at, event)| {
            match marks.next_if(|(mark_at, _)| *mark_at == at) {
                Some(&(_, index)) => self.markers.event(index, &generated[index]),
                None => placement.place(event),
            }
        })
    }

    fn write_html(&self, generated: &[String], placement: Placement) -> Rendered {
        let mut html = String::with_capacity(self.body_len * 3 / 2);
        pulldown_cmark::html::push_html(&mut html, self.placed_events(generated, placement));
        if self.sanitise && self.needs_sanitising {
            html = safety::sanitise(&html);
        }
        Rendered {
            html: self.markers.replace(&html, generated),
            headings: self
                .headings
                .iter()
                .map(|heading| Heading {
                    id: format!("{}{}", placement.id_prefix, heading.id),
                    ..heading.clone()
                })
                .collect(),
        }
    }
}

/// Marks a prepared body's shortcodes and blocks, names its headings and
/// finds what is misplaced. With `check_placeholders`, gives up (`None`)
/// when a placeholder did not become an HTML block of its own.
fn place<'p>(
    body: &str,
    prepared: &'p shortcode::Prepared,
    prepare_errors: Vec<BodyError>,
    raw_html: RawHtml,
    check_placeholders: bool,
) -> Option<ParsedBody<'p>> {
    let mut events: Vec<(Event, Range<usize>)> = Parser::new_ext(&prepared.text, options())
        .into_offset_iter()
        .collect();
    if check_placeholders {
        let blocks: HashSet<usize> = events
            .iter()
            .filter(|(event, _)| matches!(event, Event::Html(_)))
            .map(|(_, range)| range.start)
            .collect();
        if !prepared.placeholders.iter().all(|at| blocks.contains(at)) {
            return None;
        }
    }
    let placeholders: HashMap<usize, usize> = prepared
        .placeholders
        .iter()
        .enumerate()
        .map(|(index, &at)| (at, index))
        .collect();
    let mut placed = vec![false; placeholders.len()];
    let mut errors = Vec::new();
    let mut out_events = Vec::with_capacity(events.len());
    let mut marks = Vec::new();
    let mut blocks = Vec::new();
    let mut headings = Vec::new();
    let mut ids = UniqueIds::default();
    let mut example_index = 0;
    let mut game_index = 0;
    let mut needs_sanitising = false;
    let sanitise = raw_html == RawHtml::Sanitise;
    // What is generated for blocks comes after what is for shortcodes.
    let mut mark = |out_events: &mut Vec<Event>, index: usize| {
        marks.push((out_events.len(), index));
        out_events.push(Event::Html(CowStr::Borrowed("")));
    };
    // Text inside code is shown as written, shortcode-like or not.
    let mut in_code = false;
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        match event {
            Event::Html(_) if placeholders.contains_key(&range.start) => {
                let index = placeholders[&range.start];
                placed[index] = true;
                mark(&mut out_events, index);
                i += 1;
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                needs_sanitising = true;
                out_events.push(take_event(&mut events, i));
                i += 1;
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if !safety::is_safe_url(dest_url) =>
            {
                needs_sanitising = true;
                out_events.push(take_event(&mut events, i));
                i += 1;
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some(EXAMPLE_INFO) =>
            {
                mark(&mut out_events, prepared.shortcodes.len() + blocks.len());
                blocks.push(Block::Example(example_index));
                example_index += 1;
                i = skip_to_end_of_code_block(&events, i);
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some(GAME_INFO) =>
            {
                mark(&mut out_events, prepared.shortcodes.len() + blocks.len());
                blocks.push(Block::Game(game_index));
                game_index += 1;
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
                let id = ids.unique(id.as_deref().map_or_else(|| slugify(&text), str::to_string));
                headings.push(Heading {
                    level: heading_level(*level),
                    id: id.clone(),
                    text,
                });
                let attrs = attrs
                    .iter()
                    .filter(|(name, _)| !sanitise || safety::heading_attribute_allowed(name))
                    .cloned()
                    .collect();
                out_events.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: classes.clone(),
                    attrs,
                }));
                i += 1;
            }
            Event::Start(Tag::CodeBlock(_)) | Event::End(TagEnd::CodeBlock) => {
                in_code = matches!(event, Event::Start(_));
                out_events.push(take_event(&mut events, i));
                i += 1;
            }
            Event::Text(text) if !in_code => {
                if let Some(pos) = shortcode::misplaced(text) {
                    errors.push(BodyError {
                        offset: prepared.body_offset(range.start + pos.min(range.len())),
                        message: "a shortcode must stand on a line of its own".to_string(),
                        help: "put the `{{…}}` on its own line with blank lines around it"
                            .to_string(),
                    });
                }
                out_events.push(take_event(&mut events, i));
                i += 1;
            }
            _ => {
                out_events.push(take_event(&mut events, i));
                i += 1;
            }
        }
    }
    for (index, _) in placed.iter().enumerate().filter(|(_, placed)| !**placed) {
        errors.push(BodyError {
            offset: prepared.shortcodes[index].1,
            message: "this shortcode is inside raw HTML, so it cannot be placed".to_string(),
            help: "close the HTML block above it and leave a blank line before the shortcode"
                .to_string(),
        });
    }
    Some(ParsedBody {
        events: out_events,
        marks,
        shortcodes: &prepared.shortcodes,
        blocks,
        markers: Markers::for_body(body),
        headings,
        prepare_errors,
        place_errors: errors,
        needs_sanitising,
        sanitise,
        body_len: body.len(),
    })
}

/// At most [`MAX_PROBLEMS_PER_BODY`](rulehub_core::hub::limits::MAX_PROBLEMS_PER_BODY)
/// errors, the last saying how many were left out.
fn cap(mut errors: Vec<BodyError>) -> Vec<BodyError> {
    let max = rulehub_core::hub::limits::MAX_PROBLEMS_PER_BODY;
    if errors.len() > max {
        let left_out = errors.len() - max;
        errors.truncate(max);
        let offset = errors.last().map_or(0, |e| e.offset);
        errors.push(BodyError {
            offset,
            message: format!("… and {left_out} more problems in this page, not shown"),
            help: "fix the ones above first; they are often the same mistake".to_string(),
        });
    }
    errors
}

/// The event at `at`, moved out (every event is placed once, and moving
/// spares copying the text an event may own).
fn take_event<'e>(events: &mut [(Event<'e>, Range<usize>)], at: usize) -> Event<'e> {
    std::mem::replace(&mut events[at].0, Event::HardBreak)
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

/// Heading ids, each used once: a repeated base gets `-1`, `-2`, … Each
/// base remembers its next suffix, so many equal headings stay linear.
#[derive(Default)]
struct UniqueIds {
    used: HashSet<String>,
    next_suffix: HashMap<String, usize>,
}

impl UniqueIds {
    fn unique(&mut self, base: String) -> String {
        if self.used.insert(base.clone()) {
            return base;
        }
        let next = self.next_suffix.entry(base.clone()).or_insert(1);
        loop {
            let id = format!("{base}-{next}");
            *next += 1;
            if self.used.insert(id.clone()) {
                return id;
            }
        }
    }
}

/// Where generated HTML goes in the rendered page: private-use characters
/// around a key derived from the body and an index. The key keeps an
/// author from forging a marker (it would have to contain a hash of the
/// body it is in), and the index is looked up, never trusted.
struct Markers {
    key: String,
}

const MARKER_OPEN: char = '\u{E000}';
const MARKER_CLOSE: char = '\u{E001}';

impl Markers {
    fn for_body(body: &str) -> Markers {
        let mut hasher = DefaultHasher::new();
        body.hash(&mut hasher);
        Markers {
            key: format!("{:016x}", hasher.finish()),
        }
    }

    /// The event that stands for `generated` until [`Markers::replace`]. It
    /// ends in a line break when `generated` does, so the HTML writer lays
    /// out what follows as it would around `generated` itself.
    fn event(&self, index: usize, generated: &str) -> Event<'static> {
        let newline = if generated.ends_with('\n') { "\n" } else { "" };
        Event::Html(CowStr::from(format!(
            "{MARKER_OPEN}{}:{index}{MARKER_CLOSE}{newline}",
            self.key
        )))
    }

    /// `html` with every genuine marker replaced by its generated HTML.
    fn replace(&self, html: &str, generated: &[String]) -> String {
        let mut out =
            String::with_capacity(html.len() + generated.iter().map(String::len).sum::<usize>());
        let mut rest = html;
        while let Some(open) = rest.find(MARKER_OPEN) {
            out.push_str(&rest[..open]);
            let after = &rest[open + MARKER_OPEN.len_utf8()..];
            let found = after.find(MARKER_CLOSE).and_then(|close| {
                let index = after[..close]
                    .strip_prefix(self.key.as_str())?
                    .strip_prefix(':')?;
                let html = generated.get(index.parse::<usize>().ok()?)?;
                // The line break after the marker stands for this one.
                Some((html.strip_suffix('\n').unwrap_or(html), close))
            });
            match found {
                Some((html, close)) => {
                    out.push_str(html);
                    rest = &after[close + MARKER_CLOSE.len_utf8()..];
                }
                None => {
                    out.push(MARKER_OPEN);
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_fence_of_example_or_game_in_another_case_is_found_at_its_fence() {
        let body = "Intro.\n\n```Example\nid: a\n```\n\n~~~GAME opening\n1. e5-e7\n~~~\n\n```example\nid: b\n```\n\n````text\n```Example\n````\n";
        let found = miscased_fences(body);
        assert_eq!(
            found,
            vec![
                MiscasedFence {
                    fence_offset: 8,
                    found: "Example".to_string(),
                    expected: EXAMPLE_INFO
                },
                MiscasedFence {
                    fence_offset: body.find("~~~GAME").expect("fence"),
                    found: "GAME".to_string(),
                    expected: GAME_INFO
                },
            ],
            "the lowercase fence and a fence shown inside a code block are left alone"
        );
        assert!(miscased_fences("```example\nid: a\n```\n").is_empty());
    }
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
        fn game_block(&self, index: usize) -> String {
            format!("<div class=\"game\">{index}</div>")
        }
    }

    /// The body prepared with its code ranges, as every body was before
    /// [`render_placed`] learnt to skip them.
    fn render_with_code_ranges(body: &str) -> Result<Rendered, Vec<BodyError>> {
        let mut errors = Vec::new();
        let prepared = shortcode::extract(body, &code_ranges(body), &mut errors);
        place(body, &prepared, errors, RawHtml::Sanitise, false)
            .expect("placed")
            .html(&NoEmbeds, Placement::default())
    }

    #[test]
    fn skipping_the_code_ranges_never_changes_a_page() {
        let bodies = [
            "Intro.\n\n{{svg:board.svg \"Start\"}}\n\nAfter.\n",
            "{{svg:board.svg}}\n",
            // In a fenced block, a shortcode line is code.
            "```\n\n{{svg:board.svg}}\n```\n",
            "~~~text\nx\n\n{{svg:board.svg}}\n\n~~~\n",
            "- item\n\n  ```\n\n  {{svg:board.svg}}\n  ```\n",
            "- item\n\n  ```\n\n{{svg:board.svg}}\n  ```\n",
            "- item\n\n  {{svg:board.svg}}\n",
            "> ```\n>\n> {{svg:board.svg}}\n> ```\n",
            // In an indented block, and in a code span across lines.
            "Text.\n\n    code\n\n    {{svg:board.svg}}\n",
            "A `span\n{{svg:board.svg}}\nends` here.\n",
            "Right after text:\n{{svg:board.svg}}\n",
            // Not shortcodes in code: errors, raw HTML, a second one at once.
            "```\n\n{{nonsense}}\n```\n",
            "\n{{nonsense}}\n",
            "<div>\n\n{{svg:board.svg}}\n\n</div>\n",
            "<!--\n\n{{svg:board.svg}}\n\n-->\n",
            "{{svg:board.svg}}\n{{svg:board.svg}}\n",
            "\t{{svg:board.svg}}\n",
            "1. one\n\n   {{svg:board.svg}}\n\n2. two\n",
            "```example\nmove\n```\n\n{{svg:board.svg \"x\"}}\n",
        ];
        for body in bodies {
            assert_eq!(
                render(body, &NoEmbeds, RawHtml::Sanitise),
                render_with_code_ranges(body),
                "{body:?}"
            );
        }
    }

    proptest::proptest! {
        /// Bodies made of the lines that change where code is: the result
        /// is the same with or without the code ranges.
        #[test]
        fn skipping_the_code_ranges_never_changes_any_body(
            lines in proptest::collection::vec(proptest::sample::select(vec![
                "", "text", "{{svg:board.svg}}", "{{svg:board.svg \"x\"}}", "{{nonsense}}",
                "  {{svg:board.svg}}", "```", "~~~", "  ```", "    code", "- item", "1. one",
                "> quote", ">", "a `span", "end` b", "<div>", "</div>", "<!--", "-->", "# Head",
                "```example", "```game g", "| a | b |", "|---|---|",
            ]), 0..14)
        ) {
            let body = lines.join("\n");
            proptest::prop_assert_eq!(
                render(&body, &NoEmbeds, RawHtml::Sanitise),
                render_with_code_ranges(&body),
                "{:?}", body
            );
        }
    }

    /// Embeds whose HTML does not end in a line break, unlike [`NoEmbeds`]'s
    /// figure: the line break after a mark follows what fills it.
    struct InlineEmbeds;

    impl Embeds for InlineEmbeds {
        fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
            Ok(format!("<span>{}</span>", shortcode.target))
        }
        fn example_block(&self, index: usize) -> String {
            format!("<b>example {index}</b>")
        }
        fn game_block(&self, index: usize) -> String {
            format!("<i>game {index}</i>")
        }
    }

    /// Everything a [`TextSink`] was told, in order.
    #[derive(Debug, Default, PartialEq)]
    struct Told(Vec<String>);

    impl TextSink for Told {
        fn text(&mut self, text: &str) {
            self.0.push(format!("text {text}"));
        }
        fn html(&mut self, html: &str) {
            self.0.push(format!("html {html}"));
        }
        fn block(&mut self) {
            self.0.push("block".to_string());
        }
        fn heading(&mut self, id: Option<&str>) {
            self.0.push(format!("heading {id:?}"));
        }
        fn heading_end(&mut self) {
            self.0.push("heading end".to_string());
        }
    }

    fn told(parsed: &ParsedBody, embeds: &dyn Embeds) -> Result<Told, Vec<BodyError>> {
        let mut told = Told::default();
        parsed.text(embeds, &mut told).map(|()| told)
    }

    proptest::proptest! {
        /// A body parsed once and written several times (as a page, as a
        /// print section, as search text, with different embeds) reads the
        /// same as a body parsed for each: the print and search unit
        /// relies on it.
        #[test]
        fn a_body_parsed_once_writes_as_if_parsed_for_each_use(
            lines in proptest::collection::vec(proptest::sample::select(vec![
                "", "text", "## Setup", "## Setup", "### Capture {#cap}", "# Ünïcode title",
                "See [the capture](#cap) and [setup](#setup).", "[away](../x/#cap)",
                "{{svg:board.svg}}", "{{svg:board.svg \"x\"}}", "{{svg:nope.svg}}", "{{nonsense}}",
                "```example", "```game g", "```", "    code", "- item", "> quote",
                "<div>", "</div>", "<b>raw</b>", "word[^1]", "[^1]: note", "![alt](x.png)",
                "| a | b |", "|---|---|",
            ]), 0..16)
        ) {
            let body = lines.join("\n");
            let section = Placement {
                heading_offset: 1,
                id_prefix: "brandubh-",
            };
            let once = parse(&body, RawHtml::Sanitise, |parsed| {
                (
                    parsed.html(&NoEmbeds, section),
                    parsed.html(&InlineEmbeds, Placement::default()),
                    told(parsed, &InlineEmbeds),
                    parsed.html(&NoEmbeds, Placement::default()),
                )
            });
            let mut apart_told = Told::default();
            let apart = (
                render_placed(&body, &NoEmbeds, RawHtml::Sanitise, section),
                render(&body, &InlineEmbeds, RawHtml::Sanitise),
                render_text(&body, &InlineEmbeds, RawHtml::Sanitise, &mut apart_told)
                    .map(|()| apart_told),
                render(&body, &NoEmbeds, RawHtml::Sanitise),
            );
            proptest::prop_assert_eq!(once, apart, "{:?}", body);
        }
    }

    /// [`InlineEmbeds`], with a line break at the end of what it makes.
    struct BlockEmbeds;

    impl Embeds for BlockEmbeds {
        fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
            InlineEmbeds.shortcode(shortcode).map(|html| html + "\n")
        }
        fn example_block(&self, index: usize) -> String {
            InlineEmbeds.example_block(index) + "\n"
        }
        fn game_block(&self, index: usize) -> String {
            InlineEmbeds.game_block(index) + "\n"
        }
    }

    #[test]
    fn one_parse_filled_with_and_without_a_final_line_break_has_one_line_break_after() {
        let body = "```example\nid: x\n```\nafter\n\n{{svg:board.svg}}\n\nend\n";
        let (inline, block) = parse(body, RawHtml::Sanitise, |parsed| {
            (
                parsed.html(&InlineEmbeds, Placement::default()),
                parsed.html(&BlockEmbeds, Placement::default()),
            )
        });
        let expected = "<b>example 0</b>\n<p>after</p>\n<span>board.svg</span>\n<p>end</p>\n";
        assert_eq!(inline.expect("valid").html, expected);
        assert_eq!(block.expect("valid").html, expected);
    }

    #[test]
    fn a_shortcode_line_starts_a_block_after_a_blank_line_and_unindented() {
        assert!(shortcode::lines_start_blocks("{{a:b}}\n\n{{a:b}} \nx\n"));
        assert!(!shortcode::lines_start_blocks("text\n{{a:b}}\n"));
        assert!(!shortcode::lines_start_blocks("\n   {{a:b}}\n"));
        assert!(!shortcode::lines_start_blocks("\n    {{a:b}}\n"));
        assert!(!shortcode::lines_start_blocks("\n\t{{a:b}}\n"));
    }

    #[test]
    fn headings_get_unique_readable_ids() {
        let rendered = render(
            "## Král a trůn\n\n## Král a trůn\n\n## Setup {#start}\n",
            &NoEmbeds,
            RawHtml::Sanitise,
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
    fn a_body_placed_as_a_section_has_lower_headings_and_prefixed_anchors() {
        let placement = Placement {
            heading_offset: 1,
            id_prefix: "brandubh-",
        };
        let rendered = render_placed(
            "## Setup\n\nSee [the capture](#capture) and [elsewhere](../x/#capture).\n\n###### Deep\n",
            &NoEmbeds,
            RawHtml::Sanitise,
            placement,
        )
        .expect("valid");
        let html = &rendered.html;
        assert!(
            html.contains("<h3 id=\"brandubh-setup\">Setup</h3>"),
            "{html}"
        );
        assert!(html.contains("href=\"#brandubh-capture\""), "{html}");
        assert!(html.contains("href=\"../x/#capture\""), "{html}");
        // h6 stays h6: there is no h7.
        assert!(
            html.contains("<h6 id=\"brandubh-deep\">Deep</h6>"),
            "{html}"
        );
    }

    #[test]
    fn tables_footnotes_strikethrough_and_smart_quotes_are_on() {
        let body = "| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ \"new\"[^1]\n\n[^1]: note\n";
        let html = render(body, &NoEmbeds, RawHtml::Sanitise)
            .expect("valid")
            .html;
        assert!(html.contains("<table>"));
        assert!(html.contains("<del>old</del>"));
        assert!(html.contains("“new”"));
        assert!(html.contains("footnote-definition"));
    }

    #[test]
    fn shortcodes_and_example_blocks_are_replaced_in_place() {
        let body = "Intro\n{{svg:board.svg \"A & B\"}}\n\n```example\nid: x\n```\n\nOutro\n";
        let html = render(body, &NoEmbeds, RawHtml::Sanitise)
            .expect("valid")
            .html;
        assert!(html.contains("<figure>A & B</figure>"), "{html}");
        assert!(html.contains("<div class=\"example\">0</div>"));
        assert!(!html.contains("id: x"));
        assert!(html.starts_with("<p>Intro</p>"), "{html}");
    }

    #[test]
    fn unknown_names_and_misplaced_shortcodes_are_errors_with_offsets() {
        let body = "text\n\n{{svg:nope.svg}}\n\n{{video:x}}\n\nsee {{svg:board.svg}} here\n";
        let errors = render(body, &NoEmbeds, RawHtml::Sanitise).expect_err("three problems");
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
        let html = render(body, &NoEmbeds, RawHtml::Sanitise)
            .expect("code is not scanned")
            .html;
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

    #[test]
    fn game_blocks_keep_their_label_and_are_replaced_in_place() {
        let body = "Intro.\n\n```game short-win\n1. d1-d3\n```\n\n```game\n```\n";
        let blocks = fenced_blocks(body, GAME_INFO);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].label, "short-win");
        assert_eq!(blocks[0].text, "1. d1-d3\n");
        assert_eq!(blocks[1].label, "");
        let html = render(body, &NoEmbeds, RawHtml::Sanitise)
            .expect("renders")
            .html;
        assert!(html.contains("<div class=\"game\">0</div>"), "{html}");
        assert!(html.contains("<div class=\"game\">1</div>"), "{html}");
        assert!(
            !html.contains("d1-d3"),
            "the record is not shown as code: {html}"
        );
    }
}
