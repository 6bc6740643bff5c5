//! A draughts variant page checked against the engine: the rules resolved,
//! the start position read, the render ops validated, and every worked
//! example and sample game replayed.

use std::sync::Arc;

use rulehub_draughts::{DraughtsRules, Position, fen};

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::{Page, VARIANT_KEYS, VariantFrontMatter};
use rulehub_diagram::{
    CellPattern, CellsOp, LabelsOp, Palette, PiecesOp, RectOp, RenderOp, RenderSpec, Scope,
    SquareLabel, ZoneSquare, Zones,
};
use rulehub_family::Checked;
use rulehub_family::check::{VariantBoard, assemble, resolve_rules};
use rulehub_family::page::{self, ExampleBlock};
use rulehub_game::Dims;

use super::engine_yaml::{DraughtsFrontMatter, EngineSection};
use super::examples::{self, ExampleSpec};
use super::{DraughtsVariant, games, glyphs};

/// Checks one draughts variant page, collecting every problem.
pub fn check(page: &Page<VariantFrontMatter>, palette: &Palette) -> Checked {
    let front: DraughtsFrontMatter = match page.parse_front_as(VARIANT_KEYS) {
        Ok(front) => front,
        Err(problems) => return Checked::failed(problems),
    };
    let engine = &front.engine;
    let mut problems = Vec::new();
    let Some(rules) = resolve_rules(page, &engine.rules, None, &mut problems) else {
        return Checked::failed(problems);
    };
    let size = rules.board_size;
    let dims = Dims::new(size, size);
    let start = start_position(page, engine, &rules, &mut problems);
    let render = render_spec(page, engine, &rules, dims, palette, &mut problems);
    let Some(start) = start else {
        return Checked::failed(problems);
    };
    // Render ops that failed their check cannot be drawn safely: such a
    // variant is not rendered, only reported.
    let drawable = problems.is_empty();
    let examples = page::check_examples(page, &mut problems, |block, problems| {
        check_example(block, &rules, &start, problems)
    });
    let games = page::check_games(page, &mut problems, |block, problems| {
        games::check(block, &rules, &start, problems)
    });
    page::check_render_given_once(page, engine.render.is_some(), &mut problems);
    if !drawable {
        return Checked::failed(problems);
    }
    let board = VariantBoard {
        family: super::NAME,
        start: super::glyphs_of(&start),
        rules: Arc::new(DraughtsVariant { rules, start }),
        dims,
        // Examples name squares by number, which every board shows.
        example_render: render.clone(),
        render,
        legend: glyphs::LEGEND,
    };
    assemble(board, examples, games, problems)
}

/// The page's start position: its `setup` FEN read on the rules' board, or
/// the rules' own start. The side the FEN puts to move must be the side
/// the rules let move first, or the page would contradict its own rules.
fn start_position(
    page: &Page<VariantFrontMatter>,
    engine: &EngineSection,
    rules: &DraughtsRules,
    problems: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let Some(setup) = &engine.setup else {
        return Some(rules.start_position());
    };
    let size = rules.board_size;
    match fen::parse(setup, rules.geometry()) {
        Ok(position) if position.to_move() != rules.first_to_move => {
            problems.push(
                page.source
                    .error(
                        page.key_position("setup"),
                        format!(
                            "the setup puts {} to move, but under these rules {} moves first",
                            position.to_move().code(),
                            rules.first_to_move.code()
                        ),
                    )
                    .with_help(format!(
                        "start the FEN with `{}:`, or set `first_to_move` in `rules`",
                        rules.first_to_move.letter()
                    )),
            );
            None
        }
        Ok(position) => Some(position),
        Err(error) => {
            problems.push(
                page.source
                    .error(
                        page.key_position("setup"),
                        format!(
                            "the setup does not fit the {size}×{size} board: {}",
                            error.reason
                        ),
                    )
                    .with_help(format!(
                        "write a PDN FEN: the side to move, then each colour's squares numbered 1 to {}, `K` before a king (`{}`)",
                        rules.geometry().squares(),
                        fen::write(&rules.start_position())
                    )),
            );
            None
        }
    }
}

fn render_spec(
    page: &Page<VariantFrontMatter>,
    engine: &EngineSection,
    rules: &DraughtsRules,
    dims: Dims,
    palette: &Palette,
    problems: &mut Vec<Diagnostic>,
) -> RenderSpec {
    let default = || default_board(rules);
    let spec = match page::render_ops(page, engine.render.as_ref(), default) {
        Ok(spec) => spec,
        Err(mut unreadable) => {
            problems.append(&mut unreadable);
            return default();
        }
    };
    page::check_render(page, &spec, dims, palette, problems);
    with_numbers(spec, rules)
}

/// The numbers of the dark squares, as players name them: 1 at the top
/// left of the far side, counting row by row.
fn numbers(rules: &DraughtsRules) -> LabelsOp {
    let geometry = rules.geometry();
    LabelsOp {
        fill: None,
        squares: geometry
            .all()
            .map(|square| {
                let (row, col) = geometry.row_col(square);
                SquareLabel {
                    at: ZoneSquare::RowCol([u32::from(row), u32::from(col)]),
                    text: square.to_string(),
                }
            })
            .collect(),
    }
}

/// The ops with the square numbers added when the author's ops have none:
/// examples and records name squares by number, so a board without them
/// could not be read along with the text. They go last, over the pieces:
/// a two-digit number in the corner runs into a piece's rim, and a reader
/// needs the number of an occupied square most of all.
fn with_numbers(mut spec: RenderSpec, rules: &DraughtsRules) -> RenderSpec {
    if !spec.ops.iter().any(|op| matches!(op, RenderOp::Labels(_))) {
        spec.ops.push(RenderOp::Labels(numbers(rules)));
    }
    spec
}

/// The board drawn without a `render` block: light and dark squares (the
/// pieces stand on the dark ones), a frame, the pieces and the square numbers.
pub(crate) fn default_board(rules: &DraughtsRules) -> RenderSpec {
    let token = |t: &str| t.to_string();
    RenderSpec {
        // Draughts names squares by number, not by file and rank.
        coordinates: false,
        legend: true,
        ops: vec![
            RenderOp::Rect(RectOp {
                fill: token("background"),
                scope: Scope::Canvas,
                stroke: None,
                stroke_width: None,
            }),
            RenderOp::Cells(CellsOp {
                pattern: CellPattern::CellMap,
                light: Some(token("cell-light")),
                dark: Some(token("cell-dark")),
                default_fill: Some(token("floor")),
                zones: Zones::default(),
                type_colors: Default::default(),
                type_strokes: Default::default(),
                stroke_width: None,
            }),
            RenderOp::Rect(RectOp {
                fill: token("transparent"),
                scope: Scope::Board,
                stroke: Some(token("frame")),
                stroke_width: Some(4.0),
            }),
            RenderOp::Pieces(PiecesOp::default()),
            RenderOp::Labels(numbers(rules)),
        ],
    }
}

/// What an example block holds, for a block that does not parse.
const EXAMPLE_HELP: &str = "a draughts example has `id`, `position` (a PDN FEN), `moves` and `expect` (see docs/example-format.md)";

/// Reads one example block and replays it under `rules`.
fn check_example(
    block: &ExampleBlock<'_>,
    rules: &DraughtsRules,
    start: &Position,
    problems: &mut Vec<Diagnostic>,
) -> Option<examples::CheckedExample> {
    block.replay(
        EXAMPLE_HELP,
        |spec: &ExampleSpec| &spec.id,
        problems,
        |spec| examples::check(spec, rules, start),
    )
}
