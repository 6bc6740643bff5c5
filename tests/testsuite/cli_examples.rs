//! Worked examples as CI meets them: a wrong example fails `rulehub check`
//! with its file, line, id and the disagreement; right ones pass.

use crate::common;

use common::{Hub, board_on_sheet};
use predicates::prelude::*;

#[test]
fn every_kind_of_wrong_example_is_reported_at_its_line_in_one_run() {
    let hub = Hub::copy("wrong-examples");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let file = "content/tafl/tablut.md";
    let expected = [
        (
            17,
            "illegal-shown-as-legal",
            "move 1 (c6-e6) is illegal: the path is blocked at d6",
        ),
        (
            26,
            "legal-claimed-illegal",
            "the page claims move c6-c8 is illegal (blocked), but the engine allows it",
        ),
        (
            34,
            "missing-capture",
            "move c3-c4 captures d4, but the page claims nothing",
        ),
        (
            42,
            "extra-capture",
            "move c3-c4 captures d4, but the page claims d4, f4",
        ),
        (
            50,
            "wrong-winner",
            "the page claims attackers win by edge-escape, but the engine finds defenders win by edge-escape",
        ),
        (
            58,
            "win-that-is-not",
            "the page claims defenders win by edge-escape, but the engine finds the game goes on",
        ),
        (
            67,
            "wrong-after",
            "c3 is king (page: empty); c2 is empty (page: king)",
        ),
        (72, "off-the-board", "square `j10` is off the 9×9 board"),
    ];
    for (line, id, disagreement) in expected {
        let needle = format!("{file}:{line}:");
        let reported = stderr
            .lines()
            .find(|l| l.contains(&needle) && l.contains(&format!("example `{id}`")));
        let reported =
            reported.unwrap_or_else(|| panic!("no diagnostic at {needle} for {id} in:\n{stderr}"));
        assert!(reported.contains(disagreement), "{reported}");
    }
    assert!(stderr.contains("the hub has 8 errors"), "{stderr}");
}

