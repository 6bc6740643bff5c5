//! One test per rule and per preset, plus the seeds' worked examples.

use super::*;
use crate::{Dims, Piece, Side, Square};

const N9: Dims = Dims { rows: 9, cols: 9 };
const N7: Dims = Dims { rows: 7, cols: 7 };
const N11: Dims = Dims { rows: 11, cols: 11 };

/// Pieces written `Ke5 ba1 wc3` (K king, b attacker, w defender).
fn pos(dims: Dims, pieces: &str) -> Position {
    Position::from_pieces(
        dims,
        pieces.split_whitespace().map(|t| {
            let piece = Piece::from_letter(t.chars().next().unwrap()).unwrap();
            (Square::parse(&t[1..], dims).unwrap(), piece)
        }),
    )
    .unwrap()
}

fn game(rules: &str, dims: Dims, pieces: &str, to_move: Side) -> Game {
    Game::new(&preset(rules).unwrap(), pos(dims, pieces), to_move)
}

fn rules_game(rules: &Rules, dims: Dims, pieces: &str, to_move: Side) -> Game {
    Game::new(rules, pos(dims, pieces), to_move)
}

fn mv(g: &Game, text: &str) -> Move {
    Move::parse(text, g.dims()).unwrap()
}

/// Plays a move that must be legal; returns the captured squares by name.
fn play(g: &mut Game, text: &str) -> Vec<String> {
    let m = mv(g, text);
    let played = g
        .play(m)
        .unwrap_or_else(|e| panic!("{text}: {}", e.describe(g.dims())));
    played.captures.iter().map(|s| s.name(g.dims())).collect()
}

fn illegal(g: &Game, text: &str) -> (String, String) {
    let e = g.check_move(mv(g, text)).expect_err(text);
    (e.code().to_string(), e.describe(g.dims()))
}

fn win(winner: Side, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

use Side::{Attackers as A, Defenders as D};

// ---- presets and rule specs ------------------------------------------------

#[test]
fn every_preset_resolves_validates_and_has_its_start_position() {
    assert_eq!(preset_names()[0], DEFAULT_PRESET);
    for &name in preset_names() {
        let rules = RulesSpec::preset(name).resolve().unwrap();
        assert!(preset_description(name).unwrap().len() > 40, "{name}");
        let start = rules.start_position().unwrap();
        let counts = (
            start.count(Piece::Attacker),
            start.count(Piece::Defender),
            start.count(Piece::King),
        );
        let expected = match (rules.dims.rows, name) {
            (7, "ard-ri") => (16, 8, 1),
            (7, _) => (8, 4, 1),
            (9, _) => (16, 8, 1),
            (11, _) => (24, 12, 1),
            _ => unreachable!(),
        };
        assert_eq!(counts, expected, "{name}");
        assert_eq!(start.king(), Some(rules.dims.center()), "{name}");
        // Ashton's source has the defenders (Swedes) start; the others the attackers.
        let first = if name == "ashton-tablut" { D } else { A };
        assert_eq!(rules.first_to_move, first, "{name}");
        let g = Game::start(&rules).unwrap();
        assert_eq!(g.outcome(), Outcome::Ongoing);
        assert!(!g.legal_moves().is_empty());
    }
    assert!(preset("nope").is_none());
}

#[test]
fn preset_fields_match_their_descriptions() {
    let p = |n| preset(n).unwrap();
    assert_eq!(p("tablut-edge").escape, Escape::Edge);
    assert_eq!(p("tablut-edge").throne_stop, Access::Nobody);
    assert_eq!(p("tablut-edge").king_capture, KingCapture::Strong);
    assert_eq!(p("tablut").king_capture, KingCapture::StrongOnThrone);
    assert_eq!(p("tablut").move_limit, Some(120));
    assert_eq!(p("brandubh").dims, N7);
    assert_eq!(p("brandubh").king_capture, KingCapture::StrongOnThrone);
    assert_eq!(p("brandubh-weak").king_capture, KingCapture::Weak);
    assert_eq!(p("tablut-corner").throne_pass, Access::King);
    assert!(p("tablut-corner-hostile-edge").edge_hostile_to_king);
    assert!(!p("tablut-corner").edge_hostile_to_king);
    let c = p("copenhagen");
    assert!(c.shieldwall && c.exit_fort && c.encirclement);
    assert_eq!(
        c.repetition.unwrap().result,
        RepetitionResult::DefendersLose
    );
    let f = p("fetlar");
    assert!(!f.shieldwall && !f.exit_fort && !f.encirclement);
    assert_eq!(f.dims, N11);
}

#[test]
fn rules_spec_reads_a_name_a_preset_with_overrides_and_an_explicit_map() {
    let s: RulesSpec = serde_yaml::from_str("tablut").unwrap();
    assert_eq!(s.resolve().unwrap(), preset("tablut").unwrap());

    let s: RulesSpec =
        serde_yaml::from_str("{ preset: tablut, move_limit: 200, repetition: null }").unwrap();
    let r = s.resolve().unwrap();
    assert_eq!(r.move_limit, Some(200));
    assert_eq!(r.repetition, None);
    assert_eq!(r.escape, Escape::Edge);

    // fully explicit: every field, no preset
    let explicit = serde_yaml::to_string(&preset("copenhagen").unwrap()).unwrap();
    let s: RulesSpec = serde_yaml::from_str(&explicit).unwrap();
    assert_eq!(s.preset, None);
    assert_eq!(s.resolve().unwrap(), preset("copenhagen").unwrap());

    // nothing at all: the default preset
    assert_eq!(
        RulesSpec::default().resolve().unwrap(),
        preset(DEFAULT_PRESET).unwrap()
    );
}

#[test]
fn rules_spec_errors_name_the_bad_field_or_preset_and_list_the_valid_ones() {
    let e = serde_yaml::from_str::<RulesSpec>("{ preset: tablut, escpae: edge }")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("escpae") && e.contains("escape") && e.contains("shieldwall"),
        "{e}"
    );

    let e = serde_yaml::from_str::<RulesSpec>("tablot")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("tablot") && e.contains("tablut-edge") && e.contains("fetlar"),
        "{e}"
    );

    let e = serde_yaml::from_str::<RulesSpec>("{ preset: nope }")
        .unwrap_err()
        .to_string();
    assert!(e.contains("nope") && e.contains("copenhagen"), "{e}");

    let e = serde_yaml::from_str::<RulesSpec>("{ preset: tablut, escape: sideways }")
        .unwrap_err()
        .to_string();
    assert!(e.contains("sideways") && e.contains("corners"), "{e}");

    let s: RulesSpec = serde_yaml::from_str("{ escape: corners }").unwrap();
    let e = s.resolve().unwrap_err();
    assert!(matches!(&e, RulesError::MissingFields { fields } if fields.contains(&"shieldwall")));
    assert!(e.to_string().contains("preset"), "{e}");
}

