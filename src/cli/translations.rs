//! `rulehub translations`: which page is translated, outdated, a stub or
//! missing in which language; `--mark-current` records that a translation
//! matches its source today.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rulehub::hub::{self, LoadOptions};
use rulehub::translations;

use super::report::{self, MessageFormat};
use super::{EXIT_CONTENT, EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct TranslationsArgs {
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// `table` for people, `json` for scripts.
    #[arg(long, value_enum, default_value_t = StatusFormat::Table)]
    format: StatusFormat,
    /// Record that these translation files match their default-language
    /// file as it is now (after bringing them up to date).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    mark_current: Vec<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum StatusFormat {
    Table,
    Json,
}

pub fn run(args: &TranslationsArgs, verbosity: Verbosity) -> ExitCode {
    if !args.mark_current.is_empty() {
        return mark(args, verbosity);
    }
    if !args.root.join("content").is_dir() {
        eprintln!(
            "error: no `content/` folder in {}\n  = help: run rulehub in a hub folder, pass --root DIR, or start one with `rulehub init`",
            args.root.display()
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let hub = match hub::load(&args.root, &LoadOptions { drafts: true }) {
        Ok((hub, _)) => hub,
        Err(diagnostics) => {
            report::print_human(&diagnostics, verbosity);
            return ExitCode::from(EXIT_CONTENT);
        }
    };
    let table = translations::status_table(&hub);
    match args.format {
        StatusFormat::Table => print!("{}", table.to_text()),
        StatusFormat::Json => match serde_json::to_string_pretty(&table) {
            Ok(json) => println!("{json}"),
            Err(error) => {
                eprintln!("error: cannot write the status as JSON: {error}");
                return ExitCode::from(EXIT_USAGE);
            }
        },
    }
    ExitCode::SUCCESS
}

fn mark(args: &TranslationsArgs, verbosity: Verbosity) -> ExitCode {
    let mut problems = Vec::new();
    for file in &args.mark_current {
        match translations::mark_current(&args.root, file) {
            Ok(path) if verbosity != Verbosity::Quiet => {
                eprintln!("marked current: {}", path.display());
            }
            Ok(_) => {}
            Err(problem) => problems.push(problem),
        }
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        report::print(&problems, MessageFormat::Human);
        ExitCode::from(EXIT_USAGE)
    }
}
