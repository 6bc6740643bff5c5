//! Render ops: the `render` value of a variant's front matter, and their checks.
//!
//! ```yaml
//! render:
//!   ops:                    # drawn in order, later ops on top
//!     - { op: rect, fill: transparent, scope: board }
//!     - op: cells
//!       pattern: cellMap
//!       light: cell-light
//!       dark: cell-dark
//!       defaultFill: floor
//!       zones: { cells: [ { type: throne, at: [[4,4]] } ] }
//!       typeColors: { floor: floor, throne: throne }
//!       typeStrokes: { floor: floor-stroke, throne: throne-stroke }
//!     - { op: coordinates }  # files a… and ranks 1… on the left and bottom margins
//!     - op: labels           # a small label in a square's corner (square numbers)
//!       squares: [ { at: [0, 1], text: "1" } ]
//!     - { op: pieces }       # the position's pieces
//! ```
//!
//! A board of lines, whose pieces stand on the points where lines cross:
//! a `grid` op draws a line through the middle of every row and
//! column of squares, so each square's centre is a point, with star
//! points as dots; `coordinates` with `letters: capitals` names the columns
//! A–T without I, and `highlights` with `shape: ring` marks a move with a
//! ring on its point instead of tinting a square.
//!
//! The annotation layers of worked examples (`highlights`, `pieces`, `arrows`,
//! `captures`) are drawn even when the ops do not name them: a layer the ops
//! leave out is added in that order on top (highlights just under the pieces
//! when only `pieces` is placed). Name a layer to put it elsewhere or to give
//! it other colours.

use std::collections::{BTreeMap, BTreeSet};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use super::error::DiagramError;
use super::palette::Palette;
use super::suggest::{closest, did_you_mean};
use rulehub_game::{Dims, Square};

/// Smallest and largest board side drawn (Alea Evangelii is 19×19).
pub const MIN_SIDE: u8 = 3;
pub const MAX_SIDE: u8 = 19;

/// The `render` value of front matter: ops drawn in order.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderSpec {
    pub ops: Vec<RenderOp>,
    /// The start diagram shows file letters and rank numbers (a
    /// `coordinates` op is added when the ops have none); `false` turns that off.
    #[serde(default = "shown")]
    pub coordinates: bool,
    /// The start diagram comes with a key of which piece is which side;
    /// `false` turns it off.
    #[serde(default = "shown")]
    pub legend: bool,
}

fn shown() -> bool {
    true
}

/// One drawing op, tagged by its `op` field.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum RenderOp {
    #[serde(deserialize_with = "named")]
    Rect(RectOp),
    #[serde(deserialize_with = "named")]
    Cells(CellsOp),
    #[serde(deserialize_with = "named")]
    Pieces(PiecesOp),
    #[serde(deserialize_with = "named")]
    Coordinates(CoordinatesOp),
    #[serde(deserialize_with = "named")]
    Labels(LabelsOp),
    #[serde(deserialize_with = "named")]
    Highlights(HighlightsOp),
    #[serde(deserialize_with = "named")]
    Arrows(ArrowsOp),
    #[serde(deserialize_with = "named")]
    Captures(CapturesOp),
    #[serde(deserialize_with = "named")]
    Grid(GridOp),
}

/// `rect`: fills (and optionally outlines) the board or the whole canvas.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RectOp {
    pub fill: String,
    #[serde(default)]
    pub scope: Scope,
    #[serde(default)]
    pub stroke: Option<String>,
    #[serde(default)]
    pub stroke_width: Option<f64>,
}

/// What a `rect` covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Scope {
    /// The squares only.
    #[default]
    Board,
    /// The whole picture, margins included.
    Canvas,
}

/// `cells`: paints every square. A square not in any zone has type `floor`.
///
/// Fill of a `floor` square: the `light`/`dark` checkering when both are
/// given (light where row + col is even, so corners and the centre of an odd
/// board are light), else `typeColors.floor`, else `defaultFill`. Fill of a
/// zone square: `typeColors[type]`, else `defaultFill`. Outline:
/// `typeStrokes[type]`, if given.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CellsOp {
    #[serde(default)]
    pub pattern: CellPattern,
    #[serde(default)]
    pub light: Option<String>,
    #[serde(default)]
    pub dark: Option<String>,
    #[serde(default)]
    pub default_fill: Option<String>,
    #[serde(default)]
    pub zones: Zones,
    #[serde(default)]
    pub type_colors: BTreeMap<String, String>,
    #[serde(default)]
    pub type_strokes: BTreeMap<String, String>,
    #[serde(default)]
    pub stroke_width: Option<f64>,
}

