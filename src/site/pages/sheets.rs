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
    /// The sheet's file name, beside the variant's default page.
    pub sheet: String,
    /// The board's name on the sheet: its view's id and URL fragment.
    pub view: String,
    pub frame: Frame,
}

/// The sheets of a variant, drawn.
#[derive(Debug)]
pub(super) struct Sheets {
    /// (path under the output root, svg)
    pub files: Vec<(String, Vec<u8>)>,
    /// How many boards they hold.
    pub boards: usize,
}

/// Each sheet's file, in `dir` (the variant's default page's folder), from
/// the boards the pages drew: the first drawing of each board is kept (the
/// pages come in the site's language order), and boards are put on a sheet
/// in the order of their names, so the bytes do not depend on which page
/// drew what. Problems are reported on `source`, the variant's file.
pub(super) fn draw_sheets(
    frames: Vec<SheetFrame>,
    dir: &str,
    palette: &Palette,
    source: &std::path::Path,
) -> Result<Sheets, Vec<Diagnostic>> {
    let mut sheets: BTreeMap<String, BTreeMap<String, Frame>> = BTreeMap::new();
    for SheetFrame { sheet, view, frame } in frames {
        sheets
            .entry(sheet)
            .or_default()
            .entry(view)
            .or_insert(frame);
    }
    let mut drawn = Sheets {
        files: Vec::with_capacity(sheets.len()),
        boards: 0,
    };
    let mut problems = Vec::new();
    for (name, boards) in sheets {
        let path = format!("{dir}{name}");
        let boards: Vec<(&str, &Frame)> = boards.iter().map(|(v, f)| (v.as_str(), f)).collect();
        drawn.boards += boards.len();
        match diagram::sheet(&boards, palette) {
            Ok(svg) => drawn.files.push((path, svg.into_bytes())),
            Err(errors) => problems.extend(
                errors
                    .iter()
                    .map(|error| Diagnostic::error(source, format!("cannot draw {path}: {error}"))),
            ),
        }
    }
    if problems.is_empty() {
        Ok(drawn)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Annotations, Board, RenderSpec};
    use crate::game::Dims;

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
        let source = std::path::Path::new("content/family/x.md");
        let drawn = draw_sheets(
            vec![
                on("examples.svg", "b", "cs b"),
                on("game-g.svg", "g-0", "cs g"),
                on("examples.svg", "a", "cs a"),
                on("examples.svg", "b", "fi b"),
            ],
            "family/x/",
            &palette,
            source,
        )
        .expect("draws");
        let names: Vec<&str> = drawn.files.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(names, ["family/x/examples.svg", "family/x/game-g.svg"]);
        // Three boards: `b` of the examples once, though two pages drew it.
        assert_eq!(drawn.boards, 3);
        let examples = String::from_utf8_lossy(&drawn.files[0].1).into_owned();
        assert!(examples.contains("<title>cs b</title>"), "{examples}");
        assert!(!examples.contains("fi b"), "{examples}");
        assert!(
            examples.find("<view id=\"a\"") < examples.find("<view id=\"b\""),
            "{examples}"
        );
        let again = draw_sheets(
            vec![
                on("examples.svg", "a", "cs a"),
                on("examples.svg", "b", "cs b"),
            ],
            "family/x/",
            &palette,
            source,
        )
        .expect("draws");
        assert_eq!(again.files[0], drawn.files[0]);
    }

    #[test]
    fn a_board_that_cannot_go_on_a_sheet_is_reported_on_the_variants_file() {
        let problems = draw_sheets(
            vec![on("examples.svg", "no spaces", "t")],
            "family/x/",
            &Palette::builtin(),
            std::path::Path::new("content/family/x.md"),
        )
        .expect_err("a name with a space is refused");
        let message = format!("{:?}", problems[0]);
        assert!(message.contains("content/family/x.md"), "{message}");
        assert!(
            message.contains("cannot draw family/x/examples.svg"),
            "{message}"
        );
    }
}
