//! Pieces as the diagram sees them: glyphs, each a few shapes on a canvas
//! from -50 to 50, coloured by palette tokens. A game family defines its
//! pieces' glyphs; the diagram draws whatever glyphs it is given and knows
//! no game.

/// One piece's picture, written once per SVG as a `<symbol id="rh-{id}">`.
#[derive(Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The symbol's id (after `rh-`) and the piece's name in messages.
    pub id: &'static str,
    /// Drawn in order, the first at the bottom.
    pub shapes: &'static [Shape],
}

/// A circle or a path, with its geometry as SVG attributes and its colours
/// as palette tokens (validated with the palette like every other colour).
#[derive(Debug, PartialEq, Eq)]
pub struct Shape {
    pub kind: ShapeKind,
    /// Geometry and stroke attributes, e.g. `("r", "44")`.
    pub attributes: &'static [(&'static str, &'static str)],
    pub fill: Option<&'static str>,
    pub stroke: Option<&'static str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    Circle,
    Path,
}
