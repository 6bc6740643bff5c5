//! CI must never pass a broken page: every stage runs on every page
//! whatever fails elsewhere, a scoped check (`check FILE…`,
//! `--changed-since`) fails whenever a page it reports on has an error, and
//! a translation's example and game blocks are checked instead of being
//! silently swapped for the source's.

use crate::common;

use std::process::Output;

use common::{Hub, git, rulehub_in};
use serde_json::Value;

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The problems of a `--message-format json` run: (file, line, message).
fn problems(output: &Output) -> Vec<(String, u64, String)> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).expect("one JSON object a line");
            (
                value["file"].as_str().expect("file").to_string(),
                // Hub-wide warnings have no line.
                value["line"].as_u64().unwrap_or(0),
                value["message"].as_str().expect("message").to_string(),
            )
        })
        .collect()
}

fn line_of(hub: &Hub, file: &str, needle: &str) -> u64 {
    let text = hub.read(file);
    let index = text.find(needle).expect("the fixture has the text");
    text[..index].lines().count() as u64 + u64::from(text[..index].ends_with('\n'))
}

/// The mini hub with a second variant whose third example claims a wrong
/// capture and whose body names an example that does not exist, and a
/// Czech page of the first variant that names another unknown example.
fn hub_with_problems_on_several_pages() -> Hub {
    let hub = Hub::copy("mini");
    let broken = hub
        .read("content/tafl/tablut.md")
        .replace("expect: { captures: [d4] }", "expect: { captures: [d5] }")
        .replace("slug: \"standard\"", "slug: \"broken\"")
        + "\n{{example:pair-capture}}\n\n{{example:no-such-example}}\n";
    hub.write("content/tafl/broken.md", broken);
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        "{{example:pair-captur}}",
    );
    hub
}

