//! Each distinct diagram is drawn once, and written once: the first page of
//! a variant to draw a diagram [claims](DiagramCache::claim) its file, which
//! the variant's pages in every language show. A variant's boards are the same in
//! every language except for the SVG's `<title>` and `<desc>`, so the SVG is
//! drawn once with placeholders there and each page fills in its own text.
//! The filled SVG is byte-for-byte what [`diagram::render`] returns for the
//! same board with that title and description (the tests check it).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::diagram::{self, Board};

/// Placeholders that survive the diagram's text cleaning and escaping
/// unchanged; a title or description holding them is drawn directly.
const TITLE_MARK: &str = "\u{E000}rulehub-title\u{E000}";
const DESC_MARK: &str = "\u{E000}rulehub-desc\u{E000}";

/// An SVG split around its title and description text.
#[derive(Debug)]
pub struct SvgTemplate {
    head: String,
    middle: String,
    tail: String,
}

impl SvgTemplate {
    /// Draws `board` (whose own title and desc are ignored) as a template.
    /// `None` when the drawing does not hold each placeholder exactly once
    /// in the expected order, in which case callers draw directly.
    fn draw(board: &Board) -> Result<Option<SvgTemplate>, String> {
        let marked = Board {
            title: TITLE_MARK,
            desc: DESC_MARK,
            ..*board
        };
        let svg = render(&marked)?;
        let (Some(t), Some(d)) = (svg.find(TITLE_MARK), svg.find(DESC_MARK)) else {
            return Ok(None);
        };
        if t > d || svg.matches(TITLE_MARK).count() != 1 || svg.matches(DESC_MARK).count() != 1 {
            return Ok(None);
        }
        Ok(Some(SvgTemplate {
            head: svg[..t].to_string(),
            middle: svg[t + TITLE_MARK.len()..d].to_string(),
            tail: svg[d + DESC_MARK.len()..].to_string(),
        }))
    }

    fn fill(&self, title: &str, desc: &str) -> String {
        let mut out = String::with_capacity(
            self.head.len() + self.middle.len() + self.tail.len() + title.len() + desc.len() + 16,
        );
        out.push_str(&self.head);
        push_text(&mut out, title);
        out.push_str(&self.middle);
        push_text(&mut out, desc);
        out.push_str(&self.tail);
        out
    }
}

/// The diagram's text rule: control characters (but tab and line breaks)
/// and non-characters dropped, then `&`, `<` and `>` escaped.
fn push_text(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
}

fn render(board: &Board) -> Result<String, String> {
    diagram::render(board).map_err(|errors| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })
}

type Slot = Arc<OnceLock<Result<Option<Arc<SvgTemplate>>, String>>>;

/// Templates by (family, variant, file name beside the page).
#[derive(Default)]
pub struct DiagramCache {
    slots: Mutex<HashMap<(String, String, String), Slot>>,
    /// Who drew each file: the rank of its language in the site's order.
    claimed: Mutex<HashMap<(String, String, String), usize>>,
}

impl DiagramCache {
    /// Whether the page in the language of `rank` (its place in the site's
    /// languages) should draw `file` of a variant: the one diagram file
    /// serves the variant's pages in every language and carries the title
    /// and description of the first language, in the site's order, whose
    /// page draws it. True when no page has claimed it yet, or only a page
    /// of a later language (pages of several languages render at once);
    /// the unit then keeps the earlier language's file, so which thread
    /// got there first never shows in the output.
    pub fn claim(&self, family: &str, variant: &str, file: &str, rank: usize) -> bool {
        let mut claimed = self
            .claimed
            .lock()
            .expect("no panics while holding the lock");
        let key = (family.to_string(), variant.to_string(), file.to_string());
        match claimed.get(&key) {
            Some(&owner) if owner <= rank => false,
            _ => {
                claimed.insert(key, rank);
                true
            }
        }
    }

    /// The SVG of `board` for `file` of a variant, drawn the first time any
    /// language asks for it. Every language asks with the same board data
    /// (pieces, spec, annotations); only the title and desc differ.
    pub fn svg(
        &self,
        family: &str,
        variant: &str,
        file: &str,
        board: &Board,
    ) -> Result<String, String> {
        if [board.title, board.desc]
            .iter()
            .any(|t| t.contains('\u{E000}'))
        {
            return render(board);
        }
        let slot = self
            .slots
            .lock()
            .expect("no panics while holding the lock")
            .entry((family.to_string(), variant.to_string(), file.to_string()))
            .or_default()
            .clone();
        let template = slot.get_or_init(|| SvgTemplate::draw(board).map(|t| t.map(Arc::new)));
        match template {
            Ok(Some(template)) => Ok(template.fill(board.title, board.desc)),
            Ok(None) => render(board),
            Err(message) => Err(message.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::{Annotations, Palette, RenderSpec};
    use crate::engine::tafl::Position;
    use crate::engine::{Dims, Square};

    #[test]
    fn filled_templates_match_direct_drawing_byte_for_byte() {
        let palette = Palette::from_yaml(include_str!("../../themes/default/palette.yaml"))
            .expect("built-in palette");
        let dims = Dims::new(9, 9);
        let spec = RenderSpec::default_for(dims);
        let position =
            Position::from_setup("3bbb3/4b4/4w4/b3w3b/bbwwKwwbb/b3w3b/4w4/4b4/3bbb3", dims)
                .expect("setup");
        let pieces: Vec<_> = position
            .pieces()
            .into_iter()
            .map(|(square, piece)| (square, crate::family::tafl::glyph(piece)))
            .collect();
        let annotations = Annotations::for_move(Square::new(0, 3), Square::new(0, 1), vec![]);
        let cache = DiagramCache::default();
        for (title, desc) in [
            ("Tablut", "Start"),
            ("A <b> & \"c\" 'd'", "x > y\tz\r\n\u{1}\u{FFFE}ok"),
            ("Král — trůn", ""),
            ("mark \u{E000}", "direct"),
        ] {
            let board = Board {
                dims,
                pieces: &pieces,
                spec: &spec,
                palette: &palette,
                title,
                desc,
                annotations: &annotations,
            };
            let direct = diagram::render(&board).expect("draws");
            let cached = cache.svg("tafl", "tablut", "x.svg", &board).expect("draws");
            assert_eq!(cached, direct, "{title:?} / {desc:?}");
        }
    }

    #[test]
    fn each_diagram_file_is_claimed_once_per_variant() {
        let cache = DiagramCache::default();
        assert!(cache.claim("tafl", "tablut", "board.svg", 0));
        assert!(!cache.claim("tafl", "tablut", "board.svg", 0));
        assert!(!cache.claim("tafl", "tablut", "board.svg", 1));
        assert!(cache.claim("tafl", "tablut", "example-a-before.svg", 1));
        assert!(cache.claim("tafl", "brandubh", "board.svg", 2));
    }

    #[test]
    fn an_earlier_language_takes_a_file_over_from_a_later_one_that_drew_it_first() {
        let cache = DiagramCache::default();
        assert!(cache.claim("tafl", "tablut", "board.svg", 2));
        assert!(cache.claim("tafl", "tablut", "board.svg", 1));
        assert!(!cache.claim("tafl", "tablut", "board.svg", 2));
        assert!(!cache.claim("tafl", "tablut", "board.svg", 1));
    }
}
