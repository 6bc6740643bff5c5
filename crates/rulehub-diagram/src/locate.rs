//! Where an op, or a field of an op, sits in the YAML text of render ops, so
//! a [`DiagramError`](super::DiagramError) found after parsing can still
//! point at its line. Every op is a list item starting with `op:` (`- op: …`
//! or `- { op: … }`); nothing else in a page's front matter is.

/// The 1-based line and column of the `field` (a path such as
/// `typeStrokes.throne` or `zones.cells[0]`) of the `op_index`-th op in
/// `text`; the op's own line when the field is absent or not found, `None`
/// when there is no such op.
pub fn locate(text: &str, op_index: usize, field: Option<&str>) -> Option<(usize, usize)> {
    let line = op_line(text, op_index)?;
    Some(
        field
            .and_then(|field| field_line(text, line, op_index, field))
            .unwrap_or((line, op_column(text, line))),
    )
}

/// The column of the list item's first character on its line.
fn op_column(text: &str, line: usize) -> usize {
    text.lines().nth(line - 1).map_or(1, |l| {
        l.chars().take_while(|c| c.is_whitespace()).count() + 1
    })
}

/// The 1-based line where the `index`-th op starts (`- op: …` or `- { op: … }`).
pub(crate) fn op_line(text: &str, index: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let item = line.trim_start().strip_prefix('-').map(str::trim_start);
            let item = item.map(|i| i.strip_prefix('{').map_or(i, str::trim_start));
            item.is_some_and(|i| i.starts_with("op:") || i.starts_with("op :"))
        })
        .nth(index)
        .map(|(number, _)| number + 1)
}

/// The 1-based line and column of an op's field, following its path (e.g.
/// `typeStrokes.throne`, `zones.cells[0]`) from the op's line to the next op;
/// the deepest key found wins.
fn field_line(text: &str, op_line: usize, index: usize, field: &str) -> Option<(usize, usize)> {
    let end = op_line_or_end(text, index + 1);
    let lines: Vec<&str> = text
        .lines()
        .take(end.saturating_sub(1).min(text.lines().count()))
        .collect();
    let mut found = None;
    // Search position: 0-based line and byte column.
    let (mut line, mut column) = (op_line - 1, 0);
    for key in field.split('.').map(|k| k.split('[').next().unwrap_or("")) {
        if key.is_empty() {
            break;
        }
        let hit = (line..lines.len()).find_map(|l| {
            let from = if l == line { column } else { 0 };
            let text = lines[l].get(from..)?;
            text.match_indices(key)
                .map(|(at, _)| from + at)
                .find(|&at| {
                    let before = lines[l][..at].chars().next_back();
                    let after = lines[l][at + key.len()..].trim_start();
                    matches!(before, None | Some(' ' | '{' | ',' | '-')) && after.starts_with(':')
                })
                .map(|at| (l, at))
        });
        let Some((l, at)) = hit else { break };
        found = Some((l + 1, lines[l][..at].chars().count() + 1));
        (line, column) = (l, at + key.len());
    }
    // `cells[2]` written as a block list: point at its third `- ` item.
    let item = field
        .rsplit('.')
        .next()
        .and_then(|last| last.split_once('['))
        .and_then(|(_, rest)| rest.trim_end_matches(']').parse::<usize>().ok());
    if let (Some(n), Some((key_line, _))) = (item, found) {
        let indent = |l: &str| l.chars().take_while(|c| c.is_whitespace()).count();
        let key_indent = indent(lines[key_line - 1]);
        let items = lines
            .iter()
            .enumerate()
            .skip(key_line)
            .take_while(|(_, l)| l.trim().is_empty() || indent(l) > key_indent)
            .filter(|(_, l)| l.trim_start().starts_with('-'));
        if let Some((l, text)) = items.clone().nth(n) {
            return Some((l + 1, indent(text) + 1));
        }
    }
    found
}

fn op_line_or_end(text: &str, index: usize) -> usize {
    op_line(text, index).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_are_found_by_their_list_items() {
        let text = "ops:\n  - op: rect\n    fill: frame\n  - { op: cells }\n  -   op: pieces\n";
        assert_eq!(op_line(text, 0), Some(2));
        assert_eq!(op_line(text, 1), Some(4));
        assert_eq!(op_line(text, 2), Some(5));
        assert_eq!(op_line(text, 3), None);
        assert_eq!(field_line(text, 2, 0, "fill"), Some((3, 5)));
        assert_eq!(field_line(text, 4, 1, "zones.cells[0]"), None);
        let text = "ops:\n  - op: cells\n    typeStrokes:\n      floor: x\n      throne: y\n    zones: { cells: [] }\n";
        assert_eq!(field_line(text, 2, 0, "typeStrokes.throne"), Some((5, 7)));
        assert_eq!(field_line(text, 2, 0, "zones.cells[0]"), Some((6, 14)));
        assert_eq!(field_line(text, 2, 0, "scope"), None);
    }

    #[test]
    fn locate_falls_back_to_the_op_and_knows_missing_ops() {
        let text = "ops:\n  - op: cells\n    typeStrokes:\n      throne: y\n";
        assert_eq!(locate(text, 0, Some("typeStrokes.throne")), Some((4, 7)));
        assert_eq!(locate(text, 0, Some("scope")), Some((2, 3)));
        assert_eq!(locate(text, 0, None), Some((2, 3)));
        assert_eq!(locate(text, 1, None), None);
    }
}
