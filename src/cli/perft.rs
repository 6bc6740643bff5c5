//! `rulehub perft`: count the legal move sequences from a position, depth by
//! depth — a self-test of the rules engine and a measure of its speed.

use std::process::ExitCode;
use std::time::Instant;

use rulehub::engine::Side;
use rulehub::engine::tafl::{DEFAULT_PRESET, Game, Position, perft, preset};

use super::EXIT_USAGE;

#[derive(clap::Args)]
pub struct PerftArgs {
    /// The rules preset: tafl (tablut-edge, tablut, brandubh, brandubh-weak,
    /// tablut-corner, tablut-corner-hostile-edge, copenhagen, fetlar) or
    /// draughts (english-draughts, international-draughts,
    /// russian-draughts, brazilian-draughts).
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub rules: String,
    /// Count sequences of 1 up to this many moves.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// Start from this setup instead of the preset's. Tafl: rows top to
    /// bottom separated by `/`; `b` attacker, `w` defender, `K` king,
    /// numbers for empty runs (the board size is read from the setup).
    /// Draughts: a PDN FEN such as `W:W21-32:B1-12`.
    #[arg(long)]
    pub setup: Option<String>,
    /// The side to move first (default: the rules' first mover).
    #[arg(long, value_parser = ["attackers", "defenders"])]
    pub to_move: Option<String>,
}

pub fn run(args: &PerftArgs) -> ExitCode {
    // A preset of a family that drives its own engine here (draughts).
    if let Some(engine) = rulehub::family::command_line_engine(&args.rules, args.setup.as_deref()) {
        let mut engine = match family_engine(engine, args.to_move.as_deref()) {
            Ok(engine) => engine,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(EXIT_USAGE);
            }
        };
        for depth in 1..=args.depth {
            let started = Instant::now();
            let nodes = engine.perft(depth);
            report(depth, nodes, started.elapsed().as_secs_f64());
        }
        return ExitCode::SUCCESS;
    }
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
        report(depth, nodes, started.elapsed().as_secs_f64());
    }
    ExitCode::SUCCESS
}

/// The count on stdout, the time and rate on stderr: the same lines for
/// every family.
fn report(depth: u32, nodes: u64, seconds: f64) {
    println!("depth {depth}: {nodes}");
    let rate = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        f64::INFINITY
    };
    eprintln!("depth {depth}: {nodes} nodes in {seconds:.3} s, {rate:.0} nodes/s");
}

/// A family's engine for the command line, refusing `--to-move`: such a
/// family's setup names the side to move itself (a PDN FEN starts with it).
pub fn family_engine(
    engine: Result<Box<dyn rulehub::family::CommandLineEngine>, String>,
    to_move: Option<&str>,
) -> Result<Box<dyn rulehub::family::CommandLineEngine>, String> {
    if to_move.is_some() {
        return Err(
            "--to-move is not used with this preset: its setup names the side to move".into(),
        );
    }
    engine
}

/// The game a command line describes: a preset, optionally another setup
/// and first mover. Errors are sentences for the user.
pub fn start(rules: &str, setup: Option<&str>, to_move: Option<&str>) -> Result<Game, String> {
    let rules = preset(rules).ok_or_else(|| {
        let all: Vec<&str> = rulehub::family::FAMILIES
            .iter()
            .flat_map(|family| family.preset_names())
            .collect();
        format!(
            "unknown rules preset `{rules}`; valid presets: {}",
            all.join(", ")
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
