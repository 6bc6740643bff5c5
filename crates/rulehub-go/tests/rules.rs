//! The rules that differ between presets, each shown on a small position.

use rulehub_go::score::{breakdown, score};
use rulehub_go::{Color, Game, Illegal, Move, Outcome, Point, preset};

/// A game from a diagram (top row first, `X` black, `O` white).
fn setup(preset_name: &str, rows: &[&str], to_move: Color) -> Game {
    let n = rows.len() as u8;
    let rules = preset(preset_name)
        .expect("preset")
        .with_size(n)
        .expect("size");
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (top, row) in rows.iter().enumerate() {
        for (col, ch) in row.chars().enumerate() {
            let p = Point::at(n - 1 - top as u8, col as u8, n);
            match ch {
                'X' => black.push(p),
                'O' => white.push(p),
                _ => {}
            }
        }
    }
    Game::with_setup(rules, &black, &white, to_move).expect("setup")
}

fn at(game: &Game, name: &str) -> Move {
    Move::parse(name, game.size()).expect("point name")
}

#[test]
fn a_stone_without_liberties_is_captured_and_counted() {
    let mut game = setup(
        "go-japanese",
        &[".....", ".....", "..X..", ".XO..", "..X.."],
        Color::Black,
    );
    game.play(at(&game, "D2")).expect("capture");
    assert_eq!(game.at(Point::parse("C2", 5).expect("C2")), None);
    assert_eq!(game.prisoners(Color::Black), 1);
    assert!(game.undo());
    assert_eq!(
        game.at(Point::parse("C2", 5).expect("C2")),
        Some(Color::White)
    );
    assert_eq!(game.prisoners(Color::Black), 0);
}

#[test]
fn the_immediate_ko_recapture_is_illegal_until_a_move_elsewhere() {
    // Black takes at C3; White may not retake at B3 at once.
    let ko = [".....", ".XO..", "XO.O.", ".XO..", "....."];
    let mut game = setup("go-japanese", &ko, Color::Black);
    game.play(at(&game, "C3")).expect("take the ko");
    assert_eq!(game.check(at(&game, "B3")), Err(Illegal::Ko));
    game.play(at(&game, "E5")).expect("threat");
    game.play(at(&game, "E1")).expect("answer");
    assert_eq!(game.check(at(&game, "B3")), Ok(()));
    // Under superko rules the immediate retake is still reported as ko.
    let mut game = setup("go-chinese", &ko, Color::Black);
    game.play(at(&game, "C3")).expect("take the ko");
    assert_eq!(game.check(at(&game, "B3")), Err(Illegal::Ko));
}

#[test]
fn multi_stone_suicide_is_legal_under_new_zealand_and_not_japanese() {
    // Two black stones at A1 B1 with one liberty at C1, surrounded by white.
    let rows = [".....", ".....", "O....", "OOO..", "XX.O."];
    let japanese = setup("go-japanese", &rows, Color::Black);
    assert_eq!(japanese.check(at(&japanese, "C1")), Err(Illegal::Suicide));
    let mut nz = setup("go-new-zealand", &rows, Color::Black);
    nz.play(at(&nz, "C1")).expect("multi-stone suicide");
    for name in ["A1", "B1", "C1"] {
        assert_eq!(nz.at(Point::parse(name, 5).expect("name")), None);
    }
    assert_eq!(nz.prisoners(Color::White), 3);
    assert!(nz.every_chain_has_a_liberty());
    nz.undo();
    assert_eq!(nz.at(Point::parse("C1", 5).expect("C1")), None);
    assert_eq!(
        nz.at(Point::parse("A1", 5).expect("A1")),
        Some(Color::Black)
    );
}

#[test]
fn single_stone_suicide_is_suicide_under_new_zealand_and_superko_under_tromp_taylor() {
    let rows = [".....", ".....", ".....", "O....", ".O..."];
    let nz = setup("go-new-zealand", &rows, Color::Black);
    assert_eq!(nz.check(at(&nz, "A1")), Err(Illegal::Suicide));
    let tt = setup("go-tromp-taylor", &rows, Color::Black);
    assert_eq!(tt.check(at(&tt, "A1")), Err(Illegal::Superko));
}

