//! The Monte Carlo AI against uniformly random play on 9×9 (area rules,
//! komi 7.5, colours alternated). The bar is a 95% win rate; a
//! larger measurement is `cargo run --release -p rulehub-go --example
//! strength`.

use rulehub_game::ai::XorShift;
use rulehub_go::ai::think;
use rulehub_go::score::score;
use rulehub_go::{Color, Game, Move, preset};

/// A random legal move (the pass included, as one move among many).
fn random_move(game: &Game, rng: &mut XorShift) -> Move {
    let moves = game.legal_moves();
    moves[rng.below(moves.len() as u64) as usize]
}

/// Plays one game; the winner.
fn play(ai_color: Color, playouts: u32, seed: u64) -> Option<Color> {
    let rules = preset("go-chinese")
        .expect("preset")
        .with_size(9)
        .expect("9");
    let mut game = Game::new(rules);
    let mut rng = XorShift::new(seed ^ 0xABCD);
    for ply in 0..400u64 {
        if game.is_over() {
            break;
        }
        let mv = if game.to_move() == ai_color {
            think(&game, playouts, seed.wrapping_add(ply), None).best
        } else {
            random_move(&game, &mut rng)
        };
        game.play(mv).expect("both players choose legal moves");
    }
    score(&game, &[]).expect("no dead stones marked").winner()
}

#[test]
fn the_ai_beats_random_play_in_at_least_95_percent_of_9x9_games() {
    let games = 20;
    let mut wins = 0;
    for g in 0..games {
        let ai_color = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if play(ai_color, 120, g) == Some(ai_color) {
            wins += 1;
        }
    }
    assert!(wins * 100 >= games * 95, "{wins} of {games}");
}
