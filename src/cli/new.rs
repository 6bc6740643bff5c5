//! `rulehub new`: start a variant file, or a translation stub of one.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rulehub::scaffold;

use super::report::{self, MessageFormat};
use super::{EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct NewArgs {
    /// The variant, as family/name: writes content/<family>/<name>.md.
    #[arg(value_name = "FAMILY/NAME")]
    target: String,
    /// Copy the board, rules and drawing of this existing variant.
    #[arg(long, value_name = "FAMILY/NAME", conflicts_with = "lang")]
    from: Option<String>,
    /// Write a translation stub of the existing variant in this language
    /// (content/<family>/<name>.<lang>.md) instead.
    #[arg(long, value_name = "CODE")]
    lang: Option<String>,
    /// The hub folder (holding hub.yaml and content/).
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn run(args: &NewArgs, verbosity: Verbosity) -> ExitCode {
    let request = scaffold::Request {
        root: &args.root,
        target: &args.target,
        from: args.from.as_deref(),
        lang: args.lang.as_deref(),
    };
    match scaffold::create(&request) {
        Ok(_) if verbosity == Verbosity::Quiet => ExitCode::SUCCESS,
        Ok(path) => {
            eprintln!("created {}", path.display());
            if args.lang.is_none() {
                eprintln!(
                    "next: `rulehub serve --root {}` shows the page as you edit it; `rulehub check` replays its example",
                    args.root.display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(diagnostics) => {
            report::print(&diagnostics, MessageFormat::Human);
            ExitCode::from(EXIT_USAGE)
        }
    }
}
