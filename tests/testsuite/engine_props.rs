//! Property tests: random legal games under every preset keep the engine's
//! invariants.

use proptest::prelude::*;
use rulehub_tafl::{Game, Move, Outcome, Position, preset, preset_names};
use rulehub_tafl::{Piece, Square};

fn counts(p: &Position) -> [usize; 3] {
    [
        p.count(Piece::Attacker),
        p.count(Piece::Defender),
        p.count(Piece::King),
    ]
}

/// Every move the engine accepts from a piece of the side to move, found by
/// asking `check_move` about each straight line target.
fn accepted_moves(g: &Game) -> Vec<Move> {
    let dims = g.position().dims();
    let mut out = Vec::new();
    for (from, piece) in g.position().pieces() {
        if piece.side() != g.to_move() {
            continue;
        }
        for to in dims.squares() {
            if (to.row == from.row) != (to.col == from.col) {
                let m = Move { from, to };
                if g.check_move(m).is_ok() {
                    out.push(m);
                }
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(
        preset_index in 0..preset_names().len(),
        choices in proptest::collection::vec(any::<u32>(), 1..120),
    ) {
        let name = preset_names()[preset_index];
        let rules = preset(name).unwrap();
        let mut g = Game::start(&rules).unwrap();
        for (ply, choice) in choices.into_iter().enumerate() {
            let moves = g.legal_moves();
            if ply % 16 == 0 {
                prop_assert_eq!(&accepted_moves(&g), &moves, "{} ply {}", name, ply);
            }
            if moves.is_empty() {
                prop_assert!(g.outcome() != Outcome::Ongoing);
                break;
            }
            let m = moves[choice as usize % moves.len()];
            let before = g.position().clone();
            let (hash, side) = (g.hash(), g.to_move());
            let played = g.play(m).unwrap();
            let after = g.position().clone();

            // at most one king, no piece appears, counts only drop by captures
            let (cb, ca) = (counts(&before), counts(&after));
            prop_assert!(ca[2] <= 1);
            for k in 0..3 {
                prop_assert!(ca[k] <= cb[k]);
            }
            let lost: usize = (0..3).map(|k| cb[k] - ca[k]).sum();
            prop_assert_eq!(lost, played.captures.len());
            // captured squares held enemy pieces and are empty now
            for sq in &played.captures {
                let victim = before.get(*sq).expect("a captured square held a piece");
                prop_assert_ne!(victim.side(), side);
                prop_assert_eq!(after.get(*sq), None);
            }
            prop_assert!(played.captures.windows(2).all(|w| w[0] < w[1]));
            // the moved piece is where it went
            prop_assert_eq!(after.get(m.to), before.get(m.from));
            prop_assert_eq!(after.get(m.from), None);
            // the incremental hash equals a fresh one
            let fresh = Game::new(&rules, after.clone(), g.to_move());
            prop_assert_eq!(fresh.hash(), g.hash());
            // make/unmake restores the exact position and hash
            let outcome = g.outcome();
            prop_assert_eq!(g.unmake(), Some(m));
            prop_assert_eq!(g.position(), &before);
            prop_assert_eq!(g.hash(), hash);
            prop_assert_eq!(g.to_move(), side);
            let again = g.play(m).unwrap();
            prop_assert_eq!(&again, &played);
            prop_assert_eq!(g.outcome(), outcome);
            if g.outcome() != Outcome::Ongoing {
                break;
            }
        }
        // unwinding the whole game gives back the start
        while g.unmake().is_some() {}
        prop_assert_eq!(g.position(), &rules.start_position().unwrap());
        prop_assert_eq!(g.to_move(), rules.first_to_move);
        prop_assert_eq!(g.history().len(), 1);
    }

    #[test]
    fn setup_strings_round_trip(
        cells in proptest::collection::vec(0u8..6, 9..=361),
        cols in 3u8..=19,
    ) {
        let rows = (cells.len() / cols as usize).clamp(3, 19) as u8;
        let dims = rulehub_tafl::Dims::new(rows, cols);
        let mut pieces: Vec<(Square, Piece)> = dims
            .squares()
            .zip(cells.iter().cycle())
            .filter_map(|(sq, &c)| match c {
                1 => Some((sq, Piece::Attacker)),
                2 => Some((sq, Piece::Defender)),
                _ => None,
            })
            .collect();
        pieces.retain(|&(sq, _)| sq != dims.center());
        pieces.push((dims.center(), Piece::King));
        let p = Position::from_pieces(dims, pieces).unwrap();
        let text = p.to_setup();
        prop_assert_eq!(Position::setup_dims(&text).unwrap(), dims);
        prop_assert_eq!(Position::from_setup(&text, dims).unwrap(), p);
    }
}
