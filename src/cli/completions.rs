//! `rulehub completions SHELL`: the shell's completion script on stdout,
//! generated from the same clap definitions the command line parses with,
//! so it offers every subcommand, option and preset there is.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, EXIT_USAGE};

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

pub fn run(args: &CompletionsArgs) -> ExitCode {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(&script).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cannot write the completion script: {error}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
