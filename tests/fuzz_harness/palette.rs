//! A theme's `palette.yaml`: parsed and checked, and a palette that loads
//! draws every board: the default board of a size the input picks must come
//! out as well-formed XML.

use rulehub::diagram::{self, Annotations, Board, Palette, REQUIRED_TOKENS, RenderSpec};
use rulehub_tafl::{Dims, Square};
use rulehub_tafl_site::{ATTACKER, KING};

pub fn run(data: &[u8]) {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let palette = match Palette::from_yaml(text) {
        Ok(palette) => palette,
        Err(error) => {
            assert!(!error.message.is_empty());
            return;
        }
    };
    for token in REQUIRED_TOKENS {
        assert!(
            palette.light(token).is_some(),
            "required token `{token}` has no light colour"
        );
        assert!(
            palette.dark(token).is_some(),
            "required token `{token}` has no dark colour"
        );
    }
    for token in palette.tokens() {
        assert!(palette.light(token).is_some() && palette.dark(token).is_some());
    }
    let dims = Dims::new(3 + size % 17, 3 + (size / 17) % 17);
    let spec = RenderSpec::default_for(dims);
    let pieces = [(dims.center(), &KING), (Square::new(0, 0), &ATTACKER)];
    let board = Board {
        dims,
        pieces: &pieces,
        spec: &spec,
        palette: &palette,
        title: "board",
        desc: "board",
        annotations: &Annotations::for_move(Square::new(0, 0), Square::new(0, 1), vec![]),
    };
    match diagram::render(&board) {
        Ok(svg) => {
            if let Err(error) = roxmltree::Document::parse(&svg) {
                panic!("the SVG is not well-formed XML: {error}");
            }
        }
        Err(errors) => panic!("the default board failed to draw with a valid palette: {errors:?}"),
    }
}
