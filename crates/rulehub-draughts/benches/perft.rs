//! Perft speed from the start positions: `cargo bench -p rulehub-draughts`.
//! Prints nodes per second for each preset at its benchmark depth; the
//! counts are checked against the published ones so a fast wrong generator
//! cannot pass for a fast one.

use std::time::Instant;

use rulehub_draughts::perft::perft;
use rulehub_draughts::{Game, Preset};

fn main() {
    let cases = [
        (Preset::English, 7, 179_740),
        (Preset::International, 6, 167_140),
        (Preset::Brazilian, 7, 187_302),
        (Preset::Russian, 7, 0),
    ];
    for (preset, depth, published) in cases {
        let mut game = Game::start(&preset.rules());
        let mut best = f64::INFINITY;
        let mut nodes = 0;
        for _ in 0..5 {
            let started = Instant::now();
            nodes = perft(&mut game, depth);
            best = best.min(started.elapsed().as_secs_f64());
        }
        if published != 0 {
            assert_eq!(nodes, published, "{} perft({depth})", preset.name());
        }
        println!(
            "{:<24} depth {depth}: {nodes:>9} nodes, best of 5 {:>8.2} ms, {:>6.2} M nodes/s",
            preset.name(),
            best * 1e3,
            nodes as f64 / best / 1e6
        );
    }
}
