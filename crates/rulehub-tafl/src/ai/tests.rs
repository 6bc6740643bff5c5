//! The AI's user stories: it always plays a legal move while the game goes
//! on (and none once it is over), takes a win in one, stops a win in one,
//! and answers the same for the same seed.

use proptest::prelude::*;

use super::best_move;
use crate::{Dims, Side};
use crate::{Game, Outcome, Position, preset};
use rulehub_game::ai::{Level, Limits};

fn game(preset_name: &str, setup: &str, to_move: Side) -> Game {
    let rules = preset(preset_name).expect("bundled preset");
    let dims = Position::setup_dims(setup).expect("test setup has a size");
    let position = Position::from_setup(setup, dims).expect("test setup is valid");
    Game::new(&rules, position, to_move)
}

#[test]
fn takes_an_escape_in_one_and_scores_it_as_a_win_in_one_ply() {
    // The king on e5 sees the whole of row 5 to the a-file edge.
    let g = game("tablut-edge", "b8/9/9/4b4/4K4/4b4/9/9/8b", Side::Defenders);
    let result = best_move(&g, &Limits::depth(3), 7, None).expect("the king can move");
    let mut after = g.clone();
    let played = after.play(result.best).expect("the AI's move is legal");
    assert!(
        matches!(
            played.outcome,
            Outcome::Win {
                winner: Side::Defenders,
                ..
            }
        ),
        "{:?} does not win: {:?}",
        result.best,
        played.outcome
    );
    assert_eq!(result.mate_in(), Some(1));
}

#[test]
fn blocks_the_only_escape_route() {
    // The king on e5 is walled in on three sides; only f5..i5 lead out, and
    // the attacker on h1 can close that route.
    let g = game("tablut-edge", "9/9/9/4b4/3bK4/4b4/9/9/7b1", Side::Attackers);
    let result = best_move(&g, &Limits::depth(2), 3, None).expect("attackers can move");
    let mut after = g.clone();
    after.play(result.best).expect("the AI's move is legal");
    for reply in after.legal_moves() {
        let mut line = after.clone();
        let played = line.play(reply).expect("legal reply");
        assert!(
            !matches!(
                played.outcome,
                Outcome::Win {
                    winner: Side::Defenders,
                    ..
                }
            ),
            "after {:?} the defenders still win with {:?}",
            result.best,
            reply
        );
    }
}

#[test]
fn returns_nothing_once_the_game_is_over() {
    // The king already stands on the edge: the defenders have won.
    let g = game("tablut-edge", "b8/9/9/9/K8/9/9/9/8b", Side::Attackers);
    assert!(g.outcome().is_over());
    assert_eq!(best_move(&g, &Limits::depth(2), 1, None), None);
}

#[test]
fn the_same_seed_gives_the_same_move_and_seeds_vary_the_easy_level() {
    let rules = preset("copenhagen").expect("bundled preset");
    let start = Game::start(&rules).expect("preset setup is valid");
    for level in Level::ALL.iter().take(2) {
        let a = best_move(&start, &level.limits(), 42, None);
        let b = best_move(&start, &level.limits(), 42, None);
        assert_eq!(a, b, "{level} is not deterministic");
    }
    let easy: std::collections::BTreeSet<String> = (0..8)
        .filter_map(|seed| best_move(&start, &Level::Easy.limits(), seed, None))
        .map(|r| r.best.name(Dims::new(11, 11)))
        .collect();
    assert!(easy.len() > 1, "easy always plays {easy:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// From any position reached by random play, the AI's move is legal
    /// while the game goes on, and there is none once it is over.
    #[test]
    fn always_answers_with_a_legal_move(
        preset_index in 0usize..3,
        picks in proptest::collection::vec(any::<u16>(), 0..60),
        seed in any::<u64>(),
    ) {
        let name = ["brandubh", "tablut", "copenhagen"][preset_index];
        let rules = preset(name).expect("bundled preset");
        let mut g = Game::start(&rules).expect("preset setup is valid");
        for pick in picks {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.make_unchecked(moves[pick as usize % moves.len()]);
        }
        let limits = Limits { max_depth: 2, max_nodes: Some(3_000), root_noise: 0 };
        let answer = best_move(&g, &limits, seed, None);
        if g.outcome().is_over() || g.legal_moves().is_empty() {
            prop_assert_eq!(answer, None);
        } else {
            let answer = answer.expect("a move while the game goes on");
            prop_assert!(g.legal_moves().contains(&answer.best));
        }
    }
}
