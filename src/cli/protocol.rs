//! `rulehub gtp`: the Go engine on stdin/stdout through the Go Text
//! Protocol. All protocol logic lives in `rulehub_go::gtp::Gtp`; this only
//! moves lines, so a GUI or a referee script talks to the same engine the
//! tests drive.

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

use clap::Args;
use rulehub_game::ai::Level;
use rulehub_go::gtp::{Gtp, MAX_LINE};
use rulehub_go::rules::{PRESET_NAMES, RulesSpec};

use super::EXIT_USAGE;

#[derive(Args, Debug)]
pub struct GtpArgs {
    /// The Go rules preset (`--help` lists them).
    #[arg(long, default_value = "go-chinese", value_parser = PRESET_NAMES.to_vec())]
    pub rules: String,
    /// The AI level: its playouts per move (easy, normal, hard).
    #[arg(long, default_value = "normal", value_parser = super::ai::level_names())]
    pub level: String,
    /// Playouts per move, instead of the level's.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// The AI's seed: the same seed and moves give the same answers.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &GtpArgs) -> ExitCode {
    let rules = match RulesSpec::preset(&args.rules).resolve() {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let level = Level::parse(&args.level).unwrap_or(Level::Normal);
    let mut gtp = Gtp::new(rules, level, args.seed);
    if let Some(playouts) = args.playouts {
        gtp.set_playouts(playouts);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    let mut line = String::new();
    loop {
        line.clear();
        // Bounded read: a line longer than the protocol's limit is answered
        // with an error by Gtp::handle, and never grows without end here.
        match Read::take(&mut input, MAX_LINE as u64 + 1).read_line(&mut line) {
            Ok(0) => return ExitCode::SUCCESS,
            Ok(_) if line.len() > MAX_LINE && !line.ends_with('\n') => {
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
        if let Some(answer) = gtp.handle(&line)
            && stdout
                .write_all(answer.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
        {
            return ExitCode::SUCCESS;
        }
        if gtp.quit_requested() {
            return ExitCode::SUCCESS;
        }
    }
}