/// How `cells` assigns types to squares; `cellMap` (explicit zones) is the only one so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum CellPattern {
    #[default]
    #[serde(rename = "cellMap")]
    CellMap,
}

/// `zones: { cells: [...] }`.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zones {
    #[serde(default)]
    pub cells: Vec<Zone>,
}

/// Squares of one type, each an algebraic name (`d4`, as in examples) or
/// `[row, col]` counted 0-based from the top-left.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    #[serde(rename = "type")]
    pub kind: String,
    pub at: Vec<ZoneSquare>,
}

/// One square of a zone: `d4` or `[row, col]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum ZoneSquare {
    RowCol([u32; 2]),
    Name(String),
}

impl ZoneSquare {
    /// The square as `[row, col]` on a board of `dims`, or why it is not one
    /// (`[row, col]` pairs are range-checked by validation, not here).
    pub fn resolve(&self, dims: Dims) -> Result<[u32; 2], String> {
        match self {
            ZoneSquare::RowCol(pair) => Ok(*pair),
            ZoneSquare::Name(name) => Square::parse(name, dims)
                .map(|sq| [u32::from(sq.row), u32::from(sq.col)])
                .map_err(|e| e.to_string()),
        }
    }
}

impl From<Square> for ZoneSquare {
    fn from(square: Square) -> ZoneSquare {
        ZoneSquare::RowCol([u32::from(square.row), u32::from(square.col)])
    }
}

impl PartialEq<[u32; 2]> for ZoneSquare {
    fn eq(&self, other: &[u32; 2]) -> bool {
        matches!(self, ZoneSquare::RowCol(pair) if pair == other)
    }
}

/// `pieces`: the position's pieces. `size` is the piece's diameter as a
/// fraction of a square (0.5–1.0, default 0.86).
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiecesOp {
    #[serde(default)]
    pub size: Option<f64>,
}

/// `coordinates`: file letters `a…` and rank numbers `1…` (bottom to top) on
/// the margins named by `sides` (default `[left, bottom]`); with
/// `letters: capitals`, the columns are `A…T` without `I`.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoordinatesOp {
    #[serde(default)]
    pub fill: Option<String>,
    #[serde(default)]
    pub sides: Option<Vec<Edge>>,
    #[serde(default)]
    pub letters: Option<Letters>,
}

/// How `coordinates` letters the columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Letters {
    /// `a`, `b`, `c`, … (as chess names files).
    #[default]
    Chess,
    /// `A`, `B`, … `H`, `J`, … `T`: capitals that skip `I`, which reads
    /// like `J` (how boards of points letter their columns).
    Capitals,
}

impl Letters {
    /// The letter of column `col` (0 is the left).
    pub fn letter(self, col: u8) -> char {
        match self {
            Letters::Chess => char::from(b'a' + col),
            Letters::Capitals => char::from(b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[usize::from(col) % 25]),
        }
    }
}

/// `grid`: the lines of a board whose pieces stand on points: one
/// line through the middle of every row and every column of squares, the
/// outermost drawn `borderWidth` wide, and a dot on each star point.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GridOp {
    /// The lines' colour (default `frame`).
    #[serde(default)]
    pub stroke: Option<String>,
    /// Inner lines' width (default 1.2; a square is 40 wide).
    #[serde(default)]
    pub stroke_width: Option<f64>,
    /// The outermost lines' width (default twice `strokeWidth`).
    #[serde(default)]
    pub border_width: Option<f64>,
    /// Star points (hoshi), each `[row, col]` from the top-left or a name.
    #[serde(default)]
    pub stars: Vec<ZoneSquare>,
}

