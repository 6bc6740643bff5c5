//! `rulehub ai`: ask the engine's AI for its move in a position — for
//! authors checking a worked example, and for measuring the search.

use std::process::ExitCode;
use std::time::Instant;

use rulehub::engine::ai::{Deadline, Level, Limits, SearchResult, tafl};
use rulehub::engine::tafl::{DEFAULT_PRESET, Game, Move};

use super::{EXIT_CONTENT, EXIT_USAGE};

#[derive(clap::Args)]
pub struct AiArgs {
    /// The rules preset (see `rulehub perft --help` for the list).
    #[arg(long, default_value = DEFAULT_PRESET)]
    pub rules: String,
    /// Start from this setup instead of the preset's (the board size is read
    /// from the setup).
    #[arg(long)]
    pub setup: Option<String>,
    /// The side to move (default: the rules' first mover).
    #[arg(long, value_parser = ["attackers", "defenders"])]
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
    let game =
        match super::perft::start(&args.rules, args.setup.as_deref(), args.to_move.as_deref()) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(EXIT_USAGE);
            }
        };
    if game.outcome().is_over() {
        eprintln!(
            "error: the game is already over ({}); give a position where the side to move can play",
            game.outcome()
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
    let result = think(&game, &limits, args.seed, args.time_ms, started);
    let seconds = started.elapsed().as_secs_f64();
    let Some(result) = result else {
        eprintln!("error: the side to move has no legal move");
        return ExitCode::from(EXIT_CONTENT);
    };
    println!("move {}", notation(&game, result.best));
    println!("score {}", describe_score(&result));
    let rate = if seconds > 0.0 {
        result.nodes as f64 / seconds
    } else {
        0.0
    };
    println!(
        "depth {}, nodes {}, {:.0} nodes/s, {:.3} s",
        result.depth, result.nodes, rate, seconds
    );
    ExitCode::SUCCESS
}

/// Searches with an optional wall-clock budget measured from `started`.
pub fn think(
    game: &Game,
    limits: &Limits,
    seed: u64,
    time_ms: Option<u64>,
    started: Instant,
) -> Option<SearchResult<Move>> {
    let now_ms = move || started.elapsed().as_secs_f64() * 1000.0;
    let deadline = time_ms.map(|ms| Deadline {
        now_ms: &now_ms,
        budget_ms: ms as f64,
    });
    tafl::best_move(game, limits, seed, deadline.as_ref())
}

/// The move as `rulehub replay` reads it, with its capture marks.
pub fn notation(game: &Game, mv: Move) -> String {
    let dims = game.dims();
    let mut trial = game.clone();
    let mut text = mv.name(dims);
    if let Ok(played) = trial.play(mv) {
        for sq in played.captures {
            text.push('x');
            text.push_str(&sq.name(dims));
        }
    }
    text
}

fn describe_score(result: &SearchResult<Move>) -> String {
    match result.mate_in() {
        Some(plies) if plies > 0 => format!("{} (wins in {plies} plies)", result.score),
        Some(plies) => format!("{} (loses in {} plies)", result.score, -plies),
        None => result.score.to_string(),
    }
}
