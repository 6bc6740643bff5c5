//! Several boards of one geometry in one SVG file, each shown on its own
//! through a `<view>`: `<img src="examples.svg#example-a-before">`.
//!
//! A variant's worked examples are a handful of boards read together; as
//! one file they are one request instead of one each, the style sheet and
//! piece symbols are written once, and a site of thousands of variants has
//! thousands of files fewer to create.
//!
//! Layout: frame `i` is drawn `i × (width + gap)` units to the right, and
//! its view's viewBox is that frame's box. The root viewBox is the first
//! frame's, so every view has the root's aspect ratio: a browser sizes the
//! `<img>` from the root, and a view of another shape would be letterboxed.
//!
//! Backdrop: the layers a spec draws the same under every position (the
//! background, the squares, the frame, the coordinates) are painted once a
//! [`Backdrop`], written once a sheet in its `<defs>`, and shown in each
//! frame by a `<use>`: they are most of a board's bytes, and a variant's
//! boards differ only in their pieces and marks.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use svg::Node;
use svg::node::Blob;
use svg::node::element::{Description, Element, Group, Title};

use super::draw::{self, Layers, Painter, Slot};
use super::error::DiagramError;
use super::glyph::Glyph;
use super::palette::Palette;
use super::{Annotations, Board, RenderSpec, check_position};
use rulehub_game::{Dims, Square};

/// Space between two frames, so that no frame's edge shows in its
/// neighbour's view when a browser scales and anti-aliases it.
const GAP: f64 = 40.0;

/// The backdrop layers of one spec on one board size, painted once for
/// every frame drawn on it.
#[derive(Debug, Clone)]
pub struct Backdrop<'a> {
    dims: Dims,
    spec: &'a RenderSpec,
    palette: &'a Palette,
    /// Each run of consecutive backdrop layers, as SVG text, in drawing
    /// order (position layers stand between two runs).
    runs: Vec<Arc<str>>,
    used: BTreeSet<(&'static str, String)>,
}

impl<'a> Backdrop<'a> {
    /// Checks the spec against the board size and palette, and paints the
    /// backdrop; or returns every problem with the spec.
    pub fn new(
        dims: Dims,
        spec: &'a RenderSpec,
        palette: &'a Palette,
    ) -> Result<Self, Vec<DiagramError>> {
        let errors = super::validate(spec, dims, palette);
        if errors.is_empty() {
            Ok(Self::paint(dims, spec, palette))
        } else {
            Err(errors)
        }
    }

    /// The backdrop of a spec already checked against `dims` and `palette`.
    pub(crate) fn paint(dims: Dims, spec: &'a RenderSpec, palette: &'a Palette) -> Self {
        let board = Board {
            dims,
            pieces: &[],
            spec,
            palette,
            title: "",
            desc: "",
            annotations: &Annotations::default(),
        };
        let drawing = draw::paint(&board, Layers::Backdrop);
        let runs = backdrop_runs(&drawing.layers)
            .map(|run| {
                let text: Vec<String> = run
                    .iter()
                    .filter_map(|slot| slot.group.as_ref())
                    .map(ToString::to_string)
                    .collect();
                Arc::from(text.join("\n"))
            })
            .collect();
        Backdrop {
            dims,
            spec,
            palette,
            runs,
            used: drawing.painter.used,
        }
    }

