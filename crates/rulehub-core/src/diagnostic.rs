//! One diagnostic type for every stage: what went wrong, where, and what to do.
//!
//! Stages collect diagnostics instead of stopping at the first problem, so a
//! single run reports everything an author has to fix. Only the CLI renders
//! them (with miette); the library just builds them.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// A place in a source file: 1-based line and column, plus the byte offset
/// so a renderer can underline it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Position {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

impl Position {
    /// The position of byte `offset` in `text`, moved back to the start of
    /// its character when it falls inside one: the printed report slices the
    /// text at the offset, and a stage that miscounts must not crash it.
    pub fn at_offset(text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Position {
            line,
            column,
            offset,
        }
    }

    /// The position of `line`:`column` (1-based) in `text`.
    pub fn at_line_column(text: &str, line: usize, column: usize) -> Position {
        let line_start = text
            .split_inclusive('\n')
            .take(line.saturating_sub(1))
            .map(str::len)
            .sum::<usize>();
        let rest = &text[line_start.min(text.len())..];
        let within: usize = rest
            .chars()
            .take_while(|c| *c != '\n')
            .take(column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        Position {
            line: line.max(1),
            column: column.max(1),
            offset: line_start + within,
        }
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A problem found in a hub, tied to the file (and where known, the place)
/// it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Path as the user should see it (relative to the hub root when possible).
    pub file: PathBuf,
    pub position: Option<Position>,
    pub message: String,
    pub help: Option<String>,
    /// The worked-example id, for diagnostics about an example.
    pub example_id: Option<String>,
    /// The file's text, so the renderer can show the offending line.
    pub source: Option<Arc<str>>,
}

impl Diagnostic {
    pub fn error(file: impl Into<PathBuf>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            file: file.into(),
            position: None,
            message: message.into(),
            help: None,
            example_id: None,
            source: None,
        }
    }

    pub fn warning(file: impl Into<PathBuf>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, message)
        }
    }

    /// A file that is not UTF-8, placed at its first bad byte (with the
    /// readable part as the snippet) so the author can find it.
    pub fn not_utf8(
        file: impl Into<PathBuf>,
        bytes: &[u8],
        error: &std::str::Utf8Error,
    ) -> Diagnostic {
        let text: Arc<str> = String::from_utf8_lossy(bytes).into();
        let valid = error.valid_up_to();
        // Before the bad byte the lossy text is the file itself, so the
        // offset counts the same lines and characters.
        let position = Position::at_offset(&text, valid);
        Diagnostic::error(
            file,
            format!(
                "the file is not valid UTF-8 (bad byte at line {}, column {})",
                position.line, position.column
            ),
        )
        .at(position)
        .with_source(text)
        .with_help("save the file with UTF-8 encoding")
    }

    pub fn at(mut self, position: Position) -> Diagnostic {
        self.position = Some(position);
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_example(mut self, id: impl Into<String>) -> Diagnostic {
        self.example_id = Some(id.into());
        self
    }

    pub fn with_source(mut self, source: Arc<str>) -> Diagnostic {
        self.source = Some(source);
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    pub fn line(&self) -> Option<usize> {
        self.position.map(|p| p.line)
    }

    /// A sort key that lists diagnostics by file, then place in the file.
    pub fn sort_key(&self) -> (&Path, usize, usize) {
        let pos = self.position.unwrap_or_default();
        (&self.file, pos.line, pos.column)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(pos) = self.position {
            write!(f, ":{}:{}", pos.line, pos.column)?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, " (help: {help})")?;
        }
        Ok(())
    }
}

/// Sorts diagnostics into a stable, readable order.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        a.sort_key()
            .cmp(&b.sort_key())
            .then(a.message.cmp(&b.message))
    });
}

