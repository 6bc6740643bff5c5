//! Perft throughput from every preset's start position (criterion reports
//! elements/s = perft leaf nodes per second).
//!
//! `perft` counts the last ply's moves without playing them (bulk counting,
//! as perft is usually measured); `perft-make` also plays and takes back
//! every leaf move, the per-node cost a search would pay.

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulehub_tafl::{Game, perft, perft_make_leaves, preset, preset_names};

fn bench(c: &mut Criterion) {
    for (label, make) in [("perft", false), ("perft-make", true)] {
        let mut group = c.benchmark_group(label);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        for &name in preset_names() {
            let rules = preset(name).unwrap();
            let depth = match (rules.dims.rows, make) {
                (7, false) => 5,
                (_, false) => 4,
                (7, true) => 4,
                (_, true) => 3,
            };
            let mut game = Game::start(&rules).unwrap();
            let run = |game: &mut Game| {
                if make {
                    perft_make_leaves(game, depth)
                } else {
                    perft(game, depth)
                }
            };
            let nodes = run(&mut game);
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{name}/depth-{depth}"), |b| {
                b.iter(|| run(&mut game))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
