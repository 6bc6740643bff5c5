//! `rulehub build` and `rulehub check`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use rulehub::diagnostic::Diagnostic;
use rulehub::site::{self, BuildOptions, Written};

use super::progress::PageBar;
use super::report::{self, MessageFormat, counts, plural};
use super::{EXIT_CONTENT, EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct BuildArgs {
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Where the site goes; replaced whole, only when the build succeeds.
    #[arg(long)]
    output: Option<PathBuf>,
    /// Include pages marked `published: false`.
    #[arg(long)]
    drafts: bool,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t)]
    message_format: MessageFormat,
}

#[derive(Args)]
pub struct CheckArgs {
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Check pages marked `published: false` too.
    #[arg(long)]
    drafts: bool,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t)]
    message_format: MessageFormat,
}

pub fn build(args: &BuildArgs, verbosity: Verbosity) -> ExitCode {
    let started = Instant::now();
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.root.join("public"));
    if let Err(problem) =
        usable_root(&args.root).and_then(|()| output_outside_content(&args.root, &output))
    {
        eprintln!("error: {problem}");
        return ExitCode::from(EXIT_USAGE);
    }
    // Pages stream into a staging folder as they render (memory stays flat on
    // large hubs); the folder replaces `output` only when everything worked.
    let bar = PageBar::new("building", args.message_format, verbosity);
    let result = site::build_to(
        &args.root,
        &BuildOptions {
            drafts: args.drafts,
            ..BuildOptions::default()
        },
        &output,
        &bar,
    );
    bar.finish();
    match result {
        Ok(written) => {
            succeeded("built", &written, started, args.message_format, verbosity);
            if args.message_format == MessageFormat::Human && verbosity != Verbosity::Quiet {
                eprintln!("site written to {}", output.display());
            }
            ExitCode::SUCCESS
        }
        Err(site::BuildError::Content(diagnostics)) => {
            content_errors(&diagnostics, args.message_format);
            ExitCode::from(EXIT_CONTENT)
        }
        Err(site::BuildError::Write(error)) => {
            eprintln!("error: {error}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

pub fn check(args: &CheckArgs, verbosity: Verbosity) -> ExitCode {
    let started = Instant::now();
    if let Err(problem) = usable_root(&args.root) {
        eprintln!("error: {problem}");
        return ExitCode::from(EXIT_USAGE);
    }
    let bar = PageBar::new("checking", args.message_format, verbosity);
    let result = site::check(
        &args.root,
        &BuildOptions {
            drafts: args.drafts,
            ..BuildOptions::default()
        },
        &bar,
    );
    bar.finish();
    match result {
        Ok(checked) => {
            succeeded("checked", &checked, started, args.message_format, verbosity);
            ExitCode::SUCCESS
        }
        Err(diagnostics) => {
            content_errors(&diagnostics, args.message_format);
            ExitCode::from(EXIT_CONTENT)
        }
    }
}

/// A `--root` that is not a folder is a usage error (exit 2), not a
/// problem of the hub's content.
fn usable_root(root: &Path) -> Result<(), String> {
    if root.is_dir() {
        Ok(())
    } else {
        Err(format!(
            "`{}` is not a folder; pass the hub's folder with --root",
            root.display()
        ))
    }
}

/// An output folder inside `content/` would be copied into the next site
/// as assets, and that site into the one after, without end.
fn output_outside_content(root: &Path, output: &Path) -> Result<(), String> {
    let content = lexical_absolute(&root.join("content"));
    if lexical_absolute(output).starts_with(&content) {
        Err(format!(
            "the output folder `{}` is inside `{}`: every build would copy the site into itself; \
             choose an --output outside content/",
            output.display(),
            content.display()
        ))
    } else {
        Ok(())
    }
}

/// `path` made absolute, with `.` and `..` resolved by name (the folders
/// need not exist yet).
fn lexical_absolute(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut normal = PathBuf::new();
    for component in absolute.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// Prints every diagnostic of a failed run and the closing count.
fn content_errors(diagnostics: &[Diagnostic], format: MessageFormat) {
    report::print(diagnostics, format);
    if format == MessageFormat::Human {
        let (errors, warnings) = counts(diagnostics);
        let mut line = format!("error: the hub has {}", plural(errors, "error", "errors"));
        if warnings > 0 {
            line.push_str(&format!(" and {}", plural(warnings, "warning", "warnings")));
        }
        eprintln!("{line}; nothing was written");
    }
}

/// Prints the warnings of a successful run and its closing summary line.
fn succeeded(
    verb: &str,
    written: &Written,
    started: Instant,
    format: MessageFormat,
    verbosity: Verbosity,
) {
    if verbosity != Verbosity::Quiet {
        report::print(&written.warnings, format);
    }
    if format != MessageFormat::Human || verbosity == Verbosity::Quiet {
        return;
    }
    let stats = &written.stats;
    let warnings = written.warnings.len();
    if verbosity == Verbosity::Verbose {
        for (variant, examples, languages) in &stats.variants {
            let translations = if languages.is_empty() {
                "no translations".to_string()
            } else {
                format!("translated: {}", languages.join(", "))
            };
            eprintln!(
                "  {variant}: {}, {translations}",
                plural(*examples, "example checked", "examples checked")
            );
        }
    }
    let mut line = format!(
        "{verb} {} in {}, {}, {} in {} ms",
        plural(stats.pages, "page", "pages"),
        plural(stats.languages, "language", "languages"),
        plural(stats.diagrams, "diagram", "diagrams"),
        plural(stats.examples, "example checked", "examples checked"),
        started.elapsed().as_millis()
    );
    if warnings > 0 {
        line.push_str(&format!(" ({})", plural(warnings, "warning", "warnings")));
    }
    eprintln!("{line}");
}