/// `labels`: a short label in the top-left corner of each listed square,
/// such as the numbers some families name squares by. A game family
/// adds this op for boards whose squares have names of their own.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelsOp {
    #[serde(default)]
    pub fill: Option<String>,
    pub squares: Vec<SquareLabel>,
}

/// The most characters a square label may have: it must fit in a corner.
pub const MAX_LABEL_CHARS: usize = 4;

/// One square's label.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquareLabel {
    pub at: ZoneSquare,
    pub text: String,
}

/// A margin of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    Top,
    Right,
    Bottom,
    Left,
}

/// `highlights`: tints the move's origin (dashed outline) and destination
/// (solid outline); with `shape: ring`, a ring on each point instead (a
/// placed stone: the last move), dashed on the origin.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HighlightsOp {
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
    #[serde(default)]
    pub stroke: Option<String>,
    #[serde(default)]
    pub shape: Option<HighlightShape>,
}

/// How `highlights` marks a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HighlightShape {
    /// A tinted square with an outline.
    #[default]
    Square,
    /// A ring around the point, over the piece.
    Ring,
}

/// `arrows`: move arrows from origin to destination.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrowsOp {
    #[serde(default)]
    pub fill: Option<String>,
    #[serde(default)]
    pub halo: Option<String>,
}

/// `captures`: a cross over each captured square (its piece, if still listed, drawn faded).
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapturesOp {
    #[serde(default)]
    pub fill: Option<String>,
    #[serde(default)]
    pub halo: Option<String>,
}

/// The name and fields of an op, for error messages.
trait OpFields {
    const NAME: &'static str;
    const FIELDS: &'static [&'static str];
}

macro_rules! op_fields {
    ($($ty:ty => $name:literal [$($field:literal),*];)*) => {
        $(impl OpFields for $ty {
            const NAME: &'static str = $name;
            const FIELDS: &'static [&'static str] = &[$($field),*];
        })*
    };
}

op_fields! {
    RectOp => "rect" ["fill", "scope", "stroke", "strokeWidth"];
    CellsOp => "cells" ["pattern", "light", "dark", "defaultFill", "zones", "typeColors", "typeStrokes", "strokeWidth"];
    PiecesOp => "pieces" ["size"];
    CoordinatesOp => "coordinates" ["fill", "sides", "letters"];
    LabelsOp => "labels" ["fill", "squares"];
    HighlightsOp => "highlights" ["from", "to", "stroke", "shape"];
    ArrowsOp => "arrows" ["fill", "halo"];
    CapturesOp => "captures" ["fill", "halo"];
    GridOp => "grid" ["stroke", "strokeWidth", "borderWidth", "stars"];
}

/// Deserializes an op's body and puts the op's name into any error, with a
/// near-miss suggestion for a misspelt field.
fn named<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + OpFields,
{
    T::deserialize(deserializer).map_err(|e| {
        let message = e.to_string();
        let name = T::NAME;
        let fields = T::FIELDS
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ");
        // Only an unknown field of the op itself: a nested one (say in a
        // zone) keeps serde's own list of the fields expected there.
        let unknown = message
            .strip_prefix("unknown field `")
            .and_then(|rest| rest.split_once('`'))
            .filter(|(_, expected)| {
                T::FIELDS
                    .iter()
                    .all(|f| expected.contains(&format!("`{f}`")))
            })
            .map(|(field, _)| field.to_string());
        match unknown {
            Some(field) => {
                let hint = did_you_mean(&field, T::FIELDS.iter().copied());
                D::Error::custom(format!(
                    "op `{name}` has no field `{field}`{hint} (`{name}` takes {fields})"
                ))
            }
            None => D::Error::custom(format!("op `{name}`: {message}")),
        }
    })
}

impl RenderOp {
    /// The op's name as written after `op:`.
    pub fn name(&self) -> &'static str {
        match self {
            RenderOp::Rect(_) => RectOp::NAME,
            RenderOp::Cells(_) => CellsOp::NAME,
            RenderOp::Pieces(_) => PiecesOp::NAME,
            RenderOp::Coordinates(_) => CoordinatesOp::NAME,
            RenderOp::Labels(_) => LabelsOp::NAME,
            RenderOp::Highlights(_) => HighlightsOp::NAME,
            RenderOp::Arrows(_) => ArrowsOp::NAME,
            RenderOp::Captures(_) => CapturesOp::NAME,
            RenderOp::Grid(_) => GridOp::NAME,
        }
    }
}

