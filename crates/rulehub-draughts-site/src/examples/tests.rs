use rulehub_draughts::{Preset, fen};

use super::*;

fn run(preset: Preset, yaml: &str) -> Result<CheckedExample, Vec<Mismatch>> {
    let rules = preset.rules();
    let spec: ExampleSpec = serde_yaml::from_str(yaml).expect("example YAML");
    check(&spec, &rules, &rules.start_position())
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

#[test]
fn a_simple_capture_from_the_issue_is_confirmed() {
    let example = run(
        Preset::English,
        "id: c\nposition: \"W:W22:B1,18\"\nmoves: [22x15]\nexpect:\n  captures: [18]\n  ongoing: true\n",
    )
    .expect("22x15 takes 18");
    assert_eq!(example.played[0].captured.len(), 1);
    assert_eq!(fen::write(&example.after), "B:W15:B1");
}

#[test]
fn a_wrong_capture_claim_names_both_lists() {
    let text = messages(run(
        Preset::English,
        "id: c\nposition: \"W:W22:B1,18\"\nmoves: [22x15]\nexpect:\n  captures: [17]\n",
    ));
    assert!(
        text.contains("captures: move 22x15 captures 18, but the page claims 17"),
        "{text}"
    );
}

#[test]
fn a_man_moving_backwards_in_english_draughts_is_refused() {
    let text = messages(run(
        Preset::English,
        "id: back\nposition: \"W:W18:B1\"\nmoves: [18-22]\nexpect:\n  ongoing: true\n",
    ));
    assert!(text.contains("move 1 (18-22) is illegal"), "{text}");
    let example = run(
        Preset::English,
        "id: back\nposition: \"W:W18:B1\"\nmoves: [18-22]\nexpect:\n  legal: false\n  reason: no-such-move\n",
    )
    .expect("claimed illegal");
    assert!(example.refused.is_some());
}

#[test]
fn ignoring_a_capture_is_refused_with_capture_required() {
    let example = run(
        Preset::English,
        "id: forced\nposition: \"W:W22,25:B1,18\"\nmoves: [25-21]\nexpect:\n  legal: false\n  reason: capture-required\n",
    )
    .expect("capture is compulsory");
    assert_eq!(
        example.refused.map(|r| r.reason.code()),
        Some("capture-required")
    );
    let text = messages(run(
        Preset::English,
        "id: forced\nposition: \"W:W22,25:B1,18\"\nmoves: [25-21]\nexpect:\n  legal: false\n  reason: no-such-move\n",
    ));
    assert!(text.contains("for another reason"), "{text}");
    assert!(text.contains("`reason: capture-required`"), "{text}");
}

#[test]
fn crowning_is_claimed_and_checked() {
    let yaml = "id: crown\nposition: \"W:W6:B20\"\nmoves: [6-2]\nexpect:\n  crowned: true\n";
    let example = run(Preset::English, yaml).expect("6-2 crowns");
    assert!(example.played[0].crowned);
    let text = messages(run(Preset::English, &yaml.replace("true", "false")));
    assert!(text.contains("crowned: move 6-2 crowns the man"), "{text}");
}

#[test]
fn the_last_capture_wins_the_game() {
    let example = run(
        Preset::English,
        "id: win\nposition: \"W:W22:B18\"\nmoves: [22x15]\nexpect:\n  winner: white\n  by: no-pieces\n",
    )
    .expect("White takes the last piece");
    assert!(example.outcome.is_over());
}

#[test]
fn unknown_codes_and_bad_notation_are_reported_at_their_keys() {
    let text = messages(run(
        Preset::English,
        "id: x\nposition: \"W:W22:B18\"\nmoves: [22/15]\nexpect:\n  legal: false\n  reason: capture-requred\n",
    ));
    assert!(text.contains("did you mean `capture-required`"), "{text}");
    assert!(
        text.contains("moves: in `moves`: `22/15` is not a move"),
        "{text}"
    );
    let text = messages(run(
        Preset::English,
        "id: x\nposition: \"W:W22:B99\"\nmoves: [22-18]\nexpect:\n  ongoing: true\n",
    ));
    assert!(
        text.contains("position: the position does not fit the 8×8 board"),
        "{text}"
    );
}
