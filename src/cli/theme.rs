//! `rulehub theme eject [NAME]`: the built-in theme, copied into the hub to edit.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use rulehub::site::theme;

use super::EXIT_USAGE;
use super::report::{self, MessageFormat};

#[derive(Args)]
pub struct ThemeArgs {
    /// The hub's root folder.
    #[arg(long, default_value = ".", global = true)]
    root: PathBuf,
    #[command(subcommand)]
    command: ThemeCommand,
}

#[derive(Subcommand)]
enum ThemeCommand {
    /// Copy the built-in theme (templates, palette, UI strings, CSS and
    /// scripts) into the hub to edit: templates/ and themes/NAME/.
    #[command(
        after_help = "Files already there are never replaced (exit 2 names them) unless --force.\n\nExamples:\n  rulehub theme eject\n  rulehub theme eject my-theme --root my-hub"
    )]
    Eject(EjectArgs),
}

#[derive(Args)]
struct EjectArgs {
    /// The theme folder under themes/; hub.yaml gets `theme: NAME` when it
    /// names no theme.
    #[arg(default_value = "default")]
    name: String,
    /// Replace files that differ from the built-in ones.
    #[arg(long)]
    force: bool,
}

pub fn run(args: &ThemeArgs) -> ExitCode {
    let ThemeCommand::Eject(eject) = &args.command;
    match theme::eject(&args.root, &eject.name, eject.force) {
        Ok(done) => {
            for file in &done.written {
                eprintln!("created {}", args.root.join(file).display());
            }
            if !done.unchanged.is_empty() {
                eprintln!(
                    "{} file(s) were there already, the same as the built-in ones",
                    done.unchanged.len()
                );
            }
            eprintln!("{}", done.theme_key);
            eprintln!(
                "edit templates/ and themes/{}/; a file you delete comes from the built-in theme again",
                eject.name
            );
            ExitCode::SUCCESS
        }
        Err(problems) => {
            report::print(&problems, MessageFormat::Human);
            ExitCode::from(EXIT_USAGE)
        }
    }
}
