use rulehub_go::{Color, preset};

use super::*;
use crate::GoVariant;

fn run(name: &str, size: u8, yaml: &str) -> Result<CheckedExample, Vec<Mismatch>> {
    let rules = preset(name).expect("preset").with_size(size).expect("size");
    let spec: ExampleSpec = serde_yaml::from_str(yaml).expect("example YAML");
    let start = GoVariant {
        rules: rules.clone(),
        black: Vec::new(),
        white: Vec::new(),
        to_move: Color::Black,
    };
    check(&spec, &rules, &start)
}

fn messages(result: Result<CheckedExample, Vec<Mismatch>>) -> String {
    match result {
        Ok(example) => panic!("expected a mismatch, the engine agreed: {example:?}"),
        Err(problems) => problems
            .iter()
            .map(|p| {
                format!(
                    "{}: {} (help: {})",
                    p.key,
                    p.message,
                    p.help.as_deref().unwrap_or("")
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

const KO: &str = "id: ko\nblack: [C4, B3, C2]\nwhite: [D4, C3, E3, D2]\nmoves: [D3, C3]\n";

#[test]
fn a_capture_is_confirmed_and_a_wrong_claim_names_both_lists() {
    let yaml = "id: c\nblack: [B3, D3, C4]\nwhite: [C3]\nmoves: [C2]\nexpect:\n  captures: [C3]\n";
    let example = run("go-japanese", 9, yaml).expect("C2 takes C3");
    assert_eq!(
        example.played[0].captured,
        vec![Point::parse("C3", 9).unwrap()]
    );
    let text = messages(run(
        "go-japanese",
        9,
        &yaml.replace("captures: [C3]", "captures: [C4]"),
    ));
    assert!(
        text.contains("captures: move C2 captures C3, but the page claims C4"),
        "{text}"
    );
}

#[test]
fn the_immediate_ko_recapture_is_refused_under_every_preset() {
    for name in rulehub_go::rules::PRESET_NAMES {
        let example = run(
            name,
            9,
            &format!("{KO}expect:\n  legal: false\n  reason: ko\n"),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(example.refused.map(|r| r.reason), Some(Illegal::Ko));
    }
    let text = messages(run(
        "go-chinese",
        9,
        &format!("{KO}expect:\n  legal: false\n  reason: superko\n"),
    ));
    assert!(text.contains("the engine says `ko`"), "{text}");
    let text = messages(run(
        "go-chinese",
        9,
        &format!("{KO}expect:\n  ongoing: true\n"),
    ));
    assert!(text.contains("move 2 (C3) is illegal: ko"), "{text}");
    assert!(text.contains("`reason: ko`"), "{text}");
}

#[test]
fn multi_stone_suicide_is_legal_in_new_zealand_and_illegal_in_japan() {
    let yaml = "id: s\nblack: [B1]\nwhite: [A2, B2, C1]\nmoves: [A1]\n";
    let nz = run(
        "go-new-zealand",
        9,
        &format!("{yaml}expect:\n  suicide: [A1, B1]\n"),
    )
    .expect("legal in New Zealand");
    assert_eq!(nz.played[0].suicided.len(), 2);
    run(
        "go-japanese",
        9,
        &format!("{yaml}expect:\n  legal: false\n  reason: suicide\n"),
    )
    .expect("illegal in Japan");
}

#[test]
fn a_count_differs_between_area_and_territory() {
    // Black's wall on E, White's on F, a dead white stone at B2.
    let yaml = "id: count\nblack: [E1, E2, E3, E4, E5, E6, E7, E8, E9, B2]\nwhite: [F1, F2, F3, F4, F5, F6, F7, F8, F9]\n";
    let yaml = yaml.replace(", B2]\nwhite: [", "]\nwhite: [B2, ");
    let japanese = run(
        "go-japanese",
        9,
        &format!("{yaml}moves: [pass, pass]\ndead: [B2]\nexpect:\n  score: B+3.5\n"),
    )
    .expect("territory: 36 + 1 prisoner against 27 + 6.5");
    assert!(japanese.count.is_some());
    run(
        "go-chinese",
        9,
        &format!("{yaml}moves: [pass, pass]\ndead: [B2]\nexpect:\n  score: B+1.5\n"),
    )
    .expect("area: 45 against 36 + 7.5");
    let text = messages(run(
        "go-chinese",
        9,
        &format!("{yaml}moves: [pass, pass]\ndead: [B2]\nexpect:\n  score: B+3.5\n"),
    ));
    assert!(text.contains("the count gives B+1.5"), "{text}");
    let text = messages(run(
        "go-chinese",
        9,
        &format!("{yaml}moves: [pass]\nexpect:\n  score: B+1.5\n"),
    ));
    assert!(text.contains("the game goes on"), "{text}");
}

#[test]
fn bad_points_and_codes_are_reported_at_their_keys() {
    let text = messages(run(
        "go-japanese",
        9,
        "id: x\nblack: [I3, C3]\nwhite: [C3]\nmoves: [D4]\nexpect:\n  ongoing: true\n",
    ));
    assert!(
        text.contains("black: `I3` is not a point of the 9×9 board"),
        "{text}"
    );
    let text = messages(run(
        "go-japanese",
        9,
        "id: x\nmoves: [D4]\nexpect:\n  legal: false\n  reason: kos\n",
    ));
    assert!(text.contains("did you mean `ko`"), "{text}");
    let text = messages(run(
        "go-japanese",
        9,
        "id: x\nblack: [A1]\nwhite: [A2, B1]\nmoves: [D4]\nexpect:\n  ongoing: true\n",
    ));
    assert!(text.contains("has no liberty"), "{text}");
}

/// Two kos: Black takes one, White the other, Black passes, White retakes
/// the first and Black the second, which brings back the starting board
/// with the other player to move.
const DOUBLE_KO: &str = "id: double-ko\nblack: [C4, B3, C2, G8, F7, G6, H7]\nwhite: [D4, C3, E3, D2, H8, J7, H6]\nmoves: [D3, G7, pass, C3, H7]\n";

#[test]
fn a_board_repeated_with_the_other_player_to_move_splits_the_superko_rules() {
    for (name, legal) in [
        ("go-japanese", true),
        ("go-chinese", false),
        ("go-aga", true),
        ("go-new-zealand", true),
        ("go-tromp-taylor", false),
    ] {
        let claim = if legal {
            "expect:\n  captures: [G7]\n"
        } else {
            "expect:\n  legal: false\n  reason: superko\n"
        };
        run(name, 9, &format!("{DOUBLE_KO}{claim}")).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
}

#[test]
fn a_suicide_undone_stone_by_stone_is_legal_only_under_situational_superko() {
    let yaml =
        "id: cycle\nblack: [A1, B1]\nwhite: [A2, B2, C2, D1]\nmoves: [C1, pass, A1, pass, B1]\n";
    run(
        "go-new-zealand",
        9,
        &format!("{yaml}expect:\n  ongoing: true\n"),
    )
    .expect("legal in NZ");
    run(
        "go-tromp-taylor",
        9,
        &format!("{yaml}expect:\n  legal: false\n  reason: superko\n"),
    )
    .expect("superko in Tromp-Taylor");
    // A lone stone that removes only itself.
    let lone = "id: lone\nwhite: [A2, B1]\nmoves: [A1]\nexpect:\n  legal: false\n";
    run("go-new-zealand", 9, &format!("{lone}  reason: suicide\n")).expect("NZ: suicide");
    run("go-tromp-taylor", 9, &format!("{lone}  reason: superko\n")).expect("TT: superko");
}

#[test]
fn a_snapback_takes_the_whole_chain() {
    let yaml = "id: snapback\nblack: [A3, B3, C3, D2, D1]\nwhite: [A1, A2, B2, C2]\nmoves: [B1, C1, B1]\nexpect:\n  captures: [A1, A2, B2, C2, C1]\n";
    run("go-japanese", 9, yaml).expect("snapback");
}

/// A 9×9 final position with a seki at the bottom: each inner group has
/// one eye (A1 White's, F1 Black's) and they share D1.
pub const SEKI: &str = "black: [A3, B3, C3, D3, E1, E2, E4, E5, E6, E7, E8, E9, F2, G1, G2]\nwhite: [A2, B1, B2, C1, C2, D2, E3, F3, F4, F5, F6, F7, F8, F9, G3, H1, H2, H3]\n";

#[test]
fn the_seki_position_counts_differently_under_each_rule_set() {
    for (name, score) in [
        ("go-japanese", "W+3.5"),
        ("go-chinese", "W+7.5"),
        ("go-aga", "W+7.5"),
        ("go-new-zealand", "W+7"),
        ("go-tromp-taylor", "W+7.5"),
    ] {
        run(
            name,
            9,
            &format!("id: count\n{SEKI}moves: [pass, pass]\nexpect:\n  score: {score}\n"),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
    // Filling the shared liberty is self-atari: White takes all six.
    run(
        "go-japanese",
        9,
        &format!(
            "id: fill\n{SEKI}moves: [D1, F1]\nexpect:\n  captures: [D1, E1, E2, F2, G1, G2]\n"
        ),
    )
    .expect("White captures");
}
