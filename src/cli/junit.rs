//! `--message-format junit`: a JUnit XML report with one test case per page
//! and per worked example, which GitLab, Jenkins and most CI systems show
//! natively. A case fails when one of its problems is an error; warnings go
//! to the case's `system-out` (they fail only under `--deny warnings`, which
//! turns them into errors before they get here).
//!
//! The format is described by docs/ci/junit.xsd.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use rulehub::diagnostic::Diagnostic;
use rulehub::inventory::{Inventory, PageKind};

use super::report::shown_path;

/// One test case: a page, an example, or a file that is neither (hub.yaml,
/// a theme file) but has problems.
struct Case<'a> {
    name: String,
    /// Where the case starts in its file (examples only).
    line: Option<usize>,
    /// The lines an example block covers, to claim the problems inside it.
    lines: Option<std::ops::RangeInclusive<usize>>,
    example_id: Option<&'a str>,
    problems: Vec<&'a Diagnostic>,
}

/// The report for a run: a test suite per file, in file order.
pub fn report(diagnostics: &[Diagnostic], inventory: Option<&Inventory>, root: &Path) -> String {
    let suites = cases(diagnostics, inventory);
    let tests: usize = suites.values().map(Vec::len).sum();
    let failures: usize = suites.values().map(|cases| failed(cases)).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"rulehub check\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">"
    );
    for (file, cases) in &suites {
        let path = shown_path(root, file);
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">",
            escape(&path, true),
            cases.len(),
            failed(cases)
        );
        for case in cases {
            write_case(&mut out, case, &path, root);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn failed(cases: &[Case]) -> usize {
    cases
        .iter()
        .filter(|case| case.problems.iter().any(|d| d.is_error()))
        .count()
}

/// Groups the inventory's pages and examples by file and hands each
/// diagnostic to the case it is about.
fn cases<'a>(
    diagnostics: &'a [Diagnostic],
    inventory: Option<&'a Inventory>,
) -> BTreeMap<PathBuf, Vec<Case<'a>>> {
    let mut suites: BTreeMap<PathBuf, Vec<Case>> = BTreeMap::new();
    if let Some(inventory) = inventory {
        for page in &inventory.pages {
            let kind = match page.kind {
                PageKind::Home => "home page",
                PageKind::Family => "family page",
                PageKind::Variant => "variant page",
                PageKind::Translation => "translation page",
            };
            suites.entry(page.file.clone()).or_default().push(Case {
                name: format!("{kind} ({})", page.language),
                line: None,
                lines: None,
                example_id: None,
                problems: Vec::new(),
            });
        }
        for example in &inventory.examples {
            let name = match &example.id {
                Some(id) => format!("example {id}"),
                None => format!("example on line {}", example.lines.start()),
            };
            suites.entry(example.file.clone()).or_default().push(Case {
                name,
                line: Some(*example.lines.start()),
                lines: Some(example.lines.clone()),
                example_id: example.id.as_deref(),
                problems: Vec::new(),
            });
        }
    }
    for diagnostic in diagnostics {
        let cases = suites.entry(diagnostic.file.clone()).or_default();
        let index = owner(cases, diagnostic).unwrap_or_else(|| {
            cases.push(Case {
                name: "file".to_string(),
                line: None,
                lines: None,
                example_id: None,
                problems: Vec::new(),
            });
            cases.len() - 1
        });
        cases[index].problems.push(diagnostic);
    }
    suites
}

/// The case a diagnostic belongs to: the example it names or sits in, else
/// the file's first case (its page).
fn owner(cases: &[Case], diagnostic: &Diagnostic) -> Option<usize> {
    let by_id = diagnostic.example_id.as_deref().and_then(|id| {
        cases
            .iter()
            .position(|case| case.example_id == Some(id) && sits_in(case, diagnostic))
            .or_else(|| cases.iter().position(|case| case.example_id == Some(id)))
    });
    by_id
        .or_else(|| {
            cases
                .iter()
                .position(|case| case.lines.is_some() && sits_in(case, diagnostic))
        })
        .or_else(|| (!cases.is_empty()).then_some(0))
}

fn sits_in(case: &Case, diagnostic: &Diagnostic) -> bool {
    match (&case.lines, diagnostic.line()) {
        (Some(lines), Some(line)) => lines.contains(&line),
        _ => false,
    }
}

