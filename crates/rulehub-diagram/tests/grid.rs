//! Boards of lines with pieces on the points (Go): the `grid` op, Go
//! column letters and ring highlights, snapshotted as whole SVG documents
//! so any change to their bytes is seen in review.

use rulehub_diagram::{
    Annotations, Board, CoordinatesOp, Glyph, GridOp, HighlightShape, HighlightsOp, Letters,
    Palette, PiecesOp, RectOp, RenderOp, RenderSpec, Scope, Shape, ShapeKind, ZoneSquare, render,
};
use rulehub_game::{Dims, Square};

static BLACK: Glyph = Glyph {
    id: "test-black",
    shapes: &[Shape {
        kind: ShapeKind::Circle,
        attributes: &[("r", "47")],
        fill: Some("attacker"),
        stroke: Some("attacker-stroke"),
    }],
};

static WHITE: Glyph = Glyph {
    id: "test-white",
    shapes: &[Shape {
        kind: ShapeKind::Circle,
        attributes: &[("r", "46"), ("stroke-width", "4")],
        fill: Some("defender"),
        stroke: Some("defender-stroke"),
    }],
};

/// A Go board's ops: wood, lines with `stars` (row, col from the top),
/// A–T letters, stones, the last move ringed on top.
fn go_spec(stars: &[[u32; 2]]) -> RenderSpec {
    RenderSpec {
        coordinates: true,
        legend: true,
        ops: vec![
            RenderOp::Rect(RectOp {
                fill: "background".into(),
                scope: Scope::Canvas,
                stroke: None,
                stroke_width: None,
            }),
            RenderOp::Rect(RectOp {
                fill: "floor".into(),
                scope: Scope::Board,
                stroke: None,
                stroke_width: None,
            }),
            RenderOp::Grid(GridOp {
                stroke: Some("coordinate".into()),
                stroke_width: None,
                border_width: None,
                stars: stars.iter().map(|s| ZoneSquare::RowCol(*s)).collect(),
            }),
            RenderOp::Coordinates(CoordinatesOp {
                fill: None,
                sides: None,
                letters: Some(Letters::Capitals),
            }),
            RenderOp::Pieces(PiecesOp { size: Some(0.94) }),
            RenderOp::Highlights(HighlightsOp {
                shape: Some(HighlightShape::Ring),
                ..HighlightsOp::default()
            }),
        ],
    }
}

fn draw(
    size: u8,
    stars: &[[u32; 2]],
    pieces: &[(Square, &'static Glyph)],
    marks: &Annotations,
) -> String {
    let palette = Palette::builtin();
    let spec = go_spec(stars);
    render(&Board {
        dims: Dims::new(size, size),
        pieces,
        spec: &spec,
        palette: &palette,
        title: "Go",
        desc: "A Go board.",
        annotations: marks,
    })
    .expect("draws")
}

#[test]
fn a_9x9_board_with_a_capture_and_the_last_move_ringed() {
    // Black has just played C2 (row 7 from the top) and taken C3.
    let pieces = [
        (Square::new(6, 1), &BLACK),
        (Square::new(6, 3), &BLACK),
        (Square::new(5, 2), &BLACK),
        (Square::new(7, 2), &BLACK),
        (Square::new(4, 4), &WHITE),
    ];
    let marks = Annotations {
        to: Some(Square::new(7, 2)),
        captured: vec![Square::new(6, 2)],
        ..Annotations::default()
    };
    let stars = [[2, 2], [2, 6], [4, 4], [6, 2], [6, 6]];
    let svg = draw(9, &stars, &pieces, &marks);
    // Columns A–J without I; the lines run from centre to centre.
    assert!(
        svg.contains(">\nJ\n</text>") && !svg.contains(">\nI\n</text>"),
        "{svg}"
    );
    insta::assert_snapshot!("go_9x9", svg);
}

#[test]
fn a_19x19_board_has_nine_star_points_and_letters_to_t() {
    let lines = [3u32, 9, 15];
    let stars: Vec<[u32; 2]> = lines
        .iter()
        .flat_map(|&r| lines.iter().map(move |&c| [r, c]))
        .collect();
    let pieces = [(Square::new(15, 3), &BLACK), (Square::new(3, 15), &WHITE)];
    let marks = Annotations {
        to: Some(Square::new(3, 15)),
        ..Annotations::default()
    };
    let svg = draw(19, &stars, &pieces, &marks);
    assert!(svg.contains(">\nT\n</text>"), "{svg}");
    assert_eq!(svg.matches("r=\"3.6\"").count(), 9, "nine star points");
    insta::assert_snapshot!("go_19x19", svg);
}

#[test]
fn star_points_off_the_board_or_twice_are_errors() {
    let mut spec = go_spec(&[[9, 9], [2, 2], [2, 2]]);
    if let RenderOp::Grid(grid) = &mut spec.ops[2] {
        grid.stroke_width = Some(0.0);
    }
    let errors: Vec<String> =
        rulehub_diagram::validate(&spec, Dims::new(9, 9), &Palette::builtin())
            .iter()
            .map(ToString::to_string)
            .collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].contains("strokeWidth"), "{errors:?}");
    assert!(errors[1].contains("off the 9×9 board"), "{errors:?}");
    assert!(errors[2].contains("listed twice"), "{errors:?}");
}

#[test]
fn the_grid_op_reads_from_yaml_and_names_its_fields() {
    let spec = RenderSpec::from_yaml(
        "ops:\n  - { op: grid, stroke: coordinate, strokeWidth: 1, borderWidth: 2, stars: [[4, 4], e5] }\n  - { op: coordinates, letters: capitals }\n  - { op: highlights, shape: ring }\n",
    )
    .expect("reads");
    assert_eq!(
        spec.ops.iter().map(RenderOp::name).collect::<Vec<_>>(),
        ["grid", "coordinates", "highlights"]
    );
    let error = RenderSpec::from_yaml("ops:\n  - { op: grid, star: [] }\n").expect_err("typo");
    assert!(
        error.to_string().contains("did you mean `stars`"),
        "{error}"
    );
}
