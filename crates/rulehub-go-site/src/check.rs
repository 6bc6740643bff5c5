//! A Go variant page checked against the engine: the rules resolved, the
//! setup stones read, the render ops validated, and every worked example
//! and sample game replayed.

use std::sync::Arc;

use rulehub_go::{Color, Game, Point, Rules};

use rulehub_core::diagnostic::Diagnostic;
use rulehub_core::hub::{Page, VARIANT_KEYS, VariantFrontMatter};
use rulehub_diagram::{
    CoordinatesOp, GridOp, HighlightShape, HighlightsOp, Letters, Palette, PiecesOp, RectOp,
    RenderOp, RenderSpec, Scope, ZoneSquare,
};
use rulehub_family::Checked;
use rulehub_family::check::{VariantBoard, assemble, resolve_rules};
use rulehub_family::page::{self, ExampleBlock};
use rulehub_game::Dims;

use super::engine_yaml::{EngineSection, GoFrontMatter};
use super::examples::{self, ExampleSpec};
use super::{GoVariant, games, glyphs};

/// Checks one Go variant page, collecting every problem.
pub fn check(page: &Page<VariantFrontMatter>, palette: &Palette) -> Checked {
    let front: GoFrontMatter = match page.parse_front_as(VARIANT_KEYS) {
        Ok(front) => front,
        Err(problems) => return Checked::failed(problems),
    };
    let engine = &front.engine;
    let mut problems = Vec::new();
    let example = "{ preset: go-japanese, size: 9 }";
    let Some(rules) = resolve_rules(page, &engine.rules, Some(example), &mut problems) else {
        return Checked::failed(problems);
    };
    let size = rules.size;
    let dims = Dims::new(size, size);
    let start = start_position(page, engine, &rules, &mut problems);
    let render = render_spec(page, engine, &rules, dims, palette, &mut problems);
    let Some(start) = start else {
        return Checked::failed(problems);
    };
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
    let start_cells = {
        let mut cells = vec![None; usize::from(size) * usize::from(size)];
        for p in &start.black {
            cells[usize::from(p.0)] = Some(Color::Black);
        }
        for p in &start.white {
            cells[usize::from(p.0)] = Some(Color::White);
        }
        cells
    };
    let board = VariantBoard {
        family: super::NAME,
        start: super::stones(size, &start_cells),
        rules: Arc::new(start),
        dims,
        example_render: page::with_coordinates(&render),
        render,
        legend: glyphs::LEGEND,
    };
    assemble(board, examples, games, problems)
}

