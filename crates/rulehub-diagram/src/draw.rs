//! Turns a checked board into SVG text.
//!
//! Geometry: a square is 40 units; margins are 8 units, or 28 on a side that
//! carries coordinates. The document has a viewBox and no width or height, so
//! it scales to whatever box the page gives it.
//!
//! Squares: the cells layer draws the squares of one colour pair as one
//! path (`M68 8h40v40h-40z…`), a quarter of the bytes of a rectangle each.
//!
//! Colours: a theme token is written both as a presentation attribute (its
//! light colour, for renderers without CSS) and as a class such as
//! `rh-fill-throne`; the embedded `<style>` maps each class to its light
//! colour and, under `@media (prefers-color-scheme: dark)`, to its dark one.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use svg::Node;
use svg::node::Blob;
use svg::node::element::{
    Circle, Definitions, Description, Group, Path, Rectangle, Style, Symbol, Text as TextElement,
    Title, Use,
};

use super::glyph::{Glyph, ShapeKind};
use super::palette::{Paint, Palette};
use super::spec::{
    ArrowsOp, CapturesOp, CellsOp, CoordinatesOp, Edge, GridOp, HighlightShape, HighlightsOp,
    LabelsOp, PiecesOp, RectOp, RenderOp, Scope,
};
use super::{Annotations, Board};
use rulehub_game::{Dims, Square};

const CELL: f64 = 40.0;
const PAD: f64 = 8.0;
const LABEL_MARGIN: f64 = 28.0;
const DEFAULT_PIECE_SIZE: f64 = 0.86;
const CAPTURED_OPACITY: &str = "0.4";

/// A board's layers, painted: what a document or a sheet's frame holds.
pub(crate) struct Drawing<'p> {
    pub painter: Painter<'p>,
    pub width: f64,
    pub height: f64,
    /// One slot per layer of the plan, in drawing order.
    pub layers: Vec<Slot>,
}

/// One layer of a drawing: painted, or not (left out by [`Layers`], or
/// with nothing to show, such as the arrows of a position without a move).
pub(crate) struct Slot {
    /// Whether the layer is part of the board's backdrop (see [`Layers`]).
    pub backdrop: bool,
    pub group: Option<Group>,
}

/// Which layers [`paint`] paints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layers {
    All,
    /// The backdrop: the layers drawn from the spec and the board's size
    /// alone (background, squares, frame, coordinates, labels), the same
    /// under every position of one variant.
    Backdrop,
    /// The layers the position and its annotations change.
    Position,
}

/// Paints the layers of a board whose spec, pieces and annotations were
/// already checked; `which` says which.
pub(crate) fn paint<'p>(board: &Board<'p>, which: Layers) -> Drawing<'p> {
    let geometry = Geometry::new(board.dims, board.spec);
    let mut painter = Painter {
        palette: board.palette,
        used: BTreeSet::new(),
        pieces: BTreeMap::new(),
    };
    let mut layers = Vec::new();
    for layer in plan(&board.spec.ops) {
        let backdrop = layer.is_backdrop();
        let wanted = match which {
            Layers::All => true,
            Layers::Backdrop => backdrop,
            Layers::Position => !backdrop,
        };
        let group = match layer {
            _ if !wanted => None,
            Layer::Rect(op) => Some(painter.rect(&geometry, op)),
            Layer::Cells(op) => Some(painter.cells(&geometry, op)),
            Layer::Coordinates(op) => Some(painter.coordinates(&geometry, op)),
            Layer::Labels(op) => Some(painter.labels(&geometry, op)),
            Layer::Grid(op) => Some(painter.grid(&geometry, op)),
            Layer::Pieces(op) => painter.pieces(&geometry, op, board.pieces, board.annotations),
            Layer::Highlights(op) => painter.highlights(&geometry, op, board.annotations),
            Layer::Arrows(op) => painter.arrows(&geometry, op, board.annotations),
            Layer::Captures(op) => painter.captures(&geometry, op, board.annotations),
        };
        layers.push(Slot { backdrop, group });
    }
    Drawing {
        painter,
        width: geometry.width(),
        height: geometry.height(),
        layers,
    }
}

