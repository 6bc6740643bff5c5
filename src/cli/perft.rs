//! `rulehub perft`: count the legal move sequences from a position, depth by
//! depth — a self-test of the rules engine and a measure of its speed.

use std::process::ExitCode;
use std::time::Instant;

use rulehub::engine::Side;
use rulehub::engine::tafl::{DEFAULT_PRESET, Game, Position, perft, preset, preset_names};

use super::EXIT_USAGE;

#[derive(clap::Args)]
pub struct PerftArgs {
    /// The rules preset (tablut-edge, tablut, brandubh, brandubh-weak,
    /// tablut-corner, tablut-corner-hostile-edge, copenhagen, fetlar).
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub rules: String,
    /// Count sequences of 1 up to this many moves.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// Start from this setup instead of the preset's (rows top to bottom
    /// separated by `/`; `b` attacker, `w` defender, `K` king, numbers for
    /// empty runs). The board size is read from the setup.
    #[arg(long)]
    pub setup: Option<String>,
    /// The side to move first (default: the rules' first mover).
    #[arg(long, value_parser = ["attackers", "defenders"])]
    pub to_move: Option<String>,
}

pub fn run(args: &PerftArgs) -> ExitCode {
    let game = match start(&args.rules, args.setup.as_deref(), args.to_move.as_deref()) {
        Ok(game) => game,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let mut game = game;
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = perft(&mut game, depth);
        let seconds = started.elapsed().as_secs_f64();
        println!("depth {depth}: {nodes}");
        let rate = if seconds > 0.0 {
            nodes as f64 / seconds
        } else {
            f64::INFINITY
        };
        eprintln!("depth {depth}: {nodes} nodes in {seconds:.3} s, {rate:.0} nodes/s");
    }
    ExitCode::SUCCESS
}

/// The game a command line describes: a preset, optionally another setup
/// and first mover. Errors are sentences for the user.
pub fn start(rules: &str, setup: Option<&str>, to_move: Option<&str>) -> Result<Game, String> {
    let rules = preset(rules).ok_or_else(|| {
        format!(
            "unknown rules preset `{rules}`; valid presets: {}",
            preset_names().join(", ")
        )
    })?;
    let position = match setup {
        None => rules
            .start_position()
            .map_err(|e| format!("the preset's setup is invalid: {e}"))?,
        Some(text) => {
            let dims = Position::setup_dims(text).map_err(|e| format!("--setup: {e}"))?;
            Position::from_setup(text, dims).map_err(|e| format!("--setup: {e}"))?
        }
    };
    let side = match to_move {
        Some("defenders") => Side::Defenders,
        Some(_) => Side::Attackers,
        None => rules.first_to_move,
    };
    Ok(Game::new(&rules, position, side))
}
