//! Board diagrams: the seed's render ops load and draw, every SVG is well-formed
//! and self-contained, text is escaped, bad ops are reported, output is stable.

use crate::diagram_common as common;

use common::*;
use rulehub::diagram::{
    Annotations, Board, DiagramError, Palette, RenderOp, RenderSpec, render, validate,
};
use rulehub_tafl::{Dims, Square};
use rulehub_tafl_site::{ATTACKER, KING};

fn errors_of(spec: &RenderSpec, dims: Dims) -> Vec<String> {
    validate(spec, dims, &Palette::builtin())
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn yaml_error(yaml: &str) -> String {
    serde_yaml::from_str::<RenderSpec>(yaml)
        .expect_err("the spec should not load")
        .to_string()
}

#[test]
fn the_seed_render_block_loads_as_written() {
    let spec = seed_spec();
    let names: Vec<_> = spec.ops.iter().map(RenderOp::name).collect();
    assert_eq!(names, ["rect", "cells"]);
    let RenderOp::Cells(cells) = &spec.ops[1] else {
        panic!("second op is cells")
    };
    assert_eq!(cells.zones.cells[1].kind, "corner");
    assert_eq!(cells.zones.cells[1].at, [[0, 0], [0, 8], [8, 0], [8, 8]]);
    assert_eq!(cells.type_strokes["throne"], "throne-stroke");
    assert_eq!(errors_of(&spec, Dims::new(9, 9)), Vec::<String>::new());
}

#[test]
fn the_seed_board_draws_cells_and_the_starting_pieces() {
    let (_, svg) = start_board(TABLUT, true, "Tablut");
    let doc = check_svg(&svg);
    let cells = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("rh-cells"))
        .expect("a cells layer");
    // One path per colour pair, one `M…h40v40h-40z` square per board square.
    let squares: usize = cells
        .children()
        .filter_map(|n| n.attribute("d"))
        .map(|d| d.matches("h40v40h-40z").count())
        .sum();
    assert_eq!(squares, 81);
    // Pieces are drawn even though the seed has no `pieces` op.
    let uses: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("use"))
        .collect();
    assert_eq!(uses.len(), 25);
    let kings: Vec<_> = uses
        .iter()
        .filter(|n| n.attribute("href") == Some("#rh-king"))
        .collect();
    assert_eq!(kings.len(), 1);
    // The king's 34.4-unit disc is centred on e5 (margins are 8 units, squares 40).
    assert_eq!(kings[0].attribute("x"), Some("170.8"));
    assert_eq!(kings[0].attribute("y"), Some("170.8"));
    // One symbol per piece kind, reused.
    let symbols: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("symbol"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(symbols, ["rh-attacker", "rh-defender", "rh-king"]);
}

#[test]
fn pieces_differ_in_shape_not_only_colour() {
    let (_, svg) = start_board(BRANDUBH, false, "b");
    let doc = check_svg(&svg);
    let shapes = |id: &str| {
        let symbol = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap();
        symbol
            .children()
            .filter(|n| n.is_element())
            .map(|n| n.tag_name().name().to_string())
            .collect::<Vec<_>>()
    };
    // Shadow, disc, then a ring (attacker) / nothing (defender) / crown (king).
    assert_eq!(shapes("rh-attacker"), ["circle", "circle", "circle"]);
    assert_eq!(shapes("rh-defender"), ["circle", "circle"]);
    assert_eq!(shapes("rh-king"), ["circle", "circle", "path"]);
}

#[test]
fn dark_mode_overrides_every_token_class_used() {
    let (_, svg) = start_board(TABLUT, true, "Tablut");
    let doc = check_svg(&svg);
    let css = doc
        .descendants()
        .find(|n| n.has_tag_name("style"))
        .and_then(|n| n.text())
        .unwrap()
        .trim()
        .to_string();
    let palette = Palette::builtin();
    let (light, dark) = css
        .split_once("@media (prefers-color-scheme: dark){")
        .expect("a dark-mode block");
    for token in [
        "cell-light",
        "cell-dark",
        "throne",
        "corner",
        "attacker",
        "king",
    ] {
        let rule = |hex: &str| format!(".rh-fill-{token}{{fill:{hex}}}");
        assert!(
            light.contains(&rule(palette.light(token).unwrap())),
            "{token}: {css}"
        );
        assert!(
            dark.contains(&rule(palette.dark(token).unwrap())),
            "{token}: {css}"
        );
    }
    assert!(light.contains(".rh-stroke-throne-stroke{stroke:#"), "{css}");
    // Every class used in the drawing has a rule.
    for node in doc.descendants() {
        for class in node.attribute("class").unwrap_or("").split(' ') {
            if class.starts_with("rh-fill-") || class.starts_with("rh-stroke-") {
                assert!(light.contains(&format!(".{class}{{")), "{class}");
                assert!(dark.contains(&format!(".{class}{{")), "{class}");
            }
        }
    }
}

