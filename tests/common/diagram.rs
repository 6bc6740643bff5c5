//! Helpers shared by the diagram tests.

#![allow(dead_code)]

use rulehub::diagram::{Annotations, Board, Glyph, Palette, RenderSpec, render};
use rulehub_tafl::Position;
use rulehub_tafl::{Dims, Square};
use rulehub_tafl_site as tafl;

/// The seed variant file's `render` block, dedented to the top level. It
/// is cut from the mini fixture's `tablut.md`, which holds the seed's front
/// matter byte for byte, so the seed format is written down once.
pub fn seed_render() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mini/content/tafl/tablut.md");
    let text = std::fs::read_to_string(&path).expect("the mini fixture's tablut.md");
    let block: String = text
        .lines()
        .skip_while(|line| *line != "  render:")
        .skip(1)
        .take_while(|line| line.starts_with("    "))
        .map(|line| format!("{}\n", &line[4..]))
        .collect();
    assert!(block.starts_with("ops:\n"), "no render block in {path:?}");
    block
}

pub const TABLUT: &str = "3bbb3/4b4/4w4/b3w3b/bbwwKwwbb/b3w3b/4w4/4b4/3bbb3";
pub const BRANDUBH: &str = "3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3";
/// An 11×11 cross-shaped position (test data, not a historical setup).
pub const ELEVEN: &str = "4bbb4/4b1b4/5b5/5w5/b4w4b/bbwwwKwwwbb/b4w4b/5w5/5b5/4b1b4/4bbb4";

/// The board size and pieces (as tafl's glyphs) of a setup string, read by
/// the engine (the one setup reader there is).
pub fn setup(text: &str) -> (Dims, Vec<(Square, &'static Glyph)>) {
    let dims = Position::setup_dims(text).unwrap_or_else(|e| panic!("bad setup {text:?}: {e}"));
    let position =
        Position::from_setup(text, dims).unwrap_or_else(|e| panic!("bad setup {text:?}: {e}"));
    let pieces = position
        .pieces()
        .into_iter()
        .map(|(square, piece)| (square, tafl::glyph(piece)))
        .collect();
    (dims, pieces)
}

pub fn seed_spec() -> RenderSpec {
    serde_yaml::from_str(&seed_render()).expect("the seed's render block loads")
}

pub fn draw(
    dims: Dims,
    pieces: &[(Square, &'static Glyph)],
    spec: &RenderSpec,
    annotations: &Annotations,
    title: &str,
) -> String {
    let palette = Palette::builtin();
    render(&Board {
        dims,
        pieces,
        spec,
        palette: &palette,
        title,
        desc: "A test board.",
        annotations,
    })
    .unwrap_or_else(|errors| panic!("render failed: {errors:#?}"))
}

/// A setup's start position drawn without annotations, with the seed's
/// render block (`seed: true`) or the default ops for its size.
pub fn start_board(setup_text: &str, seed: bool, title: &str) -> (Dims, String) {
    let (dims, pieces) = setup(setup_text);
    let spec = if seed {
        seed_spec()
    } else {
        RenderSpec::default_for(dims)
    };
    let svg = draw(dims, &pieces, &spec, &Annotations::default(), title);
    (dims, svg)
}

pub fn sq(name: &str, dims: Dims) -> Square {
    Square::parse(name, dims).unwrap()
}

/// Parses the SVG with an XML parser and checks what every diagram must
/// have: an `<svg>` root with a viewBox and no fixed size, `<title>` and
/// `<desc>` first, and no reference outside the document.
pub fn check_svg(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let view_box = root.attribute("viewBox").expect("a viewBox");
    assert_eq!(view_box.split(' ').count(), 4, "{view_box}");
    assert!(root.attribute("width").is_none() && root.attribute("height").is_none());
    let children: Vec<&str> = root
        .children()
        .filter(|n| n.is_element())
        .map(|n| n.tag_name().name())
        .collect();
    assert_eq!(&children[..3], ["title", "desc", "style"], "{children:?}");
    for node in doc.descendants().filter(|n| n.is_element()) {
        for attribute in node.attributes() {
            if attribute.name() == "href" {
                assert!(
                    attribute.value().starts_with('#'),
                    "external href {}",
                    attribute.value()
                );
                let id = &attribute.value()[1..];
                assert!(
                    doc.descendants().any(|n| n.attribute("id") == Some(id)),
                    "dangling reference #{id}"
                );
            }
            assert!(
                !attribute.value().contains("url("),
                "url() in {}",
                attribute.name()
            );
        }
    }
    assert!(
        !svg.contains("http://") || svg.matches("http://").count() == 1,
        "only the xmlns may be a URL"
    );
    doc
}
