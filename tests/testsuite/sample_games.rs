//! An author shows a whole game: a ```` ```game ID ```` block holds a move
//! record (as `rulehub replay` reads it and "Copy game" writes it), the
//! build replays every move, draws a board for every position and places a
//! stepper on the page; translations place the same game by id; a wrong
//! move, a wrong result or a bad id fails the check at its line.

use crate::common;

use common::{Hub, board_on_sheet};

const GAME: &str = "
## An opening

```game opening
# first to move: attackers
1. a6-a7   # the attackers <b>open</b> the left side
2. e6-h6
3. a5-a6
4. e5-e6   # the king steps up
# result: ongoing
```
";

fn hub_with_game(record: &str) -> Hub {
    let hub = Hub::copy("mini");
    let page = hub.read("content/tafl/tablut.md");
    hub.write("content/tafl/tablut.md", format!("{page}{record}"));
    hub
}

/// The line of `content/tafl/tablut.md` that holds `text`.
fn line_of(hub: &Hub, text: &str) -> usize {
    hub.read("content/tafl/tablut.md")
        .lines()
        .position(|l| l.contains(text))
        .expect("the text is on the page")
        + 1
}

fn check_fails_with(hub: &Hub, line: usize, message: &str) {
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let needle = format!("content/tafl/tablut.md:{line}:");
    assert!(
        stderr
            .lines()
            .any(|l| l.contains(&needle) && l.contains(message)),
        "expected `{message}` at {needle} in:\n{stderr}"
    );
}

#[test]
fn a_sample_game_is_drawn_move_by_move_and_placed_in_every_language() {
    let hub = hub_with_game(GAME);
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        "{{example:pair-capture}}\n\n{{game:opening}}",
    );
    let out = hub.path("public");
    hub.rulehub(&["build", "--output", out.to_str().expect("utf-8 path")])
        .assert()
        .success();

    let page = std::fs::read_to_string(out.join("tafl/standard/index.html")).expect("en page");
    let game = &page[page
        .find("<div class=\"game\"")
        .expect("a game on the page")..];
    let game = &game[..game.find("</div>").expect("the game ends")];
    // The final board is shown without JavaScript, with every move listed.
    assert!(
        game.contains("<img src=\"game-opening.svg#game-opening-4\""),
        "{game}"
    );
    assert_eq!(game.matches("<li ").count(), 4, "{game}");
    assert!(
        game.contains("Move 4 of 4: e5-e6 — the king steps up"),
        "{game}"
    );
    // The author's comment is text, never markup.
    assert!(
        game.contains("the attackers &lt;b&gt;open&lt;/b&gt; the left side"),
        "{game}"
    );
    assert!(!game.contains("<b>open"), "{game}");
    assert!(
        page.contains("After 4 moves the game goes on."),
        "the ending is worded from the engine's outcome"
    );
    assert!(page.contains("/assets/stepper.js"), "the stepper is loaded");
    assert!(out.join("assets/stepper.js").is_file());
    // One board per position, the start and after each move, on the
    // game's sheet: one file for the whole game.
    let sheet = std::fs::read_to_string(out.join("tafl/standard/game-opening.svg"))
        .expect("the game's sheet");
    for ply in 0..=4 {
        let board = board_on_sheet(&sheet, &format!("game-opening-{ply}"));
        roxmltree::Document::parse(&board).expect("a well-formed board");
    }
    assert_eq!(sheet.matches("<view ").count(), 5, "{sheet}");

    // The Czech page shows the same boards from the English page's folder,
    // with Czech words around them.
    let cs = std::fs::read_to_string(out.join("cs/tafl/standard/index.html")).expect("cs page");
    assert!(
        cs.contains("src=\"/tafl/standard/game-opening.svg#game-opening-4\""),
        "{cs}"
    );
    assert!(cs.contains("Tah 4 z 4: e5-e6"), "{cs}");
    assert!(cs.contains("data-next=\"Další tah\""), "{cs}");
}

#[test]
fn an_illegal_move_fails_the_check_at_its_line() {
    let hub = hub_with_game(&GAME.replace("3. a5-a6", "3. a5-a9"));
    let line = line_of(&hub, "3. a5-a9");
    check_fails_with(
        &hub,
        line,
        "game `opening`: move 3 `a5-a9`: illegal move (blocked)",
    );
}

#[test]
fn a_wrong_capture_mark_or_result_fails_at_its_line() {
    let hub = hub_with_game(&GAME.replace("2. e6-h6", "2. e6-h6xh5"));
    let line = line_of(&hub, "2. e6-h6xh5");
    check_fails_with(&hub, line, "capture marks differ");

    let hub =
        hub_with_game(&GAME.replace("# result: ongoing", "# result: defenders win (edge-escape)"));
    let line = line_of(&hub, "# result: defenders win");
    check_fails_with(
        &hub,
        line,
        "the record says `# result: defenders win (edge-escape)`, but after its last move the engine has `ongoing`",
    );
}

#[test]
fn a_game_needs_a_unique_id_and_translations_name_games_that_exist() {
    let hub = hub_with_game(&format!("{GAME}\n```game\n1. a6-a7\n```\n"));
    let line = hub
        .read("content/tafl/tablut.md")
        .lines()
        .position(|l| l == "```game")
        .expect("the block without an id")
        + 1;
    check_fails_with(&hub, line, "a sample game needs an id");

    let hub = hub_with_game(&format!("{GAME}\n```game opening\n1. a6-a7\n```\n"));
    let first = line_of(&hub, "```game opening");
    // The second block of that id is the one reported.
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.contains(&format!("this id is already used on line {first}")),
        "{stderr}"
    );

    let hub = hub_with_game(GAME);
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        "{{game:openin}}",
    );
    let output = hub.rulehub(&["check"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("no sample game `openin`") && stderr.contains("did you mean `opening`?"),
        "{stderr}"
    );
}

#[test]
fn a_worked_example_of_several_moves_can_be_stepped_through_on_screen_not_on_paper() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = rulehub::site::build(root, &rulehub::site::BuildOptions::default())
        .expect("the bundled hub builds")
        .files
        .files;
    let text = |path: &str| {
        let (_, bytes) = site
            .iter()
            .find(|(p, _)| p.as_str() == path)
            .unwrap_or_else(|| panic!("{path} is built"));
        String::from_utf8_lossy(bytes).into_owned()
    };
    let page = text("tafl/copenhagen/index.html");
    let steps = &page[page
        .find("<details class=\"example-steps\">")
        .expect("the 12-move repetition example has a stepper")..];
    let steps = &steps[..steps.find("</details>").expect("closed")];
    assert!(steps.contains("Step through the 12 moves"), "{steps}");
    assert_eq!(steps.matches("<li ").count(), 12, "{steps}");
    let stem = steps
        .split("id=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("the stepper has an id");
    let sheet = text("tafl/copenhagen/examples.svg");
    for ply in 0..=12 {
        board_on_sheet(&sheet, &format!("{stem}-{ply}"));
    }
    // One-move examples get none, and paper cannot step.
    assert_eq!(page.matches("<details class=\"example-steps\">").count(), 1);
    assert!(!text("tafl/print/index.html").contains("example-steps"));
    assert!(text("cs/tafl/copenhagen/index.html").contains("Projít 12 tahů jeden po druhém"));
}