#[test]
fn contradictory_rules_are_rejected_with_a_message() {
    let bad = |yaml: &str, needle: &str| {
        let s: RulesSpec = serde_yaml::from_str(yaml).unwrap();
        let e = s.resolve().unwrap_err().to_string();
        assert!(e.contains(needle), "{yaml}: {e}");
    };
    bad("{ preset: brandubh, corner_stop: nobody }", "corner_stop");
    bad(
        "{ preset: tablut-edge, king_may_return_to_throne: true }",
        "throne_stop",
    );
    bad("{ preset: tablut, exit_fort: true }", "exit_fort");
    bad(
        "{ preset: tablut, edge_hostile_to_king: true }",
        "edge_hostile_to_king",
    );
    bad(
        "{ preset: tablut, repetition: { count: 1, result: draw } }",
        "repetition",
    );
    bad("{ preset: tablut, move_limit: 0 }", "move_limit");
    bad("{ preset: tablut, setup: '9/9/9/9/9/9/9/9/9' }", "no king");
    bad("{ preset: tablut, dims: { rows: 2, cols: 9 } }", "dims");
}

// ---- setup strings and notation ------------------------------------------------

#[test]
fn setup_strings_round_trip_including_runs_of_ten_and_more() {
    for &name in preset_names() {
        let r = preset(name).unwrap();
        let p = r.start_position().unwrap();
        assert_eq!(p.to_setup(), r.setup);
        assert_eq!(Position::setup_dims(&r.setup).unwrap(), r.dims);
    }
    let big = "19/19/19/19/19/19/19/19/19/9K9/19/19/19/19/19/19/19/19/b17w";
    let d = Dims::new(19, 19);
    let p = Position::from_setup(big, d).unwrap();
    assert_eq!(p.to_setup(), big);
    assert_eq!(p.get(Square::parse("j10", d).unwrap()), Some(Piece::King));
    assert_eq!(
        p.get(Square::parse("a1", d).unwrap()),
        Some(Piece::Attacker)
    );
    assert_eq!(
        p.get(Square::parse("s1", d).unwrap()),
        Some(Piece::Defender)
    );
    assert_eq!(p.pieces().len(), 3);
}

#[test]
fn setup_errors_give_row_column_and_reason() {
    let err = |s: &str| Position::from_setup(s, N7).unwrap_err();
    let e = err("3b3/3b3/3w3/bbwKwbbb/3w3/3b3/3b3");
    assert_eq!((e.row, e.col), (4, 8));
    assert!(matches!(
        e.reason,
        SetupErrorReason::RowTooLong {
            expected: 7,
            found: 8
        }
    ));
    assert!(e.to_string().contains("row 4"), "{e}");
    let e = err("3b3/3b3/3w3/bbwKwb/3w3/3b3/3b3");
    assert_eq!((e.row, e.col), (4, 7));
    assert!(matches!(
        e.reason,
        SetupErrorReason::RowTooShort {
            expected: 7,
            found: 6
        }
    ));
    let e = err("3b3/3b3/3x3/bbwKwbb/3w3/3b3/3b3");
    assert_eq!((e.row, e.col), (3, 4));
    assert!(e.to_string().contains("unknown letter `x`"), "{e}");
    let e = err("3b3/3b3/3w3/bbwwwbb/3w3/3b3/3b3");
    assert_eq!(e.reason, SetupErrorReason::MissingKing);
    assert!(e.to_string().contains("no king"));
    let e = err("3b3/3K3/3w3/bbwKwbb/3w3/3b3/3b3");
    assert_eq!((e.row, e.col), (4, 4));
    assert!(matches!(
        e.reason,
        SetupErrorReason::TwoKings {
            first_row: 2,
            first_col: 4
        }
    ));
    let e = err("3b3/3b3/3w3/bbwKwbb/3w3/3b3");
    assert!(matches!(
        e.reason,
        SetupErrorReason::TooFewRows {
            expected: 7,
            found: 6
        }
    ));
    let e = err("3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3/7");
    assert_eq!(e.row, 8);
    let e = err("3b3/3b3/3w3/bbwKwbb/3w3/3b3/03b3");
    assert!(matches!(e.reason, SetupErrorReason::BadNumber { .. }));
    let e = Position::from_pieces(N7, [(Square::new(0, 0), Piece::Attacker)]).unwrap_err();
    assert_eq!(e.reason, SetupErrorReason::MissingKing);
}

#[test]
fn moves_parse_and_print_in_algebraic_notation() {
    let m = Move::parse("e5-e9", N9).unwrap();
    assert_eq!(m.from, Square::new(4, 4));
    assert_eq!(m.to, Square::new(0, 4));
    assert_eq!(m.name(N9), "e5-e9");
    assert!(Move::parse("e5e9", N9).is_err());
    assert!(Move::parse("e5-e10", N9).is_err());
    assert_eq!(Move::parse("k11-k1", N11).unwrap().name(N11), "k11-k1");
}

