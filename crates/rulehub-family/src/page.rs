//! What every family does the same way when it checks a variant page:
//! walking the worked-example blocks within the hub's limits, placing a
//! problem at a key of a block or a field of a render op, validating render
//! ops against the palette. A family adds its own rules on top.

use std::cell::RefCell;
use std::collections::BTreeMap;

use serde::de::DeserializeOwned;

use rulehub_core::diagnostic::{Diagnostic, Position as SourcePosition};
use rulehub_core::hub::limits;
use rulehub_core::hub::{Page, VariantFrontMatter};
use rulehub_diagram::{CoordinatesOp, Palette, RenderOp, RenderSpec};
use rulehub_game::Dims;
use rulehub_markdown::{self as markdown, FencedBlock};

use crate::Blocks;

/// A claim of a worked example that the engine disagrees with, or an
/// example it cannot read. It names the example's key it is about, and the
/// value when there is one, so the report can point at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The key (`moves`, `expect`, `position`…).
    pub key: &'static str,
    pub message: String,
    pub help: Option<String>,
    /// The value the problem is about (a square name, a move), when there
    /// is one: the report points at it rather than at its key.
    pub token: Option<String>,
}

impl Mismatch {
    pub fn new(key: &'static str, message: impl Into<String>) -> Mismatch {
        Mismatch {
            key,
            message: message.into(),
            help: None,
            token: None,
        }
    }

    /// `key: value` names none of `codes`: the nearest, or every code, as
    /// the help, at the value.
    pub fn unknown_code(key: &'static str, value: &str, codes: &[&str]) -> Mismatch {
        let hint = rulehub_core::diagnostic::did_you_mean(value, codes.iter().copied())
            .map_or_else(
                || format!("one of: {}", codes.join(", ")),
                |near| format!("did you mean `{near}`? (one of: {})", codes.join(", ")),
            );
        Mismatch::new(key, format!("unknown `{key}: {value}`"))
            .help(hint)
            .at_text(value)
    }

    pub fn help(mut self, help: impl Into<String>) -> Mismatch {
        self.help = Some(help.into());
        self
    }

    pub fn at_text(mut self, token: impl Into<String>) -> Mismatch {
        self.token = Some(token.into());
        self
    }
}

/// The keys inside an example's `expect:` map that problems are placed at.
const CLAIMS: &[&str] = &[
    "legal",
    "reason",
    "captures",
    "crowned",
    "winner",
    "by",
    "draw",
    "ongoing",
    "after",
    "moves_from",
    "state",
];

/// One ```` ```example ```` block of a page body.
pub struct ExampleBlock<'a> {
    page: &'a Page<VariantFrontMatter>,
    block: &'a FencedBlock,
    /// The first line of each example id seen so far on the page.
    ids: &'a RefCell<BTreeMap<String, usize>>,
}

