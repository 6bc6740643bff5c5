//! Speed of the engine: perft nodes per second and playouts per second.
//!
//! `cargo run --release -p rulehub-go --example bench`

use std::time::Instant;

use rulehub_game::ai::XorShift;
use rulehub_go::ai::{playout, think};
use rulehub_go::{Game, perft, preset};

fn main() {
    for (size, depth) in [(5u8, 4u32), (5, 5), (9, 4)] {
        let mut game = Game::new(
            preset("go-chinese")
                .expect("preset")
                .with_size(size)
                .expect("size"),
        );
        let start = Instant::now();
        let nodes = perft(&mut game, depth);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "perft {size}x{size} depth {depth}: {nodes} leaves in {secs:.2} s, {:.0} leaves/s",
            nodes as f64 / secs
        );
    }
    for size in [9u8, 13, 19] {
        let game = Game::new(
            preset("go-chinese")
                .expect("preset")
                .with_size(size)
                .expect("size"),
        );
        let mut rng = XorShift::new(1);
        let count = 2000;
        let start = Instant::now();
        for _ in 0..count {
            std::hint::black_box(playout(&game, &mut rng));
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "playouts {size}x{size}: {:.0} playouts/s",
            f64::from(count) / secs
        );
    }
    let game = Game::new(
        preset("go-chinese")
            .expect("preset")
            .with_size(9)
            .expect("9"),
    );
    let start = Instant::now();
    let thought = think(&game, 10_000, 1, None);
    println!(
        "think 9x9 10000 playouts: {:.2} s, best {}",
        start.elapsed().as_secs_f64(),
        thought.best.name(9)
    );
}
