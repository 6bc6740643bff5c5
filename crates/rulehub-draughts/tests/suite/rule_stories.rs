//! One story per rule that tells the presets apart, told with a position
//! and the moves the engine allows or refuses (and why).

use crate::common::{fen_of, game, n};
use rulehub_draughts::{
    DrawReason, Game, IllegalMove, Kind, MoveText, Outcome, Preset, WinReason, fen, record,
};

fn capture(numbers: &[u32]) -> MoveText {
    MoveText::numbered(numbers.to_vec(), true)
}

fn step(from: u32, to: u32) -> MoveText {
    MoveText::numbered(vec![from, to], false)
}

fn notations(game: &Game) -> Vec<String> {
    let mut list: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| m.full_notation())
        .collect();
    list.sort();
    list
}

#[test]
fn the_majority_rule_forces_the_bigger_capture_in_international_only() {
    // White man c3; Black b4 (one to take) and d4 + f6 (two in a row).
    let setup = fen_of(10, 'W', "c3", "b4 d4 f6 a9");
    let g = game(Preset::International, &setup);
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].capture_count(), 2);
    let refused = g.resolve(&capture(&[n(10, "c3"), n(10, "a5")]));
    assert_eq!(
        refused,
        Err(IllegalMove::MajorityRequired {
            takes: 1,
            required: 2
        })
    );
    // Russian rules leave the choice free.
    let russian_setup = fen_of(8, 'W', "c3", "b4 d4 f6 a7");
    let r = game(Preset::Russian, &russian_setup);
    assert_eq!(r.legal_moves().len(), 2);
    assert!(r.resolve(&capture(&[n(8, "c3"), n(8, "a5")])).is_ok());
}

#[test]
fn a_russian_man_crowned_mid_capture_goes_on_as_a_flying_king() {
    // b6 takes c7 and reaches d8; f6 is two squares down the d8-h4 diagonal.
    let setup = fen_of(8, 'W', "b6", "c7 f6 h2");
    let r = game(Preset::Russian, &setup);
    let moves = r.legal_moves();
    assert_eq!(
        notations(&r),
        [
            format!("{}x{}x{}", n(8, "b6"), n(8, "d8"), n(8, "g5")),
            format!("{}x{}x{}", n(8, "b6"), n(8, "d8"), n(8, "h4"))
        ]
    );
    assert!(moves.iter().all(|m| m.promotes() && m.capture_count() == 2));
    // Under international rules on 8×8 (Brazilian) the man stays a man on
    // d8, cannot reach f6, and is crowned because it stops there.
    let b = game(Preset::Brazilian, &setup);
    let moves = b.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].capture_count(), moves[0].promotes()), (1, true));
}

#[test]
fn an_international_man_passing_the_crowning_row_is_not_crowned() {
    // b6 takes c7 to d8, then (men capture backwards) e7 to f6, ending off
    // the crowning row: still a man.
    let setup = fen_of(8, 'W', "b6", "c7 e7 h2");
    let mut b = game(Preset::Brazilian, &setup);
    let moves = b.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to().number() as u32, n(8, "f6"));
    assert!(!moves[0].promotes());
    let played = b.play(moves[0]).expect("legal");
    assert!(!played.crowned);
    let f6 = b.position().geometry().square(n(8, "f6")).expect("square");
    assert_eq!(b.position().get(f6).map(|p| p.kind), Some(Kind::Man));
    // The Russian man was crowned on d8 and flies on past f6.
    let r = game(Preset::Russian, &setup);
    assert!(r.legal_moves().iter().all(|m| m.promotes()));
    assert_eq!(r.legal_moves().len(), 3, "{:?}", notations(&r));
}

#[test]
fn english_men_capture_forwards_only_and_kings_step_one_square() {
    // A white man on d4 with Black men behind it on c3 and e3: no capture.
    let setup = fen_of(8, 'W', "d4", "c3 e3 h8");
    let g = game(Preset::English, &setup);
    assert!(g.legal_moves().iter().all(|m| !m.is_capture()));
    // The same under Russian rules: men capture backwards.
    let r = game(Preset::Russian, &setup);
    assert!(r.legal_moves().iter().all(|m| m.is_capture()));
    // An English king on a1 sees b2 only; a Russian one slides to h8.
    let kings = fen_of(8, 'W', "Ka1", "Kh8");
    assert_eq!(game(Preset::English, &kings).legal_moves().len(), 1);
    assert_eq!(game(Preset::Russian, &kings).legal_moves().len(), 6);
}

