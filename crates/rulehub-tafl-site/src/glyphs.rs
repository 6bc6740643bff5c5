//! Tafl's pieces as diagram glyphs, and the start diagram's key.

use rulehub_diagram::{Glyph, Shape, ShapeKind};
use rulehub_family::LegendEntry;
use rulehub_tafl::Piece;

/// Under every piece: a soft shadow a little below it.
const SHADOW: Shape = Shape {
    kind: ShapeKind::Circle,
    attributes: &[("cy", "4"), ("r", "44"), ("opacity", "0.3")],
    fill: Some("piece-shadow"),
    stroke: None,
};

/// A dark disc with a light ring.
pub static ATTACKER: Glyph = Glyph {
    id: "attacker",
    shapes: &[
        SHADOW,
        Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "44"), ("stroke-width", "3")],
            fill: Some("attacker"),
            stroke: Some("attacker-stroke"),
        },
        Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "26"), ("stroke-width", "7")],
            fill: Some("transparent"),
            stroke: Some("attacker-mark"),
        },
    ],
};

/// A plain light disc.
pub static DEFENDER: Glyph = Glyph {
    id: "defender",
    shapes: &[
        SHADOW,
        Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "44"), ("stroke-width", "4")],
            fill: Some("defender"),
            stroke: Some("defender-stroke"),
        },
    ],
};

/// A light disc with a crown.
pub static KING: Glyph = Glyph {
    id: "king",
    shapes: &[
        SHADOW,
        Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "45"), ("stroke-width", "5")],
            fill: Some("king"),
            stroke: Some("king-stroke"),
        },
        Shape {
            kind: ShapeKind::Path,
            attributes: &[
                ("d", "M-29,19L-33,-17L-15,-1L0,-29L15,-1L33,-17L29,19Z"),
                ("stroke-width", "3"),
                ("stroke-linejoin", "round"),
            ],
            fill: Some("king-mark"),
            stroke: Some("king-stroke"),
        },
    ],
};

/// How a tafl piece is drawn.
pub fn glyph(piece: Piece) -> &'static Glyph {
    match piece {
        Piece::Attacker => &ATTACKER,
        Piece::Defender => &DEFENDER,
        Piece::King => &KING,
    }
}

/// The start diagram's key: each piece's colours and the side it stands for.
pub const LEGEND: &[LegendEntry] = &[
    LegendEntry {
        token: "attacker",
        label: "side-attackers",
        mark: None,
    },
    LegendEntry {
        token: "defender",
        label: "side-defenders",
        mark: None,
    },
    LegendEntry {
        token: "king",
        label: "legend-king",
        mark: Some("king-mark"),
    },
];
