//! Board diagrams: a position, render ops, a theme palette and annotations
//! become one self-contained SVG document.
//!
//! Pure: no file I/O, and nothing about Markdown or HTML pages. Every problem
//! is reported as a [`DiagramError`] naming the op and field; the caller adds
//! the file and line.
//!
//! ```
//! use rulehub_diagram::{Annotations, Board, Glyph, Palette, RenderSpec, Shape, ShapeKind, render};
//! use rulehub_game::{Dims, Square};
//!
//! // A game family defines its pieces as glyphs coloured by palette tokens.
//! static STONE: Glyph = Glyph {
//!     id: "stone",
//!     shapes: &[Shape {
//!         kind: ShapeKind::Circle,
//!         attributes: &[("r", "44")],
//!         fill: Some("attacker"),
//!         stroke: None,
//!     }],
//! };
//! let dims = Dims::new(7, 7);
//! let spec = RenderSpec::default_for(dims);
//! let palette = Palette::builtin();
//! let pieces = [(dims.center(), &STONE), (Square::new(0, 3), &STONE)];
//! let svg = render(&Board {
//!     dims,
//!     pieces: &pieces,
//!     spec: &spec,
//!     palette: &palette,
//!     title: "Brandubh",
//!     desc: "The king on the throne and one attacker on d7.",
//!     annotations: &Annotations::default(),
//! })
//! .unwrap();
//! assert!(svg.starts_with("<svg"));
//! ```

// Problems are built only on the error path (see rulehub-core).
#![allow(clippy::result_large_err)]

mod draw;
mod error;
mod glyph;
mod locate;
mod palette;
mod sheet;
mod spec;
mod suggest;

use std::collections::BTreeSet;

pub use error::DiagramError;
pub use glyph::{Glyph, Shape, ShapeKind};
pub use locate::locate;
pub use palette::{Palette, REQUIRED_TOKENS, TRANSPARENT};
pub use sheet::{Backdrop, Frame, sheet};
pub use spec::{
    ArrowsOp, CapturesOp, CellPattern, CellsOp, CoordinatesOp, Edge, GridOp, HighlightShape,
    HighlightsOp, LabelsOp, Letters, MAX_LABEL_CHARS, MAX_SIDE, MIN_SIDE, PiecesOp, RectOp,
    RenderOp, RenderSpec, Scope, SquareLabel, Zone, ZoneSquare, Zones, validate,
};

use rulehub_game::{Dims, Square};

/// Marks drawn over a position in worked examples.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotations {
    /// The moving piece's origin: tinted, with a dashed outline.
    pub from: Option<Square>,
    /// The destination: tinted, with a solid outline.
    pub to: Option<Square>,
    /// Move arrows, origin to destination.
    pub arrows: Vec<(Square, Square)>,
    /// Captured squares get a cross; a piece still listed there is drawn faded.
    pub captured: Vec<Square>,
    /// Legal destinations claimed by an example (`moves_from`): a dot each.
    pub dots: Vec<Square>,
}

impl Annotations {
    /// The usual marks for one move: both squares highlighted, an arrow, and
    /// the captured squares crossed.
    pub fn for_move(from: Square, to: Square, captured: Vec<Square>) -> Self {
        Annotations {
            from: Some(from),
            to: Some(to),
            arrows: vec![(from, to)],
            captured,
            dots: Vec::new(),
        }
    }
}

/// Everything one diagram is drawn from. A game family names the
/// [`Glyph`] of each of its pieces; the diagram knows no game.
#[derive(Debug, Clone, Copy)]
pub struct Board<'a> {
    pub dims: Dims,
    pub pieces: &'a [(Square, &'static Glyph)],
    pub spec: &'a RenderSpec,
    pub palette: &'a Palette,
    /// The SVG's `<title>` (plain text; escaped here).
    pub title: &'a str,
    /// The SVG's `<desc>` (plain text; escaped here).
    pub desc: &'a str,
    pub annotations: &'a Annotations,
}

/// Draws the board as a complete SVG document (deterministic bytes), or
/// returns every problem with the spec, pieces and annotations.
pub fn render(board: &Board) -> Result<String, Vec<DiagramError>> {
    check(board).map(|()| draw::draw(board))
}

/// The width and height of the viewBox of a board of `dims` drawn with
/// `spec`, in SVG units (whole numbers: squares and margins are): what a
/// page states on the board's `<img>`, so that the page keeps its layout
/// while the image loads. A sheet's every view has this size too.
pub fn size(dims: Dims, spec: &RenderSpec) -> (f64, f64) {
    draw::size(dims, spec)
}

/// Paints the board as one frame of a [`sheet`], titled and described with
/// the board's `title` and `desc`; or returns every problem, as [`render`].
/// To paint several positions of one board, make its [`Backdrop`] once.
pub fn frame(board: &Board) -> Result<Frame, Vec<DiagramError>> {
    check(board)?;
    Ok(Backdrop::paint(board.dims, board.spec, board.palette).paint_frame(board))
}

/// Every problem with the board's spec, pieces and annotations.
fn check(board: &Board) -> Result<(), Vec<DiagramError>> {
    let mut errors = validate(board.spec, board.dims, board.palette);
    errors.extend(check_position(board));
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Pieces and annotation squares must be on the board; one piece per square.
pub(crate) fn check_position(board: &Board) -> Vec<DiagramError> {
    let dims = board.dims;
    let mut errors = Vec::new();
    let off_board = |what: &str, square: Square| {
        DiagramError::general(format!(
            "{what} at [{}, {}] is off the {dims} board; rows are 0–{} and columns 0–{}, counted from the top-left",
            square.row,
            square.col,
            dims.rows.saturating_sub(1),
            dims.cols.saturating_sub(1),
        ))
    };
    let mut occupied = BTreeSet::new();
    for &(square, piece) in board.pieces {
        if !dims.contains(square) {
            errors.push(off_board(piece.id, square));
        } else if !occupied.insert(square) {
            errors.push(DiagramError::general(format!(
                "two pieces stand on {}; a square holds one piece",
                square.name(dims)
            )));
        }
    }
    let a = board.annotations;
    let marks = a
        .from
        .iter()
        .map(|&s| ("the highlighted origin", s))
        .chain(a.to.iter().map(|&s| ("the highlighted destination", s)))
        .chain(
            a.arrows
                .iter()
                .flat_map(|&(f, t)| [("an arrow end", f), ("an arrow end", t)]),
        )
        .chain(a.captured.iter().map(|&s| ("a capture mark", s)))
        .chain(a.dots.iter().map(|&s| ("a destination dot", s)));
    for (what, square) in marks {
        if !dims.contains(square) {
            errors.push(off_board(what, square));
        }
    }
    for &(from, to) in &a.arrows {
        if from == to && dims.contains(from) {
            errors.push(DiagramError::general(format!(
                "an arrow starts and ends on {}; an arrow needs two different squares",
                from.name(dims)
            )));
        }
    }
    errors
}