#[test]
fn jumped_pieces_block_until_the_capture_ends() {
    // The king on c7 takes e5 (landing g3), h4 (landing i5) and h6 (landing
    // g7 or beyond). From g7 the way down the long diagonal to c3 crosses
    // e5, whose piece is taken but still on the board: it blocks, so c3 is
    // safe. Were pieces removed as they are jumped, the king would take c3.
    let setup = fen_of(10, 'W', "Kc7", "e5 h4 h6 c3");
    let g = game(Preset::International, &setup);
    let moves = g.legal_moves();
    let taken: Vec<u32> = ["e5", "h4", "h6"].iter().map(|s| n(10, s)).collect();
    assert_eq!(moves.len(), 4, "{:?}", notations(&g));
    for mv in &moves {
        let captured: Vec<u32> = mv
            .captured()
            .iter()
            .map(|s| u32::from(s.number()))
            .collect();
        let mut expected = taken.clone();
        expected.sort();
        assert_eq!(captured, expected, "{mv}");
    }
}

#[test]
fn a_short_capture_form_with_two_routes_is_ambiguous_and_names_both() {
    // An English man on c1 reaches c5 over b2 and b4, or over d2 and d4.
    let setup = fen_of(8, 'W', "c1", "b2 b4 d2 d4");
    let g = game(Preset::English, &setup);
    let err = g
        .resolve(&capture(&[n(8, "c1"), n(8, "c5")]))
        .expect_err("two routes");
    let IllegalMove::Ambiguous { candidates } = &err else {
        panic!("expected ambiguous, got {err:?}");
    };
    let mut written: Vec<String> = candidates.iter().map(|m| m.full_notation()).collect();
    written.sort();
    assert!(err.to_string().contains(" or "), "{err}");
    assert_eq!(
        written,
        [
            format!("{}x{}x{}", n(8, "c1"), n(8, "a3"), n(8, "c5")),
            format!("{}x{}x{}", n(8, "c1"), n(8, "e3"), n(8, "c5")),
        ]
    );
    // The full form names one; stopping half-way is refused.
    assert!(
        g.resolve(&capture(&[n(8, "c1"), n(8, "a3"), n(8, "c5")]))
            .is_ok()
    );
    let half = g.resolve(&capture(&[n(8, "c1"), n(8, "a3")]));
    assert!(
        matches!(half, Err(IllegalMove::IncompleteCapture { .. })),
        "{half:?}"
    );
    assert_eq!(g.notation(&g.legal_moves()[0]).matches('x').count(), 2);
}

#[test]
fn a_setup_is_read_on_the_rules_board() {
    let rules = Preset::International.rules();
    let start = Game::from_setup(&rules, None).expect("start");
    assert_eq!(fen::write(start.position()), "W:W31-50:B1-20");
    let err = Game::from_setup(&Preset::English.rules(), Some("W:W31-50:B1-20"))
        .expect_err("50 squares on an 8×8 board");
    assert_eq!(err.offset, 6);
    assert!(err.to_string().contains("numbered 1 to 32"), "{err}");
}

#[test]
fn refusals_name_the_problem() {
    let g = Game::start(&Preset::English.rules());
    let refuse = |text: MoveText| g.resolve(&text).expect_err("refused").code();
    assert_eq!(refuse(step(15, 19)), "empty-square");
    assert_eq!(refuse(step(22, 18)), "not-your-piece");
    assert_eq!(refuse(step(11, 33)), "not-a-square");
    assert_eq!(refuse(step(11, 18)), "no-such-move");
    assert_eq!(refuse(capture(&[11, 15])), "wrong-separator");
}

#[test]
fn no_pieces_or_no_move_loses() {
    // A setup with nothing to move is refused; a position reached in play
    // is still judged.
    let rules = Preset::English.rules();
    let setup = fen_of(8, 'B', "c3", "");
    let refused = fen::parse(&setup, rules.geometry()).expect_err("black has no piece");
    assert_eq!(refused.reason.code(), "nothing-to-move");
    let empty = Game::new(
        &rules,
        fen::parse_position(&setup, rules.geometry()).expect("a position"),
    );
    assert_eq!(
        empty.outcome(),
        Outcome::Win {
            winner: rulehub_draughts::Colour::White,
            reason: WinReason::NoPieces
        }
    );
    // The Black man on h8 can only go to g7, which White holds with f6 behind.
    let blocked = game(Preset::English, &fen_of(8, 'B', "g7 f6", "h8"));
    assert_eq!(
        blocked.outcome(),
        Outcome::Win {
            winner: rulehub_draughts::Colour::White,
            reason: WinReason::Blocked
        }
    );
    assert!(blocked.legal_moves().is_empty());
    assert_eq!(WinReason::Blocked.code(), "blocked");
}

