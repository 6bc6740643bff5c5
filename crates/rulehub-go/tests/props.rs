//! Properties over random games on small boards under every preset.

use proptest::prelude::*;
use rulehub_go::rules::PRESET_NAMES;
use rulehub_go::{Game, Move, preset};
use std::collections::HashSet;

/// Plays the legal move picked by each index in turn.
fn random_game(preset_index: usize, size: u8, picks: &[usize]) -> Vec<Game> {
    let name = PRESET_NAMES[preset_index % PRESET_NAMES.len()];
    let rules = preset(name).expect("preset").with_size(size).expect("size");
    let mut game = Game::new(rules);
    let mut states = vec![game.clone()];
    for &pick in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Passes are rare in the picks so games get crowded and capture.
        let placements: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
        let mv = if pick % 25 == 0 || placements.is_empty() {
            Move::Pass
        } else {
            placements[pick % placements.len()]
        };
        game.play(mv).expect("legal move plays");
        states.push(game.clone());
    }
    states
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn undo_restores_board_hash_prisoners_and_legal_moves(
        preset_index in 0usize..5, size in 5u8..8, picks in prop::collection::vec(0usize..1000, 0..80)
    ) {
        let states = random_game(preset_index, size, &picks);
        let Some(last) = states.last() else { return Ok(()) };
        let mut game = last.clone();
        for before in states.iter().rev().skip(1) {
            prop_assert!(game.undo());
            prop_assert_eq!(game.diagram(), before.diagram());
            prop_assert_eq!(game.hash(), before.hash());
            prop_assert_eq!(game.board_hash(), before.board_hash());
            prop_assert_eq!(game.to_move(), before.to_move());
            prop_assert_eq!(game.prisoners(rulehub_go::Color::Black), before.prisoners(rulehub_go::Color::Black));
            prop_assert_eq!(game.legal_moves(), before.legal_moves());
        }
        prop_assert!(!game.undo());
    }

    #[test]
    fn no_chain_is_left_without_liberties(
        preset_index in 0usize..5, size in 5u8..8, picks in prop::collection::vec(0usize..1000, 0..120)
    ) {
        for game in random_game(preset_index, size, &picks) {
            prop_assert!(game.every_chain_has_a_liberty(), "{}", game.diagram());
        }
    }

    #[test]
    fn superko_never_repeats_a_board(
        size in 5u8..7, picks in prop::collection::vec(0usize..1000, 0..150)
    ) {
        // go-chinese is positional: no placement recreates any earlier board.
        let states = random_game(1, size, &picks);
        let mut seen = HashSet::new();
        seen.insert(states[0].diagram());
        for pair in states.windows(2) {
            let board = pair[1].diagram();
            if pair[1].last_move().map(|(_, m)| m) != Some(Move::Pass) {
                prop_assert!(seen.insert(board.clone()), "repeated\n{}", board);
            }
            seen.insert(board);
        }
        // go-aga is situational: no placement recreates a board with the same
        // side to move.
        let states = random_game(2, size, &picks);
        let mut seen = HashSet::new();
        seen.insert((states[0].diagram(), states[0].to_move()));
        for pair in states.windows(2) {
            let key = (pair[1].diagram(), pair[1].to_move());
            if pair[1].last_move().map(|(_, m)| m) != Some(Move::Pass) {
                prop_assert!(seen.insert(key.clone()), "repeated\n{}", key.0);
            }
            seen.insert(key);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A random game written as SGF, read back and replayed, reaches the
    /// same board with no illegal move.
    #[test]
    fn sgf_written_games_replay_to_the_same_board(
        size in 5u8..10, picks in prop::collection::vec(0usize..1000, 0..100)
    ) {
        use rulehub_go::replay::replay;
        use rulehub_go::sgf::{SgfGame, SgfMove, parse_collection, write};
        let states = random_game(1, size, &picks);
        let Some(last) = states.last() else { return Ok(()) };
        let record = SgfGame {
            size,
            komi: Some(7.5),
            rules: Some("Chinese".to_string()),
            moves: last
                .moves()
                .map(|(color, mv)| SgfMove { color, mv, comment: Some("a [note]".into()), line: 0, column: 0 })
                .collect(),
            ..SgfGame::default()
        };
        let read = parse_collection(&write(&record)).expect("own output parses");
        let report = replay(&read[0], last.rules(), Some("go-chinese"), None).expect("setup");
        prop_assert!(report.illegal.is_none());
        prop_assert!(report.warnings.is_empty(), "{:?}", report.warnings);
        prop_assert_eq!(report.game.diagram(), last.diagram());
        prop_assert_eq!(report.outcome, last.outcome());
    }
}