/// Draws a board whose spec, pieces and annotations were already checked.
pub(crate) fn draw(board: &Board) -> String {
    let Drawing {
        mut painter,
        width,
        height,
        layers,
    } = paint(board, Layers::All);
    let mut document = svg::Document::new()
        .set("viewBox", view_box(0.0, width, height))
        .set("role", "img")
        .set("class", "rh-board")
        .add(Title::new(clean_text(board.title)))
        .add(Description::new().add(svg::node::Text::new(clean_text(board.desc))));
    document = painter.style_and_defs(document, []);
    for group in layers.into_iter().filter_map(|slot| slot.group) {
        document = document.add(group);
    }
    finish(document)
}

/// `x 0 width height`: a viewBox `x` units along.
pub(crate) fn view_box(x: f64, width: f64, height: f64) -> String {
    format!("{} 0 {} {}", num(x), num(width), num(height))
}

/// The document's text, ending in a newline.
pub(crate) fn finish(document: svg::Document) -> String {
    let mut text = document.to_string();
    text.push('\n');
    text
}

/// What is drawn, in order: the ops, plus the layers the ops leave out.
enum Layer<'a> {
    Rect(&'a RectOp),
    Cells(&'a CellsOp),
    Coordinates(&'a CoordinatesOp),
    Labels(&'a LabelsOp),
    Grid(&'a GridOp),
    Pieces(&'a PiecesOp),
    Highlights(&'a HighlightsOp),
    Arrows(&'a ArrowsOp),
    Captures(&'a CapturesOp),
}

impl Layer<'_> {
    /// Whether the layer is drawn from the spec and the board's size alone.
    fn is_backdrop(&self) -> bool {
        matches!(
            self,
            Layer::Rect(_)
                | Layer::Cells(_)
                | Layer::Coordinates(_)
                | Layer::Labels(_)
                | Layer::Grid(_)
        )
    }
}

static DEFAULT_PIECES: PiecesOp = PiecesOp { size: None };
static DEFAULT_HIGHLIGHTS: HighlightsOp = HighlightsOp {
    from: None,
    to: None,
    stroke: None,
    shape: None,
};
static DEFAULT_ARROWS: ArrowsOp = ArrowsOp {
    fill: None,
    halo: None,
};
static DEFAULT_CAPTURES: CapturesOp = CapturesOp {
    fill: None,
    halo: None,
};

/// The ops in order; `highlights`, `pieces`, `arrows` and `captures` are
/// added on top when absent (highlights just under the first `pieces`).
fn plan(ops: &[RenderOp]) -> Vec<Layer<'_>> {
    let has = |f: fn(&RenderOp) -> bool| ops.iter().any(f);
    let has_highlights = has(|op| matches!(op, RenderOp::Highlights(_)));
    let has_pieces = has(|op| matches!(op, RenderOp::Pieces(_)));
    let has_arrows = has(|op| matches!(op, RenderOp::Arrows(_)));
    let has_captures = has(|op| matches!(op, RenderOp::Captures(_)));
    let mut highlights_placed = has_highlights;
    let mut layers = Vec::new();
    for op in ops {
        let layer = match op {
            RenderOp::Rect(op) => Layer::Rect(op),
            RenderOp::Cells(op) => Layer::Cells(op),
            RenderOp::Coordinates(op) => Layer::Coordinates(op),
            RenderOp::Labels(op) => Layer::Labels(op),
            RenderOp::Grid(op) => Layer::Grid(op),
            RenderOp::Pieces(op) => {
                if !highlights_placed {
                    layers.push(Layer::Highlights(&DEFAULT_HIGHLIGHTS));
                    highlights_placed = true;
                }
                Layer::Pieces(op)
            }
            RenderOp::Highlights(op) => Layer::Highlights(op),
            RenderOp::Arrows(op) => Layer::Arrows(op),
            RenderOp::Captures(op) => Layer::Captures(op),
        };
        layers.push(layer);
    }
    if !highlights_placed {
        layers.push(Layer::Highlights(&DEFAULT_HIGHLIGHTS));
    }
    if !has_pieces {
        layers.push(Layer::Pieces(&DEFAULT_PIECES));
    }
    if !has_arrows {
        layers.push(Layer::Arrows(&DEFAULT_ARROWS));
    }
    if !has_captures {
        layers.push(Layer::Captures(&DEFAULT_CAPTURES));
    }
    layers
}

struct Geometry {
    dims: Dims,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

/// The width and height, in SVG units, of the viewBox of a board of
/// `dims` drawn with `spec` (and of each view of a sheet of such boards).
pub(crate) fn size(dims: Dims, spec: &super::RenderSpec) -> (f64, f64) {
    let geometry = Geometry::new(dims, spec);
    (geometry.width(), geometry.height())
}

impl Geometry {
    fn new(dims: Dims, spec: &super::RenderSpec) -> Self {
        let mut labelled = BTreeSet::new();
        for op in &spec.ops {
            if let RenderOp::Coordinates(op) = op {
                labelled.extend(coordinate_sides(op));
            }
        }
        let margin = |edge| {
            if labelled.contains(&edge) {
                LABEL_MARGIN
            } else {
                PAD
            }
        };
        Geometry {
            dims,
            left: margin(Edge::Left),
            top: margin(Edge::Top),
            right: margin(Edge::Right),
            bottom: margin(Edge::Bottom),
        }
    }

    fn board_width(&self) -> f64 {
        f64::from(self.dims.cols) * CELL
    }

    fn board_height(&self) -> f64 {
        f64::from(self.dims.rows) * CELL
    }

    fn width(&self) -> f64 {
        self.left + self.board_width() + self.right
    }

    fn height(&self) -> f64 {
        self.top + self.board_height() + self.bottom
    }

    /// Top-left corner of a square.
    fn origin(&self, square: Square) -> (f64, f64) {
        (
            self.left + f64::from(square.col) * CELL,
            self.top + f64::from(square.row) * CELL,
        )
    }

    fn centre(&self, square: Square) -> (f64, f64) {
        let (x, y) = self.origin(square);
        (x + CELL / 2.0, y + CELL / 2.0)
    }
}

fn coordinate_sides(op: &CoordinatesOp) -> Vec<Edge> {
    op.sides
        .clone()
        .unwrap_or_else(|| vec![Edge::Left, Edge::Bottom])
}

/// A square's fill and outline, as colour references.
type CellPaint<'a> = (Option<&'a str>, Option<&'a str>);

pub(crate) struct Painter<'a> {
    pub palette: &'a Palette,
    /// (CSS property, token) pairs drawn so far, for the style sheet.
    pub used: BTreeSet<(&'static str, String)>,
    /// Glyphs drawn so far by id, for the symbol definitions.
    pub pieces: BTreeMap<&'static str, &'static Glyph>,
}

impl Painter<'_> {
    /// Sets `fill`/`stroke` from colour references (already validated) and the
    /// matching token classes.
    fn paint<T: Node>(&mut self, mut element: T, fill: Option<&str>, stroke: Option<&str>) -> T {
        let mut classes = Vec::new();
        for (property, value) in [("fill", fill), ("stroke", stroke)] {
            let Some(value) = value else { continue };
            let paint = self.palette.resolve(value).unwrap_or(Paint::None);
            let attribute = match paint {
                Paint::None => "none".to_string(),
                Paint::Raw(hex) => hex,
                Paint::Token(token) => {
                    classes.push(format!("rh-{property}-{token}"));
                    let light = self.palette.light(&token).unwrap_or("none").to_string();
                    self.used.insert((property, token));
                    light
                }
            };
            element.assign(property, attribute);
        }
        if !classes.is_empty() {
            // Keep a layer class set before painting (e.g. `rh-coordinates`) first.
            let existing = element
                .get_attributes()
                .and_then(|attributes| attributes.get("class"))
                .map(|value| value.to_string());
            classes.splice(0..0, existing);
            element.assign("class", classes.join(" "));
        }
        element
    }

    fn rect(&mut self, g: &Geometry, op: &RectOp) -> Group {
        let (x, y, w, h) = match op.scope {
            Scope::Board => (g.left, g.top, g.board_width(), g.board_height()),
            Scope::Canvas => (0.0, 0.0, g.width(), g.height()),
        };
        let mut rect = Rectangle::new()
            .set("x", num(x))
            .set("y", num(y))
            .set("width", num(w))
            .set("height", num(h));
        if op.stroke.is_some() {
            rect = rect.set("stroke-width", num(op.stroke_width.unwrap_or(2.0)));
        }
        let rect = self.paint(rect, Some(&op.fill), op.stroke.as_deref());
        Group::new().set("class", "rh-rect").add(rect)
    }

    fn cells(&mut self, g: &Geometry, op: &CellsOp) -> Group {
        let mut kinds: BTreeMap<Square, &str> = BTreeMap::new();
        for zone in &op.zones.cells {
            for square in &zone.at {
                // Validation keeps zones on the board; the casts cannot truncate.
                if let Ok([row, col]) = square.resolve(g.dims) {
                    kinds.insert(Square::new(row as u8, col as u8), zone.kind.as_str());
                }
            }
        }
        let checkered = op.light.is_some() && op.dark.is_some();
        let mut group = Group::new()
            .set("class", "rh-cells")
            .set("stroke-width", num(op.stroke_width.unwrap_or(1.0)));
        // Floor squares first, so a zone's outline is drawn over its neighbours'.
        let floor: Vec<Square> = g
            .dims
            .squares()
            .filter(|s| !kinds.contains_key(s) || kinds[s] == "floor")
            .collect();
        let zoned = g
            .dims
            .squares()
            .filter(|s| kinds.get(s).is_some_and(|k| *k != "floor"));
        // One path per (fill, stroke) pair, in the order the pairs first
        // appear, instead of a rectangle per square: a quarter of the bytes
        // for the same picture (a path strokes each of its squares).
        let mut layers: Vec<(CellPaint, String)> = Vec::new();
        for square in floor.iter().copied().chain(zoned) {
            let kind = kinds.get(&square).copied().unwrap_or("floor");
            let fill = if kind == "floor" && checkered {
                if (square.row + square.col) % 2 == 0 {
                    op.light.as_deref()
                } else {
                    op.dark.as_deref()
                }
            } else {
                op.type_colors
                    .get(kind)
                    .map(String::as_str)
                    .or(op.default_fill.as_deref())
            };
            let key = (fill, op.type_strokes.get(kind).map(String::as_str));
            let (x, y) = g.origin(square);
            let side = num(CELL);
            let cell = format!("M{} {}h{side}v{side}h-{side}z", num(x), num(y));
            match layers.iter_mut().find(|(k, _)| *k == key) {
                Some((_, path)) => path.push_str(&cell),
                None => layers.push((key, cell)),
            }
        }
        for ((fill, stroke), data) in layers {
            let path = Path::new().set("d", data);
            let path = self.paint(path, Some(fill.unwrap_or("transparent")), stroke);
            group = group.add(path);
        }
        group
    }

    fn coordinates(&mut self, g: &Geometry, op: &CoordinatesOp) -> Group {
        let group = Group::new()
            .set("class", "rh-coordinates")
            .set("font-family", "Georgia, 'Times New Roman', serif")
            .set("font-size", num(CELL * 0.36))
            .set("text-anchor", "middle")
            .set("dominant-baseline", "central");
        let mut group = self.paint(
            group,
            Some(op.fill.as_deref().unwrap_or("coordinate")),
            None,
        );
        let dims = g.dims;
        for edge in coordinate_sides(op) {
            let horizontal = matches!(edge, Edge::Top | Edge::Bottom);
            let count = if horizontal { dims.cols } else { dims.rows };
            for i in 0..count {
                let (label, x, y) = if horizontal {
                    let file = op.letters.unwrap_or_default().letter(i).to_string();
                    let x = g.left + (f64::from(i) + 0.5) * CELL;
                    let y = match edge {
                        Edge::Top => g.top / 2.0,
                        _ => g.top + g.board_height() + g.bottom / 2.0,
                    };
                    (file, x, y)
                } else {
                    let rank = (dims.rows - i).to_string();
                    let y = g.top + (f64::from(i) + 0.5) * CELL;
                    let x = match edge {
                        Edge::Left => g.left / 2.0,
                        _ => g.left + g.board_width() + g.right / 2.0,
                    };
                    (rank, x, y)
                };
                group = group.add(TextElement::new(label).set("x", num(x)).set("y", num(y)));
            }
        }
        group
    }

    /// The lines through the middle of every row and column of squares (a
    /// board whose pieces stand on points), as one path, the outermost
    /// four as a wider square, and a dot on each star point.
    fn grid(&mut self, g: &Geometry, op: &GridOp) -> Group {
        let stroke = op.stroke.as_deref().unwrap_or("frame");
        let width = op.stroke_width.unwrap_or(1.2);
        let border = op.border_width.unwrap_or(width * 2.0);
        let (rows, cols) = (g.dims.rows, g.dims.cols);
        let (x0, y0) = g.centre(Square::new(0, 0));
        let (x1, y1) = g.centre(Square::new(rows - 1, cols - 1));
        let mut d = String::new();
        for row in 1..rows.saturating_sub(1) {
            let (_, y) = g.centre(Square::new(row, 0));
            let _ = write!(d, "M{} {}H{}", num(x0), num(y), num(x1));
        }
        for col in 1..cols.saturating_sub(1) {
            let (x, _) = g.centre(Square::new(0, col));
            let _ = write!(d, "M{} {}V{}", num(x), num(y0), num(y1));
        }
        let mut group = Group::new().set("class", "rh-grid");
        if !d.is_empty() {
            let lines = Path::new()
                .set("d", d)
                .set("stroke-width", num(width))
                .set("fill", "none");
            group = group.add(self.paint(lines, None, Some(stroke)));
        }
        let frame = Rectangle::new()
            .set("x", num(x0))
            .set("y", num(y0))
            .set("width", num(x1 - x0))
            .set("height", num(y1 - y0))
            .set("stroke-width", num(border));
        group = group.add(self.paint(frame, Some("transparent"), Some(stroke)));
        let mut stars: Vec<Square> = op
            .stars
            .iter()
            .filter_map(|star| star.resolve(g.dims).ok())
            .filter_map(|[row, col]| {
                Some(Square::new(
                    u8::try_from(row).ok()?,
                    u8::try_from(col).ok()?,
                ))
            })
            .collect();
        stars.sort();
        stars.dedup();
        for star in stars {
            let (cx, cy) = g.centre(star);
            let dot = Circle::new()
                .set("cx", num(cx))
                .set("cy", num(cy))
                .set("r", num(CELL * 0.09));
            group = group.add(self.paint(dot, Some(stroke), None));
        }
        group
    }

    /// Small labels in the top-left corner of squares (validated: on the
    /// board, short).
    fn labels(&mut self, g: &Geometry, op: &LabelsOp) -> Group {
        let group = Group::new()
            .set("class", "rh-labels")
            .set("font-family", "Georgia, 'Times New Roman', serif")
            .set("font-size", num(CELL * 0.24))
            .set("dominant-baseline", "hanging");
        let mut group = self.paint(
            group,
            Some(op.fill.as_deref().unwrap_or("coordinate")),
            None,
        );
        for label in &op.squares {
            let Ok([row, col]) = label.at.resolve(g.dims) else {
                continue;
            };
            let (Ok(row), Ok(col)) = (u8::try_from(row), u8::try_from(col)) else {
                continue;
            };
            let (x, y) = g.origin(Square::new(row, col));
            group = group.add(
                TextElement::new(clean_text(&label.text))
                    .set("x", num(x + CELL * 0.06))
                    .set("y", num(y + CELL * 0.05)),
            );
        }
        group
    }

    fn pieces(
        &mut self,
        g: &Geometry,
        op: &PiecesOp,
        pieces: &[(Square, &'static Glyph)],
        annotations: &Annotations,
    ) -> Option<Group> {
        if pieces.is_empty() {
            return None;
        }
        let size = CELL * op.size.unwrap_or(DEFAULT_PIECE_SIZE);
        // One piece a square (checked before drawing): square order alone
        // is the drawing order.
        let mut sorted = pieces.to_vec();
        sorted.sort_by_key(|(square, _)| *square);
        let mut group = Group::new().set("class", "rh-pieces");
        for (square, piece) in sorted {
            let glyph = piece;
            self.pieces.insert(glyph.id, glyph);
            let (cx, cy) = g.centre(square);
            let mut use_ = Use::new()
                .set("href", format!("#rh-{}", glyph.id))
                .set("x", num(cx - size / 2.0))
                .set("y", num(cy - size / 2.0))
                .set("width", num(size))
                .set("height", num(size));
            if annotations.captured.contains(&square) {
                use_ = use_.set("opacity", CAPTURED_OPACITY);
            }
            group = group.add(use_);
        }
        Some(group)
    }

    fn highlights(
        &mut self,
        g: &Geometry,
        op: &HighlightsOp,
        annotations: &Annotations,
    ) -> Option<Group> {
        if annotations.from.is_none() && annotations.to.is_none() && annotations.dots.is_empty() {
            return None;
        }
        let stroke = op.stroke.as_deref().unwrap_or("highlight-stroke");
        let inset = 2.5;
        let mut group = Group::new()
            .set("class", "rh-highlights")
            .set("stroke-width", "2.5");
        let marks = [
            (
                annotations.from,
                op.from.as_deref().unwrap_or("highlight-from"),
                "0.5",
                true,
            ),
            (
                annotations.to,
                op.to.as_deref().unwrap_or("highlight-to"),
                "0.65",
                false,
            ),
        ];
        let ring = op.shape == Some(HighlightShape::Ring);
        for (square, fill, opacity, dashed) in marks {
            let Some(square) = square else { continue };
            if ring {
                // A ring over the piece on the point: its colour is the
                // mark's, drawn on a halo of the outline colour so it shows
                // on dark and light stones alike.
                let (cx, cy) = g.centre(square);
                for (colour, width) in [(stroke, 6.0), (fill, 3.0)] {
                    let mut circle = Circle::new()
                        .set("cx", num(cx))
                        .set("cy", num(cy))
                        .set("r", num(CELL * 0.2))
                        .set("stroke-width", num(width));
                    if dashed {
                        circle = circle.set("stroke-dasharray", "4 3");
                    }
                    group = group.add(self.paint(circle, Some("transparent"), Some(colour)));
                }
                continue;
            }
            let (x, y) = g.origin(square);
            let mut rect = Rectangle::new()
                .set("x", num(x + inset))
                .set("y", num(y + inset))
                .set("width", num(CELL - 2.0 * inset))
                .set("height", num(CELL - 2.0 * inset))
                .set("fill-opacity", opacity);
            if dashed {
                rect = rect.set("stroke-dasharray", "6 4");
            }
            group = group.add(self.paint(rect, Some(fill), Some(stroke)));
        }
        // Legal destinations: a small dot in the middle of each square.
        let mut dots = annotations.dots.clone();
        dots.sort();
        dots.dedup();
        for square in dots {
            let (cx, cy) = g.centre(square);
            let dot = Circle::new()
                .set("class", "rh-dot")
                .set("cx", num(cx))
                .set("cy", num(cy))
                .set("r", num(CELL * 0.14));
            group = group.add(self.paint(
                dot,
                Some(op.to.as_deref().unwrap_or("highlight-to")),
                Some(stroke),
            ));
        }
        Some(group)
    }

    fn arrows(&mut self, g: &Geometry, op: &ArrowsOp, annotations: &Annotations) -> Option<Group> {
        if annotations.arrows.is_empty() {
            return None;
        }
        let group = Group::new()
            .set("class", "rh-arrows")
            .set("stroke-width", "2.5")
            .set("stroke-linejoin", "round")
            .set("opacity", "0.9");
        let mut group = self.paint(
            group,
            Some(op.fill.as_deref().unwrap_or("arrow")),
            Some(op.halo.as_deref().unwrap_or("arrow-halo")),
        );
        for &(from, to) in &annotations.arrows {
            group = group.add(Path::new().set("d", arrow_path(g.centre(from), g.centre(to))));
        }
        Some(group)
    }

    fn captures(
        &mut self,
        g: &Geometry,
        op: &CapturesOp,
        annotations: &Annotations,
    ) -> Option<Group> {
        if annotations.captured.is_empty() {
            return None;
        }
        let mut squares = annotations.captured.clone();
        squares.sort();
        squares.dedup();
        let arm = CELL * 0.27;
        let mut d = String::new();
        for square in squares {
            let (cx, cy) = g.centre(square);
            let _ = write!(
                d,
                "M{},{}L{},{}M{},{}L{},{}",
                num(cx - arm),
                num(cy - arm),
                num(cx + arm),
                num(cy + arm),
                num(cx + arm),
                num(cy - arm),
                num(cx - arm),
                num(cy + arm)
            );
        }
        let width = CELL * 0.11;
        let halo = Path::new()
            .set("d", d.clone())
            .set("stroke-width", num(width + 4.0))
            .set("stroke-linecap", "round");
        let halo = self.paint(
            halo,
            Some("transparent"),
            Some(op.halo.as_deref().unwrap_or("capture-halo")),
        );
        let cross = Path::new()
            .set("d", d)
            .set("stroke-width", num(width))
            .set("stroke-linecap", "round");
        let cross = self.paint(
            cross,
            Some("transparent"),
            Some(op.fill.as_deref().unwrap_or("capture")),
        );
        Some(
            Group::new()
                .set("class", "rh-captures")
                .add(halo)
                .add(cross),
        )
    }

    /// The style sheet, and the piece symbols for everything painted so far
    /// followed by `more` definitions, added to `document`. Symbols first:
    /// their classes must be in the style sheet too.
    pub(crate) fn style_and_defs(
        &mut self,
        document: svg::Document,
        more: impl IntoIterator<Item = Blob>,
    ) -> svg::Document {
        let mut defs = self.defs();
        for definition in more {
            defs = Some(defs.unwrap_or_default().add(definition));
        }
        let document = document.add(Style::new(self.css()));
        match defs {
            Some(defs) => document.add(defs),
            None => document,
        }
    }

    /// The piece symbols drawn, in a `<defs>`; each symbol spans -50…50.
    fn defs(&mut self) -> Option<Definitions> {
        if self.pieces.is_empty() {
            return None;
        }
        let mut defs = Definitions::new();
        let glyphs: Vec<&'static Glyph> = self.pieces.values().copied().collect();
        for glyph in glyphs {
            let mut symbol = Symbol::new()
                .set("id", format!("rh-{}", glyph.id))
                .set("viewBox", "-50 -50 100 100");
            for shape in glyph.shapes {
                symbol = match shape.kind {
                    ShapeKind::Circle => {
                        let circle = with_attributes(Circle::new(), shape.attributes);
                        symbol.add(self.paint(circle, shape.fill, shape.stroke))
                    }
                    ShapeKind::Path => {
                        let path = with_attributes(Path::new(), shape.attributes);
                        symbol.add(self.paint(path, shape.fill, shape.stroke))
                    }
                };
            }
            defs = defs.add(symbol);
        }
        Some(defs)
    }

    /// The style sheet: each token class to its light colour, and to its dark
    /// colour when the reader prefers a dark scheme.
    fn css(&self) -> String {
        let rules = |dark: bool| {
            let mut css = String::new();
            for (property, token) in &self.used {
                let colour = if dark {
                    self.palette.dark(token)
                } else {
                    self.palette.light(token)
                };
                let _ = write!(
                    css,
                    ".rh-{property}-{token}{{{property}:{}}}",
                    colour.unwrap_or("none")
                );
            }
            css
        };
        format!(
            "{}@media (prefers-color-scheme: dark){{{}}}",
            rules(false),
            rules(true)
        )
    }
}

fn with_attributes<T: Node>(mut element: T, attributes: &[(&str, &str)]) -> T {
    for &(name, value) in attributes {
        element.assign(name, value);
    }
    element
}

/// An arrow outline from the centre of one square towards the centre of another.
fn arrow_path((x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> String {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let shaft = CELL * 0.09;
    let head_width = CELL * 0.27;
    // From just off the origin's centre to the rim of a piece on the destination.
    let start = (x1 + ux * CELL * 0.1, y1 + uy * CELL * 0.1);
    let tip = (x2 - ux * CELL * 0.4, y2 - uy * CELL * 0.4);
    let head_length = (CELL * 0.42).min((length - CELL * 0.5).max(1.0) * 0.7);
    let base = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let points = [
        (start.0 + nx * shaft, start.1 + ny * shaft),
        (base.0 + nx * shaft, base.1 + ny * shaft),
        (base.0 + nx * head_width, base.1 + ny * head_width),
        tip,
        (base.0 - nx * head_width, base.1 - ny * head_width),
        (base.0 - nx * shaft, base.1 - ny * shaft),
        (start.0 - nx * shaft, start.1 - ny * shaft),
    ];
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(
            d,
            "{}{},{}",
            if i == 0 { 'M' } else { 'L' },
            num(*x),
            num(*y)
        );
    }
    d.push('Z');
    d
}

/// A coordinate rounded to 2 decimals, without trailing zeros or `-0`.
///
/// Written from whole hundredths rather than through `f64`'s shortest
/// formatting, which was a tenth of drawing a diagram: below 10¹¹ the two
/// agree digit for digit (the nearest `f64` to a number of hundredths has
/// no shorter decimal), and [`num_by_float`] takes whatever lies beyond.
pub(crate) fn num(x: f64) -> String {
    let hundredths = (x * 100.0).round();
    if hundredths.is_nan() || hundredths.abs() >= 1e13 {
        return num_by_float(x);
    }
    // In range and rounded, so the cast is exact.
    let hundredths = hundredths as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let whole = hundredths.unsigned_abs() / 100;
    match hundredths.unsigned_abs() % 100 {
        0 if whole == 0 => "0".to_string(),
        0 => format!("{sign}{whole}"),
        tenths if tenths % 10 == 0 => format!("{sign}{whole}.{}", tenths / 10),
        cents => format!("{sign}{whole}.{cents:02}"),
    }
}

/// [`num`] by way of `f64`'s own formatting.
fn num_by_float(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    if rounded == 0.0 {
        "0".to_string()
    } else {
        format!("{rounded}")
    }
}

/// Drops characters XML 1.0 does not allow (control characters other than
/// tab, newline and carriage return); escaping is the svg crate's job.
pub(crate) fn clean_text(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && !matches!(c, '\u{FFFE}' | '\u{FFFF}'))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(40.0), "40");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.1), "1.1");
        assert_eq!(num(-0.05), "-0.05");
        assert_eq!(num(-12.5), "-12.5");
        assert_eq!(num(f64::NAN), "NaN");
    }

    /// Every diagram's bytes depend on `num`: the integer path must write
    /// what `f64`'s formatting wrote, for the coordinates diagrams use and
    /// for awkward fractions (an LCG, so the test is the same every run).
    #[test]
    fn numbers_match_float_formatting() {
        for hundredths in -200_000..200_000 {
            let x = f64::from(hundredths) / 100.0;
            assert_eq!(num(x), num_by_float(x), "{x}");
        }
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let unit = (state >> 11) as f64 / (1u64 << 53) as f64;
            for scale in [1.0, 1e3, 1e6, 1e10] {
                let x = (unit - 0.5) * 2.0 * scale;
                assert_eq!(num(x), num_by_float(x), "{x}");
            }
        }
    }

    #[test]
    fn square_labels_are_drawn_in_their_squares_and_checked() {
        use crate::{Annotations, Board, Glyph, Palette, RenderSpec, render, validate};
        let dims = Dims::new(8, 8);
        let palette = Palette::builtin();
        let spec = RenderSpec::from_yaml(
            "ops:\n  - op: labels\n    squares: [ { at: [0, 1], text: \"1\" }, { at: b1, text: \"29\" } ]\n",
        )
        .expect("parses");
        let pieces: [(Square, &'static Glyph); 0] = [];
        let svg = render(&Board {
            dims,
            pieces: &pieces,
            spec: &spec,
            palette: &palette,
            title: "t",
            desc: "d",
            annotations: &Annotations::default(),
        })
        .expect("draws");
        assert!(svg.contains("x=\"50.4\" y=\"10\">\n1\n</text>"), "{svg}");
        assert!(svg.contains(">\n29\n</text>"), "{svg}");
        let bad = RenderSpec::from_yaml(
            "ops:\n  - op: labels\n    squares: [ { at: [8, 0], text: \"1\" }, { at: [0, 0], text: \"12345\" }, { at: [0, 0], text: \"2\" } ]\n",
        )
        .expect("parses");
        let errors: Vec<String> = validate(&bad, dims, &palette)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].contains("off the 8×8 board"), "{errors:?}");
        assert!(errors[1].contains("1 to 4 characters"), "{errors:?}");
        assert!(errors[2].contains("labelled twice"), "{errors:?}");
    }

    #[test]
    fn control_characters_are_dropped_from_text() {
        assert_eq!(clean_text("a\u{1}b\tc\u{FFFF}"), "ab\tc");
    }
}
