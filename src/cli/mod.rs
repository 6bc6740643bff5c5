//! Commands, diagnostics rendering and exit codes.
//!
//! Exit codes: 0 success, 1 content errors (the hub needs fixing; with
//! `check --deny warnings` warnings too), 2 usage, I/O or git errors (the
//! command or the machine needs fixing). In every command a value given on
//! the command line that does not parse or fit (a `--setup`, a `--depth`)
//! is a usage error; what a file it names holds (a record, a palette) is
//! content.

mod ai;
pub mod board;
mod build;
mod completions;
mod examples;
mod excerpt;
mod github;
mod init;
mod junit;
mod r#match;
pub mod new;
pub mod perft;
mod presets;
mod progress;
mod protocol;
pub mod replay;
mod report;
mod room;
mod rules;
mod scope;
pub mod serve;
mod theme;
mod translations;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit code when the hub's content has errors.
pub const EXIT_CONTENT: u8 = 1;
/// Exit code for usage and I/O errors.
pub const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "rulehub",
    version,
    about = "Publish board-game rules hubs whose worked examples are checked by a rules engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print only errors: no warnings, progress or summary lines (what a
    /// command prints on stdout, such as a board's SVG, stays).
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Print more: every variant with its checked examples and translations.
    #[arg(short, long, global = true)]
    verbose: bool,
}

/// How much the commands print besides errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

#[derive(Subcommand)]
enum Command {
    /// Build the hub into a static site (default output: public/).
    #[command(after_help = "Example:\n  rulehub build --root my-hub --output site")]
    Build(build::BuildArgs),
    /// Check the hub like `build` does, without writing anything.
    #[command(
        after_help = "Examples:\n  rulehub check --root my-hub --message-format github\n  rulehub check --message-format junit --output-file rulehub-junit.xml\n  rulehub check --changed-since origin/main --deny warnings"
    )]
    Check(build::CheckArgs),
    /// Serve the hub on localhost, rebuilding and reloading pages as files change.
    #[command(after_help = "Example:\n  rulehub serve --root my-hub --port 0 --open")]
    Serve(serve::ServeArgs),
    /// Start a variant page (or a translation of one) that builds at once.
    #[command(
        after_help = examples::new()
    )]
    New(new::NewArgs),
    /// Start a new hub in an empty folder: hub.yaml, a family and a variant that build.
    #[command(after_help = "Example:\n  rulehub init my-hub && rulehub build --root my-hub")]
    Init(init::InitArgs),
    /// Show which translations are current, outdated, stubs or missing.
    #[command(
        after_help = examples::translations()
    )]
    Translations(translations::TranslationsArgs),
    /// Draw a board as SVG on stdout, to try a setup before writing a page.
    #[command(
        after_help = examples::board()
    )]
    Board(board::BoardArgs),
    /// Print every rule a preset sets, as a `rules:` block to paste into a
    /// variant's `engine:` and change.
    #[command(after_help = examples::rules())]
    Rules(rules::RulesArgs),
    /// Count move sequences from a position (engine self-test and speed check).
    #[command(after_help = examples::perft())]
    Perft(perft::PerftArgs),
    /// Replay a recorded game and check every move and capture mark.
    #[command(after_help = examples::replay())]
    Replay(replay::ReplayArgs),
    /// Ask the AI for its move in a position.
    #[command(after_help = examples::ai())]
    Ai(ai::AiArgs),
    /// Play games between AI levels or a random mover and print the tally.
    #[command(
        after_help = examples::r#match()
    )]
    Match(r#match::MatchArgs),
    /// Speak the Go Text Protocol on stdin/stdout (Sabaki, GoGui, GNU Go referees).
    #[command(after_help = examples::protocol(protocol::GTP))]
    Gtp(protocol::ProtocolArgs),
    /// Run the room server for private online games (docs/rooms.md).
    #[command(
        after_help = "Example:\n  rulehub room --data rooms-data --allow-origin http://localhost:1111"
    )]
    Room(room::RoomArgs),
    /// Print a shell's completion script for rulehub on stdout.
    #[command(
        after_help = "Examples:\n  rulehub completions bash > ~/.local/share/bash-completion/completions/rulehub\n  rulehub completions zsh > \"${fpath[1]}/_rulehub\"\n  rulehub completions fish > ~/.config/fish/completions/rulehub.fish\n  rulehub completions powershell >> $PROFILE"
    )]
    Completions(completions::CompletionsArgs),
    /// Work on the hub's theme: `rulehub theme eject` copies the built-in one in to edit.
    Theme(theme::ThemeArgs),
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { EXIT_USAGE } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let verbosity = match (cli.quiet, cli.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    };
    match cli.command {
        Command::Build(args) => build::build(&args, verbosity),
        Command::Check(args) => build::check(&args, verbosity),
        Command::Serve(args) => serve::run(&args, verbosity),
        Command::New(args) => new::run(&args, verbosity),
        Command::Init(args) => init::run(&args, verbosity),
        Command::Translations(args) => translations::run(&args, verbosity),
        Command::Board(args) => board::run(&args),
        Command::Perft(args) => perft::run(&args, verbosity),
        Command::Replay(args) => replay::run(&args),
        Command::Ai(args) => ai::run(&args),
        Command::Match(args) => r#match::run(&args),
        Command::Gtp(args) => protocol::run(protocol::GTP, &args),
        Command::Room(args) => room::run(&args, verbosity),
        Command::Rules(args) => rules::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Theme(args) => theme::run(&args),
    }
}
