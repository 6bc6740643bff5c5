//! `rulehub gtp`: a family's engine on stdin/stdout through a text protocol
//! it speaks. The family answers each line (through the registry's
//! [`LineProtocol`]); this only moves lines, bounded, so a GUI or a referee
//! script talks to the same engine the tests drive.

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

use clap::Args;
use rulehub::family::{self, LineProtocol, ProtocolOptions};
use rulehub::game::ai::Level;

use super::EXIT_USAGE;

/// The Go Text Protocol's name, as families declare it.
pub const GTP: &str = "gtp";

#[derive(Args, Debug)]
pub struct ProtocolArgs {
    /// The rules preset (default: the first one listed).
    #[arg(long, value_parser = family::protocol_presets(GTP))]
    pub rules: Option<String>,
    /// The AI level (easy, normal, hard).
    #[arg(long, default_value = "normal", value_parser = super::ai::level_names())]
    pub level: String,
    /// The AI's search per move (playouts or nodes, as the game's AI
    /// counts), instead of the level's.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// The AI's seed: the same seed and moves give the same answers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(protocol: &str, args: &ProtocolArgs) -> ExitCode {
    let presets = family::protocol_presets(protocol);
    let Some(preset) = args.rules.as_deref().or(presets.first().copied()) else {
        eprintln!("error: no registered family speaks `{protocol}`");
        return ExitCode::from(EXIT_USAGE);
    };
    let options = ProtocolOptions {
        level: Level::parse(&args.level).unwrap_or(Level::Normal),
        budget: args.playouts,
        seed: args.seed,
    };
    match family::open_protocol(protocol, preset, &options) {
        Ok(session) => serve(session),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Answers stdin's lines on stdout until the controller quits or leaves.
fn serve(mut session: Box<dyn LineProtocol>) -> ExitCode {
    let max_line = session.max_line();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    let mut line = String::new();
    loop {
        line.clear();
        // Bounded read: a line longer than the protocol's limit is refused
        // by the session, and never grows without end here.
        match Read::take(&mut input, max_line as u64 + 1).read_line(&mut line) {
            Ok(0) => return ExitCode::SUCCESS,
            Ok(_) if line.len() > max_line && !line.ends_with('\n') => {
                // Drop the rest of the overlong line so it is one error.
                if input.skip_until(b'\n').is_err() {
                    return ExitCode::from(EXIT_USAGE);
                }
            }
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: reading stdin: {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        }
        // A closed stdout means the controller left: nothing more to say.
        if let Some(answer) = session.answer(&line)
            && stdout
                .write_all(answer.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
        {
            return ExitCode::SUCCESS;
        }
        if session.finished() {
            return ExitCode::SUCCESS;
        }
    }
}
