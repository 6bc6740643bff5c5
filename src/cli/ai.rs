//! `rulehub ai`: ask the engine's AI for its move in a position — for
//! authors checking a worked example, and for measuring the search.

use std::process::ExitCode;
use std::time::Instant;

use rulehub::family::{self, EngineRequest, Playable, Thought};
use rulehub::game::ai::{Deadline, Level, Limits};

use super::presets::PresetParser;
use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct AiArgs {
    /// The rules preset, of any game family (`rulehub rules PRESET` prints
    /// what it sets).
    #[arg(long, value_name = "PRESET", default_value = family::default_preset(), value_parser = PresetParser)]
    pub rules: String,
    /// Start from this setup instead of the preset's (the board size is
    /// read from the setup), in the preset's family's notation.
    #[arg(long, long_help = super::presets::setup_help())]
    pub setup: Option<String>,
    /// The side to move, by its family's name for it (default: the rules'
    /// first mover; a family whose setups name the side to move takes it
    /// from the setup).
    #[arg(long)]
    pub to_move: Option<String>,
    /// The board's size, points or squares a side, for a game whose
    /// presets play on boards of several sizes (default: the preset's).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=64))]
    pub size: Option<u8>,
    /// The AI level whose search bounds apply (easy, normal, hard).
    #[arg(long, default_value = "normal", value_parser = level_names())]
    pub level: String,
    /// Think for at most this many milliseconds (without --depth: searches
    /// as deep as time allows). Default: a 10 000 ms cap on every search.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time_ms: Option<u64>,
    /// Search this many moves deep (at most 12), with no node budget; the
    /// time cap still applies.
    #[arg(long, value_parser = parse_depth)]
    pub depth: Option<u32>,
    /// Seed for choosing among equally good moves.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// The deepest `--depth`: each ply multiplies the work by the number of
/// moves (dozens to hundreds on a large board), so deeper full-width
/// searches do not end in any useful time; `--time-ms` searches as deep as time allows.
pub const MAX_DEPTH: u32 = 12;

/// How long any search of `ai` and `match` may take when `--time-ms` does
/// not say: the levels' node budgets finish well within it on the usual
/// boards, but not on a dense 19×19 one (level hard took 17 s). A search
/// it cuts is reported, since the move then depends on the machine.
pub const DEFAULT_TIME_CAP_MS: u64 = 10_000;

fn parse_depth(text: &str) -> Result<u32, String> {
    let depth: u32 = text.parse().map_err(|_| {
        format!("`{text}` is not a depth; give a number of moves from 1 to {MAX_DEPTH}")
    })?;
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(format!(
            "the depth is at most {MAX_DEPTH} (deeper searches do not end in useful time); \
             give --time-ms instead to search as deep as time allows"
        ))
    }
}

/// The level names, from [`Level::ALL`].
pub fn level_names() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.as_str()).collect()
}

pub fn run(args: &AiArgs) -> ExitCode {
    let request = EngineRequest {
        setup: args.setup.as_deref(),
        to_move: args.to_move.as_deref(),
        size: args.size,
        ..EngineRequest::default()
    };
    let engine = match super::perft::engine(&args.rules, &request) {
        Ok(engine) => engine,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let outcome = engine.outcome();
    if outcome.is_over() {
        eprintln!(
            "error: the game is already over ({outcome}); give a position where the side to move can play"
        );
        return ExitCode::from(EXIT_CONTENT);
    }
    let level = Level::parse(&args.level).unwrap_or(Level::Normal);
    let mut limits = engine.level_limits(level);
    if let Some(depth) = args.depth {
        limits = Limits::depth(depth);
    } else if args.time_ms.is_some() {
        // The clock bounds the search instead of the level's depth and nodes.
        limits = Limits::depth(64);
    }
    let started = Instant::now();
    let budget = args.time_ms.unwrap_or(DEFAULT_TIME_CAP_MS);
    let (thought, cut) = think(engine.as_ref(), &limits, args.seed, budget, started);
    let seconds = started.elapsed().as_secs_f64();
    if cut && args.time_ms.is_none() {
        eprintln!(
            "note: the search stopped at the {DEFAULT_TIME_CAP_MS} ms time cap, before its level's or --depth's bound; the move depends on this machine's speed (give --time-ms to choose the time)"
        );
    }
    let Some(thought) = thought else {
        eprintln!("error: the side to move has no legal move");
        return ExitCode::from(EXIT_CONTENT);
    };
    println!("move {}", thought.written);
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

/// Searches within a wall-clock budget of `budget_ms` measured from
/// `started`; also says whether the clock may have shaped the answer (the
/// search read it past half the budget, where it stops deepening), i.e.
/// whether the same seed could give another move on another machine.
pub fn think(
    engine: &dyn Playable,
    limits: &Limits,
    seed: u64,
    budget_ms: u64,
    started: Instant,
) -> (Option<Thought>, bool) {
    let late = std::cell::Cell::new(false);
    let half = budget_ms as f64 / 2.0;
    let now_ms = || {
        let now = started.elapsed().as_secs_f64() * 1000.0;
        if now >= half {
            late.set(true);
        }
        now
    };
    let deadline = Deadline {
        now_ms: &now_ms,
        budget_ms: budget_ms as f64,
    };
    let thought = engine.think(limits, seed, Some(&deadline));
    (thought, late.get())
}

fn describe_score(thought: &Thought) -> String {
    match thought.mate_in {
        Some(plies) if plies > 0 => format!("{} (wins in {plies} plies)", thought.score),
        Some(plies) => format!("{} (loses in {} plies)", thought.score, -plies),
        None => thought.score.to_string(),
    }
}