#[test]
fn json_diagnostics_carry_the_example_id_for_ci_annotations() {
    let hub = Hub::copy("wrong-examples");
    let output = hub
        .rulehub(&["check", "--message-format", "json"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let ids: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON line"))
        .map(|d| d["id"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(ids.len(), 8);
    assert!(ids.contains(&"wrong-after".to_string()));
}

#[test]
fn the_seeds_examples_behave_as_the_seeds_say() {
    let hub = Hub::copy("seed-examples");
    hub.rulehub(&["check"])
        .assert()
        .success()
        .stderr(predicate::str::contains("4 examples checked"));
}

#[test]
fn the_finnish_capture_example_cannot_be_claimed_as_a_capture() {
    let hub = Hub::copy("seed-examples");
    hub.edit(
        "content/tafl/tablut-corner.md",
        "expect: { legal: false, reason: blocked }",
        "expect: { captures: [d6] }",
    );
    hub.rulehub(&["check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("example `finnish-capture-as-written`: move 1 (c6-e6) is illegal: the path is blocked at d6"));
}

#[test]
fn an_illegal_move_with_the_wrong_reason_names_the_real_one() {
    let hub = Hub::copy("seed-examples");
    hub.edit(
        "content/tafl/tablut-corner.md",
        "reason: blocked",
        "reason: restricted-square",
    );
    hub.rulehub(&["check"]).assert().code(1).stderr(
        predicate::str::contains("illegal, but for another reason")
            .and(predicate::str::contains("`reason: blocked`")),
    );
}

#[test]
fn unknown_reason_codes_get_a_suggestion() {
    let hub = Hub::copy("seed-examples");
    hub.edit(
        "content/tafl/tablut-corner.md",
        "reason: blocked",
        "reason: blokced",
    );
    hub.rulehub(&["check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("did you mean `blocked`?"));
}

#[test]
fn unknown_example_keys_are_errors_at_their_line() {
    let hub = Hub::copy("seed-examples");
    hub.edit(
        "content/tafl/brandubh.md",
        "to_move: attackers",
        "to_move: attackers\nplayer: attackers",
    );
    hub.rulehub(&["check"]).assert().code(1).stderr(
        predicate::str::contains("content/tafl/brandubh.md:20:")
            .and(predicate::str::contains("unknown field `player`")),
    );
}

#[test]
fn a_translation_places_examples_by_id_and_an_unknown_id_is_an_error() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["build"]).assert().success();
    let cs = hub.read("public/cs/tafl/standard/index.html");
    assert!(cs.contains("id=\"example-pair-capture\""));
    assert!(
        cs.contains("Útočník táhne c3–c4 a zajme kámen na d4."),
        "generated in Czech"
    );
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        "{{example:pair-captur}}",
    );
    hub.rulehub(&["check"]).assert().code(1).stderr(
        predicate::str::contains("content/tafl/tablut.cs.md:14:1")
            .and(predicate::str::contains("did you mean `pair-capture`?")),
    );
}

#[test]
fn a_move_that_stays_on_its_square_is_drawn_without_an_arrow() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "moves: [c6-e6]\nexpect: { legal: false, reason: blocked }",
        "moves: [c6-c6]\nexpect: { legal: false, reason: same-square }",
    );
    hub.rulehub(&["build"]).assert().success();
    let svg = board_on_sheet(
        &hub.read("public/tafl/standard/examples.svg"),
        "example-blocked-before",
    );
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
}

#[test]
fn start_boards_get_coordinates_and_a_legend_unless_turned_off_and_examples_always_have_coordinates()
 {
    let hub = Hub::copy("mini");
    let text_of = |file: &str| -> Vec<String> {
        let svg = match file.split_once('#') {
            Some((sheet, view)) => board_on_sheet(&hub.read(sheet), view),
            None => hub.read(file),
        };
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_string()))
            .collect()
    };
    hub.rulehub(&["build"]).assert().success();
    // The seed's ops draw no coordinates; the start board gets them anyway.
    let labels = text_of("public/tafl/standard/board.svg");
    assert!(
        labels.iter().any(|l| l == "a") && labels.iter().any(|l| l == "9"),
        "{labels:?}"
    );
    let page = hub.read("public/tafl/standard/index.html");
    assert!(
        page.contains("class=\"board-legend\""),
        "a legend under the start board"
    );
    assert!(page.contains("attackers</li>") && page.contains("the king</li>"));

    hub.edit(
        "content/tafl/tablut.md",
        "  render:\n    ops:",
        "  render:\n    coordinates: false\n    legend: false\n    ops:",
    );
    hub.rulehub(&["build"]).assert().success();
    assert!(
        text_of("public/tafl/standard/board.svg").is_empty(),
        "turned off: no coordinates on the start board"
    );
    assert!(
        !hub.read("public/tafl/standard/index.html")
            .contains("board-legend")
    );
    let labels = text_of("public/tafl/standard/examples.svg#example-pair-capture-before");
    for label in ["a", "i", "1", "9"] {
        assert!(
            labels.iter().any(|l| l == label),
            "missing {label} in {labels:?}"
        );
    }
}

/// A problem with one value of a list is reported at that value, on its own
/// line when the block is written out, and a claimed king capture that does
/// not happen says what these rules ask of one.
#[test]
fn a_wrong_value_is_reported_where_it_stands_and_a_missed_king_capture_explains_the_rule() {
    let hub = Hub::copy("mini");
    let page = hub.read("content/tafl/tablut.md");
    hub.write(
        "content/tafl/tablut.md",
        format!(
            "{page}
```example
id: king-not-captured
position:
  king: e5
  attackers: [d5, f7]
to_move: attackers
moves: [f7-f5]
expect:
  captures: [e5]
```

```example
id: off-board-attacker
position:
  king: e5
  attackers: [d5, k7]
to_move: attackers
moves: [d5-d4]
expect: {{ ongoing: true }}
```
"
        ),
    );
    let text = hub.read("content/tafl/tablut.md");
    let place = |needle: &str| {
        let (line, column) = text
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.find(needle).map(|c| (i + 1, c + 1)))
            .expect("the needle is on the page");
        format!("content/tafl/tablut.md:{line}:{column}:")
    };
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let captures_at = place("captures: [e5]").replace(":3:", ":14:");
    assert!(
        stderr.contains(&format!("{captures_at} example `king-not-captured`")),
        "the claimed square e5 is pointed at ({captures_at}):\n{stderr}"
    );
    assert!(
        stderr.contains("the king needs"),
        "the king's capture rule is explained:\n{stderr}"
    );
    let off_board = place("k7]");
    assert!(
        stderr.contains(&format!("{off_board} example `off-board-attacker`")),
        "the square k7 is pointed at ({off_board}):\n{stderr}"
    );
}
