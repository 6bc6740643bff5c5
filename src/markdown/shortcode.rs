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
}

impl ShortcodeKind {
    const ALL: [(&'static str, ShortcodeKind); 2] = [
        ("svg", ShortcodeKind::Svg),
        ("example", ShortcodeKind::Example),
    ];

    pub fn help(self) -> &'static str {
        match self {
            ShortcodeKind::Svg => "the board of a variant page is `{{svg:board.svg \"caption\"}}`",
            ShortcodeKind::Example => {
                "name the id of a worked example of the default-language page: `{{example:edge-escape}}`"
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

const PLACEHOLDER_PREFIX: &str = "<!--rulehub-shortcode-";

/// Replaces every shortcode line (outside code) with an HTML-comment
/// placeholder of the same line count, and returns the shortcodes with the
/// body offset each came from.
pub(super) fn extract(
    body: &str,
    code: &[Range<usize>],
    errors: &mut Vec<BodyError>,
) -> (String, Vec<(Shortcode, usize)>) {
    let mut prepared = String::with_capacity(body.len());
    let mut shortcodes = Vec::new();
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim();
        let start = offset + (line.len() - line.trim_start().len());
        let in_code = code.iter().any(|r| r.contains(&start));
        if !in_code && trimmed.starts_with("{{") && trimmed.ends_with("}}") {
            match parse(&trimmed[2..trimmed.len() - 2]) {
                Ok(shortcode) => {
                    prepared.push_str(&format!("{PLACEHOLDER_PREFIX}{}-->\n", shortcodes.len()));
                    shortcodes.push((shortcode, start));
                }
                Err((message, help)) => {
                    errors.push(BodyError {
                        offset: start,
                        message,
                        help,
                    });
                    prepared.push('\n');
                }
            }
        } else {
            prepared.push_str(line);
        }
        offset += line.len();
    }
    (prepared, shortcodes)
}

pub(super) fn placeholder_index(html: &str) -> Option<usize> {
    html.trim()
        .strip_prefix(PLACEHOLDER_PREFIX)?
        .strip_suffix("-->")?
        .parse()
        .ok()
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
