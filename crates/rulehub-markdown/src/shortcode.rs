//! `{{svg:board.svg "caption"}}` and `{{example:ID}}`: shortcodes that stand
//! on a line of their own and are replaced by generated HTML.

use std::ops::Range;

use super::BodyError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShortcodeKind {
    /// A board drawn by rulehub (`board.svg` = the variant's start position).
    Svg,
    /// A worked example of the default-language page, placed by id.
    Example,
    /// A sample game of the default-language page, placed by id.
    Game,
}

impl ShortcodeKind {
    const ALL: [(&'static str, ShortcodeKind); 3] = [
        ("svg", ShortcodeKind::Svg),
        ("example", ShortcodeKind::Example),
        ("game", ShortcodeKind::Game),
    ];

    /// The name written in a shortcode (`example` in `{{example:ID}}`).
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, kind)| *kind == self)
            .map_or("", |(name, _)| name)
    }

    pub fn help(self) -> &'static str {
        match self {
            ShortcodeKind::Svg => "the board of a variant page is `{{svg:board.svg \"caption\"}}`",
            ShortcodeKind::Example => {
                "name the id of a worked example of the default-language page: `{{example:edge-escape}}`"
            }
            ShortcodeKind::Game => {
                "name the id of a sample game of the default-language page: `{{game:short-win}}`"
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortcode {
    pub kind: ShortcodeKind,
    pub target: String,
    pub caption: Option<String>,
}

/// What an HTML block that stands for a shortcode holds. Which block is a
/// shortcode is known by where it starts, never by its text, so an author
/// who writes the same comment gets an ordinary comment.
const PLACEHOLDER: &str = "<!--rulehub-shortcode-->\n";

/// A body with every shortcode line replaced by a placeholder.
pub(super) struct Prepared {
    pub text: String,
    /// Each shortcode found, with the byte offset in the body where it stands.
    pub shortcodes: Vec<(Shortcode, usize)>,
    /// Offset in `text` of each shortcode's placeholder, by shortcode index.
    pub placeholders: Vec<usize>,
    /// Lines of the body that were replaced: where they are in `text`, and
    /// where they were in the body (in order).
    replaced: Vec<(Range<usize>, Range<usize>)>,
}

impl Prepared {
    /// The body offset that an offset in `text` came from.
    pub fn body_offset(&self, at: usize) -> usize {
        let after = self.replaced.partition_point(|(text, _)| text.start <= at);
        match after.checked_sub(1).map(|i| &self.replaced[i]) {
            None => at,
            Some((text, body)) if at < text.end => body.start,
            Some((text, body)) => body.end + (at - text.end),
        }
    }
}

/// Replaces every shortcode line (outside code) with an HTML-comment
/// placeholder, so Markdown sees a block of its own there. `code` holds the
/// body's code ranges in order.
pub(super) fn extract(body: &str, code: &[Range<usize>], errors: &mut Vec<BodyError>) -> Prepared {
    let mut prepared = Prepared {
        text: String::with_capacity(body.len()),
        shortcodes: Vec::new(),
        placeholders: Vec::new(),
        replaced: Vec::new(),
    };
    let mut offset = 0;
    // Lines come in order and code ranges are sorted, so one cursor walks
    // both: linear in the body however many code spans it has.
    let mut next_code = 0;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim();
        let start = offset + (line.len() - line.trim_start().len());
        while code.get(next_code).is_some_and(|r| r.end <= start) {
            next_code += 1;
        }
        let in_code = code.get(next_code).is_some_and(|r| r.contains(&start));
        let line_range = offset..offset + line.len();
        offset += line.len();
        let is_shortcode = looks_like_shortcode(trimmed);
        if in_code || !is_shortcode {
            prepared.text.push_str(line);
            continue;
        }
        let text_start = prepared.text.len();
        match parse(&trimmed[2..trimmed.len() - 2]) {
            Ok(shortcode) => {
                prepared.text.push_str(PLACEHOLDER);
                prepared.placeholders.push(text_start);
                prepared.shortcodes.push((shortcode, start));
            }
            Err((message, help)) => {
                errors.push(BodyError {
                    offset: start,
                    message,
                    help,
                });
                prepared.text.push('\n');
            }
        }
        prepared
            .replaced
            .push((text_start..prepared.text.len(), line_range));
    }
    prepared
}

/// A line that [`extract`] takes for a shortcode, if it is not in code.
pub(super) fn looks_like_shortcode(trimmed: &str) -> bool {
    trimmed.len() >= 4 && trimmed.starts_with("{{") && trimmed.ends_with("}}")
}

/// Whether every line that looks like a shortcode starts a top-level
/// block: it is the body's first line or follows a blank one, and is not
/// indented. Such a line cannot sit in a code span (spans do not cross
/// blocks), an indented code block, or a list item's or a quote's fenced
/// block (it would end them).
/// Runs on every parse, so only the lines holding a `{{` are read.
pub(super) fn lines_start_blocks(body: &str) -> bool {
    let bytes = body.as_bytes();
    let mut checked_to = 0;
    for braces in memchr::memmem::find_iter(bytes, b"{{") {
        if braces < checked_to {
            continue;
        }
        let (start, end) = line_around(bytes, braces);
        checked_to = end;
        let line = &body[start..end];
        if !looks_like_shortcode(line.trim()) {
            continue;
        }
        let previous_blank = start == 0 || {
            let newline = start - 1;
            let previous_start = memchr::memrchr(b'\n', &bytes[..newline]).map_or(0, |at| at + 1);
            body[previous_start..newline].trim().is_empty()
        };
        if !previous_blank || !line.starts_with("{{") {
            return false;
        }
    }
    true
}

/// The line holding byte `at` (not a line ending), without its line
/// ending, as `str::lines` cuts it: from after the `\n` before `at` to the
/// next `\n`, a `\r` just before that `\n` left out.
pub(super) fn line_around(bytes: &[u8], at: usize) -> (usize, usize) {
    let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |newline| newline + 1);
    match memchr::memchr(b'\n', &bytes[at..]) {
        Some(newline) if bytes[at + newline - 1] == b'\r' => (start, at + newline - 1),
        Some(newline) => (start, at + newline),
        None => (start, bytes.len()),
    }
}