impl ExampleBlock<'_> {
    /// The block's YAML.
    pub fn text(&self) -> &str {
        &self.block.text
    }

    /// The position of `key:` inside the block: a key starting its line
    /// first, else one inside a flow map (`expect: { winner: white }`);
    /// a claim missing from the block is placed at `expect:`, anything
    /// else at the fence.
    pub fn at(&self, key: &str) -> SourcePosition {
        let page = self.page;
        let content_start = page.split.body.start + self.block.content_offset;
        let text = &self.block.text;
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let trimmed = line.trim_start();
            if trimmed
                .strip_prefix(key)
                .is_some_and(|rest| rest.starts_with(':'))
            {
                return page
                    .source
                    .position(content_start + offset + line.len() - trimmed.len());
            }
            offset += line.len();
        }
        let pattern = format!("{key}:");
        let in_flow_map = text.match_indices(&pattern).find(|(i, _)| {
            text[..*i]
                .chars()
                .next_back()
                .is_some_and(|c| c == '{' || c == ',' || c.is_whitespace())
        });
        if let Some((i, _)) = in_flow_map {
            return page.source.position(content_start + i);
        }
        if key != "expect" && CLAIMS.contains(&key) {
            return self.at("expect");
        }
        page.source
            .position(page.split.body.start + self.block.fence_offset)
    }

    /// The position of `token` (a square name such as `f4`, as a whole
    /// word) at or after `key:` inside the block, so a problem with one value
    /// of a list points at that value; `key:` itself when the token is not
    /// there.
    pub fn at_text(&self, key: &str, token: Option<&str>) -> SourcePosition {
        let at = self.at(key);
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return at;
        };
        let page = self.page;
        let text = &page.source.text;
        let block_end = page.split.body.start + self.block.content_offset + self.block.text.len();
        let Some(region) = text.get(at.offset..block_end.min(text.len())) else {
            return at;
        };
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
        let found = region.match_indices(token).find(|(i, _)| {
            !word(region[..*i].chars().next_back())
                && !word(region[i + token.len()..].chars().next())
        });
        match found {
            Some((i, _)) => page.source.position(at.offset + i),
            None => at,
        }
    }

    /// An error at `position` of this page.
    pub fn error(&self, position: SourcePosition, message: impl Into<String>) -> Diagnostic {
        self.page.source.error(position, message)
    }

    /// Each mismatch of the example `id` as a problem at its key or value.
    pub fn report(&self, id: &str, mismatches: Vec<Mismatch>, problems: &mut Vec<Diagnostic>) {
        for mismatch in mismatches {
            let mut diagnostic = self
                .error(
                    self.at_text(mismatch.key, mismatch.token.as_deref()),
                    format!("example `{id}`: {}", mismatch.message),
                )
                .with_example(id);
            diagnostic.help = mismatch.help;
            problems.push(diagnostic);
        }
    }

    /// Reads the block as one of the family's examples (`help` says what
    /// one holds), checks its id (`id` reads it) and replays it with
    /// `check`: the example, or each mismatch reported at its key.
    pub fn replay<S: DeserializeOwned, T>(
        &self,
        help: &str,
        id: impl Fn(&S) -> &str,
        problems: &mut Vec<Diagnostic>,
        check: impl FnOnce(&S) -> Result<T, Vec<Mismatch>>,
    ) -> Option<T> {
        let spec: S = match self.parse(help) {
            Ok(spec) => spec,
            Err(problem) => {
                problems.push(problem);
                return None;
            }
        };
        let id = id(&spec);
        self.check_id(id, problems);
        match check(&spec) {
            Ok(example) => Some(example),
            Err(mismatches) => {
                self.report(id, mismatches, problems);
                None
            }
        }
    }

    /// The block read as `T`; a YAML or type error becomes a problem at its
    /// line, with `help` when serde's message suggests nothing better.
    pub fn parse<T: DeserializeOwned>(&self, help: &str) -> Result<T, Diagnostic> {
        let page = self.page;
        let content_start = page.split.body.start + self.block.content_offset;
        if let Some(offset) = limits::yaml_too_deep(&self.block.text) {
            let (message, help) = limits::yaml_too_deep_message();
            return Err(page
                .source
                .error(
                    page.source.position(content_start + offset),
                    format!("worked example: {message}"),
                )
                .with_help(help));
        }
        serde_yaml::from_str(&self.block.text).map_err(|error| {
            let offset = content_start + error.location().map_or(0, |l| l.index());
            let mut message = error.to_string();
            if let Some(cut) = message.find(" at line ") {
                message.truncate(cut);
            }
            let help =
                rulehub_core::diagnostic::serde_hint(&message).unwrap_or_else(|| help.to_string());
            page.source
                .error(
                    page.source.position(offset),
                    format!("worked example: {message}"),
                )
                .with_help(help)
        })
    }

    /// An example id is unique on its page and made of `a–z`, `0–9`, `-`,
    /// because it becomes an anchor and a file name.
    pub fn check_id(&self, id: &str, problems: &mut Vec<Diagnostic>) {
        let at = self.at("id");
        if let Some(first) = self.ids.borrow_mut().insert(id.to_string(), at.line) {
            problems.push(
                self.error(
                    at,
                    format!("example id `{id}` is already used on line {first}"),
                )
                .with_example(id)
                .with_help("give each example its own id"),
            );
        }
        if !id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            || id.is_empty()
        {
            problems.push(
                self.error(
                    at,
                    format!("example id `{id}` must use only a–z, 0–9 and `-`"),
                )
                .with_example(id),
            );
        }
    }
}

