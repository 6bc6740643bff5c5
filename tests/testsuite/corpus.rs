//! Positions from other engines' rules and from published rule texts
//! (tests/corpus/cases.yaml, each citing its source) must come out in
//! rulehub exactly as their source says: legality, captures and result.

use rulehub_tafl::preset;
use rulehub_tafl_site::examples::{ExampleSpec, check};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    source: String,
    rules: String,
    example: ExampleSpec,
}

#[test]
fn every_corpus_case_agrees_with_its_source() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/cases.yaml");
    let text = std::fs::read_to_string(path).expect("the corpus file");
    let cases: Vec<Case> = serde_yaml::from_str(&text).expect("the corpus parses");
    assert!(cases.len() >= 25, "{} cases", cases.len());
    // Who moves first is a property of the start, not of a position.
    let ashton = preset("ashton-tablut").expect("preset");
    assert_eq!(
        ashton.first_to_move,
        rulehub_tafl::Side::Defenders,
        "Ashton text rule 4: the Swedes move first"
    );
    let mut failures = Vec::new();
    for case in &cases {
        let rules = preset(&case.rules).unwrap_or_else(|| panic!("preset {}", case.rules));
        let start = rules.start_position().expect("start position");
        if let Err(problems) = check(&case.example, &rules, &start, rules.dims) {
            let messages: Vec<String> = problems.into_iter().map(|p| p.message).collect();
            failures.push(format!(
                "{} ({}): {}",
                case.example.id,
                case.source,
                messages.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "disagreements:\n{}",
        failures.join("\n")
    );
}