impl RenderSpec {
    /// Reads a render spec from YAML (`ops: [...]`). Syntax and unknown op or
    /// field errors carry the line and column in the message.
    pub fn from_yaml(text: &str) -> Result<RenderSpec, DiagramError> {
        if rulehub_core::hub::limits::yaml_too_deep(text).is_some() {
            return Err(DiagramError::general(
                rulehub_core::hub::limits::yaml_too_deep_message().0,
            ));
        }
        serde_yaml::from_str(text).map_err(|e| DiagramError::general(e.to_string()))
    }

    /// The board drawn for a variant without a `render` block: parchment
    /// margin, checkered squares, the throne at the centre (odd boards), the
    /// four corners, a walnut frame, coordinates and the pieces.
    pub fn default_for(dims: Dims) -> RenderSpec {
        let mut zones: Vec<(String, Vec<Square>)> = Vec::new();
        if dims.rows % 2 == 1 && dims.cols % 2 == 1 {
            zones.push(("throne".to_string(), vec![dims.center()]));
        }
        zones.push(("corner".to_string(), dims.corners().to_vec()));
        RenderSpec::default_with_zones(zones, &|_| true)
    }

    /// The default board with the given special squares as zones (in order;
    /// a later zone takes a square from an earlier one). A zone type is
    /// coloured with the palette tokens of its own name (`camp`,
    /// `camp-stroke`) when `has_token` knows them, else as a corner.
    pub fn default_with_zones(
        zones: Vec<(String, Vec<Square>)>,
        has_token: &dyn Fn(&str) -> bool,
    ) -> RenderSpec {
        let token = |t: &str| t.to_string();
        let mut placed: BTreeMap<Square, usize> = BTreeMap::new();
        for (zi, (_, squares)) in zones.iter().enumerate() {
            for &square in squares {
                placed.insert(square, zi);
            }
        }
        let zones: Vec<Zone> = zones
            .iter()
            .enumerate()
            .map(|(zi, (kind, squares))| Zone {
                kind: kind.clone(),
                at: squares
                    .iter()
                    .filter(|sq| placed.get(sq) == Some(&zi))
                    .map(|&sq| ZoneSquare::from(sq))
                    .collect(),
            })
            .filter(|zone| !zone.at.is_empty())
            .collect();
        let kinds: Vec<String> = ["floor".to_string()]
            .into_iter()
            .chain(zones.iter().map(|z| z.kind.clone()))
            .collect();
        let types = |suffix: &str| {
            kinds
                .iter()
                .map(|t| {
                    let own = format!("{t}{suffix}");
                    let paint = if has_token(&own) {
                        own
                    } else {
                        format!("corner{suffix}")
                    };
                    (token(t), paint)
                })
                .collect::<BTreeMap<_, _>>()
        };
        RenderSpec {
            coordinates: true,
            legend: true,
            ops: vec![
                RenderOp::Rect(RectOp {
                    fill: token("background"),
                    scope: Scope::Canvas,
                    stroke: None,
                    stroke_width: None,
                }),
                RenderOp::Cells(CellsOp {
                    pattern: CellPattern::CellMap,
                    light: Some(token("cell-light")),
                    dark: Some(token("cell-dark")),
                    default_fill: Some(token("floor")),
                    zones: Zones { cells: zones },
                    type_colors: types(""),
                    type_strokes: types("-stroke"),
                    stroke_width: None,
                }),
                RenderOp::Rect(RectOp {
                    fill: token("transparent"),
                    scope: Scope::Board,
                    stroke: Some(token("frame")),
                    stroke_width: Some(4.0),
                }),
                RenderOp::Coordinates(CoordinatesOp::default()),
                RenderOp::Pieces(PiecesOp::default()),
            ],
        }
    }
}

