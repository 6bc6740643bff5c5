//! Rasterizes boards with resvg and checks the colours where squares and
//! pieces should be: the light palette is what a renderer without
//! `prefers-color-scheme: dark` shows, through the style sheet's classes.

use crate::diagram_common as common;

use common::*;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use rulehub::diagram::{Annotations, Palette, RenderSpec};
use rulehub_tafl::{Dims, Square};
use rulehub_tafl_site::{ATTACKER, DEFENDER, KING};

/// Units per pixel is 1/SCALE; the board has 8-unit margins (no coordinates)
/// and 40-unit squares.
const SCALE: f32 = 2.0;

struct Raster {
    pixmap: Pixmap,
    margin: f32,
}

impl Raster {
    fn new(svg: &str, margin: f32) -> Raster {
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("resvg parses it");
        let size = tree.size().to_int_size().scale_by(SCALE).unwrap();
        let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(
            &tree,
            Transform::from_scale(SCALE, SCALE),
            &mut pixmap.as_mut(),
        );
        if let Ok(path) = std::env::var("RULEHUB_DIAGRAM_PNG") {
            pixmap.save_png(path).unwrap();
        }
        Raster { pixmap, margin }
    }

    /// The colour at an offset (in units) from the centre of a square.
    fn at(&self, square: Square, dx: f32, dy: f32) -> String {
        let x = self.margin + (f32::from(square.col) + 0.5) * 40.0 + dx;
        let y = self.margin + (f32::from(square.row) + 0.5) * 40.0 + dy;
        let pixel = self
            .pixmap
            .pixel((x * SCALE) as u32, (y * SCALE) as u32)
            .unwrap()
            .demultiply();
        assert_eq!(pixel.alpha(), 255, "transparent at {square:?}+({dx},{dy})");
        format!(
            "#{:02x}{:02x}{:02x}",
            pixel.red(),
            pixel.green(),
            pixel.blue()
        )
    }
}

fn light(token: &str) -> String {
    Palette::builtin().light(token).unwrap().to_string()
}

/// The seed's 9×9 Tablut board with its starting position.
fn tablut_svg() -> (Dims, String) {
    let (dims, svg) = start_board(TABLUT, true, "Tablut");
    check_svg(&svg);
    (dims, svg)
}

fn assert_board_colours(raster: &Raster, dims: Dims) {
    let e5 = sq("e5", dims);
    // The throne under the king: a spot between the king's disc and the square's outline.
    assert_eq!(raster.at(e5, -15.0, -15.0), light("throne"), "throne");
    assert_eq!(
        raster.at(e5, 0.0, 0.0),
        light("king-mark"),
        "king's crown on e5"
    );
    assert_eq!(raster.at(e5, 0.0, 12.0), light("king"), "king's disc on e5");
    assert_eq!(
        raster.at(sq("a9", dims), 0.0, 0.0),
        light("corner"),
        "corner a9"
    );
    assert_eq!(
        raster.at(sq("i1", dims), 0.0, 0.0),
        light("corner"),
        "corner i1"
    );
    // b8 is row 1, col 1: even, so light; c8 odd, so dark. Both empty.
    assert_eq!(
        raster.at(sq("b8", dims), 0.0, 0.0),
        light("cell-light"),
        "light b8"
    );
    assert_eq!(
        raster.at(sq("c8", dims), 0.0, 0.0),
        light("cell-dark"),
        "dark c8"
    );
    // The floor outline between b8 and c8.
    assert_eq!(
        raster.at(sq("b8", dims), 20.0, 0.0),
        light("floor-stroke"),
        "grid line"
    );
    // Pieces stand where the setup puts them: attackers d9 and a5, defender e7.
    assert_eq!(
        raster.at(sq("d9", dims), 0.0, 0.0),
        light("attacker"),
        "attacker d9"
    );
    assert_eq!(
        raster.at(sq("d9", dims), 9.0, 0.0),
        light("attacker-mark"),
        "attacker ring"
    );
    assert_eq!(
        raster.at(sq("a5", dims), 0.0, 0.0),
        light("attacker"),
        "attacker a5"
    );
    assert_eq!(
        raster.at(sq("e7", dims), 0.0, 0.0),
        light("defender"),
        "defender e7"
    );
    // And nowhere else: b9 is empty.
    assert_eq!(
        raster.at(sq("b9", dims), 0.0, 0.0),
        light("cell-dark"),
        "empty b9"
    );
}