// ---- movement and its reason codes ----------------------------------------------

#[test]
fn each_illegal_move_reason_has_its_code_and_a_sentence() {
    let g = game("tablut", N9, "Ke5 wd6 ba1 bd9 wd8", A);
    assert_eq!(illegal(&g, "b2-b3").0, "no-piece");
    let (code, text) = illegal(&g, "e5-e6");
    assert_eq!(code, "not-your-piece");
    assert!(text.contains("king on e5"), "{text}");
    assert_eq!(illegal(&g, "a1-b2").0, "not-straight");
    assert_eq!(illegal(&g, "a1-a1").0, "same-square");
    let g = game("tablut", N9, "Ke5 wd6 bd2 bd9 wd8", A);
    assert_eq!(
        illegal(&g, "d2-d6"),
        ("blocked".into(), "d6 is occupied".into())
    );
    assert_eq!(
        illegal(&g, "d2-d7"),
        ("blocked".into(), "the path is blocked at d6".into())
    );
}

#[test]
fn finnish_capture_example_is_rejected_because_the_path_is_blocked() {
    // Attacker (3,2) to (3,4) with a defender on (3,3), 0-based from top-left.
    let g = game("tablut-corner", N9, "Ke5 bc6 wd6 bi1", A);
    assert_eq!(Square::new(3, 3).name(N9), "d6");
    let e = g
        .check_move(Move::new(Square::new(3, 2), Square::new(3, 4)))
        .unwrap_err();
    assert_eq!(e.code(), "blocked");
    assert_eq!(e.describe(N9), "the path is blocked at d6");
}

#[test]
fn only_the_king_stops_on_the_throne_and_others_cross_it_in_tablut() {
    let g = game("tablut", N9, "Kc3 be7 wb5", A);
    assert_eq!(
        illegal(&g, "e7-e5"),
        (
            "restricted-square".into(),
            "only the king may stop on the throne e5".into()
        )
    );
    assert!(g.check_move(mv(&g, "e7-e2")).is_ok());
    let mut g = game("tablut", N9, "Kc5 bi9 wb3", D);
    play(&mut g, "c5-e5"); // the king may return
    assert_eq!(g.position().get(N9.center()), Some(Piece::King));
}

#[test]
fn nobody_lands_on_the_empty_throne_in_tablut_edge_king_included() {
    let g = game("tablut-edge", N9, "Kc5 bi9 wb3", D);
    let (code, text) = illegal(&g, "c5-e5");
    assert_eq!(code, "restricted-square");
    assert_eq!(text, "no piece may stop on the throne e5");
    assert!(g.check_move(mv(&g, "c5-g5")).is_ok(), "crossing is allowed");
    let g = game("tablut-edge", N9, "Kc3 be7 wb5", A);
    assert_eq!(illegal(&g, "e7-e5").0, "restricted-square");
    assert!(g.check_move(mv(&g, "e7-e3")).is_ok());
}

#[test]
fn in_tablut_corner_others_may_not_cross_the_throne_but_the_king_may() {
    let g = game("tablut-corner", N9, "Kc5 bi9 wb3 we7", D);
    let (code, text) = illegal(&g, "e7-e3");
    assert_eq!(code, "no-passing");
    assert_eq!(text, "only the king may pass through the empty throne e5");
    assert!(g.check_move(mv(&g, "c5-g5")).is_ok());
    assert!(g.check_move(mv(&g, "c5-e5")).is_ok());
    // corners for the king only
    let g = game("tablut-corner", N9, "Kc5 ba2 wb3", A);
    let (code, text) = illegal(&g, "a2-a1");
    assert_eq!(code, "restricted-square");
    assert_eq!(text, "only the king may stop on the corner a1");
}

#[test]
fn brandubh_pieces_cross_the_empty_throne_and_only_the_king_stops_there() {
    let g = game("brandubh", N7, "Kb2 bd6 wf3", A);
    assert!(g.check_move(mv(&g, "d6-d1")).is_ok());
    assert_eq!(illegal(&g, "d6-d4").0, "restricted-square");
}

#[test]
fn playing_after_the_end_is_game_over() {
    let mut g = game("tablut", N9, "Kb8 bi1", D);
    play(&mut g, "b8-b9");
    assert_eq!(illegal(&g, "i1-i2").0, "game-over");
    assert!(g.legal_moves().is_empty());
}

// ---- captures ----------------------------------------------------------------

#[test]
fn a_pair_captures_and_moving_into_a_sandwich_is_safe() {
    let mut g = game("tablut", N9, "Kb8 bc3 be3 wd5", D);
    assert_eq!(
        play(&mut g, "d5-d3"),
        Vec::<String>::new(),
        "moved in: safe"
    );
    let mut g = game("tablut", N9, "Kb8 bc3 wd3 be5", A);
    assert_eq!(play(&mut g, "e5-e3"), vec!["d3"]);
}

#[test]
fn the_empty_throne_is_hostile_to_all_in_tablut_edge_but_not_when_occupied() {
    let mut g = game("tablut-edge", N9, "Kb8 wd5 bb5 bi1", A);
    assert_eq!(play(&mut g, "b5-c5"), vec!["d5"]);
    let mut g = game("tablut-edge", N9, "Kb8 bd5 wb5 bi1", D);
    assert_eq!(play(&mut g, "b5-c5"), vec!["d5"]);
    let mut g = game("tablut-edge", N9, "Ke5 wd5 bb5 bi1", A);
    assert!(
        play(&mut g, "b5-c5").is_empty(),
        "occupied throne not hostile to defenders"
    );
}