/// Checks each worked example of the page with `check_one`, within the
/// hub's limits: at most [`limits::MAX_EXAMPLES_PER_PAGE`] blocks, and no
/// more blocks once the page has [`limits::MAX_PROBLEMS_PER_BODY`] problems.
pub fn check_examples<T>(
    page: &Page<VariantFrontMatter>,
    problems: &mut Vec<Diagnostic>,
    mut check_one: impl FnMut(&ExampleBlock<'_>, &mut Vec<Diagnostic>) -> Option<T>,
) -> (Vec<T>, Blocks) {
    let body_start = page.split.body.start;
    let mut checked = Vec::new();
    let mut slots = Blocks::default();
    let ids = RefCell::new(BTreeMap::new());
    miscased_fences(&page.source, body_start, page.body(), problems);
    let problems_before = problems.len();
    let blocks = markdown::fenced_blocks(page.body(), markdown::EXAMPLE_INFO);
    if let Some(extra) = blocks.get(limits::MAX_EXAMPLES_PER_PAGE) {
        problems.push(
            page.source
                .error(
                    page.source.position(body_start + extra.fence_offset),
                    format!(
                        "a page may hold at most {} worked examples; this is one more",
                        limits::MAX_EXAMPLES_PER_PAGE
                    ),
                )
                .with_help("split the examples over several pages"),
        );
        return (checked, slots);
    }
    for block in &blocks {
        // Placing a problem costs a pass over the file: past the cap, stop.
        if problems.len() - problems_before >= limits::MAX_PROBLEMS_PER_BODY {
            problems.push(
                page.source
                    .error(
                        page.source.position(body_start + block.fence_offset),
                        format!(
                            "… worked examples from here on are not checked: the page already has {} problems",
                            limits::MAX_PROBLEMS_PER_BODY
                        ),
                    )
                    .with_help("fix the ones above first; they are often the same mistake"),
            );
            break;
        }
        let example = ExampleBlock {
            page,
            block,
            ids: &ids,
        };
        match check_one(&example, problems) {
            Some(item) => {
                slots.slots.push(Some(checked.len()));
                checked.push(item);
            }
            None => {
                slots.slots.push(None);
                slots.failed_ids.extend(example_id(&block.text));
            }
        }
    }
    (checked, slots)
}

/// A warning at each ```` ```Example ```` or ```` ```Game ```` fence of a
/// body: Markdown shows such a block as plain code, so it would be published
/// unchecked without a word.
pub fn miscased_fences(
    source: &rulehub_core::hub::SourceFile,
    body_start: usize,
    body: &str,
    problems: &mut Vec<Diagnostic>,
) {
    for fence in markdown::miscased_fences(body) {
        problems.push(
            Diagnostic::warning(
                &source.path,
                format!(
                    "```{} is shown as plain code and not checked: only the lowercase ```{} marks a {}",
                    fence.found,
                    fence.expected,
                    if fence.expected == markdown::GAME_INFO {
                        "sample game"
                    } else {
                        "worked example"
                    }
                ),
            )
            .at(source.position(body_start + fence.fence_offset))
            .with_help(format!("write the fence as ```{}", fence.expected))
            .with_source(source.text.clone()),
        );
    }
}

/// The `id` of an example block's YAML, when the block reads as a map with
/// a text `id`.
pub fn example_id(yaml: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct JustTheId {
        id: Option<String>,
    }
    if limits::yaml_too_deep(yaml).is_some() {
        return None;
    }
    serde_yaml::from_str::<JustTheId>(yaml).ok()?.id
}

/// The ops for worked-example boards: `spec` with coordinates added when
/// it has none, because example text names squares.
pub fn with_coordinates(spec: &RenderSpec) -> RenderSpec {
    let mut spec = spec.clone();
    if !spec
        .ops
        .iter()
        .any(|op| matches!(op, RenderOp::Coordinates(_)))
    {
        spec.ops
            .push(RenderOp::Coordinates(CoordinatesOp::default()));
    }
    spec
}

/// The front matter's top-level `render:` block, read as render ops.
#[derive(serde::Deserialize)]
struct TopLevelRender {
    #[serde(default)]
    render: Option<RenderSpec>,
}

/// The page's render ops: in `engine:` (as the family read them), else at
/// the top level (which the hub keeps raw; read here, its errors at their
/// line), else `default`.
pub fn render_ops(
    page: &Page<VariantFrontMatter>,
    in_engine: Option<&RenderSpec>,
    default: impl FnOnce() -> RenderSpec,
) -> Result<RenderSpec, Vec<Diagnostic>> {
    if let Some(spec) = in_engine {
        return Ok(spec.clone());
    }
    if page.front.render.is_none() {
        return Ok(default());
    }
    let top: TopLevelRender = page.parse_front_as(rulehub_core::hub::VARIANT_KEYS)?;
    Ok(top.render.unwrap_or_else(default))
}

/// Every problem of the render ops on a `dims` board with `palette`, at the
/// op's field.
pub fn check_render(
    page: &Page<VariantFrontMatter>,
    spec: &RenderSpec,
    dims: Dims,
    palette: &Palette,
    problems: &mut Vec<Diagnostic>,
) {
    for error in rulehub_diagram::validate(spec, dims, palette) {
        let position = match error.op_index {
            Some(index) => op_field_position(page, index, error.field.as_deref()),
            None => page.key_position("render"),
        };
        let help = if error.field.as_deref().is_some_and(|f| f.ends_with(".type")) {
            "a zone's `type` must match its keys in typeColors and typeStrokes"
        } else {
            "colours are palette tokens (see themes/default/palette.yaml) or #rrggbb"
        };
        problems.push(
            page.source
                .error(position, format!("render ops: {}", error))
                .with_help(help),
        );
    }
}

/// `render` may be given in `engine:` or at the top level, not both.
pub fn check_render_given_once(
    page: &Page<VariantFrontMatter>,
    in_engine: bool,
    problems: &mut Vec<Diagnostic>,
) {
    if page.front.render.is_some() && in_engine {
        problems.push(
            page.source
                .error(
                    page.key_position("render"),
                    "`render` is given twice, at the top level and inside `engine`",
                )
                .with_help("keep one of them (the seed format nests it in `engine`)"),
        );
    }
}

/// Where a render-op problem sits in the front matter: the field's own line
/// when it can be found, else its op's, else the `render` key.
pub fn op_field_position(
    page: &Page<VariantFrontMatter>,
    index: usize,
    field: Option<&str>,
) -> SourcePosition {
    let yaml = &page.source.text[page.split.yaml.clone()];
    match rulehub_diagram::locate(yaml, index, field) {
        Some((line, column)) => {
            let within = SourcePosition::at_line_column(yaml, line, column);
            page.source.position(page.split.yaml.start + within.offset)
        }
        None => page.key_position("render"),
    }
}

/// One ```` ```game ID ```` block of a page body: a move record.
pub struct GameBlock<'a> {
    page: &'a Page<VariantFrontMatter>,
    block: &'a FencedBlock,
}

