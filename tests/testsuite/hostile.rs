//! Hostile and careless input, as an attacker or a hurried author writes it:
//! every command answers with a clear error at the place, or builds a safe
//! page; none panics, hangs or publishes script.

use crate::common;

use common::{Hub, tree};
use predicates::prelude::*;

const PAGE: &str = "content/tafl/tablut.md";

fn append(hub: &Hub, rel: &str, text: &str) {
    let mut page = hub.read(rel);
    page.push_str(text);
    hub.write(rel, page);
}

/// Builds and returns (exit code, stderr).
fn build(hub: &Hub) -> (Option<i32>, String) {
    let output = hub.rulehub(&["build"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (output.status.code(), stderr)
}

fn page_html(hub: &Hub) -> String {
    hub.read("public/tafl/standard/index.html")
}

#[test]
fn text_that_looks_like_internal_markers_is_only_text() {
    let hub = Hub::copy("mini");
    append(
        &hub,
        PAGE,
        "\n<!--rulehub-shortcode-->\n\n<!--rulehub-shortcode-99-->\n\n\
         Forged: \u{E000}0000000000000000:0\u{E001} and &#xE000;x:99&#xE001;\n",
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "{stderr}");
    let html = page_html(&hub);
    assert_eq!(
        html.matches("board-start").count(),
        1,
        "the start board is placed once, where its shortcode stands"
    );
    assert!(html.contains("Forged:"));
}

#[test]
fn raw_html_is_sanitised_and_each_removal_is_a_warning_at_its_line() {
    let hub = Hub::copy("mini");
    let before = hub.read(PAGE).lines().count();
    append(
        &hub,
        PAGE,
        "\n<script>alert(1)</script>\n\n## Hi {onmouseover=alert(1)}\n\n\
         [click](javascript:alert(1)) <span onclick=\"steal()\">kept text</span>\n",
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "warnings do not fail the build: {stderr}");
    for (line, message) in [
        (before + 2, "the `<script>` tag is removed"),
        (before + 4, "the heading attribute `onmouseover` is removed"),
        (before + 6, "the link to `javascript:alert(1)` is removed"),
        (before + 6, "the `onclick` attribute of `<span>` is removed"),
    ] {
        let place = format!("{PAGE}:{line}:");
        assert!(
            stderr
                .lines()
                .any(|l| l.contains(&place) && l.ends_with(message)),
            "{message:?} at {place} in\n{stderr}"
        );
    }
    let html = page_html(&hub);
    for active in [
        "alert(1)",
        "onmouseover",
        "javascript:",
        "onclick",
        "steal()",
    ] {
        assert!(!html.contains(active), "{active} reached the page");
    }
    assert!(html.contains("kept text"), "the text around removals stays");
}

#[test]
fn a_hub_that_trusts_its_authors_keeps_raw_html() {
    let hub = Hub::copy("mini");
    append(&hub, "hub.yaml", "raw_html: trusted\n");
    append(&hub, PAGE, "\n<span onclick=\"toggle()\">trusted</span>\n");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("removed"), "{stderr}");
    assert!(page_html(&hub).contains("<span onclick=\"toggle()\">trusted</span>"));
}

#[test]
fn twenty_thousand_equal_headings_get_distinct_anchors() {
    let hub = Hub::copy("mini");
    append(&hub, PAGE, &"\n## Same\n".repeat(20_000));
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "{stderr}");
    let html = page_html(&hub);
    assert!(html.contains("id=\"same-19999\""));
    assert!(!html.contains("id=\"same-20000\""));
}

#[test]
fn many_code_spans_and_a_shortcode_after_them() {
    let hub = Hub::copy("mini");
    let spans = "`{{svg:x}}` ".repeat(100_000);
    append(&hub, PAGE, &format!("\n{spans}\n\n{{{{svg:nope.svg}}}}\n"));
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    let line = hub.read(PAGE).lines().count();
    assert!(stderr.contains(&format!("{PAGE}:{line}:1")), "{stderr}");
}