#[test]
fn copenhagen_throne_is_hostile_to_attackers_always_and_to_defenders_when_empty() {
    let mut unarmed = preset("copenhagen").unwrap();
    unarmed.king_armed = KingArmed::No;
    let mut g = rules_game(&unarmed, N11, "Kf6 be6 wc6 bk1", D);
    assert_eq!(
        play(&mut g, "c6-d6"),
        vec!["e6"],
        "occupied throne vs attacker"
    );
    let mut g = game("copenhagen", N11, "Kf6 we6 bc6 bk1", A);
    assert!(
        play(&mut g, "c6-d6").is_empty(),
        "occupied throne vs defender"
    );
    let mut g = game("copenhagen", N11, "Ka6 we6 bc6 bk1", A);
    assert_eq!(
        play(&mut g, "c6-d6"),
        vec!["e6"],
        "empty throne vs defender"
    );
}

#[test]
fn corners_are_hostile_where_the_rules_say_so() {
    for (rules, dims, hostile) in [
        ("tablut-corner", N9, true),
        ("brandubh", N7, true),
        ("copenhagen", N11, true),
        ("fetlar", N11, true),
        ("tablut-edge", N9, false),
        ("tablut", N9, false),
    ] {
        let mut g = game(rules, dims, "Ke4 bb1 wd1", D);
        let caps = play(&mut g, "d1-c1");
        assert_eq!(caps == vec!["b1"], hostile, "{rules}");
        let mut g = game(rules, dims, "Ke4 wb1 bd1", A);
        let caps = play(&mut g, "d1-c1");
        assert_eq!(caps == vec!["b1"], hostile, "{rules}");
    }
}

#[test]
fn the_armed_king_captures_as_hammer_and_anvil_and_an_unarmed_one_does_not() {
    let mut g = game("tablut", N9, "Kc3 be3 wf3 bi9", D);
    assert_eq!(play(&mut g, "c3-d3"), vec!["e3"], "hammer");
    let mut g = game("tablut", N9, "Kc3 bd3 we5 bi9", D);
    assert_eq!(play(&mut g, "e5-e3"), vec!["d3"], "anvil");
    let mut rules = preset("tablut").unwrap();
    rules.king_armed = KingArmed::No;
    let mut g = rules_game(&rules, N9, "Kc3 be3 wf3 bi9", D);
    assert!(play(&mut g, "c3-d3").is_empty());
    let mut g = rules_game(&rules, N9, "Kc3 bd3 we5 bi9", D);
    assert!(play(&mut g, "e5-e3").is_empty());
    rules.king_armed = KingArmed::Hammer;
    let mut g = rules_game(&rules, N9, "Kc3 be3 wf3 bi9", D);
    assert_eq!(play(&mut g, "c3-d3"), vec!["e3"]);
}

#[test]
fn one_move_can_capture_several_pieces_reported_sorted() {
    let mut g = game("tablut", N9, "Kb8 bc3 wc4 wd3 bd5 be3 bc6", A);
    let caps = play(&mut g, "d5-d4");
    assert!(caps.is_empty());
    let mut g = game("tablut", N9, "Kb8 wc2 bc3 wb3 wd3 wc5 bi1", D);
    // defender moves c5-c4: captures c3 (c2 below)
    assert_eq!(play(&mut g, "c5-c4"), vec!["c3"]);
    let mut g = game("tablut", N9, "Kb8 be3 bc3 wb3 wf3 wd5 wd1 bi1", D);
    // the defender on d5 drops to d4? no: to d3 it captures c3 and e3
    assert_eq!(play(&mut g, "d5-d3"), vec!["c3", "e3"]);
}

// ---- king capture -----------------------------------------------------------

