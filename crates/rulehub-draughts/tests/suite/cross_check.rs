//! The crate's move generator agrees with a naive one, move set for move
//! set, on every position of the start trees and on random positions.

use std::collections::BTreeSet;

use crate::common::naive::{self, MoveKey};
use proptest::prelude::*;
use rulehub_draughts::{Colour, Game, Kind, Piece, Position, Preset};

fn engine_moves(game: &Game) -> BTreeSet<MoveKey> {
    game.moves()
        .iter()
        .map(|m| {
            (
                m.from().number(),
                m.to().number(),
                m.captured().iter().map(|s| s.number()).collect(),
            )
        })
        .collect()
}

fn assert_agree(game: &Game) {
    let engine = engine_moves(game);
    let naive = naive::legal_moves(game.position(), game.rules());
    assert_eq!(
        engine.len(),
        game.moves().len(),
        "the engine lists a move twice in {:?}",
        game.position()
    );
    assert_eq!(engine, naive, "generators differ in {:?}", game.position());
}

/// Compares the generators at every node of the tree `depth` plies deep.
fn walk(game: &mut Game, depth: u32) -> u64 {
    assert_agree(game);
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in game.moves() {
        game.make(mv);
        nodes += walk(game, depth - 1);
        game.unmake();
    }
    nodes
}

#[test]
fn generators_agree_on_the_start_trees_to_depth_6() {
    // Leaf counts where they are published (English, International);
    // 0: compared node by node only.
    for &(preset, leaves) in &[
        (Preset::English, 36768),
        (Preset::International, 167140),
        (Preset::Russian, 0),
        (Preset::Brazilian, 0),
    ] {
        let mut game = Game::start(&preset.rules());
        let counted = walk(&mut game, 6);
        if leaves > 0 {
            assert_eq!(counted, leaves, "{}", preset.name());
        }
    }
}

/// A random position: each dark square empty or holding a random piece; a
/// man on its crowning row becomes a king, as it would have been crowned.
fn random_position(preset: Preset, cells: &[u8], black_to_move: bool) -> Position {
    let rules = preset.rules();
    let geometry = rules.geometry();
    let to_move = if black_to_move {
        Colour::Black
    } else {
        Colour::White
    };
    let mut position = Position::empty(geometry, to_move);
    for (square, &cell) in geometry.all().zip(cells) {
        let (colour, mut kind) = match cell % 12 {
            0 => (Colour::White, Kind::Man),
            1 => (Colour::Black, Kind::Man),
            2 => (Colour::White, Kind::King),
            3 => (Colour::Black, Kind::King),
            4 | 5 => (Colour::White, Kind::Man),
            6 | 7 => (Colour::Black, Kind::Man),
            _ => continue,
        };
        let (row, _) = geometry.row_col(square);
        let crowning = match colour {
            Colour::White => row == 0,
            Colour::Black => row == geometry.size() - 1,
        };
        if crowning {
            kind = Kind::King;
        }
        position.set(square, Some(Piece { colour, kind }));
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Random positions, with kings mixed in so flying captures, the
    /// landing-square rule and crowning mid-capture are exercised, agree at
    /// the root and three plies down.
    #[test]
    fn generators_agree_on_random_positions(
        preset_index in 0usize..4,
        cells in proptest::collection::vec(any::<u8>(), 50),
        black_to_move in any::<bool>(),
    ) {
        let preset = Preset::ALL[preset_index];
        let position = random_position(preset, &cells, black_to_move);
        let mut game = Game::new(&preset.rules(), position);
        walk(&mut game, 3);
    }
}