/// FMJD: the third occurrence of a position ends the game at once.
#[test]
fn the_third_repetition_draws_in_international_draughts() {
    // Kings on diagonals that never meet.
    let mut g = game(Preset::International, &fen_of(10, 'W', "Ka1", "Kb10"));
    let (a1, b2, b10, a9) = (n(10, "a1"), n(10, "b2"), n(10, "b10"), n(10, "a9"));
    for _ in 0..2 {
        for (from, to) in [(a1, b2), (b10, a9), (b2, a1), (a9, b10)] {
            assert_eq!(g.outcome(), Outcome::Ongoing);
            assert_eq!(g.claimable_draw(), None);
            g.play_text(&step(from, to)).expect("legal");
        }
    }
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
    );
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.resolve(&step(a1, b2)).map_err(|e| e.code()),
        Err("game-over")
    );
}

/// WCDF: the third occurrence gives the player to move a draw to claim;
/// play goes on unless they claim it, and taking the move back undoes it.
#[test]
fn the_third_repetition_is_a_draw_to_claim_in_english_draughts() {
    let mut g = game(Preset::English, &fen_of(8, 'W', "Ka1", "Kh8"));
    let (a1, b2, h8, g7) = (n(8, "a1"), n(8, "b2"), n(8, "h8"), n(8, "g7"));
    assert_eq!(
        g.claim_draw(None).map_err(|e| e.code()),
        Err("nothing-to-claim")
    );
    for _ in 0..2 {
        for (from, to) in [(a1, b2), (h8, g7), (b2, a1), (g7, h8)] {
            assert_eq!(g.claimable_draw(), None);
            g.play_text(&step(from, to)).expect("legal");
        }
    }
    assert_eq!(g.outcome(), Outcome::Ongoing);
    assert_eq!(g.claimable_draw(), Some(DrawReason::Repetition));
    // Played on: the fourth and fifth occurrences may be claimed too.
    g.play_text(&step(a1, b2)).expect("play goes on");
    g.unmake();
    assert_eq!(
        g.claim_draw(Some(DrawReason::KingMoves))
            .map_err(|e| e.code()),
        Err("nothing-to-claim")
    );
    assert_eq!(g.claim_draw(None), Ok(DrawReason::Repetition));
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
    );
    assert!(g.legal_moves().is_empty());
    g.unmake();
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // FMJD rules have nothing to claim: their draws come by themselves.
    let mut fmjd = game(Preset::International, &fen_of(10, 'W', "Ka1", "Kb10"));
    assert_eq!(
        fmjd.claim_draw(None).map_err(|e| e.code()),
        Err("draws-not-claimed")
    );
}

#[test]
fn fifteen_king_moves_each_draw_in_russian_draughts() {
    let mut rules = Preset::Russian.rules();
    rules.repetition_draw = None;
    // Flying kings on diagonals that never meet.
    let position = fen::parse(&fen_of(8, 'W', "Ka1", "Kb8"), rules.geometry()).expect("FEN");
    let mut g = Game::new(&rules, position);
    let (a1, b2, b8, a7) = (n(8, "a1"), n(8, "b2"), n(8, "b8"), n(8, "a7"));
    let cycle = [(a1, b2), (b8, a7), (b2, a1), (a7, b8)];
    for ply in 0..30 {
        assert_eq!(g.outcome(), Outcome::Ongoing, "ply {ply}");
        let (from, to) = cycle[ply % 4];
        g.play_text(&step(from, to)).expect("legal");
    }
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::KingMoves
        }
    );
    // Taking the last move back takes the draw back.
    g.unmake();
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn a_game_record_replays_to_its_crowning() {
    // Both sides play into a Black crowning on square 29 (English).
    let setup = fen_of(8, 'B', "h2", "c3");
    let mut g = game(Preset::English, &setup);
    let text = format!(
        "1... {}-{} {}-{} 2. {}-{}",
        n(8, "c3"),
        n(8, "b2"),
        n(8, "h2"),
        n(8, "g3"),
        n(8, "b2"),
        n(8, "a1")
    );
    let replayed = record::replay(&mut g, &text).expect("legal record");
    assert_eq!(replayed.len(), 3);
    assert!(replayed[2].played.crowned);
}

#[test]
fn with_optional_captures_the_separator_tells_a_slide_from_a_capture() {
    // The king on 31 slides to 26, or goes round 24, 6 and 13 to land there
    // with four pieces taken; captures are optional under these rules.
    let mut rules = Preset::Russian.rules();
    rules.capture_mandatory = false;
    let position = fen::parse("W:WK31:B5,9-10,22,27", rules.geometry()).expect("FEN");
    let g = Game::new(&rules, position);
    let slide = g.resolve(&step(31, 26)).expect("the slide");
    assert!(!slide.is_capture());
    let taking = g.resolve(&capture(&[31, 26])).expect("the capture");
    assert!(taking.is_capture());
    assert_eq!(g.notation(&slide), "31-26");
    assert_eq!(g.resolve(&capture(&[31, 24, 6, 13, 26])), Ok(taking));
}