/// The page's start: its `setup` stones, or the empty board with Black to
/// move.
fn start_position(
    page: &Page<VariantFrontMatter>,
    engine: &EngineSection,
    rules: &Rules,
    problems: &mut Vec<Diagnostic>,
) -> Option<GoVariant> {
    let size = rules.size;
    let Some(setup) = &engine.setup else {
        return Some(GoVariant {
            rules: rules.clone(),
            black: Vec::new(),
            white: Vec::new(),
            to_move: Color::Black,
        });
    };
    let mut bad = Vec::new();
    let mut read = |names: &[String]| -> Vec<Point> {
        names
            .iter()
            .filter_map(|name| {
                let point = Point::parse(name, size);
                if point.is_none() {
                    bad.push(name.clone());
                }
                point
            })
            .collect()
    };
    let black = read(&setup.black);
    let white = read(&setup.white);
    if !bad.is_empty() {
        problems.push(
            page.source
                .error(
                    page.key_position("setup"),
                    format!(
                        "the setup names {} that {} not a point of the {size}×{size} board",
                        bad.iter().map(|b| format!("`{b}`")).collect::<Vec<_>>().join(", "),
                        if bad.len() == 1 { "is" } else { "are" }
                    ),
                )
                .with_help("name a point by its column letter A–T (there is no I) and its row counted from the bottom, e.g. `D4`"),
        );
        return None;
    }
    let to_move = setup.to_move.unwrap_or(Color::Black);
    match Game::with_setup(rules.clone(), &black, &white, to_move) {
        Ok(game) if !game.every_chain_has_a_liberty() => {
            problems.push(page.source.error(
                page.key_position("setup"),
                "a chain of the setup's stones has no liberty",
            ));
            None
        }
        Ok(_) => Some(GoVariant {
            rules: rules.clone(),
            black,
            white,
            to_move,
        }),
        Err(error) => {
            let message = match error {
                rulehub_go::game::SetupError::Twice(p) => {
                    format!("the setup places two stones on {}", p.name(size))
                }
                other => other.to_string(),
            };
            problems.push(page.source.error(page.key_position("setup"), message));
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
    let default = || default_board(rules.size);
    let spec = match page::render_ops(page, engine.render.as_ref(), default) {
        Ok(spec) => spec,
        Err(mut unreadable) => {
            problems.append(&mut unreadable);
            return default();
        }
    };
    page::check_render(page, &spec, dims, palette, problems);
    spec
}

/// The star points (hoshi) of a board, as diagram squares: on the third
/// line (the fourth from 13×13 up) in the corners, at the centre of an odd
/// board, and on the sides of the 19×19 board; none below 7×7.
pub(crate) fn star_points(size: u8) -> Vec<ZoneSquare> {
    if size < 7 {
        return Vec::new();
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (edge, size - 1 - edge, size / 2);
    let mut lines = vec![lo, hi];
    if size % 2 == 1 && size >= 19 {
        lines.insert(1, mid);
    }
    let mut stars: Vec<[u32; 2]> = Vec::new();
    for &row in &lines {
        for &col in &lines {
            stars.push([u32::from(row), u32::from(col)]);
        }
    }
    if size % 2 == 1 && size < 19 {
        stars.push([u32::from(mid), u32::from(mid)]);
    }
    stars.sort_unstable();
    stars.into_iter().map(ZoneSquare::RowCol).collect()
}

/// The board drawn without a `render` block: a wooden board with the lines
/// and star points, the column letters A–T without I and row numbers, the
/// stones on the points and the last move ringed over its stone.
pub(crate) fn default_board(size: u8) -> RenderSpec {
    let token = |t: &str| t.to_string();
    RenderSpec {
        coordinates: true,
        legend: true,
        ops: vec![
            RenderOp::Rect(RectOp {
                fill: token("background"),
                scope: Scope::Canvas,
                stroke: None,
                stroke_width: None,
            }),
            RenderOp::Rect(RectOp {
                fill: token("floor"),
                scope: Scope::Board,
                stroke: None,
                stroke_width: None,
            }),
            RenderOp::Grid(GridOp {
                stroke: Some(token("coordinate")),
                stroke_width: None,
                border_width: None,
                stars: star_points(size),
            }),
            RenderOp::Coordinates(CoordinatesOp {
                fill: None,
                sides: None,
                letters: Some(Letters::Capitals),
            }),
            RenderOp::Pieces(PiecesOp { size: Some(0.94) }),
            RenderOp::Highlights(HighlightsOp {
                from: None,
                to: None,
                stroke: None,
                shape: Some(HighlightShape::Ring),
            }),
        ],
    }
}

/// What an example block holds, for a block that does not parse.
const EXAMPLE_HELP: &str = "a Go example has `id`, `black` and `white` (the stones, by point name), `to_move`, `moves` (point names or `pass`), `dead` and `expect` (see docs/example-format.md)";

/// Reads one example block and replays it under `rules`.
fn check_example(
    block: &ExampleBlock<'_>,
    rules: &Rules,
    start: &GoVariant,
    problems: &mut Vec<Diagnostic>,
) -> Option<examples::CheckedExample> {
    block.replay(
        EXAMPLE_HELP,
        |spec: &ExampleSpec| &spec.id,
        problems,
        |spec| examples::check(spec, rules, start),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: u8) -> Vec<String> {
        star_points(size)
            .iter()
            .map(|star| match star {
                ZoneSquare::RowCol([row, col]) => {
                    rulehub_go::Point::at(size - 1 - *row as u8, *col as u8, size).name(size)
                }
                ZoneSquare::Name(name) => name.clone(),
            })
            .collect()
    }

    #[test]
    fn star_points_are_where_go_boards_have_them() {
        assert_eq!(names(9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(names(13), ["D10", "K10", "G7", "D4", "K4"]);
        assert_eq!(
            names(19),
            ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]
        );
        assert!(names(5).is_empty());
    }
}
