//! Position claims (`moves_from`, `state`), king-less positions and the
//! code lists that come from the engine's enums.

use super::*;
use rulehub_tafl::preset;

fn check_yaml(rules: &str, yaml: &str) -> Result<CheckedExample, Vec<Mismatch>> {
    let rules = preset(rules).expect("preset");
    let spec: ExampleSpec = serde_yaml::from_str(yaml).expect("valid example YAML");
    let start = rules.start_position().expect("start");
    check(&spec, &rules, &start, rules.dims)
}

fn messages(result: Result<CheckedExample, Vec<Mismatch>>) -> String {
    match result {
        Ok(_) => panic!("the example should have failed"),
        Err(problems) => problems
            .iter()
            .map(|p| format!("{} {}", p.message, p.help.clone().unwrap_or_default()))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn moves_from_lists_the_legal_destinations_without_any_move() {
    let yaml = "id: on-your-turn\nposition: { king: e5, attackers: [e8, g5] }\nto_move: defenders\nexpect:\n  moves_from: { e5: [e6, e7, f5, e4, e3, e2, e1, d5, c5, b5, a5] }\n";
    let checked = check_yaml("tablut", yaml).expect("the claim is right");
    assert!(checked.moves.is_empty());
    assert_eq!(checked.destinations.len(), 1);
    assert_eq!(checked.destinations[0].1.len(), 11);
    // one square too many is reported with both lists
    let wrong = yaml.replace("[e6,", "[e6, e9,");
    let text = messages(check_yaml("tablut", &wrong));
    assert!(text.contains("the piece on e5 can move to"), "{text}");
    assert!(text.contains("e9"), "{text}");
}

#[test]
fn moves_from_after_moves_and_for_the_wrong_side_says_whose_turn_it_is() {
    let yaml = "id: t\nposition: { king: e5, attackers: [a1] }\nto_move: attackers\nmoves: [a1-a2]\nexpect:\n  moves_from: { a2: [a3] }\n";
    let text = messages(check_yaml("tablut", yaml));
    assert!(
        text.contains("after a1-a2 the piece on a2 can move to nothing"),
        "{text}"
    );
    assert!(text.contains("the defenders are to move"), "{text}");
}

#[test]
fn state_claims_are_checked_against_the_engine() {
    let fort = "id: fort\nposition: { king: e1, defenders: [d1, f1, d2, f2, e3, d3], attackers: [k10] }\nto_move: attackers\nexpect:\n  state: [exit-fort]\n";
    let checked = check_yaml("copenhagen", fort).expect("a fort");
    assert_eq!(checked.state, vec![StateClaim::ExitFort]);
    let open = fort.replace(", d3]", "]");
    let text = messages(check_yaml("copenhagen", &open));
    assert!(text.contains("no unbreakable exit fort"), "{text}");
    let stuck = "id: stuck\nposition: { king: a1, attackers: [a2, b1] }\nto_move: defenders\nexpect:\n  state: [no-legal-moves]\n";
    check_yaml("tablut-corner", stuck).expect("the king is stuck");
    let ring = "id: ring\nposition: { king: f6, attackers: [f8, e7, g7, d6, h6, e5, g5, f4] }\nto_move: defenders\nexpect:\n  state: [encirclement]\n";
    check_yaml("copenhagen", ring).expect("encircled");
    let typo = stuck.replace("no-legal-moves", "no-legal-move");
    let text = messages(check_yaml("tablut-corner", &typo));
    assert!(text.contains("did you mean `no-legal-moves`"), "{text}");
}

#[test]
fn a_draw_by_no_legal_move_is_claimable() {
    // A side without moves loses in tablut; switch that off to draw. The
    // lone defender in the corner is walled in, not captured.
    let mut rules = preset("tablut").expect("preset");
    rules.no_moves_loses = false;
    let yaml = "id: d\nposition: { defenders: [a9], attackers: [b9, a7] }\nto_move: attackers\nmoves: [a7-a8]\nexpect:\n  draw: no-legal-moves\n";
    let spec: ExampleSpec = serde_yaml::from_str(yaml).expect("yaml");
    let start = rules.start_position().expect("start");
    let checked = check(&spec, &rules, &start, rules.dims).expect("a draw");
    assert_eq!(
        checked.outcome,
        Outcome::Draw {
            reason: DrawReason::NoLegalMoves
        }
    );
}

#[test]
fn an_example_may_show_a_capture_without_a_king() {
    let yaml = "id: plain\nposition: { attackers: [c5, f7], defenders: [d5] }\nto_move: attackers\nmoves: [f7-f5]\nexpect:\n  captures: []\n  ongoing: true\n";
    check_yaml("tablut", yaml).expect("no king needed");
    let yaml = "id: plain\nposition: \"9/9/9/9/9/2bw5/9/9/4b4\"\nto_move: attackers\nmoves: [e1-e4]\nexpect:\n  captures: [d4]\n";
    check_yaml("tablut", yaml).expect("setup strings without a king too");
}

#[test]
fn the_claimable_codes_are_the_engines_own() {
    assert!(draw_reasons().contains(&"no-legal-moves"));
    assert!(illegal_reasons().contains(&"repetition-forbidden"));
    assert!(win_reasons().contains(&"escape-square"));
    assert_eq!(
        state_claims(),
        vec!["exit-fort", "encirclement", "no-legal-moves"]
    );
}

#[test]
fn claims_about_a_move_need_a_move() {
    let yaml = "id: nothing\nposition: { king: e5 }\nto_move: defenders\nexpect:\n  captures: []\n";
    let text = messages(check_yaml("tablut", yaml));
    assert!(text.contains("at least one move"), "{text}");
    let yaml = "id: nothing\nposition: { king: e5 }\nto_move: defenders\nexpect:\n  captures: []\n  state: [no-legal-moves]\n";
    let text = messages(check_yaml("tablut", yaml));
    assert!(text.contains("without moves there is no move"), "{text}");
}
