//! Perft: the number of move sequences of each length from a position, the
//! standard self-test of a move generator.
//!
//! Published counts from the start positions, which the tests check:
//! - English checkers: 7, 49, 302, 1469, 7361, 36768, 179740 — Aart Bik,
//!   "perft for 8x8 checkers", talkchess.com forum, 2009.
//! - International draughts: 9, 81, 658, 4265, 27117, 167140, 1049442 —
//!   Aart Bik, "BikDam: international checkers", aartbik.blogspot.com
//!   (duplicate captures removed, as here).
//! - Brazilian draughts: 7, 49, 302, 1469, 7473, 37628, 187302 — Rein
//!   Halbersma, "Perft for all recognized draughts variants", damforum.nl, 2010.
//!
//! Ways of playing one capture that take the same pieces between the same
//! squares count once (see the move generator). From the start positions this
//! makes no difference at the depths above.

use crate::game::Game;
use crate::position::Move;

/// The number of move sequences `depth` plies deep (draw rules aside).
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    game.perft(depth)
}

/// Perft split by first move, for finding where two generators differ.
pub fn divide(game: &mut Game, depth: u32) -> Vec<(Move, u64)> {
    let mut counts = Vec::new();
    for mv in game.moves() {
        game.make(mv);
        counts.push((mv, game.perft(depth.saturating_sub(1))));
        game.unmake();
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn counts(preset: Preset, depth: u32) -> Vec<u64> {
        let mut game = Game::start(&preset.rules());
        (1..=depth).map(|d| perft(&mut game, d)).collect()
    }

    #[test]
    fn english_checkers_matches_the_published_counts() {
        assert_eq!(
            counts(Preset::English, 7),
            [7, 49, 302, 1469, 7361, 36768, 179740]
        );
    }

    #[test]
    fn international_draughts_matches_the_published_counts() {
        assert_eq!(
            counts(Preset::International, 6),
            [9, 81, 658, 4265, 27117, 167140]
        );
    }

    #[test]
    fn brazilian_draughts_matches_the_published_counts() {
        assert_eq!(
            counts(Preset::Brazilian, 6),
            [7, 49, 302, 1469, 7473, 37628]
        );
    }

    /// Release-speed depths: `cargo test --release -p rulehub-draughts -- --ignored`.
    #[test]
    #[ignore]
    fn deeper_published_counts() {
        assert_eq!(counts(Preset::International, 7)[6], 1_049_442);
        assert_eq!(counts(Preset::Brazilian, 7)[6], 187_302);
        assert_eq!(counts(Preset::English, 9)[8], 3_963_680);
    }

    #[test]
    fn divide_adds_up_to_perft() {
        let mut game = Game::start(&Preset::Russian.rules());
        let split = divide(&mut game, 4);
        assert_eq!(split.len(), 7);
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&mut game, 4)
        );
    }
}