#[test]
fn deeply_nested_yaml_is_refused_at_the_bracket_that_is_too_deep() {
    let hub = Hub::copy("mini");
    let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    hub.edit(
        PAGE,
        "order: 1\n",
        &format!("order: 1\nsummary: {nested}\n"),
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    // Line 6 of the file (after `---`); `summary: ` is 9 characters, so
    // the 65th bracket is column 9 + 65.
    assert!(stderr.contains(&format!("{PAGE}:6:74")), "{stderr}");
    assert!(stderr.contains("nested more than 64"), "{stderr}");
    assert!(
        stderr.len() < 4_000,
        "the snippet is a window around the place, not the 200 kB line: {} bytes",
        stderr.len()
    );
}

#[test]
fn a_run_length_past_any_board_is_refused_at_its_column() {
    let hub = Hub::copy("mini");
    hub.edit(
        PAGE,
        "setup: \"3bbb3/",
        "setup: \"K18446744073709551615bbb/3bbb3/",
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("18446744073709551615"), "{stderr}");
    assert_cmd::Command::cargo_bin("rulehub")
        .expect("binary")
        .args([
            "board",
            "--setup",
            "K18446744073709551615bbb/9/9/9/9/9/9/9/9",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--setup:1:2:"))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn a_family_folder_named_like_a_language_is_an_error() {
    let hub = Hub::copy("mini");
    hub.write("content/cs/_index.md", "---\ntitle: \"Czech?\"\n---\n");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("content/cs"), "{stderr}");
    assert!(
        stderr.contains("collide with the `cs` home page"),
        "{stderr}"
    );
}

#[test]
fn a_family_folder_that_cannot_be_a_url_segment_is_an_error() {
    let hub = Hub::copy("mini");
    hub.write(
        "content/My <Games>/_index.md",
        "---\ntitle: \"Games\"\n---\n",
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("`My <Games>` cannot be a family folder"),
        "{stderr}"
    );
}

#[test]
fn an_output_folder_inside_content_is_a_usage_error() {
    let hub = Hub::copy("mini");
    let output = hub.path("content/site");
    hub.rulehub(&["build", "--output", output.to_str().expect("utf-8 path")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "every build would copy the site into itself",
        ));
    assert!(!output.exists());
}

#[test]
fn an_unknown_theme_is_an_error_at_its_key() {
    let hub = Hub::copy("mini");
    append(&hub, "hub.yaml", "theme: nope\n");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("hub.yaml:4:1: there is no theme `nope`"),
        "{stderr}"
    );
}

#[test]
fn a_null_title_is_an_error_not_a_page_called_tilde() {
    let hub = Hub::copy("mini");
    hub.edit(PAGE, "title: \"Tablut\"", "title: ~");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains(&format!("{PAGE}:2")), "{stderr}");
    assert!(stderr.contains("`title` is empty"), "{stderr}");
}

#[test]
fn new_refuses_a_path_for_a_name() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["new", "/abs/x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is a path"));
    assert!(!hub.path("content/abs").exists());
}

#[test]
fn a_missing_root_is_a_usage_error() {
    let hub = Hub::copy("mini");
    let missing = hub.path("nope");
    for command in ["build", "check"] {
        assert_cmd::Command::cargo_bin("rulehub")
            .expect("binary")
            .args([command, "--root", missing.to_str().expect("utf-8")])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a folder"));
    }
}

#[test]
fn staging_folders_of_a_killed_build_are_removed_by_the_next() {
    let hub = Hub::copy("mini");
    // No process has this id (above the kernel's pid_max).
    let abandoned = hub.path(".public.new-4294967294");
    std::fs::create_dir_all(abandoned.join("tafl")).expect("leftover");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!abandoned.exists());
}

