//! A tafl variant page checked against the engine: the rules resolved, the
//! board and start position read, the render ops validated, and every
//! worked example replayed.

use std::sync::Arc;

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::{Page, VARIANT_KEYS, VariantFrontMatter};
use rulehub_diagram::{Palette, RenderOp, RenderSpec};
use rulehub_family::Checked;
use rulehub_family::check::{VariantBoard, assemble, resolve_rules};
use rulehub_family::page::{self, ExampleBlock};
use rulehub_tafl::{Dims, Square};
use rulehub_tafl::{Position, Rules, RulesSpec, SquareKind};

use super::engine_yaml::{EngineSection, TaflFrontMatter};
use super::examples::{self, ExampleSpec};
use super::{TaflRules, games, glyphs};

/// Checks one tafl variant page, collecting every problem.
pub fn check(page: &Page<VariantFrontMatter>, palette: &Palette) -> Checked {
    let front: TaflFrontMatter = match page.parse_front_as(VARIANT_KEYS) {
        Ok(front) => front,
        Err(problems) => return Checked::failed(problems),
    };
    let engine = &front.engine;
    let mut problems = Vec::new();
    let spec = engine
        .rules
        .clone()
        .unwrap_or_else(|| RulesSpec::preset(rulehub_tafl::DEFAULT_PRESET));
    let rules = resolve_rules(page, &spec, None, &mut problems);
    let dims = board_dims(page, engine, &mut problems);
    let (Some(mut rules), Some(dims)) = (rules, dims) else {
        return Checked::failed(problems);
    };
    check_players(page, engine, &rules, &mut problems);
    check_board_fields(page, engine, &rules, dims, &mut problems);
    let start = start_position(page, engine, &rules, dims, &mut problems);
    let render = render_spec(page, engine, &rules, dims, palette, &mut problems);
    let Some(start) = start else {
        return Checked::failed(problems);
    };
    // From here on the rules describe the page's own board, so the
    // comparison table and "At a glance" cannot show the preset's.
    rules.dims = dims;
    rules.setup = start.to_setup();
    // Render ops that failed their check cannot be drawn safely: such a
    // variant is not rendered, only reported.
    let drawable = problems.is_empty();
    let examples = page::check_examples(page, &mut problems, |block, problems| {
        check_example(block, &rules, &start, dims, problems)
    });
    let games = page::check_games(page, &mut problems, |block, problems| {
        games::check(block, &rules, &start, dims, problems)
    });
    page::check_render_given_once(page, engine.render.is_some(), &mut problems);
    if !drawable {
        return Checked::failed(problems);
    }
    // Start diagrams and example boards name squares: coordinates on
    // both, unless the author turned them off for the start diagram.
    let example_render = page::with_coordinates(&render);
    let render = if render.coordinates {
        example_render.clone()
    } else {
        render
    };
    let board = VariantBoard {
        family: super::NAME,
        start: start
            .pieces()
            .into_iter()
            .map(|(square, piece)| (square, glyphs::glyph(piece)))
            .collect(),
        rules: Arc::new(TaflRules { rules, start }),
        dims,
        example_render,
        render,
        legend: glyphs::LEGEND,
    };
    assemble(board, examples, games, problems)
}

fn board_dims(
    page: &Page<VariantFrontMatter>,
    engine: &EngineSection,
    problems: &mut Vec<Diagnostic>,
) -> Option<Dims> {
    let topology = engine.topology;
    let range = rulehub_diagram::MIN_SIDE..=rulehub_diagram::MAX_SIDE;
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

fn check_players(
    page: &Page<VariantFrontMatter>,
    engine: &EngineSection,
    rules: &Rules,
    problems: &mut Vec<Diagnostic>,
) {
    let players = &engine.players;
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
    engine: &EngineSection,
    rules: &Rules,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) {
    let overrides = engine.rules.as_ref().map(|spec| &spec.overrides);
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
        engine.setup.as_deref(),
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
    engine: &EngineSection,
    rules: &Rules,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let rules_setup = engine
        .rules
        .as_ref()
        .and_then(|spec| spec.overrides.setup.as_deref());
    let (setup, key) = match (&engine.setup, rules_setup) {
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
    engine: &EngineSection,
    rules: &Rules,
    dims: Dims,
    palette: &Palette,
    problems: &mut Vec<Diagnostic>,
) -> RenderSpec {
    let default = || default_board(rules, dims, palette);
    let spec = match page::render_ops(page, engine.render.as_ref(), default) {
        Ok(spec) => spec,
        Err(mut unreadable) => {
            problems.append(&mut unreadable);
            return default();
        }
    };
    check_zones_against_rules(page, &spec, rules, dims, problems);
    page::check_render(page, &spec, dims, palette, problems);
    spec
}

/// The board drawn without a `render` block: every special square the rules
/// give this board (throne on odd boards, corners, camps, escape squares).
pub(crate) fn default_board(rules: &Rules, dims: Dims, palette: &Palette) -> RenderSpec {
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
                            page::op_field_position(page, index, Some(&field)),
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

/// What an example block holds, for a block that does not parse.
const EXAMPLE_HELP: &str =
    "an example has `id`, `position`, `to_move`, `moves` and `expect` (see docs/example-format.md)";

/// Reads one example block and replays it under `rules`.
fn check_example(
    block: &ExampleBlock<'_>,
    rules: &Rules,
    start: &Position,
    dims: Dims,
    problems: &mut Vec<Diagnostic>,
) -> Option<examples::CheckedExample> {
    block.replay(
        EXAMPLE_HELP,
        |spec: &ExampleSpec| &spec.id,
        problems,
        |spec| examples::check(spec, rules, start, dims),
    )
}