fn write_case(out: &mut String, case: &Case, path: &str, root: &Path) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\"",
        escape(&case.name, true),
        escape(path, true),
        escape(path, true)
    );
    if let Some(line) = case.line {
        let _ = write!(out, " line=\"{line}\"");
    }
    if case.problems.is_empty() {
        out.push_str("/>\n");
        return;
    }
    out.push_str(">\n");
    let (errors, warnings): (Vec<&Diagnostic>, Vec<&Diagnostic>) =
        case.problems.iter().partition(|d| d.is_error());
    if let Some(first) = errors.first() {
        let mut message = first.message.clone();
        if errors.len() > 1 {
            message.push_str(&format!(" (and {} more)", errors.len() - 1));
        }
        let _ = writeln!(
            out,
            "      <failure message=\"{}\" type=\"error\">{}</failure>",
            escape(&message, true),
            escape(&listing(&errors, root), false)
        );
    }
    if !warnings.is_empty() {
        let _ = writeln!(
            out,
            "      <system-out>{}</system-out>",
            escape(&listing(&warnings, root), false)
        );
    }
    out.push_str("    </testcase>\n");
}

/// The problems as a reader wants them: `file:line:col: severity: message`
/// and the hint below, one after another.
fn listing(problems: &[&Diagnostic], root: &Path) -> String {
    let mut text = String::new();
    for problem in problems {
        text.push_str(&shown_path(root, &problem.file));
        if let Some(position) = problem.position {
            let _ = write!(text, ":{}:{}", position.line, position.column);
        }
        let severity = if problem.is_error() {
            "error"
        } else {
            "warning"
        };
        let _ = writeln!(text, ": {severity}: {}", problem.message);
        if let Some(help) = &problem.help {
            let _ = writeln!(text, "  help: {help}");
        }
    }
    text
}

/// Escapes text for XML 1.0. Characters XML cannot carry at all (most
/// control characters) become U+FFFD; in attributes, line breaks and tabs
/// become character references so parsers keep them.
pub fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' if attribute => out.push_str("&#9;"),
            '\n' | '\t' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulehub::diagnostic::Position;
    use rulehub::inventory::{ExampleEntry, PageEntry};

    fn at(line: usize) -> Position {
        Position {
            line,
            column: 1,
            offset: 0,
        }
    }

    fn inventory() -> Inventory {
        Inventory {
            pages: vec![PageEntry {
                file: "content/family/a.md".into(),
                language: "en".into(),
                kind: PageKind::Variant,
                group: "content/family/a.md".into(),
            }],
            examples: vec![
                ExampleEntry {
                    file: "content/family/a.md".into(),
                    id: Some("one".into()),
                    lines: 10..=16,
                },
                ExampleEntry {
                    file: "content/family/a.md".into(),
                    id: None,
                    lines: 20..=25,
                },
            ],
        }
    }

    #[test]
    fn problems_go_to_the_example_they_sit_in_or_else_the_page() {
        let diagnostics = [
            Diagnostic::error("content/family/a.md", "bad claim")
                .at(at(12))
                .with_example("one"),
            Diagnostic::error("content/family/a.md", "bad yaml").at(at(21)),
            Diagnostic::warning("content/family/a.md", "no translation"),
            Diagnostic::error("hub.yaml", "bad key").at(at(2)),
        ];
        let inventory = inventory();
        let suites = cases(&diagnostics, Some(&inventory));
        let page = &suites[Path::new("content/family/a.md")];
        let messages = |case: &Case| -> Vec<String> {
            case.problems.iter().map(|d| d.message.clone()).collect()
        };
        assert_eq!(messages(&page[0]), ["no translation"]);
        assert_eq!(messages(&page[1]), ["bad claim"]);
        assert_eq!(page[2].name, "example on line 20");
        assert_eq!(messages(&page[2]), ["bad yaml"]);
        let config = &suites[Path::new("hub.yaml")];
        assert_eq!(config[0].name, "file");
        assert_eq!(failed(page), 2, "the warning alone does not fail the page");
    }

    #[test]
    fn everything_is_escaped_and_nothing_xml_forbids_gets_through() {
        assert_eq!(
            escape("a<b & \"c\"\n\u{1}", true),
            "a&lt;b &amp; &quot;c&quot;&#10;\u{FFFD}"
        );
        assert_eq!(escape("x > y\n\"z\"", false), "x &gt; y\n\"z\"");
    }
}