#[test]
fn title_desc_and_captions_are_escaped() {
    let dims = Dims::new(7, 7);
    let palette = Palette::builtin();
    let spec = RenderSpec::default_for(dims);
    let nasty = "Tablut <&\"'> </title><script>alert(1)</script>\u{1}";
    let svg = render(&Board {
        dims,
        pieces: &[],
        spec: &spec,
        palette: &palette,
        title: nasty,
        desc: "a < b && c > \"d\"",
        annotations: &Annotations::default(),
    })
    .unwrap();
    let doc = check_svg(&svg);
    let text_of = |tag: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name(tag))
            .unwrap()
            .text()
            .unwrap()
            .trim()
            .to_string()
    };
    assert_eq!(
        text_of("title"),
        "Tablut <&\"'> </title><script>alert(1)</script>"
    );
    assert_eq!(text_of("desc"), "a < b && c > \"d\"");
    assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
}

#[test]
fn coordinates_name_files_and_ranks_like_the_notation() {
    let dims = Dims::new(11, 11);
    let svg = draw(
        dims,
        &[],
        &RenderSpec::default_for(dims),
        &Annotations::default(),
        "11",
    );
    let doc = check_svg(&svg);
    let labels: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap().trim().to_string())
        .collect();
    let ranks: Vec<String> = (1..=11).rev().map(|r| r.to_string()).collect();
    let files: Vec<String> = ('a'..='k').map(String::from).collect();
    assert_eq!(labels[..11], ranks[..], "ranks top to bottom on the left");
    assert_eq!(labels[11..], files[..], "files left to right on the bottom");
}

#[test]
fn output_is_deterministic_and_independent_of_piece_order() {
    let (dims, pieces) = setup(ELEVEN);
    let spec = RenderSpec::default_for(dims);
    let annotations = Annotations::for_move(sq("a6", dims), sq("a2", dims), vec![sq("b2", dims)]);
    let first = draw(dims, &pieces, &spec, &annotations, "x");
    let second = draw(dims, &pieces, &spec, &annotations, "x");
    assert_eq!(first, second);
    let mut reversed = pieces.clone();
    reversed.reverse();
    assert_eq!(first, draw(dims, &reversed, &spec, &annotations, "x"));
}

#[test]
fn every_size_from_3_to_19_draws_valid_svg() {
    let palette = Palette::builtin();
    for n in 3..=19u8 {
        for dims in [Dims::new(n, n), Dims::new(n, 3), Dims::new(3, n)] {
            let spec = RenderSpec::default_for(dims);
            let pieces = [(dims.center(), &KING), (Square::new(0, 1), &ATTACKER)];
            let svg = render(&Board {
                dims,
                pieces: &pieces,
                spec: &spec,
                palette: &palette,
                title: "t",
                desc: "d",
                annotations: &Annotations::for_move(Square::new(0, 1), Square::new(0, 2), vec![]),
            })
            .unwrap_or_else(|e| panic!("{dims}: {e:?}"));
            check_svg(&svg);
        }
    }
}

#[test]
fn boards_outside_3_to_19_are_refused() {
    for dims in [Dims::new(2, 9), Dims::new(9, 20), Dims::new(0, 0)] {
        let errors = errors_of(
            &RenderSpec {
                ops: vec![],
                coordinates: true,
                legend: true,
            },
            dims,
        );
        assert_eq!(errors.len(), 1, "{dims}: {errors:?}");
        assert!(
            errors[0].contains("boards must be from 3×3 to 19×19"),
            "{errors:?}"
        );
    }
}

