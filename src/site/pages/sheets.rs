//! A variant's example boards, drawn by its pages, put on sheets: one SVG
//! file holds every board of the worked examples (`examples.svg`) and one
//! every position of a sample game (`game-{id}.svg`), each board behind a
//! `<view>` that the pages show with `<img src="examples.svg#view">`.
//!
//! The boards are drawn while the pages render, in parallel and by the
//! first language to show each (see [`DiagramClaims`]); a sheet is put
//! together once the variant's pages in every language are done, so it
//! holds each board once whichever pages drew them.
//!
//! [`DiagramClaims`]: crate::site::diagram_claims::DiagramClaims

use std::collections::BTreeMap;

use crate::diagnostic::Diagnostic;
use crate::diagram::{self, Frame, Palette};

/// The sheet of a variant's worked examples, beside its default page.
pub(super) const EXAMPLES_SHEET: &str = "examples.svg";

/// One board of a sheet, drawn by a page.
#[derive(Debug, Clone)]
pub(super) struct SheetFrame {
    /// The sheet's file: its name beside the variant's default page while
    /// the page renders, then its path under the output root.
    pub sheet: String,
    /// The board's name on the sheet: its view's id and URL fragment.
    pub view: String,
    pub frame: Frame,
}

/// Each sheet's file from the boards the pages drew: the first drawing of
/// each board is kept (the pages come in the site's language order), and
/// boards are put on a sheet in the order of their names, so the bytes do
/// not depend on which page drew what. Problems are reported on `source`,
/// the variant's file.
pub(super) fn draw_sheets(
    frames: Vec<SheetFrame>,
    palette: &Palette,
    source: &std::path::Path,
) -> Result<Vec<(String, Vec<u8>)>, Vec<Diagnostic>> {
    let mut sheets: BTreeMap<String, BTreeMap<String, Frame>> = BTreeMap::new();
    for SheetFrame { sheet, view, frame } in frames {
        sheets
            .entry(sheet)
            .or_default()
            .entry(view)
            .or_insert(frame);
    }
    let mut files = Vec::with_capacity(sheets.len());
    let mut problems = Vec::new();
    for (path, boards) in sheets {
        let boards: Vec<(&str, &Frame)> = boards.iter().map(|(v, f)| (v.as_str(), f)).collect();
        match diagram::sheet(&boards, palette) {
            Ok(svg) => files.push((path, svg.into_bytes())),
            Err(errors) => problems.extend(
                errors
                    .iter()
                    .map(|error| Diagnostic::error(source, format!("cannot draw {path}: {error}"))),
            ),
        }
    }
    if problems.is_empty() {
        Ok(files)
    } else {
        Err(problems)
    }
}

/// How many boards the sheets hold: each (sheet, view) once.
pub(super) fn distinct_boards(frames: &[SheetFrame]) -> usize {
    let mut seen = std::collections::BTreeSet::new();
    frames
        .iter()
        .filter(|f| seen.insert((f.sheet.as_str(), f.view.as_str())))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Annotations, Board, RenderSpec};
    use crate::engine::Dims;

    fn frame(title: &str) -> Frame {
        let dims = Dims::new(7, 7);
        diagram::frame(&Board {
            dims,
            pieces: &[],
            spec: &RenderSpec::default_for(dims),
            palette: &Palette::builtin(),
            title,
            desc: "",
            annotations: &Annotations::default(),
        })
        .expect("an empty board draws")
    }

    fn on(sheet: &str, view: &str, title: &str) -> SheetFrame {
        SheetFrame {
            sheet: sheet.to_string(),
            view: view.to_string(),
            frame: frame(title),
        }
    }

    #[test]
    fn each_board_is_kept_from_the_first_page_and_sheets_do_not_depend_on_order() {
        let palette = Palette::builtin();
        let source = std::path::Path::new("content/tafl/x.md");
        let files = draw_sheets(
            vec![
                on("x/examples.svg", "b", "cs b"),
                on("x/game-g.svg", "g-0", "cs g"),
                on("x/examples.svg", "a", "cs a"),
                on("x/examples.svg", "b", "fi b"),
            ],
            &palette,
            source,
        )
        .expect("draws");
        let names: Vec<&str> = files.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(names, ["x/examples.svg", "x/game-g.svg"]);
        let examples = String::from_utf8_lossy(&files[0].1).into_owned();
        assert!(examples.contains("<title>cs b</title>"), "{examples}");
        assert!(!examples.contains("fi b"), "{examples}");
        assert!(
            examples.find("<view id=\"a\"") < examples.find("<view id=\"b\""),
            "{examples}"
        );
        let again = draw_sheets(
            vec![
                on("x/examples.svg", "a", "cs a"),
                on("x/examples.svg", "b", "cs b"),
            ],
            &palette,
            source,
        )
        .expect("draws");
        assert_eq!(again[0], files[0]);
    }

    #[test]
    fn a_board_that_cannot_go_on_a_sheet_is_reported_on_the_variants_file() {
        let problems = draw_sheets(
            vec![on("x/examples.svg", "no spaces", "t")],
            &Palette::builtin(),
            std::path::Path::new("content/tafl/x.md"),
        )
        .expect_err("a name with a space is refused");
        let message = format!("{:?}", problems[0]);
        assert!(message.contains("content/tafl/x.md"), "{message}");
        assert!(message.contains("cannot draw x/examples.svg"), "{message}");
        assert_eq!(
            distinct_boards(&[on("s", "a", "1"), on("s", "a", "2"), on("s", "b", "3")]),
            2
        );
    }
}
