//! `rulehub build` and `rulehub check`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use rulehub::site::{self, BuildOptions, Built};

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
    let Some(built) = run(&args.root, args.drafts, args.message_format, verbosity) else {
        return ExitCode::from(EXIT_CONTENT);
    };
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.root.join("public"));
    if let Err(error) = site::output::write(&built.files, &output) {
        eprintln!("error: {error}");
        return ExitCode::from(EXIT_USAGE);
    }
    summary("built", &built, started, args.message_format, verbosity);
    if args.message_format == MessageFormat::Human && verbosity != Verbosity::Quiet {
        eprintln!("site written to {}", output.display());
    }
    ExitCode::SUCCESS
}

pub fn check(args: &CheckArgs, verbosity: Verbosity) -> ExitCode {
    let started = Instant::now();
    match run(&args.root, args.drafts, args.message_format, verbosity) {
        Some(built) => {
            summary("checked", &built, started, args.message_format, verbosity);
            ExitCode::SUCCESS
        }
        None => ExitCode::from(EXIT_CONTENT),
    }
}

/// Builds in memory and prints diagnostics; `None` when there were errors.
fn run(
    root: &std::path::Path,
    drafts: bool,
    format: MessageFormat,
    verbosity: Verbosity,
) -> Option<Built> {
    match site::build(root, &BuildOptions { drafts }) {
        Ok(built) => {
            if verbosity != Verbosity::Quiet {
                report::print(&built.warnings, format);
            }
            Some(built)
        }
        Err(diagnostics) => {
            report::print(&diagnostics, format);
            if format == MessageFormat::Human {
                let (errors, warnings) = counts(&diagnostics);
                let mut line = format!("error: the hub has {}", plural(errors, "error", "errors"));
                if warnings > 0 {
                    line.push_str(&format!(" and {}", plural(warnings, "warning", "warnings")));
                }
                eprintln!("{line}; nothing was written");
            }
            None
        }
    }
}

fn summary(
    verb: &str,
    built: &Built,
    started: Instant,
    format: MessageFormat,
    verbosity: Verbosity,
) {
    if format != MessageFormat::Human || verbosity == Verbosity::Quiet {
        return;
    }
    if verbosity == Verbosity::Verbose {
        for (variant, examples, languages) in &built.stats.variants {
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
    let stats = &built.stats;
    let mut line = format!(
        "{verb} {} in {}, {}, {} in {} ms",
        plural(stats.pages, "page", "pages"),
        plural(stats.languages, "language", "languages"),
        plural(stats.diagrams, "diagram", "diagrams"),
        plural(stats.examples, "example checked", "examples checked"),
        started.elapsed().as_millis()
    );
    if !built.warnings.is_empty() {
        line.push_str(&format!(
            " ({})",
            plural(built.warnings.len(), "warning", "warnings")
        ));
    }
    eprintln!("{line}");
}
