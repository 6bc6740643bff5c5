//! `--message-format github`: GitHub Actions workflow commands, one per
//! diagnostic, so each problem shows on the pull request's diff at its line.
//!
//! The escaping follows GitHub's toolkit: in the message (the "data") `%`,
//! CR and LF are percent-encoded; in properties `:` and `,` are too, because
//! they separate the properties themselves.

use std::fmt::Write;
use std::path::Path;

use rulehub::diagnostic::{Diagnostic, Severity};

use super::report::shown_path;

/// The workflow commands for `diagnostics`, a line each. Paths are shown as
/// `root` joined with the hub-relative file, so they match the checkout
/// when rulehub runs from the repository's top folder.
pub fn annotations(diagnostics: &[Diagnostic], root: &Path) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        let level = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut properties = vec![format!(
            "file={}",
            escape_property(&shown_path(root, &diagnostic.file))
        )];
        if let Some(position) = diagnostic.position {
            properties.push(format!("line={}", position.line));
            properties.push(format!("col={}", position.column));
        }
        properties.push(format!("title={}", escape_property(&title(diagnostic))));
        let mut message = diagnostic.message.clone();
        if let Some(help) = &diagnostic.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        let _ = writeln!(
            out,
            "::{level} {}::{}",
            properties.join(","),
            escape_data(&message)
        );
    }
    out
}

/// The annotation's heading: which example, when the problem is in one.
fn title(diagnostic: &Diagnostic) -> String {
    match &diagnostic.example_id {
        Some(id) => format!("rulehub: worked example {id}"),
        None => "rulehub check".to_string(),
    }
}

/// Escapes a command's message.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (`file=…`, `title=…`).
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulehub::diagnostic::Position;

    #[test]
    fn data_and_properties_are_escaped_as_github_specifies() {
        assert_eq!(escape_data("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
        assert_eq!(escape_property("50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
        // `%` is escaped first, so an escape already in the text survives.
        assert_eq!(escape_data("%0A"), "%250A");
    }

    #[test]
    fn a_warning_without_a_place_names_only_its_file() {
        let warning = Diagnostic::warning("content/family/x.md", "no translation, yet")
            .with_help("add x.cs.md");
        assert_eq!(
            annotations(&[warning], Path::new(".")),
            "::warning file=content/family/x.md,title=rulehub check::no translation, yet%0Ahelp: add x.cs.md\n"
        );
    }

    #[test]
    fn an_error_in_a_subfolder_hub_names_the_path_from_the_checkout() {
        let error = Diagnostic::error("content/a,b.md", "bad")
            .at(Position {
                line: 3,
                column: 7,
                offset: 0,
            })
            .with_example("e:1");
        assert_eq!(
            annotations(&[error], Path::new("./site")),
            "::error file=site/content/a%2Cb.md,line=3,col=7,title=rulehub%3A worked example e%3A1::bad\n"
        );
    }
}
