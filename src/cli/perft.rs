//! `rulehub perft`: count the legal move sequences from a position, depth by
//! depth — a self-test of the rules engine and a measure of its speed.

use std::process::ExitCode;
use std::time::Instant;

use rulehub::family::{self, EngineRequest, Playable};

use super::presets::PresetParser;
use super::{EXIT_USAGE, Verbosity};

#[derive(clap::Args)]
pub struct PerftArgs {
    /// The rules preset, of any game family (`rulehub rules PRESET` prints
    /// what it sets).
    #[arg(long, value_name = "PRESET", default_value = family::default_preset(), value_parser = PresetParser)]
    pub rules: String,
    /// Count sequences of 1 up to this many moves.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// Start from this setup instead of the preset's (the board size is
    /// read from the setup), in the preset's family's notation.
    #[arg(long, long_help = super::presets::setup_help())]
    pub setup: Option<String>,
    /// The side to move first, by its family's name for it (default: the
    /// rules' first mover; a family whose setups name the side to move
    /// takes it from the setup).
    #[arg(long)]
    pub to_move: Option<String>,
    /// The board's size, points or squares a side, for a game whose
    /// presets play on boards of several sizes (default: the preset's).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=64))]
    pub size: Option<u8>,
}

pub fn run(args: &PerftArgs, verbosity: Verbosity) -> ExitCode {
    let request = EngineRequest {
        setup: args.setup.as_deref(),
        to_move: args.to_move.as_deref(),
        size: args.size,
        ..EngineRequest::default()
    };
    let mut engine = match engine(&args.rules, &request) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = engine.perft(depth);
        report(depth, nodes, started.elapsed().as_secs_f64(), verbosity);
    }
    ExitCode::SUCCESS
}

/// The count on stdout, the time and rate on stderr (unless quiet).
fn report(depth: u32, nodes: u64, seconds: f64, verbosity: Verbosity) {
    println!("depth {depth}: {nodes}");
    if verbosity == Verbosity::Quiet {
        return;
    }
    let rate = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        f64::INFINITY
    };
    eprintln!("depth {depth}: {nodes} nodes in {seconds:.3} s, {rate:.0} nodes/s");
}

/// The game a command line names, from the family that has the preset.
/// Errors are sentences for the user.
pub fn engine(rules: &str, request: &EngineRequest<'_>) -> Result<Box<dyn Playable>, String> {
    family::start_game(rules, request)
        .unwrap_or_else(|| Err(family::command_line::unknown_preset(rules)))
}
