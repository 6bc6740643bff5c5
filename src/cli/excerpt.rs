//! The few lines of a file a diagnostic shows, cut so that a report stays
//! short however large the file or long the line: the line before, the
//! line itself and the line after, each clipped to a window around the
//! column. Copying whole files per diagnostic would make a run with many
//! problems in a large file quadratic.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Characters of a line shown on each side of the column.
const HALF_WINDOW: usize = 60;

/// Lines of a file around one place, with that place as an offset into them.
#[derive(Debug)]
pub struct Excerpt {
    name: String,
    text: String,
    /// 0-based number of the excerpt's first line in the file.
    first_line: usize,
    /// The place, as a byte offset into `text`.
    pub offset: usize,
    /// The place in the file, 0-based, for the snippet's header.
    line: usize,
    column: usize,
}

impl Excerpt {
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lines around byte `offset` of `file` (1-based `line`, `column`).
    pub fn around(name: String, file: &str, line: usize, column: usize) -> Excerpt {
        let first_line = line.saturating_sub(2);
        let mut text = String::new();
        let mut offset = 0;
        for (number, content) in file.lines().enumerate().skip(first_line).take(3) {
            let is_target = number + 1 == line;
            let centre = if is_target {
                column.saturating_sub(1)
            } else {
                0
            };
            let (clipped, shift) = clip(content, centre);
            if is_target {
                offset = text.len() + byte_of_char(&clipped, centre.saturating_sub(shift));
            }
            text.push_str(&clipped);
            text.push('\n');
        }
        Excerpt {
            name,
            text,
            first_line,
            offset,
            line: line.saturating_sub(1),
            column: column.saturating_sub(1),
        }
    }
}

/// `line` cut to a window around character `centre`, with `…` where it was
/// cut, and how many characters the window's start moved the centre left
/// (including for the `…`).
fn clip(line: &str, centre: usize) -> (String, usize) {
    let length = line.chars().count();
    if length <= 2 * HALF_WINDOW {
        return (line.to_string(), 0);
    }
    let start = centre.saturating_sub(HALF_WINDOW);
    let end = (centre + HALF_WINDOW).min(length);
    let mut clipped: String = line.chars().skip(start).take(end - start).collect();
    let mut shift = start;
    if start > 0 {
        clipped.insert(0, '…');
        shift -= 1;
    }
    if end < length {
        clipped.push('…');
    }
    (clipped, shift)
}

fn byte_of_char(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if context_lines_before == 0 && context_lines_after == 0 {
            // The header asks where the place is: as in the file, not in
            // the clipped excerpt.
            let end = (span.offset() + span.len()).min(self.text.len());
            let start = span.offset().min(end);
            return Ok(Box::new(MietteSpanContents::new_named(
                self.name.clone(),
                &self.text.as_bytes()[start..end],
                *span,
                self.line,
                self.column,
                1,
            )));
        }
        // The excerpt is already the context: all of it is shown, numbered
        // as in the file.
        let lines = self.text.lines().count();
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            self.text.as_bytes(),
            (0, self.text.len()).into(),
            self.first_line,
            0,
            lines,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_kept_whole_and_numbered_from_the_line_before() {
        let file = "a: 1\nb: 2\nc: 3\nd: 4\n";
        let excerpt = Excerpt::around("f".into(), file, 3, 4);
        assert_eq!(excerpt.text, "b: 2\nc: 3\nd: 4\n");
        assert_eq!(excerpt.first_line, 1);
        assert_eq!(&excerpt.text[excerpt.offset..excerpt.offset + 1], "3");
    }

    #[test]
    fn a_huge_line_is_cut_to_a_window_around_the_column() {
        let line = format!("x: {}!{}", "[".repeat(100_000), "]".repeat(100_000));
        let column = 3 + 100_000 + 1;
        let excerpt = Excerpt::around("f".into(), &line, 1, column);
        assert!(
            excerpt.text.len() < 4 * HALF_WINDOW * 3,
            "{}",
            excerpt.text.len()
        );
        assert_eq!(&excerpt.text[excerpt.offset..excerpt.offset + 1], "!");
        assert!(excerpt.text.starts_with('…'));
    }
}
