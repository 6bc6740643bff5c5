//! The draughts AI natively, for BENCHMARKS.md: nodes/s of the first move
//! at a level (the figure `benches/wasm/nodes.js` gives for the wasm), and
//! games of one level against another, sides alternated:
//! `cargo run --release -p rulehub-draughts-wasm --example levels -- english-draughts normal`
//! `cargo run --release -p rulehub-draughts-wasm --example levels -- english-draughts normal easy 20`

use std::process::ExitCode;
use std::time::Instant;

use rulehub_draughts::{Game, Outcome, Preset, ai};
use rulehub_draughts_wasm::level_limits;
use rulehub_game::ai::Level;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(preset), Some(level)) = (
        args.first().and_then(|n| Preset::from_name(n)),
        args.get(1).and_then(|l| Level::parse(l)),
    ) else {
        eprintln!("usage: levels PRESET LEVEL [OTHER-LEVEL GAMES]");
        return ExitCode::from(2);
    };
    let rules = preset.rules();
    let Some(other) = args.get(2).and_then(|l| Level::parse(l)) else {
        let game = Game::start(&rules);
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..5 {
            let t0 = Instant::now();
            let result = ai::best_move(&game, &level_limits(level), 0, None);
            best = best.min(t0.elapsed().as_secs_f64());
            nodes = result.map_or(0, |r| r.nodes);
        }
        println!(
            "{} {}: {nodes} nodes, {:.1} ms (best of 5), {:.0} nodes/s",
            preset.name(),
            level.as_str(),
            best * 1000.0,
            nodes as f64 / best
        );
        return ExitCode::SUCCESS;
    };
    let games: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(10);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for seed in 0..games {
        let mut game = Game::start(&rules);
        // `level` plays the first mover in even games.
        let first = game.to_move();
        let level_side = if seed % 2 == 0 {
            first
        } else {
            first.opponent()
        };
        while game.outcome() == Outcome::Ongoing && game.ply() < 400 {
            let mover = if game.to_move() == level_side {
                level
            } else {
                other
            };
            let Some(result) = ai::best_move(&game, &level_limits(mover), seed, None) else {
                break;
            };
            if game.play(result.best).is_err() {
                break;
            }
        }
        match game.outcome() {
            Outcome::Win { winner, .. } if winner == level_side => wins += 1,
            Outcome::Win { .. } => losses += 1,
            _ => draws += 1,
        }
    }
    println!(
        "{} {} against {}: {wins} won, {losses} lost, {draws} drawn or unfinished",
        preset.name(),
        level.as_str(),
        other.as_str()
    );
    ExitCode::SUCCESS
}
