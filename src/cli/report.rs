//! Printing diagnostics: cargo-style with miette on a terminal, or for
//! tools one JSON object per line (`--message-format json`), GitHub Actions
//! annotations (`github`) or a JUnit XML report (`junit`).

use std::io::{IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use clap::ValueEnum;
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic,
    Severity as MietteSeverity,
};
use rulehub::diagnostic::{Diagnostic, Severity};
use rulehub::inventory::Inventory;

use super::Verbosity;
use super::excerpt::Excerpt;
use super::{github, junit};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum MessageFormat {
    /// Readable messages with the source line underlined.
    #[default]
    Human,
    /// One JSON object per diagnostic on stdout.
    Json,
}

/// The formats of `build` and `check`, which CI runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ReportFormat {
    /// Readable messages with the source line underlined, on stderr.
    #[default]
    Human,
    /// One JSON object per diagnostic.
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), one per
    /// diagnostic, shown on the pull request's diff.
    Github,
    /// A JUnit XML report: a test case per page and per worked example.
    Junit,
}

/// Where a run's diagnostics go.
#[derive(clap::Args)]
pub struct ReportArgs {
    /// How to report diagnostics.
    #[arg(long, value_enum, default_value_t)]
    message_format: ReportFormat,
    /// Write the json, github or junit report to FILE instead of stdout; the
    /// terminal then gets the readable messages as well.
    #[arg(long, value_name = "FILE")]
    output_file: Option<PathBuf>,
    /// Also write a json, github or junit report to FILE, from the same run
    /// (e.g. `--message-format github --report junit=report.xml`); repeatable.
    #[arg(long = "report", value_name = "FORMAT=FILE", value_parser = parse_extra_report)]
    extra_reports: Vec<(ReportFormat, PathBuf)>,
}

/// Reads `--report FORMAT=FILE`.
fn parse_extra_report(text: &str) -> Result<(ReportFormat, PathBuf), String> {
    let Some((format, file)) = text.split_once('=') else {
        return Err(format!(
            "`{text}` is not FORMAT=FILE; write for example `--report junit=rulehub-junit.xml`"
        ));
    };
    let format = match ReportFormat::from_str(format, true) {
        Ok(ReportFormat::Human) | Err(_) => {
            return Err(format!(
                "`{format}` is not a report format: use json, github or junit \
                 (readable messages always go to the terminal)"
            ));
        }
        Ok(format) => format,
    };
    if file.is_empty() {
        return Err(format!(
            "`--report {text}` names no file; write `--report {text}FILE`"
        ));
    }
    Ok((format, PathBuf::from(file)))
}

impl ReportArgs {
    /// Refuses combinations that make no sense, before any work is done.
    pub fn validate(&self) -> Result<(), String> {
        if self.output_file.is_some() && self.message_format == ReportFormat::Human {
            return Err(
                "--output-file needs --message-format json, github or junit \
                 (readable messages always go to the terminal)"
                    .to_string(),
            );
        }
        Ok(())
    }

    /// Whether the terminal gets the readable messages and summary lines
    /// (otherwise stdout carries the machine report alone).
    pub fn human_on_terminal(&self) -> bool {
        self.message_format == ReportFormat::Human || self.output_file.is_some()
    }

    /// Whether the report lists what passed, which needs the hub's pages.
    pub fn needs_inventory(&self) -> bool {
        self.message_format == ReportFormat::Junit
            || self
                .extra_reports
                .iter()
                .any(|(format, _)| *format == ReportFormat::Junit)
    }

    /// Writes the machine report (nothing for `human`) to the output file
    /// or stdout. `root` prefixes the paths github and junit show.
    pub fn write_machine_report(
        &self,
        diagnostics: &[Diagnostic],
        inventory: Option<&Inventory>,
        root: &Path,
    ) -> Result<(), String> {
        for (format, path) in &self.extra_reports {
            let text = render(*format, diagnostics, inventory, root);
            write_report_file(path, &text)?;
        }
        if self.message_format == ReportFormat::Human {
            return Ok(());
        }
        let text = render(self.message_format, diagnostics, inventory, root);
        match &self.output_file {
            Some(path) => write_report_file(path, &text),
            None => {
                let mut stdout = std::io::stdout().lock();
                stdout
                    .write_all(text.as_bytes())
                    .and_then(|()| stdout.flush())
                    .map_err(|error| format!("cannot write the report: {error}"))
            }
        }
    }
}

