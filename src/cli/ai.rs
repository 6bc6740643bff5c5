//! `rulehub ai`: ask the engine's AI for its move in a position — for
//! authors checking a worked example, and for measuring the search.

use std::process::ExitCode;
use std::time::Instant;

use rulehub::family::{CommandLineEngine, EngineRequest, Thought};
use rulehub::game::ai::{Deadline, Level, Limits};
use rulehub::tafl::DEFAULT_PRESET;

use super::presets::PresetParser;
use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct AiArgs {
    /// The rules preset, of any game family (`rulehub rules PRESET` prints
    /// what it sets).
    #[arg(long, value_name = "PRESET", default_value = DEFAULT_PRESET, value_parser = PresetParser)]
    pub rules: String,
    /// Start from this setup instead of the preset's (the board size is read
    /// from the setup).
    #[arg(long)]
    pub setup: Option<String>,
    /// The side to move, for tafl: attackers or defenders (default: the
    /// rules' first mover; a draughts FEN names it itself).
    #[arg(long)]
    pub to_move: Option<String>,
    /// The AI level whose search bounds apply (easy, normal, hard).
    #[arg(long, default_value = "normal", value_parser = level_names())]
    pub level: String,
    /// Think for at most this many milliseconds (searches as deep as time allows).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time_ms: Option<u64>,
    /// Search exactly this many moves deep, with no node budget.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30), conflicts_with = "time_ms")]
    pub depth: Option<u32>,
    /// Seed for choosing among equally good moves.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// The level names, from [`Level::ALL`].
pub fn level_names() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.as_str()).collect()
}

pub fn run(args: &AiArgs) -> ExitCode {
    let request = EngineRequest {
        setup: args.setup.as_deref(),
        to_move: args.to_move.as_deref(),
        ..EngineRequest::default()
    };
    let engine = match super::perft::engine(&args.rules, &request) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(ending) = engine.ending() {
        eprintln!(
            "error: the game is already over ({}); give a position where the side to move can play",
            ending.description
        );
        return ExitCode::from(EXIT_CONTENT);
    }
    let level = Level::parse(&args.level).unwrap_or(Level::Normal);
    let mut limits = level.limits();
    if let Some(depth) = args.depth {
        limits = Limits::depth(depth);
    }
    if args.time_ms.is_some() {
        // The clock bounds the search instead of the level's depth and nodes.
        limits = Limits::depth(64);
    }
    let started = Instant::now();
    let thought = think(engine.as_ref(), &limits, args.seed, args.time_ms, started);
    let seconds = started.elapsed().as_secs_f64();
    let Some(thought) = thought else {
        eprintln!("error: the side to move has no legal move");
        return ExitCode::from(EXIT_CONTENT);
    };
    println!("move {}", thought.notation);
    println!("score {}", describe_score(&thought));
    let rate = if seconds > 0.0 {
        thought.nodes as f64 / seconds
    } else {
        0.0
    };
    println!(
        "depth {}, nodes {}, {:.0} nodes/s, {:.3} s",
        thought.depth, thought.nodes, rate, seconds
    );
    ExitCode::SUCCESS
}

/// Searches with an optional wall-clock budget measured from `started`.
pub fn think(
    engine: &dyn CommandLineEngine,
    limits: &Limits,
    seed: u64,
    time_ms: Option<u64>,
    started: Instant,
) -> Option<Thought> {
    let now_ms = move || started.elapsed().as_secs_f64() * 1000.0;
    let deadline = time_ms.map(|ms| Deadline {
        now_ms: &now_ms,
        budget_ms: ms as f64,
    });
    engine.think(limits, seed, deadline.as_ref())
}

fn describe_score(thought: &Thought) -> String {
    match thought.mate_in {
        Some(plies) if plies > 0 => format!("{} (wins in {plies} plies)", thought.score),
        Some(plies) => format!("{} (loses in {} plies)", thought.score, -plies),
        None => thought.score.to_string(),
    }
}