    /// Paints a position on the backdrop as one frame of a [`sheet`],
    /// titled and described with `title` and `desc`; or returns every
    /// problem with the pieces and annotations.
    pub fn frame(
        &self,
        pieces: &[(Square, &'static Glyph)],
        annotations: &Annotations,
        title: &str,
        desc: &str,
    ) -> Result<Frame, Vec<DiagramError>> {
        let board = Board {
            dims: self.dims,
            pieces,
            spec: self.spec,
            palette: self.palette,
            title,
            desc,
            annotations,
        };
        let errors = check_position(&board);
        if errors.is_empty() {
            Ok(self.paint_frame(&board))
        } else {
            Err(errors)
        }
    }

    /// A frame of `board`, checked, whose size, spec and palette are the
    /// backdrop's.
    pub(crate) fn paint_frame(&self, board: &Board) -> Frame {
        let drawing = draw::paint(board, Layers::Position);
        let mut runs = self.runs.iter();
        let mut parts = Vec::new();
        for slots in drawing.layers.chunk_by(|a, b| a.backdrop == b.backdrop) {
            if slots[0].backdrop {
                let run = runs
                    .next()
                    .expect("a backdrop and its frames share one plan");
                parts.push(Part::Backdrop(Arc::clone(run)));
            } else {
                let own = slots.iter().filter_map(|slot| slot.group.as_ref());
                parts.extend(own.map(|group| Part::Own(group.to_string())));
            }
        }
        let mut used = drawing.painter.used;
        used.extend(self.used.iter().cloned());
        Frame {
            width: drawing.width,
            height: drawing.height,
            title: draw::clean_text(board.title),
            desc: draw::clean_text(board.desc),
            parts,
            used,
            pieces: drawing.painter.pieces,
        }
    }
}

/// The runs of consecutive backdrop slots, in order: what
/// [`Backdrop::paint_frame`] meets as it walks the same plan.
fn backdrop_runs(slots: &[Slot]) -> impl Iterator<Item = &[Slot]> {
    slots
        .chunk_by(|a, b| a.backdrop == b.backdrop)
        .filter(|run| run[0].backdrop)
}

/// One board, painted, waiting to be put on a sheet with [`sheet`].
#[derive(Debug, Clone)]
pub struct Frame {
    width: f64,
    height: f64,
    title: String,
    desc: String,
    /// What the frame shows, in drawing order; written to text while the
    /// page that drew it renders (in parallel), so a sheet only copies text.
    parts: Vec<Part>,
    used: BTreeSet<(&'static str, String)>,
    pieces: BTreeMap<&'static str, &'static Glyph>,
}

#[derive(Debug, Clone)]
enum Part {
    /// Layers of the frame's backdrop, shared with the other frames on it.
    Backdrop(Arc<str>),
    /// Layers of the frame's own position.
    Own(String),
}

/// The frames side by side in one SVG document, each behind a `<view>` of
/// its name. Frames must share their size (boards of one variant drawn with
/// one render spec do), and names must be unique, start with a letter and
/// use only ASCII letters, digits and `-`, to be ids and URL fragments as
/// they are.
pub fn sheet(frames: &[(&str, &Frame)], palette: &Palette) -> Result<String, Vec<DiagramError>> {
    let errors = problems(frames);
    if !errors.is_empty() {
        return Err(errors);
    }
    let Some((_, first)) = frames.first() else {
        return Err(vec![DiagramError::general(
            "a sheet needs at least one board".to_string(),
        )]);
    };
    let (width, height) = (first.width, first.height);
    let mut painter = Painter {
        palette,
        used: BTreeSet::new(),
        pieces: BTreeMap::new(),
    };
    for (_, frame) in frames {
        painter.used.extend(frame.used.iter().cloned());
        painter
            .pieces
            .extend(frame.pieces.iter().map(|(k, v)| (*k, *v)));
    }
    // Each distinct backdrop run once, numbered in order of first use (a
    // map, so a sheet stays linear in its frames however many backdrops).
    let mut backdrops: Vec<&str> = Vec::new();
    let mut numbers: HashMap<&str, usize> = HashMap::new();
    for (_, frame) in frames {
        for part in &frame.parts {
            if let Part::Backdrop(run) = part {
                numbers.entry(&**run).or_insert_with(|| {
                    backdrops.push(run);
                    backdrops.len()
                });
            }
        }
    }
    let backdrop_id = |run: &str| {
        let number = numbers.get(run).expect("every run was numbered above");
        format!("rh-backdrop-{number}")
    };
    let mut document = svg::Document::new()
        .set("viewBox", draw::view_box(0.0, width, height))
        .set("class", "rh-board rh-sheet");
    let shared = backdrops
        .iter()
        .map(|run| Blob::new(format!("<g id=\"{}\">\n{run}\n</g>", backdrop_id(run))));
    document = painter.style_and_defs(document, shared);
    let mut x = 0.0;
    for (name, frame) in frames {
        let mut view = Element::new("view");
        view.assign("id", *name);
        view.assign("viewBox", draw::view_box(x, width, height));
        document = document.add(view);
        let mut group = Group::new()
            .set("role", "img")
            .add(Title::new(frame.title.clone()))
            .add(Description::new().add(svg::node::Text::new(frame.desc.clone())));
        if x > 0.0 {
            group = group.set("transform", format!("translate({})", draw::num(x)));
        }
        for part in &frame.parts {
            group = group.add(match part {
                Part::Backdrop(run) => Blob::new(format!("<use href=\"#{}\"/>", backdrop_id(run))),
                Part::Own(text) => Blob::new(text.as_str()),
            });
        }
        document = document.add(group);
        x += width + GAP;
    }
    Ok(draw::finish(document))
}

/// Names that are not safe ids, names used twice, frames of another size.
fn problems(frames: &[(&str, &Frame)]) -> Vec<DiagramError> {
    let mut errors = Vec::new();
    let mut seen = BTreeSet::new();
    for (name, frame) in frames {
        let safe = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !safe {
            errors.push(DiagramError::general(format!(
                "`{name}` cannot name a board on a sheet; use a letter, then letters, digits and `-`"
            )));
        }
        if !seen.insert(*name) {
            errors.push(DiagramError::general(format!(
                "two boards on one sheet are named `{name}`; each needs a name of its own"
            )));
        }
        if let Some((_, first)) = frames.first()
            && (frame.width, frame.height) != (first.width, first.height)
        {
            errors.push(DiagramError::general(format!(
                "board `{name}` is {}×{} units and the sheet's first board {}×{}; a sheet holds boards of one size",
                draw::num(frame.width),
                draw::num(frame.height),
                draw::num(first.width),
                draw::num(first.height),
            )));
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Annotations, Board, RenderSpec, Shape, ShapeKind, frame, render};
    use rulehub_game::{Dims, Square};

    static STONE: Glyph = Glyph {
        id: "stone",
        shapes: &[Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "44")],
            fill: Some("attacker"),
            stroke: None,
        }],
    };
    static CROWN: Glyph = Glyph {
        id: "crown",
        shapes: &[Shape {
            kind: ShapeKind::Circle,
            attributes: &[("r", "40")],
            fill: Some("king"),
            stroke: Some("king-stroke"),
        }],
    };

    struct Boards {
        dims: Dims,
        spec: RenderSpec,
        palette: Palette,
        before: Vec<(Square, &'static Glyph)>,
        after: Vec<(Square, &'static Glyph)>,
        moved: Annotations,
    }

    fn boards() -> Boards {
        let dims = Dims::new(7, 7);
        Boards {
            dims,
            spec: RenderSpec::default_for(dims),
            palette: Palette::builtin(),
            before: vec![(Square::new(0, 3), &STONE)],
            after: vec![(Square::new(0, 4), &STONE), (dims.center(), &CROWN)],
            moved: Annotations::for_move(Square::new(0, 3), Square::new(0, 4), Vec::new()),
        }
    }

    impl Boards {
        fn board<'a>(
            &'a self,
            pieces: &'a [(Square, &'static Glyph)],
            annotations: &'a Annotations,
            title: &'a str,
        ) -> Board<'a> {
            Board {
                dims: self.dims,
                pieces,
                spec: &self.spec,
                palette: &self.palette,
                title,
                desc: "A stone & a crown <here>.",
                annotations,
            }
        }
    }

    #[test]
    fn each_board_is_drawn_as_alone_behind_a_view_of_its_own() {
        let b = boards();
        let none = Annotations::default();
        let before = b.board(&b.before, &none, "Before");
        let after = b.board(&b.after, &b.moved, "After");
        let (first, second) = (frame(&before).unwrap(), frame(&after).unwrap());
        let svg = sheet(&[("ex-before", &first), ("ex-after", &second)], &b.palette).unwrap();

        // The same layers as the board's own file, in the sheet: the
        // backdrop once, in the definitions, and each position's own.
        for (board, frame) in [(&before, &first), (&after, &second)] {
            let alone = render(board).unwrap();
            for part in &frame.parts {
                let text = match part {
                    Part::Backdrop(run) => &**run,
                    Part::Own(text) => text.as_str(),
                };
                assert!(alone.contains(text), "{alone}\n---\n{text}");
                assert_eq!(svg.matches(text).count(), 1, "{text}");
            }
        }
        // Root and first view: the first frame's box; the second view is
        // one board and the gap to the right, where its group is moved.
        let size = "316 316";
        assert!(svg.starts_with(&format!(
            "<svg class=\"rh-board rh-sheet\" viewBox=\"0 0 {size}\""
        )));
        assert!(svg.contains(&format!("<view id=\"ex-before\" viewBox=\"0 0 {size}\"/>")));
        assert!(svg.contains(&format!("<view id=\"ex-after\" viewBox=\"356 0 {size}\"/>")));
        assert!(
            svg.contains("<g role=\"img\" transform=\"translate(356)\">\n<title>After</title>")
        );
        assert_eq!(
            svg.matches("<desc>A stone &amp; a crown &lt;here&gt;.</desc>")
                .count(),
            2
        );
        // One style sheet and one set of symbols, for what either drew.
        assert_eq!(svg.matches("<style>").count(), 1);
        assert_eq!(svg.matches("<symbol id=\"rh-stone\"").count(), 1);
        assert_eq!(svg.matches("<symbol id=\"rh-crown\"").count(), 1);
        assert!(svg.contains(".rh-stroke-king-stroke{stroke:"));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn the_backdrop_is_painted_once_and_shown_in_every_frame() {
        let b = boards();
        let none = Annotations::default();
        let backdrop = Backdrop::new(b.dims, &b.spec, &b.palette).unwrap();
        let before = backdrop.frame(&b.before, &none, "Before", "").unwrap();
        let after = backdrop.frame(&b.after, &b.moved, "After", "").unwrap();
        let svg = sheet(&[("one", &before), ("two", &after)], &b.palette).unwrap();

        // The squares and coordinates are written once, in the definitions,
        // and each frame shows them under its own pieces.
        assert_eq!(svg.matches("class=\"rh-cells\"").count(), 1, "{svg}");
        assert_eq!(svg.matches("class=\"rh-coordinates").count(), 1, "{svg}");
        let defs = &svg[svg.find("<defs>").unwrap()..svg.find("</defs>").unwrap()];
        assert!(
            defs.contains("<g id=\"rh-backdrop-1\">\n<g class=\"rh-rect\">"),
            "{defs}"
        );
        for name in ["one", "two"] {
            let frame = &svg[svg.find(&format!("<view id=\"{name}\"")).unwrap()..];
            let frame = &frame[..frame[1..].find("<view").map_or(frame.len(), |end| end + 1)];
            let backdrop = frame.find("<use href=\"#rh-backdrop-1\"/>").expect(frame);
            let pieces = frame.find("<g class=\"rh-pieces\">").expect(frame);
            assert!(backdrop < pieces, "the pieces stand on the board: {frame}");
        }
        // A frame on its backdrop is the frame drawn alone.
        assert_eq!(
            svg,
            sheet(
                &[
                    ("one", &frame(&b.board(&b.before, &none, "Before")).unwrap()),
                    (
                        "two",
                        &frame(&b.board(&b.after, &b.moved, "After")).unwrap()
                    ),
                ],
                &b.palette
            )
            .unwrap()
            .replace("A stone &amp; a crown &lt;here&gt;.", "")
        );
        // Colours the backdrop paints are in the style sheet.
        assert!(svg.contains(".rh-fill-cell-dark{fill:"), "{svg}");
    }

    #[test]
    fn a_sheet_is_the_same_bytes_every_time() {
        let b = boards();
        let none = Annotations::default();
        let draw = || {
            let one = frame(&b.board(&b.after, &b.moved, "A")).unwrap();
            let two = frame(&b.board(&b.before, &none, "B")).unwrap();
            sheet(&[("a", &one), ("b", &two)], &b.palette).unwrap()
        };
        assert_eq!(draw(), draw());
    }

    #[test]
    fn names_sizes_and_emptiness_are_checked() {
        let b = boards();
        let none = Annotations::default();
        let small = frame(&b.board(&b.before, &none, "7×7")).unwrap();
        let large_spec = RenderSpec::default_for(Dims::new(9, 9));
        let large = frame(&Board {
            dims: Dims::new(9, 9),
            spec: &large_spec,
            ..b.board(&[], &none, "9×9")
        })
        .unwrap();
        let messages = |frames: &[(&str, &Frame)]| -> Vec<String> {
            sheet(frames, &b.palette)
                .unwrap_err()
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let found = messages(&[
            ("ok", &small),
            ("9lives", &small),
            ("a\"b", &small),
            ("ok", &small),
            ("big", &large),
        ]);
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(
            found[0].contains("`9lives` cannot name a board"),
            "{found:?}"
        );
        assert!(found[1].contains("`a\"b` cannot name a board"), "{found:?}");
        assert!(
            found[2].contains("two boards on one sheet are named `ok`"),
            "{found:?}"
        );
        assert!(
            found[3].contains("board `big` is 396×396 units and the sheet's first board 316×316"),
            "{found:?}"
        );
        assert!(messages(&[])[0].contains("at least one board"));
    }
}
