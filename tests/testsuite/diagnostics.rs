//! How typical authoring mistakes are explained: file:line:col, the source
//! line with a caret, and a hint. Snapshots of what the author reads.

use crate::common;

use common::Hub;

fn stderr_of_check(hub: &Hub) -> String {
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    String::from_utf8(output.stderr).expect("utf-8")
}

#[test]
fn misspelt_front_matter_key() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "title: \"Tablut\"",
        "titel: \"Tablut\"",
    );
    insta::assert_snapshot!(stderr_of_check(&hub));
}

#[test]
fn misspelt_colour_token() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "throne: throne-stroke",
        "throne: throne-strok",
    );
    insta::assert_snapshot!(stderr_of_check(&hub));
}

#[test]
fn unknown_rules_preset() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "  setup:",
        "  rules: tablutt\n  setup:",
    );
    insta::assert_snapshot!(stderr_of_check(&hub));
}

#[test]
fn wrong_capture_claim() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "expect: { captures: [d4] }",
        "expect: { captures: [d4, f4] }",
    );
    insta::assert_snapshot!(stderr_of_check(&hub));
}

#[test]
fn misspelt_side_in_an_example() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "to_move: defenders",
        "to_move: defender",
    );
    insta::assert_snapshot!(stderr_of_check(&hub));
}

#[test]
fn translation_in_an_unknown_language() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/tablut.cz.md", "---\ntitle: Tablut\n---\n");
    insta::assert_snapshot!(stderr_of_check(&hub));
}

#[test]
fn variant_in_a_folder_no_family_claims() {
    let hub = Hub::copy("mini");
    let page = std::fs::read_to_string(hub.path("content/tafl/tablut.md")).expect("fixture");
    hub.write(
        "content/chess/tablut.md",
        page.replace("variant_of: \"tafl\"", "variant_of: \"chess\""),
    );
    insta::assert_snapshot!(stderr_of_check(&hub));
}