#[test]
fn tablut_edge_king_needs_four_or_three_and_the_throne() {
    // on the throne: four
    let mut g = game("tablut-edge", N9, "Ke5 bd5 bf5 be4 be7 bi1", A);
    play(&mut g, "e7-e6");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    assert_eq!(g.position().king(), None);
    // beside the throne: three and the throne
    let mut g = game("tablut-edge", N9, "Ke6 bd6 bf6 be8 bi1", A);
    let caps = play(&mut g, "e8-e7");
    assert_eq!(caps, vec!["e6"]);
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    // elsewhere two are not enough
    let mut g = game("tablut-edge", N9, "Kc3 bb3 bd4 bi1", A);
    play(&mut g, "d4-d3");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn tablut_king_is_strong_on_and_beside_the_throne_and_weak_elsewhere() {
    let mut g = game("tablut", N9, "Kc3 bb3 bd4 bi1", A);
    play(&mut g, "d4-d3");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    let mut g = game("tablut", N9, "Ke5 bd5 bf5 be3 bi1", A);
    play(&mut g, "e3-e4");
    assert_eq!(
        g.outcome(),
        Outcome::Ongoing,
        "three on the throne is not enough"
    );
    let mut g = game("tablut", N9, "Ke6 bd6 be8 bi1", A);
    play(&mut g, "e8-e7");
    assert_eq!(
        g.outcome(),
        Outcome::Ongoing,
        "two beside the throne is not enough"
    );
    let mut g = game("tablut", N9, "Ke6 bd6 bf6 be8 bi1", A);
    play(&mut g, "e8-e7");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
}

#[test]
fn tablut_corner_king_needs_four_everywhere_and_three_plus_throne_beside_it() {
    let mut g = game("tablut-corner", N9, "Kc3 bb3 bd4 bi2", A);
    play(&mut g, "d4-d3");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let mut g = game("tablut-corner", N9, "Kc3 bb3 bd3 bc2 bc5", A);
    play(&mut g, "c5-c4");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    let mut g = game("tablut-corner", N9, "Kd5 bd6 bd4 bb5 bi2", A);
    play(&mut g, "b5-c5");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    // not on the edge, where the Czech variant differs
    let mut g = game("tablut-corner", N9, "Ke1 bd1 bf1 be3 bi9 wc8", A);
    play(&mut g, "e3-e2");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn czech_variant_edge_counts_like_the_throne_when_capturing_the_king() {
    let mut g = game(
        "tablut-corner-hostile-edge",
        N9,
        "Ke1 bd1 bf1 be3 bi9 wc8",
        A,
    );
    assert_eq!(play(&mut g, "e3-e2"), vec!["e1"]);
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    // the edge alone with two attackers is not enough
    let mut g = game("tablut-corner-hostile-edge", N9, "Ke1 bd1 be3 bi9", A);
    play(&mut g, "e3-e2");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn brandubh_king_strong_on_throne_and_brandubh_weak_king_captured_by_a_pair_there() {
    // The rules-site example: king (4,4), attackers (4,3) and (1,5), 1-based.
    let mut g = game("brandubh-weak", N7, "Kd4 bc4 be7", A);
    assert_eq!(play(&mut g, "e7-e4"), vec!["d4"]);
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    let mut g = game("brandubh", N7, "Kd4 bc4 be7", A);
    assert!(play(&mut g, "e7-e4").is_empty());
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let mut g = game("brandubh", N7, "Kd4 bc4 bd5 bd3 be7", A);
    play(&mut g, "e7-e4");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    // weak elsewhere in brandubh too
    let mut g = game("brandubh", N7, "Kb5 ba5 bc7", A);
    play(&mut g, "c7-c5");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
}

#[test]
fn copenhagen_king_needs_four_sides_and_cannot_be_captured_on_the_edge() {
    let mut g = game("copenhagen", N11, "Kc3 bb3 bd3 bc2 bc5", A);
    play(&mut g, "c5-c4");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    let mut g = game("copenhagen", N11, "Kf7 be7 bg7 bf9 bk1", A);
    play(&mut g, "f9-f8");
    assert_eq!(
        g.outcome(),
        win(A, WinReason::KingCaptured),
        "three and the throne"
    );
    let mut g = game("copenhagen", N11, "Ke1 bd1 bf1 be3 bk11 wc8", A);
    play(&mut g, "e3-e2");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let mut g = game("fetlar", N11, "Ke1 bd1 bf1 be3 bk11 wc8", A);
    play(&mut g, "e3-e2");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

// ---- escapes ---------------------------------------------------------------

#[test]
fn edge_escape_wins_in_the_tablut_presets_seed_example() {
    // King (2,2), attacker (9,9), 1-based; the king slides to (1,2).
    for rules in ["tablut", "tablut-edge"] {
        let mut g = game(rules, N9, "Kb8 bi1", D);
        play(&mut g, "b8-b9");
        assert_eq!(g.outcome(), win(D, WinReason::EdgeEscape), "{rules}");
    }
}

#[test]
fn corner_escape_wins_and_an_ordinary_edge_does_not() {
    for (rules, dims) in [
        ("tablut-corner", N9),
        ("tablut-corner-hostile-edge", N9),
        ("brandubh", N7),
        ("brandubh-weak", N7),
        ("copenhagen", N11),
        ("fetlar", N11),
    ] {
        let mut g = game(rules, dims, "Kb3 bc5 bd6", D);
        play(&mut g, "b3-b1");
        assert_eq!(g.outcome(), Outcome::Ongoing, "{rules}");
        play(&mut g, "c5-c4");
        play(&mut g, "b1-a1");
        assert_eq!(g.outcome(), win(D, WinReason::CornerEscape), "{rules}");
    }
}

// ---- Copenhagen specials ------------------------------------------------------

#[test]
fn copenhagen_shieldwall_captures_a_bracketed_row_on_the_edge() {
    let mut g = game("copenhagen", N11, "Kf6 wd1 we1 bd2 be2 bc1 bf3", A);
    let mut caps = play(&mut g, "f3-f1");
    caps.sort();
    assert_eq!(caps, vec!["d1", "e1"]);
    // a corner brackets one end
    let mut g = game("copenhagen", N11, "Kf6 wb1 wc1 bb2 bc2 be3", A);
    assert_eq!(play(&mut g, "e3-d3"), Vec::<String>::new());
    let mut g = game("copenhagen", N11, "Kf6 wb1 wc1 bb2 bc2 bd3", A);
    assert_eq!(play(&mut g, "d3-d1"), vec!["b1", "c1"]);
    // the king in the row survives
    let mut g = game("copenhagen", N11, "Kd1 we1 bd2 be2 bc1 bf3 wk11", A);
    assert_eq!(play(&mut g, "f3-f1"), vec!["e1"]);
    // a gap in the front: nothing
    let mut g = game("copenhagen", N11, "Kf6 wd1 we1 bd2 bc1 bf3", A);
    assert!(play(&mut g, "f3-f1").is_empty());
    // Fetlar has no shieldwall
    let mut g = game("fetlar", N11, "Kf6 wd1 we1 bd2 be2 bc1 bf3", A);
    assert!(play(&mut g, "f3-f1").is_empty());
}

#[test]
fn copenhagen_exit_fort_wins_for_the_defenders() {
    let fort = "Ke1 wd1 wg1 wd2 wg2 we3 wf5 bk11 ba6";
    let mut g = game("copenhagen", N11, fort, D);
    play(&mut g, "f5-f3");
    assert_eq!(g.outcome(), win(D, WinReason::ExitFort));
    // with the wall piece missing the fort is open: no win
    let mut g = game("copenhagen", N11, "Ke1 wd1 wg1 wd2 wg2 wf5 bk11 ba6", D);
    play(&mut g, "f5-f4");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // a wall piece that can be sandwiched breaks it
    let mut g = game(
        "copenhagen",
        N11,
        "Ke1 wd1 wg1 wd2 wg2 we3 wf4 bk11 ba6 wf6",
        D,
    );
    play(&mut g, "f6-f5");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // Fetlar has no forts
    let mut g = game("fetlar", N11, fort, D);
    play(&mut g, "f5-f3");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn copenhagen_encircling_every_defender_wins_for_the_attackers() {
    let ring = "Kf6 bf8 be7 bg7 bd6 bh6 be5 bg5 bf2";
    let mut g = game("copenhagen", N11, ring, A);
    play(&mut g, "f2-f4");
    assert_eq!(g.outcome(), win(A, WinReason::Encirclement));
    // one defender outside the ring: not yet
    let mut g = game("copenhagen", N11, &format!("{ring} wb10"), A);
    play(&mut g, "f2-f4");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let mut g = game("fetlar", N11, ring, A);
    play(&mut g, "f2-f4");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

// ---- endings -----------------------------------------------------------------

fn shuffle(g: &mut Game, times: usize) {
    for _ in 0..times {
        for m in ["a2-a3", "h8-h7", "a3-a2", "h7-h8"] {
            play(g, m);
        }
    }
}

#[test]
fn threefold_repetition_draws_in_tablut_and_a_fourth_occurrence_loses_for_the_defenders_in_copenhagen()
 {
    let mut g = game("tablut", N9, "Ke5 ba2 wh8", A);
    shuffle(&mut g, 1);
    assert_eq!(g.outcome(), Outcome::Ongoing);
    for m in ["a2-a3", "h8-h7", "a3-a2"] {
        play(&mut g, m);
        assert_eq!(g.outcome(), Outcome::Ongoing);
    }
    play(&mut g, "h7-h8");
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
    );
    // aagenielsen.dk's server plays on after a third occurrence and ends
    // the game on the fourth (tests/corpus/aagenielsen-copenhagen.games).
    let mut g = game("copenhagen", N11, "Kf6 ba2 wh8", A);
    shuffle(&mut g, 2);
    assert_eq!(g.outcome(), Outcome::Ongoing);
    shuffle(&mut g, 1);
    assert_eq!(g.outcome(), win(A, WinReason::Repetition));
}

#[test]
fn a_move_limit_without_capture_draws() {
    let mut rules = preset("tablut").unwrap();
    rules.move_limit = Some(4);
    rules.repetition = None;
    let mut g = rules_game(&rules, N9, "Ke5 ba2 wh8 bc3 wc5", A);
    play(&mut g, "a2-a3");
    play(&mut g, "h8-h7");
    play(&mut g, "c3-c4"); // captures nothing: c5 is a defender, c4 moved in
    assert_eq!(g.outcome(), Outcome::Ongoing);
    play(&mut g, "h7-h6");
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::MoveLimit
        }
    );
    // a capture resets the count
    let mut g = rules_game(&rules, N9, "Ke5 ba2 wh8 bc3 wc5 bb6", A);
    play(&mut g, "a2-a3");
    play(&mut g, "h8-h7");
    play(&mut g, "a3-a2");
    assert_eq!(play(&mut g, "h7-h6"), Vec::<String>::new());
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::MoveLimit
        }
    );
    let mut g = rules_game(&rules, N9, "Ke5 ba2 wh8 bc3 wc4 bb5", A);
    play(&mut g, "a2-a3");
    play(&mut g, "h8-h7");
    assert_eq!(play(&mut g, "b5-c5"), vec!["c4"]);
    assert_eq!(g.quiet_moves(), 0);
    assert_eq!(preset("tablut").unwrap().move_limit, Some(120));
}

#[test]
fn a_side_without_a_legal_move_loses() {
    let mut g = game("tablut-edge", N9, "Kc3 ba9 wa8 wb9 wg4", D);
    play(&mut g, "g4-g3");
    assert_eq!(g.outcome(), win(D, WinReason::NoLegalMoves));
}

#[test]
fn defenders_win_when_the_last_attacker_is_captured_in_tablut() {
    let mut g = game("tablut", N9, "Kc3 bc5 wc6 wb4", D);
    assert_eq!(play(&mut g, "b4-c4"), vec!["c5"]);
    assert_eq!(g.outcome(), win(D, WinReason::AllAttackersCaptured));
    // tablut-edge has no such rule, but the attackers then cannot move
    let mut g = game("tablut-edge", N9, "Kc3 bc5 wc6 wb4", D);
    play(&mut g, "b4-c4");
    assert_eq!(g.outcome(), win(D, WinReason::NoLegalMoves));
}

#[test]
fn reason_codes_serialize_and_deserialize_as_in_the_example_format() {
    for r in [
        WinReason::EdgeEscape,
        WinReason::CornerEscape,
        WinReason::KingCaptured,
        WinReason::NoLegalMoves,
        WinReason::AllAttackersCaptured,
        WinReason::Encirclement,
        WinReason::ExitFort,
        WinReason::Repetition,
    ] {
        let y: WinReason = serde_yaml::from_str(r.code()).unwrap();
        assert_eq!(y, r);
    }
    for r in [DrawReason::Repetition, DrawReason::MoveLimit] {
        let y: DrawReason = serde_yaml::from_str(r.code()).unwrap();
        assert_eq!(y, r);
    }
}

// ---- make / unmake / perft ---------------------------------------------------

#[test]
fn unmake_restores_position_hash_side_and_outcome() {
    let mut g = game("tablut", N9, "Kb8 bc3 wd3 be5 bi1", A);
    let before = (g.position().clone(), g.hash(), g.to_move(), g.outcome());
    play(&mut g, "e5-e3");
    assert_ne!(g.hash(), before.1);
    assert_eq!(g.unmake(), Some(mv(&g, "e5-e3")));
    assert_eq!(
        (g.position().clone(), g.hash(), g.to_move(), g.outcome()),
        before
    );
    assert_eq!(g.unmake(), None);
}

#[test]
fn perft_counts_the_first_moves_of_every_preset() {
    for &name in preset_names() {
        let rules = preset(name).unwrap();
        let mut g = Game::start(&rules).unwrap();
        assert_eq!(perft(&mut g, 1), g.legal_moves().len() as u64, "{name}");
        assert_eq!(perft(&mut g, 0), 1);
    }
}

#[test]
fn rules_describe_themselves_in_plain_words() {
    let text = preset("copenhagen").unwrap().describe();
    assert!(
        text.starts_with("11×11 board, attackers move first"),
        "{text}"
    );
    assert!(text.contains("shieldwalls capture"), "{text}");
    assert!(
        text.contains("a position coming up for the 4th time loses for the defenders"),
        "{text}"
    );
    let text = preset("tablut-edge").unwrap().describe();
    assert!(
        text.contains("no piece may stop on the empty throne"),
        "{text}"
    );
    assert!(text.contains("the king wins on any edge square"), "{text}");
}

// ---- forts whose defenders cover each other -------------------------------------

#[test]
fn an_exit_fort_held_by_a_defender_away_from_the_king_wins() {
    // The wall piece e3 can only be sandwiched along row 3; d3 covers it,
    // and d3 is covered in turn by e3 (row) and the wall piece d2 (column).
    // d3 touches none of the king's squares, yet the fort cannot be broken.
    let mut g = game("copenhagen", N11, "Ke1 wd1 wf1 wd2 wf2 we3 wd5 bk10 ba6", D);
    play(&mut g, "d5-d3");
    assert!(g.has_exit_fort());
    assert_eq!(g.outcome(), win(D, WinReason::ExitFort));
}

#[test]
fn a_fort_one_capture_can_open_is_no_fort() {
    // Without d3, attackers on d3 and f3 would capture e3 and open the fort;
    // a defender two squares away (c3) does not cover it.
    let mut g = game("copenhagen", N11, "Ke1 wd1 wf1 wd2 wf2 we3 wc5 bk10 ba6", D);
    play(&mut g, "c5-c3");
    assert!(!g.has_exit_fort());
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // The attackers really can break it: d3 then f3 takes e3.
    let mut g = game("copenhagen", N11, "Ke1 wd1 wf1 wd2 wf2 we3 bd4 bf4 bk10", A);
    play(&mut g, "d4-d3");
    play(&mut g, "e1-e2");
    assert_eq!(play(&mut g, "f4-f3"), vec!["e3"]);
}

#[test]
fn edge_rows_joined_to_the_fort_stand_under_the_shieldwall_rule() {
    // The king's fort is e1 and f1; d1 and g1 are held by the king and the
    // fort's inside, e2 and f2 close the top. Copenhagen has shieldwalls,
    // yet no row here can be bracketed and faced: the fort stands.
    assert!(game("copenhagen", N11, "Ke1 wd1 we2 wf2 wg1 bk10", A).has_exit_fort());
    assert!(game("copenhagen", N11, "Ke1 wc1 wd1 we2 wf2 wg1 wh1 bk10", A).has_exit_fort());
    // Open one top square (f2 missing): attackers can walk in, no fort.
    assert!(!game("copenhagen", N11, "Ke1 wd1 we2 wg1 bk10", A).has_exit_fort());
}

// ---- repetition as rule fields ------------------------------------------------

#[test]
fn the_side_that_completes_a_repetition_loses_when_the_rules_say_so() {
    let mut rules = preset("tablut").unwrap();
    rules.repetition = Some(Repetition {
        count: 3,
        result: RepetitionResult::RepeatingSideLoses,
        forbidden: false,
    });
    let mut g = rules_game(&rules, N9, "Ke5 ba2 wh8", A);
    shuffle(&mut g, 2);
    // The defenders' h7-h8 brought the third occurrence: they lose.
    assert_eq!(g.outcome(), win(A, WinReason::Repetition));
}

#[test]
fn a_forbidden_repetition_makes_the_repeating_move_illegal() {
    let mut rules = preset("tablut").unwrap();
    rules.repetition = Some(Repetition {
        count: 3,
        result: RepetitionResult::Draw,
        forbidden: true,
    });
    let mut g = rules_game(&rules, N9, "Ke5 ba2 wh8", A);
    shuffle(&mut g, 1);
    for m in ["a2-a3", "h8-h7", "a3-a2"] {
        play(&mut g, m);
    }
    let (code, text) = illegal(&g, "h7-h8");
    assert_eq!(code, "repetition-forbidden");
    assert!(text.contains("third"), "{text}");
    let h7 = Square::parse("h7", N9).unwrap();
    let h8 = Square::parse("h8", N9).unwrap();
    assert!(!g.destinations(h7).contains(&h8));
    assert!(
        g.destinations(h7)
            .contains(&Square::parse("h6", N9).unwrap())
    );
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

// ---- camps and escape squares ---------------------------------------------------

fn sq(name: &str) -> Square {
    Square::parse(name, N9).unwrap()
}

#[test]
fn ashton_starts_with_the_defenders_and_attackers_in_their_camps() {
    let mut g = Game::start(&preset("ashton-tablut").unwrap()).unwrap();
    assert_eq!(g.to_move(), D);
    play(&mut g, "c5-c2");
    // An attacker leaves its camp…
    play(&mut g, "a4-a2");
    play(&mut g, "c2-c1");
    // …may never come back…
    let (code, text) = illegal(&g, "a2-a4");
    assert_eq!(code, "restricted-square", "{text}");
    assert!(text.contains("camp square a4"), "{text}");
    // …while one still inside moves on within the camp.
    play(&mut g, "a5-a4");
}

#[test]
fn camps_admit_only_their_own_attackers_and_nobody_crosses_them() {
    let rules = preset("ashton-tablut").unwrap();
    // Attacker d1 in the bottom camp; e1, f1, e2 empty.
    let g = rules_game(&rules, N9, "Ke5 bd1 ba3 wc1 wb2", A);
    // inside its own camp it moves on and crosses freely
    assert!(g.check_move(mv(&g, "d1-f1")).is_ok());
    assert!(g.check_move(mv(&g, "d1-h1")).is_ok());
    // an attacker from outside may not stop on a camp square…
    let (code, text) = illegal(&g, "a3-a4");
    assert_eq!(code, "restricted-square");
    assert!(text.contains("camp square a4"), "{text}");
    let g = rules_game(&rules, N9, "Ke5 bh3 wc1 wb2", D);
    // …nor may a defender, and nobody crosses a camp from outside.
    let (code, _) = illegal(&g, "b2-b5");
    assert_eq!(code, "restricted-square");
    let (code, text) = illegal(&g, "c1-d1");
    assert_eq!(code, "restricted-square", "{text}");
    let g = rules_game(&rules, N9, "Ke5 bc1 wh3", A);
    let (code, text) = illegal(&g, "c1-g1");
    assert_eq!(code, "no-passing", "{text}");
    assert!(text.contains("camp"), "{text}");
}

#[test]
fn camps_capture_against_outsiders_but_not_against_their_own_occupants() {
    let rules = preset("ashton-tablut").unwrap();
    // a defender beside an empty camp square is taken by one attacker
    let mut g = rules_game(&rules, N9, "Ke5 wa3 bc2", A);
    assert_eq!(play(&mut g, "c2-a2"), vec!["a3"]);
    // an attacker that left its camp is taken against it too
    let mut g = rules_game(&rules, N9, "Ke5 ba3 wc2", D);
    assert_eq!(play(&mut g, "c2-a2"), vec!["a3"]);
    // an attacker inside the camp is not taken against its own camp
    let mut g = rules_game(&rules, N9, "Ke5 ba4 wc3", D);
    assert!(play(&mut g, "c3-a3").is_empty());
}

#[test]
fn the_king_is_captured_against_a_camp_away_from_the_throne() {
    let rules = preset("ashton-tablut").unwrap();
    let mut g = rules_game(&rules, N9, "Kc5 bd7 wa1", A);
    play(&mut g, "d7-d5");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    // beside the throne he needs three attackers and the throne
    let mut g = rules_game(&rules, N9, "Kd5 bd6 bd4 bb5 wa1", A);
    play(&mut g, "b5-c5");
    assert_eq!(g.outcome(), win(A, WinReason::KingCaptured));
    let mut g = rules_game(&rules, N9, "Kd5 bd6 bb5 wa1", A);
    play(&mut g, "b5-c5");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn ashton_throne_is_closed_to_everyone_and_hostile_to_defenders_even_occupied() {
    let rules = preset("ashton-tablut").unwrap();
    let g = rules_game(&rules, N9, "Kc3 wd5 bh3", D);
    let (code, _) = illegal(&g, "d5-f5");
    assert_eq!(code, "no-passing");
    let (code, _) = illegal(&g, "d5-e5");
    assert_eq!(code, "restricted-square");
    // with the king on the throne, a defender beside it is taken by one attacker
    let mut g = rules_game(&rules, N9, "Ke5 we4 bc3", A);
    assert_eq!(play(&mut g, "c3-e3"), vec!["e4"]);
}

#[test]
fn the_king_may_escape_only_to_listed_squares_when_the_rules_list_them() {
    let mut rules = preset("tablut").unwrap();
    rules.escape = Escape::Squares;
    rules.escape_squares = vec!["b1".to_string(), "c1".to_string()];
    rules.validate().unwrap();
    let mut g = rules_game(&rules, N9, "Kb3 ba9", D);
    play(&mut g, "b3-b1");
    assert_eq!(g.outcome(), win(D, WinReason::SquareEscape));
    let mut g = rules_game(&rules, N9, "Kd3 ba9", D);
    play(&mut g, "d3-d1");
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn rules_naming_squares_off_the_board_or_on_the_throne_are_rejected() {
    let mut rules = preset("tablut").unwrap();
    rules.escape = Escape::Squares;
    rules.escape_squares = vec!["z1".to_string()];
    let e = rules.validate().unwrap_err().to_string();
    assert!(e.contains("escape_squares"), "{e}");
    rules.escape_squares = vec!["e5".to_string()];
    let e = rules.validate().unwrap_err().to_string();
    assert!(e.contains("throne"), "{e}");
    rules.escape_squares.clear();
    let e = rules.validate().unwrap_err().to_string();
    assert!(e.contains("escape_squares is empty"), "{e}");
    let mut rules = preset("tablut").unwrap();
    rules.escape_squares = vec!["b1".to_string()];
    let e = rules.validate().unwrap_err().to_string();
    assert!(e.contains("only read when escape is `squares`"), "{e}");
}

// ---- positions without a king ---------------------------------------------------

#[test]
fn an_example_position_may_have_no_king_and_then_no_king_rules_apply() {
    let pos = Position::from_setup_allowing_no_king("9/9/9/9/3wb4/9/9/9/1b7", N9).unwrap();
    assert_eq!(pos.king(), None);
    assert_eq!(pos.count(Piece::Attacker), 2);
    let mut g = Game::new(&preset("tablut").unwrap(), pos, A);
    assert_eq!(g.outcome(), Outcome::Ongoing);
    assert_eq!(play(&mut g, "b1-b4"), Vec::<String>::new());
    play(&mut g, "d5-d6");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // start positions still need their king
    assert_eq!(
        Position::from_setup("9/9/9/9/3wb4/9/9/9/1b7", N9)
            .unwrap_err()
            .reason,
        SetupErrorReason::MissingKing
    );
    let pieces = Position::from_pieces_allowing_no_king(N9, [(sq("c5"), Piece::Attacker)]).unwrap();
    assert_eq!(pieces.king(), None);
    // a capture without any king
    let pos = Position::from_pieces_allowing_no_king(
        N9,
        [
            (sq("c5"), Piece::Attacker),
            (sq("d5"), Piece::Defender),
            (sq("f7"), Piece::Attacker),
        ],
    )
    .unwrap();
    let mut g = Game::new(&preset("tablut").unwrap(), pos, A);
    play(&mut g, "f7-f5");
    let mut g2 = g.clone();
    g2.unmake();
    let mut g = Game::new(&preset("tablut").unwrap(), g2.position().clone(), A);
    play(&mut g, "f7-e7");
    assert_eq!(play(&mut g, "d5-d4"), Vec::<String>::new());
}
