//! The family's rules comparison is generated from the engine's rule sets,
//! so it follows every change of a variant's rules — no hand-written table.

use crate::common;

use common::Hub;

fn comparison(hub: &Hub) -> String {
    let built =
        rulehub::site::build(hub.root(), &rulehub::site::BuildOptions::default()).expect("builds");
    String::from_utf8(built.files.files["tafl/compare/index.html"].clone()).expect("utf-8")
}

/// The cells of the row whose label is `label`.
fn row(html: &str, label: &str) -> Vec<String> {
    let start = html
        .find(&format!("<th scope=\"row\">{label}</th>"))
        .unwrap_or_else(|| panic!("no row {label}"));
    let row = &html[start..start + html[start..].find("</tr>").expect("row ends")];
    row.split("<td>")
        .skip(1)
        .map(|cell| cell[..cell.find("</td>").expect("cell ends")].to_string())
        .collect()
}

#[test]
fn the_table_follows_a_rule_change() {
    // The change keeps the fixture's examples valid; a change that broke one
    // (say, corner escape) would fail the build instead.
    let hub = Hub::copy("mini");
    let before = comparison(&hub);
    assert_eq!(row(&before, "King escapes to"), ["any edge square"]);
    assert_eq!(
        row(&before, "Capturing the king"),
        ["four sides everywhere"]
    );
    assert_eq!(
        row(&before, "Repetition and move limit"),
        ["3 repetitions: draw"]
    );

    assert_eq!(
        row(&before, "King takes part in captures"),
        ["yes, as either partner"]
    );
    hub.edit(
        "content/tafl/tablut.md",
        "  setup:",
        "  rules: { preset: tablut-edge, king_armed: no, move_limit: 50 }\n  setup:",
    );
    let after = comparison(&hub);
    assert_eq!(row(&after, "King takes part in captures"), ["no"]);
    assert_eq!(
        row(&after, "Repetition and move limit")[0],
        "3 repetitions: draw; 50 moves without a capture: draw"
    );
    assert_ne!(before, after);
}

#[test]
fn every_variant_of_the_bundled_hub_has_a_column_in_every_language() {
    let built = rulehub::site::build(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        &rulehub::site::BuildOptions::default(),
    )
    .expect("the bundled hub builds");
    for page in [
        "tafl/compare/index.html",
        "cs/tafl/compare/index.html",
        "fi/tafl/compare/index.html",
    ] {
        let html = String::from_utf8(built.files.files[page].clone()).expect("utf-8");
        let header = &html
            [html.find("<thead>").expect("table head")..html.find("</thead>").expect("closed")];
        assert_eq!(
            header.matches("<th scope=\"col\">").count(),
            6,
            "{page}: a label column and five variants"
        );
    }
}