impl GameBlock<'_> {
    /// The id written after `game` on the fence line.
    pub fn id(&self) -> &str {
        &self.block.label
    }

    /// The record: the block's text.
    pub fn text(&self) -> &str {
        &self.block.text
    }

    /// The position of the start of the record's `line` (1-based), the
    /// fence when the record has fewer lines.
    pub fn line(&self, line: usize) -> SourcePosition {
        let page = self.page;
        let body_start = page.split.body.start;
        let mut offset = self.block.content_offset;
        let body = page.body();
        for _ in 1..line {
            match body[offset..].find('\n') {
                Some(end) => offset += end + 1,
                None => return page.source.position(body_start + self.block.fence_offset),
            }
        }
        page.source.position(body_start + offset)
    }

    /// The position of byte `offset` of the record: its line, and the column
    /// when the page's line holds the record's line as it is (a block
    /// indented in a list is reported at its line's start).
    pub fn at(&self, offset: usize) -> SourcePosition {
        let text = self.text();
        let offset = offset.min(text.len());
        let before = &text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |newline| newline + 1);
        let start = self.line(line);
        let body_offset = start.offset - self.page.split.body.start;
        let record_line = &text[line_start..];
        if self.page.body()[body_offset..].starts_with(record_line.lines().next().unwrap_or("")) {
            self.page
                .source
                .position(start.offset + (offset - line_start))
        } else {
            start
        }
    }

    /// The fence line, where problems with the whole block are reported.
    pub fn fence(&self) -> SourcePosition {
        let page = self.page;
        page.source
            .position(page.split.body.start + self.block.fence_offset)
    }

    /// An error at `position` of this page, about this game.
    pub fn error(&self, position: SourcePosition, message: impl Into<String>) -> Diagnostic {
        self.page
            .source
            .error(
                position,
                format!("game `{}`: {}", self.id(), message.into()),
            )
            .with_example(self.id())
    }
}

