//! Draughts pieces as diagram glyphs, and the start diagram's key.
//!
//! The glyphs paint with tokens every palette must define (a theme that
//! restyles the board restyles these pieces with it, and a hub's own
//! palette needs nothing new): white pieces are light discs, black pieces
//! dark discs, and a king carries a crown on top.

use rulehub_draughts::{Colour, Kind, Piece};

use rulehub_diagram::{Glyph, Shape, ShapeKind};
use rulehub_family::LegendEntry;

const SHADOW: Shape = Shape {
    kind: ShapeKind::Circle,
    attributes: &[("cy", "4"), ("r", "44"), ("opacity", "0.3")],
    fill: Some("piece-shadow"),
    stroke: None,
};

const WHITE_DISC: Shape = Shape {
    kind: ShapeKind::Circle,
    attributes: &[("r", "44"), ("stroke-width", "4")],
    fill: Some("defender"),
    stroke: Some("defender-stroke"),
};

const BLACK_DISC: Shape = Shape {
    kind: ShapeKind::Circle,
    attributes: &[("r", "44"), ("stroke-width", "3")],
    fill: Some("attacker"),
    stroke: Some("attacker-stroke"),
};

/// The ridge of a draughts man seen from above: an inner ring.
const fn ring(stroke: &'static str) -> Shape {
    Shape {
        kind: ShapeKind::Circle,
        attributes: &[("r", "30"), ("stroke-width", "4")],
        fill: Some("transparent"),
        stroke: Some(stroke),
    }
}

const CROWN: Shape = Shape {
    kind: ShapeKind::Path,
    attributes: &[
        ("d", "M-27,17L-31,-15L-14,0L0,-26L14,0L31,-15L27,17Z"),
        ("stroke-width", "3"),
        ("stroke-linejoin", "round"),
    ],
    fill: Some("king-mark"),
    stroke: Some("king-stroke"),
};

pub static WHITE_MAN: Glyph = Glyph {
    id: "draughts-white-man",
    shapes: &[SHADOW, WHITE_DISC, ring("defender-stroke")],
};

pub static BLACK_MAN: Glyph = Glyph {
    id: "draughts-black-man",
    shapes: &[SHADOW, BLACK_DISC, ring("attacker-mark")],
};

pub static WHITE_KING: Glyph = Glyph {
    id: "draughts-white-king",
    shapes: &[SHADOW, WHITE_DISC, CROWN],
};

pub static BLACK_KING: Glyph = Glyph {
    id: "draughts-black-king",
    shapes: &[SHADOW, BLACK_DISC, CROWN],
};

/// The glyph a diagram draws for a piece.
pub fn glyph(piece: Piece) -> &'static Glyph {
    match (piece.colour, piece.kind) {
        (Colour::White, Kind::Man) => &WHITE_MAN,
        (Colour::White, Kind::King) => &WHITE_KING,
        (Colour::Black, Kind::Man) => &BLACK_MAN,
        (Colour::Black, Kind::King) => &BLACK_KING,
    }
}

/// The start diagram's key: the two colours, and the crown of a king.
pub const LEGEND: &[LegendEntry] = &[
    LegendEntry {
        token: "defender",
        label: "draughts-legend-white",
        mark: None,
    },
    LegendEntry {
        token: "attacker",
        label: "draughts-legend-black",
        mark: None,
    },
    LegendEntry {
        token: "defender",
        label: "draughts-legend-king",
        mark: Some("king-mark"),
    },
];

/// Message ids of the key.
pub const MESSAGE_IDS: &[&str] = &[
    "board-legend",
    "draughts-legend-white",
    "draughts-legend-black",
    "draughts-legend-king",
];
