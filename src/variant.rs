//! A variant page checked against its engine: the rules resolved, the board
//! and start position read, the render ops validated, and every worked
//! example replayed. Everything the site stage draws comes from here.

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, Position as SourcePosition};
use crate::diagram::{CoordinatesOp, Palette, RenderOp, RenderSpec};
use crate::engine::tafl::{Position, Rules, RulesSpec, SquareKind};
use crate::engine::{Dims, Piece, Square};
use crate::examples::{self, CheckedExample, ExampleSpec};
use crate::hub::limits;
use crate::hub::{Page, Variant, VariantFrontMatter};
use crate::markdown::{self, FencedBlock};

/// A variant whose rules, board, render ops and examples all check out.
#[derive(Debug, Clone)]
pub struct CheckedVariant {
    pub rules: Rules,
    pub dims: Dims,
    pub start: Position,
    pub render: RenderSpec,
    /// The ops for worked-example boards: the variant's own, with coordinates
    /// added when it has none, because example text names squares.
    pub example_render: RenderSpec,
    /// In page order.
    pub examples: Vec<CheckedExample>,
}

impl CheckedVariant {
    pub fn example(&self, id: &str) -> Option<&CheckedExample> {
        self.examples.iter().find(|e| e.id == id)
    }

    pub fn count(&self, piece: Piece) -> usize {
        self.start
            .pieces()
            .iter()
            .filter(|(_, p)| *p == piece)
            .count()
    }
}

/// Checks one variant, collecting every problem.
pub fn check(variant: &Variant, palette: &Palette) -> Result<CheckedVariant, Vec<Diagnostic>> {
    let page = &variant.page;
    let front = &page.front;
    let mut problems = Vec::new();
    let rules = resolve_rules(page, &mut problems);
    let dims = board_dims(page, &mut problems);
    let (Some(mut rules), Some(dims)) = (rules, dims) else {
        return Err(problems);
    };
    check_players(page, &rules, &mut problems);
    check_board_fields(page, &rules, dims, &mut problems);
    let start = start_position(page, &rules, dims, &mut problems);
    let render = render_spec(page, &rules, dims, palette, &mut problems);
    let Some(start) = start else {
        return Err(problems);
    };
    // From here on the rules describe the page's own board, so the
    // comparison table and "At a glance" cannot show the preset's.
    rules.dims = dims;
    rules.setup = start.to_setup();
    let examples = check_examples(page, &rules, &start, dims, &mut problems);
    if front.render.is_some() && front.engine.render.is_some() {
        problems.push(
            page.source
                .error(
                    page.key_position("render"),
                    "`render` is given twice, at the top level and inside `engine`",
                )
                .with_help("keep one of them (the seed format nests it in `engine`)"),
        );
    }
    if problems.is_empty() {
        // Start diagrams and example boards name squares: coordinates on
        // both, unless the author turned them off for the start diagram.
        let example_render = with_coordinates(&render);
        let render = if render.coordinates {
            example_render.clone()
        } else {
            render
        };
        Ok(CheckedVariant {
            rules,
            dims,
            start,
            example_render,
            render,
            examples,
        })
    } else {
        Err(problems)
    }
}

