//! Documented limits on what an author's files may hold, so that no input,
//! however large or deeply nested, makes a build work for minutes. Each
//! limit fails with an error at the place it is crossed.

/// The largest content file (page or hub.yaml) read, in bytes. A long rules
/// page is tens of kilobytes; this leaves a wide margin.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The deepest nesting of YAML flow collections (`[`, `{`). The YAML parser
/// does work per token in proportion to the open brackets, so nesting is
/// bounded before it parses; real front matter nests two or three deep.
pub const MAX_YAML_FLOW_DEPTH: usize = 64;

/// The most problems reported for one page body; past it one line says how
/// many more there are. Placing each problem costs a pass over the file, so
/// without a cap a file with a problem on every line would take quadratic
/// time (and no author reads the ten-thousandth message).
pub const MAX_PROBLEMS_PER_BODY: usize = 100;

/// The most worked examples one page may hold. Each is replayed and drawn
/// in every language; a rules page shows a few dozen at most.
pub const MAX_EXAMPLES_PER_PAGE: usize = 500;

/// Sample-game blocks per page; each draws a board per move, so a page's
/// output grows with their moves.
pub const MAX_GAMES_PER_PAGE: usize = 20;

/// Moves per sample game (a long game of the bundled families has 100–200).
pub const MAX_GAME_MOVES: usize = 500;

/// The byte offset of the first `[` or `{` in `yaml` that opens more than
/// [`MAX_YAML_FLOW_DEPTH`] flow collections, if any. Brackets inside quoted
/// scalars and comments do not count.
pub fn yaml_too_deep(yaml: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<u8> = None;
    let mut previous = b'\n';
    let bytes = yaml.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        match quote {
            Some(b'\'') if byte == b'\'' => quote = None,
            Some(b'"') if byte == b'\\' => i += 1,
            Some(b'"') if byte == b'"' => quote = None,
            Some(_) => {}
            None => match byte {
                // A quote opens a scalar only where a scalar can start.
                b'\'' | b'"' if starts_scalar(previous) => quote = Some(byte),
                b'#' if previous.is_ascii_whitespace() => {
                    i = bytes[i..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |p| i + p);
                    previous = b'\n';
                    continue;
                }
                b'[' | b'{' => {
                    depth += 1;
                    if depth > MAX_YAML_FLOW_DEPTH {
                        return Some(i);
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            },
        }
        previous = byte;
        i += 1;
    }
    None
}

fn starts_scalar(previous: u8) -> bool {
    previous.is_ascii_whitespace() || matches!(previous, b'[' | b'{' | b',' | b':' | b'-')
}

/// The error message for YAML nested too deeply.
pub fn yaml_too_deep_message() -> (String, String) {
    (
        format!("YAML is nested more than {MAX_YAML_FLOW_DEPTH} brackets deep here"),
        "front matter and examples need only a few levels of `[ ]` and `{ }`; close the brackets \
         that were left open"
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_open_flow_collections_outside_quotes_and_comments() {
        assert_eq!(yaml_too_deep("a: [[1], {b: [2]}]\n"), None);
        let deep = format!("a: {}{}", "[".repeat(65), "]".repeat(65));
        assert_eq!(yaml_too_deep(&deep), Some(3 + 64));
        let quoted = format!("a: \"{}\"\nb: '{}'\n", "[".repeat(100), "{".repeat(100));
        assert_eq!(yaml_too_deep(&quoted), None);
        let commented = format!("a: 1 # {}\n", "[".repeat(100));
        assert_eq!(yaml_too_deep(&commented), None);
        assert_eq!(
            yaml_too_deep("title: don't [stop]\n"),
            None,
            "an apostrophe in a word"
        );
    }
}