/// The closest candidate to a misspelt name, for "did you mean" hints.
pub fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(wrong, c), c))
        .filter(|(d, c)| {
            *d <= c.chars().count().div_ceil(3).max(1) || c.starts_with(wrong) && wrong.len() >= 3
        })
        .min_by_key(|(d, c)| (*d, *c))
        .map(|(_, c)| c)
}

/// A "did you mean" hint for serde's "unknown field `x`, expected one of
/// `a`, `b`" and "unknown variant" messages, when a candidate is close.
pub fn serde_hint(message: &str) -> Option<String> {
    if let Some(hint) = preset_hint(message) {
        return Some(hint);
    }
    let start = ["unknown field `", "unknown variant `"]
        .iter()
        .find_map(|p| message.find(p).map(|i| i + p.len()))?;
    let rest = &message[start..];
    let (wrong, expected) = rest.split_once('`')?;
    let candidates: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    did_you_mean(wrong, candidates.iter().copied()).map(|near| format!("did you mean `{near}`?"))
}

/// An engine names an unknown preset and lists the valid ones ("unknown
/// rules preset `x`; valid presets: a, b"); suggest the nearest of those.
/// Read from the message, so this layer knows no game family.
fn preset_hint(message: &str) -> Option<String> {
    let start = message.find("unknown rules preset `")? + "unknown rules preset `".len();
    let wrong = &message[start..start + message[start..].find('`')?];
    let listed = message.split_once("valid presets: ")?.1;
    did_you_mean(wrong, listed.split(", ").map(str::trim))
        .map(|near| format!("did you mean `{near}`?"))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters_from_one() {
        let text = "ab\nčd\nef";
        assert_eq!(
            Position::at_offset(text, 0),
            Position {
                line: 1,
                column: 1,
                offset: 0
            }
        );
        let d = text.find('d').expect("fixture has a d");
        assert_eq!(
            Position::at_offset(text, d),
            Position {
                line: 2,
                column: 2,
                offset: d
            }
        );
        assert_eq!(
            Position::at_line_column(text, 2, 2),
            Position {
                line: 2,
                column: 2,
                offset: d
            }
        );
    }

    #[test]
    fn an_offset_inside_a_character_moves_to_its_start() {
        // Found by fuzzing: a body error placed inside `č` crashed the report.
        let text = "ab\nčd";
        let inside = text.find('č').expect("fixture has a č") + 1;
        let position = Position::at_offset(text, inside);
        assert_eq!(position.offset, inside - 1);
        assert!(text.is_char_boundary(position.offset));
        assert_eq!((position.line, position.column), (2, 1));
        assert_eq!(Position::at_offset(text, 999).offset, text.len());
    }

    #[test]
    fn serde_messages_get_a_suggestion() {
        let message = "unknown field `titel`, expected one of `title`, `slug`, `order`";
        assert_eq!(
            serde_hint(message).as_deref(),
            Some("did you mean `title`?")
        );
        let message = "unknown variant `attacker`, expected `attackers` or `defenders`";
        assert_eq!(
            serde_hint(message).as_deref(),
            Some("did you mean `attackers`?")
        );
        assert_eq!(serde_hint("unknown field `zzz`, expected `title`"), None);
    }

    #[test]
    fn a_misspelt_preset_is_matched_against_the_presets_the_message_lists() {
        let message = "engine.rules: unknown rules preset `tablutt`; valid presets: tablut-edge, tablut, brandubh";
        assert_eq!(
            serde_hint(message).as_deref(),
            Some("did you mean `tablut`?")
        );
        assert_eq!(
            serde_hint("unknown rules preset `chess`; valid presets: tablut"),
            None
        );
    }

    #[test]
    fn near_misses_are_suggested_and_strangers_are_not() {
        let tokens = ["throne-stroke", "throne", "corner"];
        assert_eq!(did_you_mean("throne-strok", tokens), Some("throne-stroke"));
        assert_eq!(did_you_mean("cornr", tokens), Some("corner"));
        assert_eq!(did_you_mean("banana", tokens), None);
    }
}