#[test]
fn an_unknown_colour_token_is_named_with_a_suggestion() {
    let spec: RenderSpec = serde_yaml::from_str(
        "ops:\n  - { op: rect, fill: backgrund }\n  - { op: cells, light: cell-light, dark: '#12345', typeStrokes: { floor: throne-strok } }\n",
    )
    .unwrap();
    let errors = validate(&spec, Dims::new(9, 9), &Palette::builtin());
    let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors[0],
        DiagramError {
            op_index: Some(0),
            field: Some("fill".into()),
            message: "unknown colour token `backgrund`; did you mean `background`?".into(),
            offset: None,
        }
    );
    assert!(
        texts[1].starts_with("render.ops[1].dark: `#12345` is not a colour"),
        "{texts:#?}"
    );
    assert_eq!(
        texts[2],
        "render.ops[1].typeStrokes.floor: unknown colour token `throne-strok`; did you mean `throne-stroke`?"
    );
    assert_eq!(errors.len(), 3, "{texts:#?}");
    let far = validate(
        &serde_yaml::from_str("ops: [ { op: rect, fill: sea-green } ]").unwrap(),
        Dims::new(9, 9),
        &Palette::builtin(),
    );
    assert!(
        far[0]
            .message
            .contains("use a token from the theme palette"),
        "{far:?}"
    );
}

#[test]
fn a_zone_outside_the_board_is_an_error_and_nothing_is_drawn() {
    let spec: RenderSpec = serde_yaml::from_str(
        "ops:\n  - op: cells\n    zones: { cells: [ { type: throne, at: [[4,4],[9,0]] } ] }\n",
    )
    .unwrap();
    let dims = Dims::new(9, 9);
    let errors = errors_of(&spec, dims);
    assert_eq!(
        errors,
        [
            "render.ops[0].zones.cells[0]: zone `throne` square [9, 0] is outside the 9×9 board; rows are 0–8 and columns 0–8, counted from the top-left"
        ]
    );
    let palette = Palette::builtin();
    let result = render(&Board {
        dims,
        pieces: &[(Square::new(9, 9), &KING)],
        spec: &spec,
        palette: &palette,
        title: "",
        desc: "",
        annotations: &Annotations {
            captured: vec![Square::new(3, 12)],
            ..Annotations::default()
        },
    });
    let all: Vec<String> = result
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(all.len(), 3, "every problem is reported: {all:#?}");
    assert!(
        all[1].contains("king at [9, 9] is off the 9×9 board"),
        "{all:#?}"
    );
    assert!(
        all[2].contains("a capture mark at [3, 12] is off the 9×9 board"),
        "{all:#?}"
    );
}

#[test]
fn an_unknown_op_is_named_with_the_ops_there_are() {
    let message =
        yaml_error("ops:\n  - op: rect\n    fill: frame\n  - op: circle\n    fill: frame\n");
    assert!(message.contains("unknown variant `circle`"), "{message}");
    assert!(
        message.contains("`rect`, `cells`, `pieces`, `coordinates`"),
        "{message}"
    );
    assert!(message.contains("line 4"), "the line is given: {message}");
}

#[test]
fn an_unknown_field_names_the_op_and_the_field() {
    let message = yaml_error(
        "ops:\n  - op: rect\n    fill: frame\n  - op: cells\n    light: cell-light\n    dark: cell-dark\n    typeColours: { floor: floor }\n",
    );
    assert!(
        message.contains("op `cells` has no field `typeColours`; did you mean `typeColors`?"),
        "{message}"
    );
    assert!(message.contains("line "), "the line is given: {message}");
    let message = yaml_error("ops:\n  - { op: rect, fill: frame, colour: frame }\n");
    assert!(
        message.contains("op `rect` has no field `colour`"),
        "{message}"
    );
    let message = yaml_error("ops:\n  - { op: pieces, size: big }\n");
    assert!(
        message.starts_with("ops[0]: op `pieces`: invalid type")
            || message.contains("op `pieces`: invalid type"),
        "{message}"
    );
    let message = yaml_error("ops: []\nextra: 1\n");
    assert!(message.contains("unknown field `extra`"), "{message}");
    let message = yaml_error(
        "ops:\n  - op: cells\n    zones: { cells: [ { type: throne, at: [[1,1]], colour: red } ] }\n",
    );
    assert!(
        message.contains("op `cells`") && message.contains("unknown field `colour`"),
        "{message}"
    );
}

#[test]
fn a_bad_palette_token_name_in_a_theme_is_reported() {
    let mut yaml = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/themes/default/palette.yaml"
    ))
    .unwrap();
    assert_eq!(Palette::from_yaml(&yaml).unwrap(), Palette::builtin());
    yaml = yaml.replace("king-mark:", "king-marks:");
    let error = Palette::from_yaml(&yaml).unwrap_err();
    assert!(
        error
            .message
            .contains("unknown token `king-marks`; did you mean `king-mark`?"),
        "{error}"
    );
    let line = yaml
        .lines()
        .position(|l| l.starts_with("king-marks:"))
        .expect("the renamed token");
    let offset = error.offset.expect("placed at the token");
    assert_eq!(yaml[..offset].lines().count(), line, "{error}");
}
