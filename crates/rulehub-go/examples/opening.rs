//! Where the AI opens on an empty 9×9 board, for several seeds and
//! budgets: a quick look at whether more playouts move it to the centre.
//!
//! `cargo run --release -p rulehub-go --example opening`

use rulehub_go::ai::think;
use rulehub_go::{Game, preset};

fn main() {
    let game = Game::new(
        preset("go-chinese")
            .expect("preset")
            .with_size(9)
            .expect("9"),
    );
    for playouts in [2_000, 20_000] {
        for seed in 1..=4 {
            let t = think(&game, playouts, seed, None);
            println!(
                "{playouts} playouts seed {seed}: {} win rate {:.3}",
                t.best.name(9),
                t.win_rate
            );
        }
    }
}