/// Checks a spec against a board size and palette without drawing: board
/// size, colours, zones, sizes. Returns every problem found.
pub fn validate(spec: &RenderSpec, dims: Dims, palette: &Palette) -> Vec<DiagramError> {
    let mut errors = Vec::new();
    if let Some(e) = check_dims(dims) {
        errors.push(e);
    }
    for (index, op) in spec.ops.iter().enumerate() {
        let mut check = Checker {
            index,
            palette,
            errors: &mut errors,
        };
        match op {
            RenderOp::Rect(rect) => {
                check.colour("fill", &rect.fill);
                check.opt_colour("stroke", &rect.stroke);
                check.width("strokeWidth", rect.stroke_width);
                if rect.stroke_width.is_some() && rect.stroke.is_none() {
                    check.error("strokeWidth", "`strokeWidth` needs a `stroke` colour to draw with; add `stroke: frame` or remove `strokeWidth`");
                }
            }
            RenderOp::Cells(cells) => check.cells(cells, dims),
            RenderOp::Pieces(pieces) => {
                if let Some(size) = pieces.size
                    && !(0.5..=1.0).contains(&size)
                {
                    check.error("size", format!("piece size {size} is out of range; give a fraction of a square from 0.5 to 1.0 (default 0.86)"));
                }
            }
            RenderOp::Coordinates(coords) => {
                check.opt_colour("fill", &coords.fill);
                if let Some(sides) = &coords.sides {
                    let unique: BTreeSet<_> = sides.iter().collect();
                    if unique.len() != sides.len() {
                        check.error("sides", "a side is listed twice; list each of `top`, `right`, `bottom`, `left` at most once");
                    }
                }
            }
            RenderOp::Labels(labels) => check.labels(labels, dims),
            RenderOp::Highlights(h) => {
                check.opt_colour("from", &h.from);
                check.opt_colour("to", &h.to);
                check.opt_colour("stroke", &h.stroke);
            }
            RenderOp::Arrows(a) => {
                check.opt_colour("fill", &a.fill);
                check.opt_colour("halo", &a.halo);
            }
            RenderOp::Captures(c) => {
                check.opt_colour("fill", &c.fill);
                check.opt_colour("halo", &c.halo);
            }
            RenderOp::Grid(grid) => check.grid(grid, dims),
        }
    }
    errors
}

pub(crate) fn check_dims(dims: Dims) -> Option<DiagramError> {
    let ok = |n: u8| (MIN_SIDE..=MAX_SIDE).contains(&n);
    (!ok(dims.rows) || !ok(dims.cols)).then(|| {
        DiagramError::general(format!(
            "the board is {} rows by {} columns; boards must be from {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}",
            dims.rows, dims.cols
        ))
    })
}

struct Checker<'a> {
    index: usize,
    palette: &'a Palette,
    errors: &'a mut Vec<DiagramError>,
}

