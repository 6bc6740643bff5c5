//! The family's rules comparison is generated from the engine's rule sets,
//! so it follows every change of a variant's rules — no hand-written table.

use crate::common;

use common::Hub;

fn comparison(hub: &Hub) -> String {
    let built =
        rulehub::site::build(hub.root(), &rulehub::site::BuildOptions::default()).expect("builds");
    String::from_utf8(built.files.files["tafl/compare/index.html"].clone()).expect("utf-8")
}

/// How many published variant files the bundled hub's tafl family has,
/// so adding a variant does not need this test changed.
fn published_variants() -> usize {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/tafl");
    std::fs::read_dir(dir)
        .expect("content/tafl")
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy().to_string();
            // default-language variant files: `name.md`, not `_index.md` or `name.cs.md`
            name.ends_with(".md") && !name.starts_with('_') && name.matches('.').count() == 1 && {
                let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                !text.contains("\npublished: false")
            }
        })
        .count()
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
        ["the same position 3 times: draw"]
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
        "the same position 3 times: draw; 50 moves without a capture: draw"
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
    assert!(
        published_variants() >= 2,
        "the bundled hub has a family to compare"
    );
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
            1 + published_variants(),
            "{page}: a label column and one per published variant"
        );
    }
}

/// A 7×7 variant written on top of the 9×9 `tablut` preset.
const SMALL: &str = "---
title: \"Small\"
variant_of: \"tafl\"
order: 5
engine:
  topology: { type: grid, rows: 7, cols: 7 }
  setup: \"3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3\"
  rules: { preset: tablut }
---

{{svg:board.svg \"Small — start\"}}
";

fn built_page(hub: &Hub, file: &str) -> String {
    let built =
        rulehub::site::build(hub.root(), &rulehub::site::BuildOptions::default()).expect("builds");
    let key = built
        .files
        .files
        .keys()
        .find(|k| k.ends_with(file) && !k.contains("cs/") && !k.contains("fi/"))
        .unwrap_or_else(|| panic!("no {file}"))
        .clone();
    String::from_utf8(built.files.files[&key].clone()).expect("utf-8")
}

/// The "At a glance" value for `label` on a variant page.
fn glance(html: &str, label: &str) -> String {
    let start = html
        .find(&format!("<dt>{label}</dt><dd>"))
        .unwrap_or_else(|| panic!("no glance row {label}"))
        + format!("<dt>{label}</dt><dd>").len();
    html[start..start + html[start..].find("</dd>").expect("closed")].to_string()
}

#[test]
fn table_glance_and_drawing_follow_the_pages_board_and_rules_not_the_presets() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/small.md", SMALL);
    let table = comparison(&hub);
    assert_eq!(row(&table, "Board"), ["9×9", "7×7"]);
    let page = built_page(&hub, "small/index.html");
    assert_eq!(glance(&page, "Board"), "7×7");
    assert_eq!(
        glance(&page, "King takes part in captures"),
        "yes, as either partner"
    );
    // The default drawing: 7×7 squares, one throne, four corners, no camps.
    let svg = built_page(&hub, "small/board.svg");
    assert_eq!(cells(&svg, "throne"), 1);
    assert_eq!(cells(&svg, "corner"), 4);
    assert_eq!(cells(&svg, "camp"), 0);
    assert_eq!(cells(&svg, "cell-light") + cells(&svg, "cell-dark"), 49 - 5);

    // Change a rule field and the board: both follow.
    hub.edit(
        "content/tafl/small.md",
        "rules: { preset: tablut }",
        "rules: { preset: tablut, king_armed: no }",
    );
    hub.edit(
        "content/tafl/small.md",
        "rows: 7, cols: 7",
        "rows: 5, cols: 5",
    );
    hub.edit(
        "content/tafl/small.md",
        "\"3b3/3b3/3w3/bbwKwbb/3w3/3b3/3b3\"",
        "\"2b2/2w2/bwKwb/2w2/2b2\"",
    );
    let page = built_page(&hub, "small/index.html");
    assert_eq!(glance(&page, "Board"), "5×5");
    assert_eq!(glance(&page, "King takes part in captures"), "no");
    assert_eq!(row(&comparison(&hub), "Board"), ["9×9", "5×5"]);
    let svg = built_page(&hub, "small/board.svg");
    assert_eq!(cells(&svg, "cell-light") + cells(&svg, "cell-dark"), 25 - 5);

    // A rule field that adds special squares shows in the drawing and the table.
    hub.edit(
        "content/tafl/small.md",
        "rules: { preset: tablut, king_armed: no }",
        "rules: { preset: tablut, king_armed: no, camps: { squares: [a3, e3], stop: attackers, pass: nobody, hostile: everyone, hostile_to_king: true } }",
    );
    hub.edit(
        "content/tafl/small.md",
        "\"2b2/2w2/bwKwb/2w2/2b2\"",
        "\"2b2/2w2/1wKw1/2w2/2b2\"",
    );
    let svg = built_page(&hub, "small/board.svg");
    assert_eq!(cells(&svg, "camp"), 2);
    assert!(row(&comparison(&hub), "Special rules")[1].contains("attacker camps on a3, e3"));
}

/// How many board squares an SVG paints with a palette token.
/// Squares drawn in `token`'s colour: the cells layer draws each colour's
/// squares as one path with a `M…z` square each.
fn cells(svg: &str, token: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the board is XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with(&format!("rh-fill-{token} ")))
        })
        .filter_map(|n| n.attribute("d"))
        .map(|d| d.matches('M').count())
        .sum()
}

#[test]
fn rules_dims_that_contradict_the_board_are_an_error_not_ignored() {
    let hub = Hub::copy("mini");
    hub.write(
        "content/tafl/small.md",
        SMALL.replace(
            "rules: { preset: tablut }",
            "rules: { preset: tablut, dims: { rows: 9, cols: 9 } }",
        ),
    );
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("content/tafl/small.md:8:")
            && stderr.contains(
                "`dims` inside `rules` says 9×9, but the page's board (`topology`) is 7×7"
            ),
        "{stderr}"
    );
}

#[test]
fn a_zone_that_contradicts_the_rules_fails_at_its_line() {
    let hub = Hub::copy("mini");
    let with_render = SMALL.replace(
        "rules: { preset: tablut }\n",
        "rules: { preset: tablut }\n  render:\n    ops:\n      - op: cells\n        zones:\n          cells:\n            - { type: corner, at: [a7, g7, [6, 0], [6, 6]] }\n            - { type: throne, at: [f6] }\n        typeColors: { throne: throne, corner: corner }\n",
    );
    hub.write("content/tafl/small.md", with_render);
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("content/tafl/small.md:15:")
            && stderr.contains(
                "zone `throne` marks f6 ([1, 5]), but under these rules the throne squares are d4"
            ),
        "{stderr}"
    );
    // The corner zone, written with algebraic names and pairs, is accepted.
    assert!(!stderr.contains("zone `corner`"), "{stderr}");
}
