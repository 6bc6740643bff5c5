//! Go stones as diagram glyphs, territory marks, and the start diagram's key.
//!
//! The glyphs paint with tokens every palette defines (the dark and light
//! pieces of the other families), so a hub's own palette needs nothing new:
//! a black stone is a dark disc, a white stone a light disc with a dark
//! rim, and a point's owner at the count is a small square of its colour.

use rulehub_go::Color;

use rulehub_diagram::{Glyph, Shape, ShapeKind};
use rulehub_family::LegendEntry;

const SHADOW: Shape = Shape {
    kind: ShapeKind::Circle,
    attributes: &[("cy", "3"), ("r", "47"), ("opacity", "0.25")],
    fill: Some("piece-shadow"),
    stroke: None,
};

pub static BLACK_STONE: Glyph = Glyph {
    id: "go-black",
    shapes: &[
        SHADOW,
        Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "47"), ("stroke-width", "3")],
            fill: Some("attacker"),
            stroke: Some("attacker-stroke"),
        },
    ],
};

pub static WHITE_STONE: Glyph = Glyph {
    id: "go-white",
    shapes: &[
        SHADOW,
        Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "46"), ("stroke-width", "4")],
            fill: Some("defender"),
            stroke: Some("defender-stroke"),
        },
    ],
};

/// A point Black owns at the count: a small dark square on the intersection.
pub static BLACK_TERRITORY: Glyph = Glyph {
    id: "go-territory-black",
    shapes: &[Shape {
        kind: ShapeKind::Path,
        attributes: &[("d", "M-22,-22H22V22H-22Z"), ("stroke-width", "4")],
        fill: Some("attacker"),
        stroke: Some("attacker-stroke"),
    }],
};

/// A point White owns at the count: a small light square.
pub static WHITE_TERRITORY: Glyph = Glyph {
    id: "go-territory-white",
    shapes: &[Shape {
        kind: ShapeKind::Path,
        attributes: &[("d", "M-22,-22H22V22H-22Z"), ("stroke-width", "6")],
        fill: Some("defender"),
        stroke: Some("defender-stroke"),
    }],
};

pub fn stone(color: Color) -> &'static Glyph {
    match color {
        Color::Black => &BLACK_STONE,
        Color::White => &WHITE_STONE,
    }
}

pub fn territory(color: Color) -> &'static Glyph {
    match color {
        Color::Black => &BLACK_TERRITORY,
        Color::White => &WHITE_TERRITORY,
    }
}

/// The start diagram's key: the two colours.
pub const LEGEND: &[LegendEntry] = &[
    LegendEntry {
        token: "attacker",
        label: "go-legend-black",
        mark: None,
    },
    LegendEntry {
        token: "defender",
        label: "go-legend-white",
        mark: None,
    },
];

/// Message ids of the key.
pub const MESSAGE_IDS: &[&str] = &["board-legend", "go-legend-black", "go-legend-white"];