impl Checker<'_> {
    fn error(&mut self, field: &str, message: impl Into<String>) {
        self.errors
            .push(DiagramError::in_op(self.index, field, message));
    }

    fn colour(&mut self, field: &str, value: &str) {
        if let Err(message) = self.palette.resolve(value) {
            self.error(field, message);
        }
    }

    /// Each label on the board, once, and short enough for a corner.
    fn labels(&mut self, op: &LabelsOp, dims: Dims) {
        self.opt_colour("fill", &op.fill);
        let mut seen = BTreeSet::new();
        for (i, label) in op.squares.iter().enumerate() {
            let field = format!("squares[{i}]");
            match label.at.resolve(dims) {
                Ok([row, col]) if row < u32::from(dims.rows) && col < u32::from(dims.cols) => {
                    if !seen.insert([row, col]) {
                        self.error(&field, format!("square [{row}, {col}] is labelled twice; give each square one label"));
                    }
                }
                Ok([row, col]) => self.error(&field, format!("[{row}, {col}] is off the {dims} board; rows and columns count from 0 at the top-left")),
                Err(message) => self.error(&field, message),
            }
            if label.text.chars().count() > MAX_LABEL_CHARS || label.text.trim().is_empty() {
                self.error(
                    &field,
                    format!(
                        "a label is 1 to {MAX_LABEL_CHARS} characters, to fit in a square's corner"
                    ),
                );
            }
        }
    }

    /// Line colour and widths in range, each star point on the board once.
    fn grid(&mut self, op: &GridOp, dims: Dims) {
        self.opt_colour("stroke", &op.stroke);
        self.width("strokeWidth", op.stroke_width);
        self.width("borderWidth", op.border_width);
        let mut seen = BTreeSet::new();
        for (i, star) in op.stars.iter().enumerate() {
            let field = format!("stars[{i}]");
            match star.resolve(dims) {
                Ok([row, col]) if row < u32::from(dims.rows) && col < u32::from(dims.cols) => {
                    if !seen.insert([row, col]) {
                        self.error(&field, format!("star point [{row}, {col}] is listed twice"));
                    }
                }
                Ok([row, col]) => self.error(&field, format!("[{row}, {col}] is off the {dims} board; rows and columns count from 0 at the top-left")),
                Err(message) => self.error(&field, message),
            }
        }
    }

    fn opt_colour(&mut self, field: &str, value: &Option<String>) {
        if let Some(value) = value {
            self.colour(field, value);
        }
    }

    fn width(&mut self, field: &str, value: Option<f64>) {
        if let Some(w) = value
            && !(w.is_finite() && w > 0.0 && w <= 20.0)
        {
            self.error(field, format!("stroke width {w} is out of range; give a number above 0 and at most 20 (a square is 40 wide)"));
        }
    }

    fn cells(&mut self, cells: &CellsOp, dims: Dims) {
        self.opt_colour("light", &cells.light);
        self.opt_colour("dark", &cells.dark);
        self.opt_colour("defaultFill", &cells.default_fill);
        self.width("strokeWidth", cells.stroke_width);
        match (&cells.light, &cells.dark) {
            (Some(_), None) => self.error(
                "light",
                "`light` checkering needs `dark` too; add `dark: cell-dark` or remove `light`",
            ),
            (None, Some(_)) => self.error(
                "dark",
                "`dark` checkering needs `light` too; add `light: cell-light` or remove `dark`",
            ),
            _ => {}
        }
        let mut declared: BTreeSet<&str> = BTreeSet::from(["floor"]);
        let mut seen: BTreeMap<(u32, u32), &str> = BTreeMap::new();
        for (zi, zone) in cells.zones.cells.iter().enumerate() {
            let field = format!("zones.cells[{zi}]");
            if zone.kind.is_empty() {
                self.error(
                    &field,
                    "a zone needs a `type`, such as `throne` or `corner`",
                );
            }
            declared.insert(zone.kind.as_str());
            if zone.at.is_empty() {
                self.error(
                    &field,
                    format!(
                        "zone `{}` lists no squares; give `at: [[row, col], ...]`",
                        zone.kind
                    ),
                );
            }
            for square in &zone.at {
                let [row, col] = match square.resolve(dims) {
                    Ok(pair) => pair,
                    Err(message) => {
                        self.error(&field, format!("zone `{}`: {message}", zone.kind));
                        continue;
                    }
                };
                if row >= u32::from(dims.rows) || col >= u32::from(dims.cols) {
                    self.error(
                        &field,
                        format!(
                            "zone `{}` square [{row}, {col}] is outside the {} board; rows are 0–{} and columns 0–{}, counted from the top-left",
                            zone.kind,
                            dims,
                            dims.rows.saturating_sub(1),
                            dims.cols.saturating_sub(1)
                        ),
                    );
                    continue;
                }
                if let Some(other) = seen.insert((row, col), zone.kind.as_str()) {
                    let name = Square::new(row as u8, col as u8).name(dims);
                    self.error(
                        &field,
                        format!(
                            "square [{row}, {col}] ({name}) is in zone `{other}` and zone `{}`; a square has one type, so remove it from one zone",
                            zone.kind
                        ),
                    );
                }
            }
        }
        // A zone type that the colour maps spell differently is a typo in the
        // zone (the maps name the type twice, the zone once): say so at the
        // zone, suggesting the maps' name, and not at every map line.
        let maps = [
            ("typeColors", &cells.type_colors),
            ("typeStrokes", &cells.type_strokes),
        ];
        let mut misspelt_zones: BTreeMap<&str, &str> = BTreeMap::new();
        for (_, map) in maps {
            for kind in map.keys() {
                if declared.contains(kind.as_str()) {
                    continue;
                }
                // The maps' spelling wins when both maps use it or it is a
                // palette token; otherwise the zone may well be right.
                let trusted = (cells.type_colors.contains_key(kind)
                    && cells.type_strokes.contains_key(kind))
                    || self.palette.resolve(kind).is_ok();
                let near = closest(kind, declared.iter().copied());
                if let Some(near) = near
                    && trusted
                    && near != "floor"
                    && !map.contains_key(near)
                    && self.palette.resolve(near).is_err()
                {
                    misspelt_zones.insert(near, kind.as_str());
                }
            }
        }
        for (zi, zone) in cells.zones.cells.iter().enumerate() {
            if let Some(meant) = misspelt_zones.get(zone.kind.as_str()) {
                self.error(
                    &format!("zones.cells[{zi}].type"),
                    format!(
                        "zone type `{}` has no colour, while typeColors/typeStrokes colour `{meant}`; did you mean `{meant}`?",
                        zone.kind
                    ),
                );
            }
        }
        for (field, map) in maps {
            for (kind, colour) in map {
                let explained = misspelt_zones.values().any(|meant| meant == kind);
                if !declared.contains(kind.as_str()) && !explained {
                    let hint = did_you_mean(kind, declared.iter().copied());
                    let types = declared
                        .iter()
                        .map(|t| format!("`{t}`"))
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.error(
                        &format!("{field}.{kind}"),
                        format!("no zone has type `{kind}`{hint} (types here: {types})"),
                    );
                }
                self.colour(&format!("{field}.{kind}"), colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_specs_validate_on_every_board_size() {
        let palette = Palette::builtin();
        for rows in MIN_SIDE..=MAX_SIDE {
            for cols in [MIN_SIDE, 8, 9, MAX_SIDE] {
                let dims = Dims::new(rows, cols);
                assert_eq!(
                    validate(&RenderSpec::default_for(dims), dims, &palette),
                    vec![],
                    "{dims}"
                );
            }
        }
    }

    #[test]
    fn every_op_accepts_every_field_it_lists() {
        let yaml = "ops:\n\
            - { op: rect, fill: frame, scope: canvas, stroke: frame, strokeWidth: 2 }\n\
            - { op: cells, pattern: cellMap, light: cell-light, dark: cell-dark, defaultFill: floor, zones: { cells: [] }, typeColors: {}, typeStrokes: {}, strokeWidth: 1 }\n\
            - { op: pieces, size: 0.8 }\n\
            - { op: coordinates, fill: coordinate, sides: [top, right, bottom, left] }\n\
            - { op: highlights, from: highlight-from, to: highlight-to, stroke: highlight-stroke }\n\
            - { op: arrows, fill: arrow, halo: arrow-halo }\n\
            - { op: captures, fill: capture, halo: capture-halo }\n";
        let spec = RenderSpec::from_yaml(yaml).unwrap();
        let names: Vec<_> = spec.ops.iter().map(RenderOp::name).collect();
        assert_eq!(
            names,
            [
                "rect",
                "cells",
                "pieces",
                "coordinates",
                "highlights",
                "arrows",
                "captures"
            ]
        );
        assert_eq!(
            validate(&spec, Dims::new(9, 9), &Palette::builtin()),
            vec![]
        );
    }

    #[test]
    fn the_wrong_checkering_and_type_names_are_reported() {
        let yaml = "ops:\n- op: cells\n  light: cell-light\n  zones: { cells: [ { type: throne, at: [[4,4]] }, { type: corner, at: [[4,4]] } ] }\n  typeColors: { thrones: throne }\n";
        let spec = RenderSpec::from_yaml(yaml).unwrap();
        let errors = validate(&spec, Dims::new(9, 9), &Palette::builtin());
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 3, "{text:#?}");
        assert!(text[0].contains("needs `dark` too"), "{text:#?}");
        assert!(
            text[1].contains("(e5) is in zone `throne` and zone `corner`"),
            "{text:#?}"
        );
        assert!(text[2].starts_with("render.ops[0].typeColors.thrones: no zone has type `thrones`; did you mean `throne`?"), "{text:#?}");
    }
}