#[cfg(unix)]
#[test]
fn symlinked_pages_are_skipped_with_a_warning_naming_them() {
    let hub = Hub::copy("mini");
    std::os::unix::fs::symlink(hub.path(PAGE), hub.path("content/tafl/linked.md"))
        .expect("symlink");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("content/tafl/linked.md: symbolic links are not followed"),
        "{stderr}"
    );
}

#[test]
fn a_bad_palette_is_reported_at_its_line() {
    let hub = Hub::copy("mini");
    let palette = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/default/palette.yaml"),
    )
    .expect("default palette");
    let line = palette
        .lines()
        .position(|l| l.starts_with("frame:"))
        .expect("a frame token")
        + 1;
    hub.write(
        "themes/default/palette.yaml",
        palette.replacen("\"#6b4226\"", "\"reddish\"", 1),
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("themes/default/palette.yaml:{line}:")),
        "{stderr}"
    );
}

#[test]
fn a_failed_build_leaves_the_previous_site_byte_identical() {
    let hub = Hub::copy("mini");
    assert_eq!(build(&hub).0, Some(0));
    let before = tree(&hub.path("public"));
    append(&hub, PAGE, "\n{{svg:nope.svg}}\n");
    assert_eq!(build(&hub).0, Some(1));
    assert_eq!(tree(&hub.path("public")), before);
}

#[test]
fn a_broken_template_is_reported_once_at_its_line() {
    let hub = Hub::copy("mini");
    hub.write("templates/base.html", "<html>\n{{ page.title \n</html>\n");
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("templates/base.html:3:1: template error: Found `</` but expected }}"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("inheriting from"),
        "the pages that extend it are not reported again: {stderr}"
    );
}

#[test]
fn a_problem_on_every_line_is_reported_a_hundred_times_then_counted() {
    let hub = Hub::copy("mini");
    append(&hub, PAGE, &"\nsee {{svg:board.svg}} here\n".repeat(20_000));
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        stderr
            .matches("a shortcode must stand on a line of its own")
            .count(),
        100
    );
    assert!(
        stderr.contains("and 19900 more problems in this page, not shown"),
        "{stderr}"
    );
}

#[test]
fn many_broken_examples_are_capped_and_too_many_examples_refused() {
    let hub = Hub::copy("mini");
    let broken = "\n```example\nid: x\nbogus: 1\n```\n";
    append(&hub, PAGE, &broken.repeat(300));
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.matches("unknown field `bogus`").count() <= 100,
        "{stderr}"
    );
    assert!(stderr.contains("worked examples from here on are not checked"));

    let hub = Hub::copy("mini");
    append(&hub, PAGE, &broken.repeat(501));
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("a page may hold at most 500 worked examples"),
        "{stderr}"
    );
}

#[test]
fn what_an_author_writes_into_boards_and_old_addresses_is_escaped() {
    let hub = Hub::copy("mini");
    hub.edit(
        PAGE,
        "title: \"Tablut\"",
        "title: \"Tablut <script>alert('title')</script>\"\nold_slugs: [\"old-tablut\"]",
    );
    hub.edit(
        PAGE,
        "{{svg:board.svg \"Tablut — start\"}}",
        "{{svg:board.svg \"<img src=x onerror=alert('caption')>\"}}",
    );
    let (code, stderr) = build(&hub);
    assert_eq!(code, Some(0), "{stderr}");
    let html = page_html(&hub);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        html.contains("<figcaption>&lt;img src=x onerror=alert(&#39;caption&#39;)&gt;"),
        "{html}"
    );
    assert!(
        html.contains("Tablut &lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; on a 9×9 board"),
        "the start board's description names the title: {html}"
    );
    let redirect = hub.read("public/tafl/old-tablut/index.html");
    assert!(!redirect.contains("<script>alert"), "{redirect}");
    assert!(
        redirect
            .contains("<title>Tablut &lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;</title>"),
        "{redirect}"
    );
}