#[test]
fn two_passes_end_the_game_and_aga_lets_white_pass_last() {
    let mut chinese = Game::new(
        preset("go-chinese")
            .expect("preset")
            .with_size(9)
            .expect("9"),
    );
    chinese.play(Move::Pass).expect("pass");
    chinese.play(Move::Pass).expect("pass");
    assert_eq!(chinese.outcome(), Outcome::Passed);
    assert_eq!(chinese.check(Move::Pass), Err(Illegal::GameOver));
    assert!(chinese.legal_moves().is_empty());

    let mut aga = Game::new(preset("go-aga").expect("preset").with_size(9).expect("9"));
    aga.play(at(&aga, "E5")).expect("black");
    aga.play(Move::Pass).expect("white passes");
    aga.play(Move::Pass).expect("black passes");
    assert_eq!(aga.outcome(), Outcome::Ongoing, "White must pass last");
    aga.play(Move::Pass).expect("white passes again");
    assert_eq!(aga.outcome(), Outcome::Passed);
    // Each pass gave the opponent a prisoner: two for Black, one for White.
    assert_eq!(
        (aga.prisoners(Color::Black), aga.prisoners(Color::White)),
        (2, 1)
    );
}

#[test]
fn dead_stones_leave_as_prisoners_and_both_counts_follow() {
    // Black owns the left, White the right; a dead white stone sits at B4.
    let rows = ["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."];
    let dead = [Point::parse("B4", 5).expect("B4")];
    let area = setup("go-chinese", &rows, Color::Black);
    let s = score(&area, &dead).expect("score");
    // Black: 5 stones + 10 points; White: 5 stones + 5 points + 7.5 komi.
    assert_eq!((s.black, s.white), (15.0, 17.5));
    let territory = setup("go-japanese", &rows, Color::Black);
    let s = score(&territory, &dead).expect("score");
    // Black: 10 points + 1 prisoner; White: 5 points + 6.5 komi.
    assert_eq!((s.black, s.white), (11.0, 11.5));
    assert!(score(&territory, &[Point::parse("A1", 5).expect("A1")]).is_err());
}

#[test]
fn seki_eyes_count_under_area_rules_and_not_under_japanese() {
    // The inner black chain (A2 B2 B1, eye A1) and the white chain (eye E1)
    // share the liberty C1: whoever fills it is captured, so both live in
    // seki. The outer black wall owns the six points above it outright.
    let rows = [
        ".....", //
        "XXXX.", //
        "OOOXX", //
        "XXOOO", //
        ".X.O.",
    ];
    let japanese = setup("go-japanese", &rows, Color::Black);
    let parts = breakdown(&japanese, &[]).expect("breakdown");
    assert_eq!(parts.territory, [6, 0], "the eyes in seki count nothing");
    assert_eq!(parts.neutral, 3);
    let chinese = setup("go-chinese", &rows, Color::Black);
    let parts = breakdown(&chinese, &[]).expect("breakdown");
    assert_eq!(
        parts.territory,
        [7, 1],
        "area counts each eye for its owner"
    );
    assert_eq!(parts.neutral, 1);
    // The seki is real: filling the shared liberty is self-atari for both.
    let mut game = setup("go-chinese", &rows, Color::White);
    game.play(Move::parse("C1", 5).expect("C1"))
        .expect("white fills");
    game.play(Move::parse("E1", 5).expect("E1"))
        .expect("black captures");
    assert_eq!(game.prisoners(Color::Black), 8);
}

#[test]
fn single_liberty_finds_a_chain_in_atari_and_nothing_else() {
    let game = setup(
        "go-japanese",
        &[".....", ".....", "..X..", ".XO..", "..X.."],
        Color::Black,
    );
    let p = |s: &str| Point::parse(s, 5).expect("point");
    assert_eq!(game.single_liberty(p("C2")), Some(p("D2")));
    assert_eq!(game.single_liberty(p("C3")), None, "three liberties");
    assert_eq!(game.single_liberty(p("A1")), None, "no stone");
}
