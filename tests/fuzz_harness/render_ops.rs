//! Render ops (`ops: [...]`, as in a variant's `render` block or a
//! `rulehub board` ops file): parsed, validated against a board size the
//! input picks, every error located in the text, and a valid spec drawn. The
//! drawing must be well-formed XML whatever the spec holds.

use rulehub::diagram::{self, Annotations, Board, Palette, RenderSpec};
use rulehub_tafl::{Dims, Square};
use rulehub_tafl_site::{ATTACKER, DEFENDER, KING};

pub fn run(data: &[u8]) {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(spec) = RenderSpec::from_yaml(text) else {
        return;
    };
    let side = 3 + size % 17; // 3..=19, every size the engine allows
    let dims = Dims::new(side, 3 + (size / 17) % 17);
    let palette = Palette::builtin();
    let errors = diagram::validate(&spec, dims, &palette);
    let lines = text.lines().count().max(1);
    for error in &errors {
        assert!(!error.message.is_empty());
        if let Some(index) = error.op_index {
            assert!(index < spec.ops.len(), "op {index} of {}", spec.ops.len());
            if let Some((line, _column)) = diagram::locate(text, index, error.field.as_deref()) {
                assert!((1..=lines).contains(&line), "line {line} of {lines}");
            }
        }
    }
    if !errors.is_empty() {
        return;
    }
    // A king in the middle and a piece in two corners, with a move and a
    // capture marked, so every kind of mark is drawn.
    let corner = Square::new(dims.rows - 1, dims.cols - 1);
    let pieces = [
        (dims.center(), &KING),
        (Square::new(0, 0), &ATTACKER),
        (corner, &DEFENDER),
    ];
    let annotations = Annotations::for_move(
        Square::new(0, 0),
        Square::new(0, dims.cols - 1),
        vec![corner],
    );
    let board = Board {
        dims,
        pieces: &pieces,
        spec: &spec,
        palette: &palette,
        title: "a <title> & \"quotes\"",
        desc: text,
        annotations: &annotations,
    };
    match diagram::render(&board) {
        Ok(svg) => {
            if let Err(error) = roxmltree::Document::parse(&svg) {
                panic!("the SVG is not well-formed XML: {error}\n{svg}");
            }
        }
        Err(errors) => panic!("a validated spec failed to draw: {errors:?}"),
    }
}
