//! The AI against uniformly random play on 9×9, colours alternated.
//!
//! `cargo run --release -p rulehub-go --example strength -- GAMES PLAYOUTS`

use rulehub_game::ai::XorShift;
use rulehub_go::ai::think;
use rulehub_go::score::score;
use rulehub_go::{Color, Game, preset};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let playouts: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let mut wins = 0;
    for g in 0..games {
        let ai = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut game = Game::new(
            preset("go-chinese")
                .expect("preset")
                .with_size(9)
                .expect("9"),
        );
        let mut rng = XorShift::new(g ^ 0x5EED);
        for ply in 0..400u64 {
            if game.is_over() {
                break;
            }
            let mv = if game.to_move() == ai {
                think(&game, playouts, g * 1000 + ply, None).best
            } else {
                let moves = game.legal_moves();
                moves[rng.below(moves.len() as u64) as usize]
            };
            game.play(mv).expect("legal");
        }
        if score(&game, &[]).expect("score").winner() == Some(ai) {
            wins += 1;
        }
    }
    println!("AI ({playouts} playouts) vs random, 9x9: won {wins} of {games}");
}