/// Where a shortcode-looking `{{name:` sits inside running text.
pub(super) fn misplaced(text: &str) -> Option<usize> {
    // Called for every run of text, and most have no `{{` at all: look for
    // the braces first, then for a shortcode name after them.
    text.match_indices('{').map(|(at, _)| at).find(|&at| {
        text[at..].strip_prefix("{{").is_some_and(|after| {
            ShortcodeKind::ALL.iter().any(|(name, _)| {
                after
                    .strip_prefix(name)
                    .is_some_and(|rest| rest.starts_with(':'))
            })
        })
    })
}

fn parse(inner: &str) -> Result<Shortcode, (String, String)> {
    let inner = inner.trim();
    let Some((name, rest)) = inner.split_once(':') else {
        return Err((
            format!("`{{{{{inner}}}}}` is not a shortcode"),
            "write `{{svg:board.svg \"caption\"}}` or `{{example:ID}}`".to_string(),
        ));
    };
    let Some(&(_, kind)) = ShortcodeKind::ALL.iter().find(|(n, _)| *n == name.trim()) else {
        return Err((
            format!("unknown shortcode `{}`", name.trim()),
            "the shortcodes are `{{svg:board.svg \"caption\"}}` and `{{example:ID}}`".to_string(),
        ));
    };
    let rest = rest.trim();
    let (target, caption) = match rest.split_once(char::is_whitespace) {
        Some((target, caption)) => (
            target,
            Some(unquote(caption.trim()).ok_or_else(|| {
                (
                    format!("the caption of `{name}:{target}` must be in double quotes"),
                    kind.help().to_string(),
                )
            })?),
        ),
        None => (rest, None),
    };
    if target.is_empty() {
        return Err((
            format!("`{name}:` needs a name after the colon"),
            kind.help().to_string(),
        ));
    }
    Ok(Shortcode {
        kind,
        target: target.to_string(),
        caption,
    })
}

fn unquote(text: &str) -> Option<String> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    Some(inner.replace("\\\"", "\""))
}

#[cfg(test)]
mod tests {

    proptest::proptest! {
        /// Reading only the lines with a `{{` decides as reading every line.
        #[test]
        fn lines_with_braces_decide_as_every_line_does(
            tokens in proptest::collection::vec(proptest::sample::select(vec![
                "{{example:a}}", "{{", "}}", "\n", "\r\n", "\r", " ", "\t", "\u{A0}", "x", "- ", "> ",
            ]), 0..16)
        ) {
            let body: String = tokens.concat();
            let mut previous_blank = true;
            let mut every_line = true;
            for line in body.lines() {
                let trimmed = line.trim();
                if looks_like_shortcode(trimmed) && (!previous_blank || !line.starts_with("{{")) {
                    every_line = false;
                    break;
                }
                previous_blank = trimmed.is_empty();
            }
            proptest::prop_assert_eq!(lines_start_blocks(&body), every_line, "{:?}", body);
        }
    }

    #[test]
    fn misplaced_finds_the_first_shortcode_in_running_text() {
        assert_eq!(misplaced("plain prose, {braces} and {{not: one}}"), None);
        assert_eq!(misplaced("see {{example:a}} or {{svg:b.svg}}"), Some(4));
        assert_eq!(misplaced("see {{svg:b.svg}} or {{example:a}}"), Some(4));
        assert_eq!(misplaced("a {{{svg:x}}}"), Some(3), "three braces");
        assert_eq!(misplaced("{{svgx:y}} then {{svg:z}}"), Some(16));
    }

    use super::*;

    #[test]
    fn parses_targets_and_quoted_captions() {
        assert_eq!(
            parse("svg:board.svg \"Tablut — \\\"start\\\"\""),
            Ok(Shortcode {
                kind: ShortcodeKind::Svg,
                target: "board.svg".into(),
                caption: Some("Tablut — \"start\"".into())
            })
        );
        assert_eq!(
            parse("example:edge-escape"),
            Ok(Shortcode {
                kind: ShortcodeKind::Example,
                target: "edge-escape".into(),
                caption: None
            })
        );
        assert!(parse("svg:board.svg caption").is_err());
        assert!(parse("svg:").is_err());
    }
}
