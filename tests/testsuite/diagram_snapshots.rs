//! Byte-exact snapshots of the boards the site draws: Brandubh 7×7 (default
//! ops), Tablut 9×9 (the seed's ops), an 11×11 board (default ops) and a
//! worked-example diagram with a move arrow, highlights and a capture.
//!
//! Set RULEHUB_DIAGRAM_DIR to also write each SVG there for viewing.

use crate::diagram_common as common;

use common::*;
use rulehub::diagram::{Annotations, RenderSpec};
use rulehub_tafl_site::ATTACKER;

fn keep(name: &str, svg: &str) {
    check_svg(svg);
    if let Ok(dir) = std::env::var("RULEHUB_DIAGRAM_DIR") {
        std::fs::write(format!("{dir}/{name}.svg"), svg).unwrap();
    }
}

#[test]
fn brandubh_7x7_default_board() {
    let (_, svg) = start_board(BRANDUBH, false, "Brandubh — starting position");
    keep("brandubh", &svg);
    insta::assert_snapshot!(svg);
}

#[test]
fn tablut_9x9_seed_board() {
    let (_, svg) = start_board(TABLUT, true, "Tablut — starting position");
    keep("tablut", &svg);
    insta::assert_snapshot!(svg);
}

#[test]
fn eleven_by_eleven_default_board() {
    let (_, svg) = start_board(ELEVEN, false, "An 11×11 board");
    keep("eleven", &svg);
    insta::assert_snapshot!(svg);
}

#[test]
fn example_diagram_with_move_and_capture() {
    // The attacker from a7 has moved to d7 and captured the defender on d6
    // against the attacker on d5; the defender is still listed, so it is
    // drawn faded under the cross.
    let (dims, pieces) = setup("9/9/3b5/3w5/3bK4/9/9/9/9");
    assert!(pieces.contains(&(sq("d7", dims), &ATTACKER)));
    let annotations = Annotations::for_move(sq("a7", dims), sq("d7", dims), vec![sq("d6", dims)]);
    let svg = draw(
        dims,
        &pieces,
        &RenderSpec::default_for(dims),
        &annotations,
        "a7-d7 captures d6",
    );
    keep("example", &svg);
    insta::assert_snapshot!(svg);
}