#[test]
fn a_wrong_example_does_not_hide_the_problems_of_other_pages() {
    let hub = hub_with_problems_on_several_pages();
    let output = rulehub_in(&hub, &["check", "--message-format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = problems(&output);
    let has = |file: &str, text: &str| {
        found
            .iter()
            .any(|(f, _, message)| f == file && message.contains(text))
    };
    // The wrong claim, where it is written.
    assert!(
        has("content/tafl/broken.md", "example `pair-capture`"),
        "{found:?}"
    );
    // A body problem of the page whose example is wrong...
    assert!(
        has("content/tafl/broken.md", "no-such-example"),
        "{found:?}"
    );
    // ...and of another variant's translation.
    assert!(has("content/tafl/tablut.cs.md", "pair-captur"), "{found:?}");
    // The failed example's own shortcode is not a second, misleading error.
    assert!(
        !found
            .iter()
            .any(|(_, _, m)| m.contains("no worked example `pair-capture`")),
        "{found:?}"
    );
    // Nothing was written, and a build says the same.
    let build = rulehub_in(&hub, &["build", "--message-format", "json"]);
    assert_eq!(build.status.code(), Some(1));
    assert_eq!(problems(&build), found);
    assert!(
        !hub.path("public").exists(),
        "a failed build writes nothing"
    );
}

#[test]
fn checking_a_named_page_fails_when_that_page_has_an_error() {
    let hub = hub_with_problems_on_several_pages();
    // The false pass: the named page is broken while another page's example
    // is wrong too.
    let output = rulehub_in(&hub, &["check", "content/tafl/tablut.cs.md"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("content/tafl/tablut.cs.md"),
        "{}",
        stderr(&output)
    );
    assert!(
        !stderr(&output).contains("broken.md"),
        "another variant's problem is left out: {}",
        stderr(&output)
    );
}

#[test]
fn changed_since_reads_any_file_name_and_counts_untracked_pages() {
    let hub = Hub::copy("mini");
    git(&hub, &["init", "--quiet", "--initial-branch=main"]);
    git(&hub, &["add", "."]);
    git(&hub, &["commit", "--quiet", "-m", "start"]);
    // A new page, not yet added, whose name git would quote: non-ASCII
    // letters and a quote.
    let wrong = hub
        .read("content/tafl/tablut.md")
        .replace("expect: { captures: [d4] }", "expect: { captures: [d5] }")
        .replace("slug: \"standard\"", "slug: \"evian\"");
    hub.write("content/tafl/évian.md", &wrong);
    hub.write("content/tafl/o'hare.md", wrong.replace("evian", "ohare"));
    // A report beside the hub is not a page.
    hub.write("report.xml", "<testsuites/>");
    let output = rulehub_in(
        &hub,
        &[
            "check",
            "--changed-since",
            "main",
            "--message-format",
            "json",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let files: Vec<String> = problems(&output).into_iter().map(|(f, ..)| f).collect();
    assert!(
        files.contains(&"content/tafl/évian.md".to_string()),
        "{files:?}"
    );
    assert!(
        files.contains(&"content/tafl/o'hare.md".to_string()),
        "{files:?}"
    );
    // Committed on a branch, the same.
    git(&hub, &["checkout", "--quiet", "-b", "edit"]);
    git(&hub, &["add", "content"]);
    git(&hub, &["commit", "--quiet", "-m", "new pages"]);
    let output = rulehub_in(&hub, &["check", "--changed-since", "main"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stderr(&output);
    assert!(text.contains("évian.md"), "{text}");
    // The two pages count; report.xml does not.
    assert!(text.contains("in 2 files changed since main"), "{text}");
}

// --- translations ---

/// The mini hub's Czech page with `block` added to its body.
fn translation_with(block: &str) -> Hub {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.cs.md",
        "{{example:pair-capture}}",
        &format!("{{{{example:pair-capture}}}}\n\n{block}"),
    );
    hub
}

#[test]
fn a_translation_may_keep_a_copy_of_the_sources_example_and_shows_it() {
    let source = Hub::copy("mini").read("content/tafl/tablut.md");
    let start = source.find("```example\nid: blocked").expect("the block");
    let end = start + source[start..].find("\n```\n").expect("its end") + 5;
    // Copied as it is, reformatted: the same data.
    let copy = source[start..end].replace("to_move: attackers", "to_move:   attackers");
    let hub = translation_with(&copy);
    let output = rulehub_in(&hub, &["build"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = hub.read("public/cs/tafl/standard/index.html");
    assert!(
        page.contains("id=\"example-blocked\""),
        "the Czech page shows the source's example where the copy stood"
    );
}

#[test]
fn a_translations_changed_example_is_an_error_at_its_fence() {
    let block = "```example\nid: blocked\nposition: { king: e5, attackers: [c6], defenders: [d6] }\nto_move: attackers\nmoves: [c6-c8]\nexpect: { legal: false, reason: blocked }\n```\n";
    let hub = translation_with(block);
    let output = rulehub_in(&hub, &["check", "--message-format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = problems(&output);
    let fence = line_of(&hub, "content/tafl/tablut.cs.md", "```example");
    assert_eq!(found.len(), 1, "{found:?}");
    let (file, line, message) = &found[0];
    assert_eq!(file, "content/tafl/tablut.cs.md");
    assert_eq!(*line, fence);
    assert!(
        message.contains("differs from the worked example `blocked`"),
        "{message}"
    );
    let human = rulehub_in(&hub, &["check"]);
    assert!(
        stderr(&human).contains("{{example:blocked}}"),
        "the help says what to write: {}",
        stderr(&human)
    );
}

#[test]
fn a_translation_cannot_add_an_example_or_a_game() {
    let block = "```example\nid: czech-only\nposition: { king: e5, attackers: [c6], defenders: [d6] }\nto_move: attackers\nmoves: [c6-c7]\nexpect: { legal: true }\n```\n\n```game extra\n1. d1-d3\n```\n";
    let hub = translation_with(block);
    let output = rulehub_in(&hub, &["check", "--message-format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = problems(&output);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        found[0].1,
        line_of(&hub, "content/tafl/tablut.cs.md", "```example")
    );
    assert!(
        found[0]
            .2
            .contains("worked example `czech-only` is not on the source page"),
        "{found:?}"
    );
    assert_eq!(
        found[1].1,
        line_of(&hub, "content/tafl/tablut.cs.md", "```game")
    );
    assert!(found[1].2.contains("sample game `extra`"), "{found:?}");
}

#[test]
fn editing_only_an_example_that_a_translation_shows_keeps_it_current() {
    let hub = Hub::copy("mini");
    // Recorded by this rulehub, which leaves example data out of the hash.
    let marked = rulehub_in(
        &hub,
        &[
            "translations",
            "--mark-current",
            "content/tafl/tablut.cs.md",
        ],
    );
    assert!(marked.status.success(), "{}", stderr(&marked));
    let status = |hub: &Hub| {
        let output = rulehub_in(hub, &["translations", "--format", "json"]);
        assert!(output.status.success(), "{}", stderr(&output));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let before = status(&hub);
    assert!(before.contains("\"ok\""), "{before}");
    // The example the Czech page shows by id: its data changes, its words
    // do not.
    hub.edit(
        "content/tafl/tablut.md",
        "position: { king: b2, attackers: [c3, e4], defenders: [d4] }",
        "position: { king: b3, attackers: [c3, e4], defenders: [d4] }",
    );
    assert_eq!(status(&hub), before);
    hub.edit(
        "content/tafl/tablut.md",
        "Pieces move like rooks.",
        "Pieces move like rooks, any distance.",
    );
    assert!(status(&hub).contains("\"outdated\""), "{}", status(&hub));
}

// --- where a worked example's problem points ---

/// The (line, column) of the `nth` occurrence of `needle` in a file.
fn place_of(hub: &Hub, file: &str, needle: &str, nth: usize) -> (u64, u64) {
    let text = hub.read(file);
    let (index, _) = text
        .match_indices(needle)
        .nth(nth)
        .expect("the fixture has the text");
    let line_start = text[..index].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..index].matches('\n').count() as u64 + 1;
    let column = text[line_start..index].chars().count() as u64 + 1;
    (line, column)
}

/// (line, column, message) of each error of a json check.
fn errors_at(output: &Output) -> Vec<(u64, u64, String)> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let value: Value = serde_json::from_str(line).expect("one JSON object a line");
            (value["severity"] == "error").then(|| {
                (
                    value["line"].as_u64().expect("line"),
                    value["column"].as_u64().expect("column"),
                    value["message"].as_str().expect("message").to_string(),
                )
            })
        })
        .collect()
}

#[test]
fn a_draughts_examples_problem_points_at_the_move_or_claim_at_fault() {
    let hub = Hub::copy("draughts-mini");
    let file = "content/draughts/english.md";
    hub.edit(file, "moves: [10x1]", "moves: [10x1, 5-9]")
        .edit(file, "  captures: [15, 23]", "  captures: [15, 22]")
        .edit(
            file,
            "moves: [18-22]\nexpect:\n  legal: false\n  reason: no-such-move",
            "moves: [18-14]\nexpect:\n  winner: black\n  ongoing: false",
        )
        .edit(file, "reason: capture-required", "reason: empty-square");
    let output = rulehub_in(&hub, &["check", "--message-format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let errors = errors_at(&output);
    let expected = [
        (
            place_of(&hub, file, "empty-square", 0),
            "for another reason",
        ),
        (place_of(&hub, file, "22]", 0), "captures 15, 23"),
        (place_of(&hub, file, "5-9", 0), "move 2 (5-9) is illegal"),
        (place_of(&hub, file, "winner: black", 0), "with `by`"),
        (
            place_of(&hub, file, "ongoing: false", 0),
            "`ongoing: false`",
        ),
    ];
    assert_eq!(errors.len(), expected.len(), "{errors:?}");
    for ((line, column), text) in expected {
        assert!(
            errors
                .iter()
                .any(|(l, c, m)| (*l, *c) == (line, column) && m.contains(text)),
            "no error at {line}:{column} saying {text:?}: {errors:?}"
        );
    }
}

#[test]
fn a_claim_in_a_flow_map_is_pointed_at_where_it_is_written() {
    let hub = Hub::copy("mini");
    let file = "content/tafl/tablut.md";
    hub.edit(file, "moves: [b8-b9]", "moves: [b8-b7]");
    let output = rulehub_in(&hub, &["check", "--message-format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let errors = errors_at(&output);
    assert_eq!(errors.len(), 1, "{errors:?}");
    let (line, column, message) = &errors[0];
    assert_eq!(
        (*line, *column),
        place_of(&hub, file, "winner: defenders", 0),
        "{message}"
    );
}
