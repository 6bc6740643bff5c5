//! `rulehub init [DIR]`: start a hub that builds.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rulehub::scaffold;

use super::report::{self, MessageFormat};
use super::{EXIT_USAGE, Verbosity};

#[derive(Args)]
pub struct InitArgs {
    /// The folder for the new hub (created if absent; must be empty).
    #[arg(default_value = ".")]
    dir: PathBuf,
}

pub fn run(args: &InitArgs, verbosity: Verbosity) -> ExitCode {
    match scaffold::init(&args.dir) {
        Ok(_) if verbosity == Verbosity::Quiet => ExitCode::SUCCESS,
        Ok(files) => {
            for file in files {
                eprintln!("created {}", args.dir.join(file).display());
            }
            eprintln!(
                "next: `rulehub serve --root {}` shows the hub as you edit it",
                args.dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(problem) => {
            report::print(&[problem], MessageFormat::Human);
            ExitCode::from(EXIT_USAGE)
        }
    }
}