#[test]
fn resvg_shows_the_token_colours_of_squares_and_pieces() {
    let (dims, svg) = tablut_svg();
    assert_board_colours(&Raster::new(&svg, 8.0), dims);
}

#[test]
fn the_style_sheet_alone_gives_the_light_colours() {
    // Strip the presentation attributes: what remains is the classes and the
    // `<style>` (whose dark block resvg must not apply).
    let (dims, svg) = tablut_svg();
    let mut stripped = String::new();
    let mut rest = svg.as_str();
    while let Some(start) = rest.find([' ', '\n']) {
        let (head, tail) = rest.split_at(start);
        stripped.push_str(head);
        let attr = ["fill=\"#", "stroke=\"#"]
            .iter()
            .find(|p| tail[1..].starts_with(**p));
        match attr {
            Some(p) => {
                let skip = 1 + p.len() + 7; // separator, `fill="#`, `rrggbb"`
                rest = &tail[skip..];
            }
            None => {
                stripped.push_str(&tail[..1]);
                rest = &tail[1..];
            }
        }
    }
    stripped.push_str(rest);
    assert!(
        !stripped.contains("fill=\"#") && !stripped.contains("stroke=\"#"),
        "{stripped}"
    );
    check_svg(&stripped);
    assert_board_colours(&Raster::new(&stripped, 8.0), dims);
}

#[test]
fn an_example_diagram_marks_the_move_and_the_capture() {
    // Attacker e2 → e4 (through nothing) captures the defender on e3? Here a
    // hand-made position: attacker a7 moves to d7, capturing the defender on
    // d6 against the attacker on d5.
    let dims = Dims::new(9, 9);
    let pieces = [
        (sq("d7", dims), &ATTACKER),
        (sq("d6", dims), &DEFENDER),
        (sq("d5", dims), &ATTACKER),
        (sq("e5", dims), &KING),
    ];
    let annotations = Annotations::for_move(sq("a7", dims), sq("d7", dims), vec![sq("d6", dims)]);
    let svg = draw(
        dims,
        &pieces,
        &RenderSpec::default_for(dims),
        &annotations,
        "Capture",
    );
    check_svg(&svg);
    // Coordinates are on the left and bottom: 28-unit margins there, 8 elsewhere.
    let raster = Raster::new(&svg, 0.0);
    let at = |name: &str, dx: f32, dy: f32| raster.at(sq(name, dims), dx + 28.0, dy + 8.0);
    // The capture cross sits on the centre of d6, over the faded defender.
    assert_eq!(at("d6", 0.0, 0.0), light("capture"), "cross on d6");
    // The arrow's shaft runs along rank 7 between a7 and d7.
    assert_eq!(
        at("b7", 0.0, 0.0),
        mix(light("arrow"), light("cell-dark"), 0.9)
    );
    // The origin square is tinted but still shows the board under it.
    let origin = at("a7", -12.0, 12.0);
    assert_ne!(origin, light("cell-light"), "a7 is highlighted");
    // An untouched square keeps its colour.
    assert_eq!(at("h2", 0.0, 0.0), light("cell-light"));
}

/// `top` at `opacity` over `bottom`, as 8-bit sRGB.
fn mix(top: String, bottom: String, opacity: f32) -> String {
    let channel = |hex: &str, i: usize| u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap();
    let out: Vec<String> = (0..3)
        .map(|i| {
            let (t, b) = (f32::from(channel(&top, i)), f32::from(channel(&bottom, i)));
            format!("{:02x}", (t * opacity + b * (1.0 - opacity)).round() as u8)
        })
        .collect();
    format!("#{}", out.concat())
}