/// The text of a report in `format` (empty for `human`, which is printed
/// as it goes instead).
fn render(
    format: ReportFormat,
    diagnostics: &[Diagnostic],
    inventory: Option<&Inventory>,
    root: &Path,
) -> String {
    match format {
        ReportFormat::Human => String::new(),
        ReportFormat::Json => diagnostics.iter().map(|d| json(d) + "\n").collect(),
        ReportFormat::Github => github::annotations(diagnostics, root),
        ReportFormat::Junit => junit::report(diagnostics, inventory, root),
    }
}

fn write_report_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text)
        .map_err(|error| format!("cannot write the report to {}: {error}", path.display()))
}

/// A hub-relative `file` as seen from where rulehub runs: joined to `root`
/// without `.` parts, `/`-separated, so CI can match it to the checkout.
pub fn shown_path(root: &Path, file: &Path) -> String {
    let joined = if file.is_absolute() {
        file.to_path_buf()
    } else {
        root.join(file)
    };
    let parts: Vec<String> = joined
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| match c {
            Component::RootDir => String::new(),
            other => other.as_os_str().to_string_lossy().into_owned(),
        })
        .collect();
    match parts.as_slice() {
        [] => ".".to_string(),
        [only] if only.is_empty() => "/".to_string(),
        _ => parts.join("/"),
    }
}

fn use_colour() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Prints diagnostics for people on stderr: every one, or with `--quiet`
/// the errors alone.
pub fn print_human(diagnostics: &[Diagnostic], verbosity: Verbosity) {
    if verbosity == Verbosity::Quiet {
        let errors: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        print(&errors, MessageFormat::Human);
    } else {
        print(diagnostics, MessageFormat::Human);
    }
}

/// Prints every diagnostic in the chosen format.
pub fn print(diagnostics: &[Diagnostic], format: MessageFormat) {
    match format {
        MessageFormat::Human => {
            let theme = if use_colour() {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            let handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1);
            let mut stderr = std::io::stderr().lock();
            for diagnostic in diagnostics {
                let mut out = String::new();
                let report = to_miette(diagnostic);
                if handler.render_report(&mut out, report.as_ref()).is_err() {
                    out = format!("{diagnostic}\n");
                }
                let _ = writeln!(stderr, "{out}");
            }
        }
        MessageFormat::Json => {
            let mut stdout = std::io::stdout().lock();
            for diagnostic in diagnostics {
                let _ = writeln!(stdout, "{}", json(diagnostic));
            }
        }
    }
}

fn json(diagnostic: &Diagnostic) -> String {
    serde_json::json!({
        "severity": diagnostic.severity,
        "file": diagnostic.file.to_string_lossy(),
        "line": diagnostic.position.map(|p| p.line),
        "column": diagnostic.position.map(|p| p.column),
        "id": diagnostic.example_id,
        "message": diagnostic.message,
        "help": diagnostic.help,
    })
    .to_string()
}

/// A miette report whose header names file:line:col and whose snippet
/// underlines the place.
fn to_miette(diagnostic: &Diagnostic) -> Box<dyn miette::Diagnostic + Send + Sync> {
    let location = match diagnostic.position {
        Some(p) => format!("{}:{}:{}", diagnostic.file.display(), p.line, p.column),
        None => diagnostic.file.display().to_string(),
    };
    let mut report = MietteDiagnostic::new(format!("{location}: {}", diagnostic.message))
        .with_severity(match diagnostic.severity {
            Severity::Error => MietteSeverity::Error,
            Severity::Warning => MietteSeverity::Warning,
        });
    if let Some(help) = &diagnostic.help {
        report = report.with_help(help.clone());
    }
    match (&diagnostic.source, diagnostic.position) {
        (Some(source), Some(position)) => {
            let excerpt = Excerpt::around(
                diagnostic.file.display().to_string(),
                source,
                position.line,
                position.column,
            );
            let length = excerpt.text()[excerpt.offset..]
                .chars()
                .next()
                .map_or(0, char::len_utf8);
            let report = report.with_label(LabeledSpan::at(
                excerpt.offset..excerpt.offset + length,
                "here",
            ));
            Box::new(WithSource {
                inner: report,
                source: excerpt,
            })
        }
        _ => Box::new(report),
    }
}

/// A diagnostic together with its file text, for the snippet.
#[derive(Debug)]
struct WithSource {
    inner: MietteDiagnostic,
    source: Excerpt,
}

impl std::fmt::Display for WithSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f)
    }
}

impl std::error::Error for WithSource {}

impl miette::Diagnostic for WithSource {
    fn severity(&self) -> Option<MietteSeverity> {
        self.inner.severity
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.inner.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.inner.labels()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
}

/// "3 errors, 1 warning" style counts.
pub fn counts(diagnostics: &[Diagnostic]) -> (usize, usize) {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    (errors, diagnostics.len() - errors)
}

pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