/// Checks each sample game of the page with `check_one`, within the hub's
/// limits ([`limits::MAX_GAMES_PER_PAGE`] blocks); ids must be unique,
/// present and made of `a–z`, `0–9`, `-` (they name files and anchors).
pub fn check_games<T>(
    page: &Page<VariantFrontMatter>,
    problems: &mut Vec<Diagnostic>,
    mut check_one: impl FnMut(&GameBlock<'_>, &mut Vec<Diagnostic>) -> Option<T>,
) -> (Vec<T>, Blocks) {
    let blocks = markdown::fenced_blocks(page.body(), markdown::GAME_INFO);
    let mut checked = Vec::new();
    let mut slots = Blocks::default();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (index, block) in blocks.iter().enumerate() {
        let block = GameBlock { page, block };
        if index == limits::MAX_GAMES_PER_PAGE {
            problems.push(
                page.source
                    .error(
                        block.fence(),
                        format!(
                            "a page may hold at most {} sample games; this is one more",
                            limits::MAX_GAMES_PER_PAGE
                        ),
                    )
                    .with_help("split the games over several pages"),
            );
            break;
        }
        let id = block.id();
        let fence = block.fence();
        let valid = !id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !valid {
            problems.push(
                page.source
                    .error(
                        fence,
                        format!("a sample game needs an id of a–z, 0–9 and `-` after `game`, found `{id}`"),
                    )
                    .with_help("write the fence as ```game short-win"),
            );
            slots.slots.push(None);
            continue;
        }
        if let Some(first) = seen.insert(id.to_string(), fence.line) {
            problems.push(
                block
                    .error(fence, format!("this id is already used on line {first}"))
                    .with_help("give each sample game its own id"),
            );
            slots.slots.push(None);
            continue;
        }
        match check_one(&block, problems) {
            Some(item) => {
                slots.slots.push(Some(checked.len()));
                checked.push(item);
            }
            None => {
                slots.slots.push(None);
                slots.failed_ids.insert(id.to_string());
            }
        }
    }
    (checked, slots)
}