fn with_coordinates(spec: &RenderSpec) -> RenderSpec {
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

fn resolve_rules(page: &Page<VariantFrontMatter>, problems: &mut Vec<Diagnostic>) -> Option<Rules> {
    let spec = page
        .front
        .engine
        .rules
        .clone()
        .unwrap_or_else(|| RulesSpec::preset(crate::engine::tafl::DEFAULT_PRESET));
    match spec.resolve() {
        Ok(rules) => Some(rules),
        Err(error) => {
            problems.push(
                page.source
                    .error(page.key_position("rules"), error.to_string())
                    .with_help(format!(
                        "name a preset ({}) and override fields as needed",
                        crate::engine::tafl::preset_names().join(", ")
                    )),
            );
            None
        }
    }
}

fn board_dims(page: &Page<VariantFrontMatter>, problems: &mut Vec<Diagnostic>) -> Option<Dims> {
    let topology = page.front.engine.topology;
    let range = crate::diagram::MIN_SIDE..=crate::diagram::MAX_SIDE;
    if range.contains(&topology.rows) && range.contains(&topology.cols) {
        return Some(Dims::new(topology.rows, topology.cols));
    }
    problems.push(
        page.source
            .error(
                page.key_position("topology"),
                format!(
                    "a {}×{} board is not supported",
                    topology.rows, topology.cols
                ),
            )
            .with_help(format!(
                "rows and cols must each be between {} and {}",
                range.start(),
                range.end()
            )),
    );
    None
}

fn check_players(page: &Page<VariantFrontMatter>, rules: &Rules, problems: &mut Vec<Diagnostic>) {
    let players = &page.front.engine.players;
    let mut sorted = players.clone();
    sorted.sort();
    sorted.dedup();
    if players.len() != 2 || sorted.len() != 2 {
        problems.push(
            page.source
                .error(
                    page.key_position("players"),
                    "`players` must name both sides once, in turn order",
                )
                .with_help("write `players: [attackers, defenders]`"),
        );
    } else if players[0] != rules.first_to_move {
        problems.push(
            page.source
                .error(
                    page.key_position("players"),
                    format!(
                        "`players` puts {} first, but under these rules {} move first",
                        players[0], rules.first_to_move
                    ),
                )
                .with_help(
                    "list the side that moves first first, or set `first_to_move` in `rules`",
                ),
        );
    }
}

/// `dims` and `setup` inside `rules` must agree with the page's board, and
/// every square the rules name (camps, escape squares) must lie on it.
fn check_board_fields(
    page: &Page<VariantFrontMatter>,
    rules: &Rules,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) {
    let overrides = page.front.engine.rules.as_ref().map(|spec| &spec.overrides);
    if let Some(rule_dims) = overrides.and_then(|o| o.dims)
        && rule_dims != dims
    {
        problems.push(
            page.source
                .error(
                    page.key_position("rules"),
                    format!(
                        "`dims` inside `rules` says {rule_dims}, but the page's board (`topology`) is {dims}"
                    ),
                )
                .with_help("set the board with `topology` and remove `dims` from `rules`, or make them agree"),
        );
    }
    if let (Some(rule_setup), Some(page_setup)) = (
        overrides.and_then(|o| o.setup.as_deref()),
        page.front.engine.setup.as_deref(),
    ) && rule_setup.trim() != page_setup.trim()
    {
        problems.push(
            page.source
                .error(
                    page.key_position("rules"),
                    "`setup` inside `rules` differs from the page's `setup`; the page would silently use one of them",
                )
                .with_help("keep the start position in one place: `engine.setup` (or `setup` inside `rules` alone)"),
        );
    }
    if let Err(error) = rules.validate_squares(dims) {
        problems.push(
            page.source
                .error(
                    page.key_position("rules"),
                    format!("on this {dims} board: {error}"),
                )
                .with_help(
                    "name squares that lie on the page's board, in algebraic notation (`a4`)",
                ),
        );
    }
}

fn start_position(
    page: &Page<VariantFrontMatter>,
    rules: &Rules,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let rules_setup = page
        .front
        .engine
        .rules
        .as_ref()
        .and_then(|spec| spec.overrides.setup.as_deref());
    let (setup, key) = match (&page.front.engine.setup, rules_setup) {
        (Some(setup), _) => (setup.as_str(), "setup"),
        // `setup` inside `rules` is the page's start position when given.
        (None, Some(setup)) => (setup, "rules"),
        (None, None) if rules.dims == dims => (rules.setup.as_str(), "rules"),
        (None, None) => {
            problems.push(
                page.source
                    .error(page.key_position("topology"), format!("no `setup` for this {dims} board, and the rules' own start position is {}", rules.dims))
                    .with_help("write the start position as `setup:` (rows top to bottom, digits for empty squares)"),
            );
            return None;
        }
    };
    match Position::from_setup(setup, dims) {
        Ok(position) => Some(position),
        Err(error) => {
            problems.push(page.source.error(page.key_position(key), format!("the setup does not fit the {dims} board: {error}")).with_help(
                "rows go top to bottom separated by `/`; `b` attacker, `w` defender, `K` king, a number for a run of empty squares",
            ));
            None
        }
    }
}

fn render_spec(
    page: &Page<VariantFrontMatter>,
    rules: &Rules,
    dims: Dims,
    palette: &Palette,
    problems: &mut Vec<Diagnostic>,
) -> RenderSpec {
    let spec = page
        .front
        .engine
        .render
        .clone()
        .or_else(|| page.front.render.clone())
        .unwrap_or_else(|| default_board(rules, dims, palette));
    check_zones_against_rules(page, &spec, rules, dims, problems);
    for error in crate::diagram::validate(&spec, dims, palette) {
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
    spec
}

/// The board drawn without a `render` block: every special square the rules
/// give this board (throne on odd boards, corners, camps, escape squares).
fn default_board(rules: &Rules, dims: Dims, palette: &Palette) -> RenderSpec {
    let odd = dims.rows % 2 == 1 && dims.cols % 2 == 1;
    let zones = rules
        .special_squares(dims)
        .into_iter()
        .filter(|(kind, _)| *kind != SquareKind::Throne || odd)
        .map(|(kind, squares)| (kind.as_str().to_string(), squares))
        .collect();
    RenderSpec::default_with_zones(zones, &|token| palette.light(token).is_some())
}

/// A drawing zone named after a special square kind (`throne`, `corner`,
/// `camp`, `escape`) may only cover squares the rules make that kind, so a
/// drawing cannot show a throne where the engine has none.
fn check_zones_against_rules(
    page: &Page<VariantFrontMatter>,
    spec: &RenderSpec,
    rules: &Rules,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) {
    let special = rules.special_squares(dims);
    for (index, op) in spec.ops.iter().enumerate() {
        let RenderOp::Cells(cells) = op else { continue };
        for (zi, zone) in cells.zones.cells.iter().enumerate() {
            let Some(kind) = SquareKind::ALL.iter().find(|k| k.as_str() == zone.kind) else {
                continue;
            };
            let allowed: Vec<Square> = special
                .iter()
                .filter(|(k, _)| k == kind)
                .flat_map(|(_, squares)| squares.iter().copied())
                .collect();
            for square in &zone.at {
                let Ok([row, col]) = square.resolve(dims) else {
                    continue;
                };
                if row >= u32::from(dims.rows) || col >= u32::from(dims.cols) {
                    continue; // reported by the render check
                }
                let square = Square::new(row as u8, col as u8);
                if allowed.contains(&square) {
                    continue;
                }
                let field = format!("zones.cells[{zi}]");
                let names: Vec<String> = allowed.iter().map(|s| s.name(dims)).collect();
                problems.push(
                    page.source
                        .error(
                            op_field_position(page, index, Some(&field)),
                            format!(
                                "render ops: zone `{}` marks {} ([{row}, {col}]), but under these rules {}",
                                zone.kind,
                                square.name(dims),
                                if names.is_empty() {
                                    format!("this board has no {} square", zone.kind)
                                } else {
                                    format!("the {} squares are {}", zone.kind, names.join(", "))
                                }
                            ),
                        )
                        .with_help(format!(
                            "draw the {} where the rules have it, or call the zone something else (a type the engine does not know is only a colour)",
                            zone.kind
                        )),
                );
            }
        }
    }
}

/// Where a render-op problem sits in the front matter: the field's own line
/// when it can be found, else its op's, else the `render` key.
fn op_field_position(
    page: &Page<VariantFrontMatter>,
    index: usize,
    field: Option<&str>,
) -> SourcePosition {
    let yaml = &page.source.text[page.split.yaml.clone()];
    match crate::diagram::locate(yaml, index, field) {
        Some((line, column)) => {
            let within = SourcePosition::at_line_column(yaml, line, column);
            page.source.position(page.split.yaml.start + within.offset)
        }
        None => page.key_position("render"),
    }
}

fn check_examples(
    page: &Page<VariantFrontMatter>,
    rules: &Rules,
    start: &Position,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) -> Vec<CheckedExample> {
    let body_start = page.split.body.start;
    let mut checked = Vec::new();
    let mut first_line_of_id: BTreeMap<String, usize> = BTreeMap::new();
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
        return checked;
    }
    for block in blocks {
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
        let at = |key: &str| key_in_block(page, body_start, &block, key);
        if let Some(offset) = limits::yaml_too_deep(&block.text) {
            let (message, help) = limits::yaml_too_deep_message();
            problems.push(
                page.source
                    .error(
                        page.source
                            .position(body_start + block.content_offset + offset),
                        format!("worked example: {message}"),
                    )
                    .with_help(help),
            );
            continue;
        }
        let spec: ExampleSpec = match serde_yaml::from_str(&block.text) {
            Ok(spec) => spec,
            Err(error) => {
                let offset =
                    body_start + block.content_offset + error.location().map_or(0, |l| l.index());
                let mut message = error.to_string();
                if let Some(cut) = message.find(" at line ") {
                    message.truncate(cut);
                }
                let help = crate::diagnostic::serde_hint(&message).unwrap_or_else(|| {
                    "an example has `id`, `position`, `to_move`, `moves` and `expect` (see docs/example-format.md)".to_string()
                });
                problems.push(
                    page.source
                        .error(
                            page.source.position(offset),
                            format!("worked example: {message}"),
                        )
                        .with_help(help),
                );
                continue;
            }
        };
        let line = at("id").line;
        if let Some(first) = first_line_of_id.insert(spec.id.clone(), line) {
            problems.push(
                page.source
                    .error(
                        at("id"),
                        format!("example id `{}` is already used on line {first}", spec.id),
                    )
                    .with_example(&spec.id)
                    .with_help("give each example its own id"),
            );
        }
        if !spec
            .id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            || spec.id.is_empty()
        {
            problems.push(
                page.source
                    .error(
                        at("id"),
                        format!("example id `{}` must use only a–z, 0–9 and `-`", spec.id),
                    )
                    .with_example(&spec.id),
            );
        }
        match examples::check(&spec, rules, start, dims) {
            Ok(example) => checked.push(example),
            Err(mismatches) => {
                for mismatch in mismatches {
                    let mut diagnostic = page
                        .source
                        .error(
                            at(mismatch.key),
                            format!("example `{}`: {}", spec.id, mismatch.message),
                        )
                        .with_example(&spec.id);
                    diagnostic.help = mismatch.help;
                    problems.push(diagnostic);
                }
            }
        }
    }
    checked
}

/// The position of `key:` inside an example block (the fence if absent).
fn key_in_block(
    page: &Page<VariantFrontMatter>,
    body_start: usize,
    block: &FencedBlock,
    key: &str,
) -> SourcePosition {
    let mut offset = body_start + block.content_offset;
    for line in block.text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed
            .strip_prefix(key)
            .is_some_and(|rest| rest.starts_with(':'))
        {
            return page.source.position(offset + line.len() - trimmed.len());
        }
        offset += line.len();
    }
    page.source.position(body_start + block.fence_offset)
}
