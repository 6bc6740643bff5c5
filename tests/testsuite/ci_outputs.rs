//! CI users: a wrong worked example shows up where reviewers look. GitHub
//! annotations on the diff, a JUnit report GitLab and Jenkins display,
//! `--deny warnings`, and `--changed-since` for large hubs.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use assert_cmd::Command;
use common::{Hub, git, rulehub_in};

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("utf-8")
}

/// The mini hub with a third language nobody translated into yet: its
/// variant gets an "untranslated" warning and nothing else is wrong.
fn hub_with_a_warning() -> Hub {
    let hub = Hub::copy("mini");
    hub.edit("hub.yaml", "languages: [en, cs]", "languages: [en, cs, fi]");
    hub
}

#[test]
fn github_annotations_point_at_each_wrong_example() {
    let hub = Hub::copy("wrong-examples");
    let output = rulehub_in(&hub, &["check", "--message-format", "github"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let annotations = stdout(&output);
    assert_eq!(annotations.lines().count(), 8, "one per wrong example");
    assert!(
        annotations
            .lines()
            .all(|l| l.starts_with("::error file=content/tafl/tablut.md,line="))
    );
    insta::assert_snapshot!(annotations);
}

#[test]
fn junit_report_has_a_case_per_page_and_example_with_failures_at_their_lines() {
    let hub = Hub::copy("wrong-examples");
    let output = rulehub_in(
        &hub,
        &[
            "check",
            "--message-format",
            "junit",
            "--output-file",
            "report.xml",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("error: the hub has 8 errors"),
        "the log keeps the readable messages:\n{}",
        stderr(&output)
    );
    let report = hub.read("report.xml");
    validate_against_schema(&report);
    let document = roxmltree::Document::parse(&report).expect("well-formed XML");
    let cases: Vec<_> = document
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    // The page and its eight examples.
    assert_eq!(cases.len(), 9);
    let failure = cases
        .iter()
        .find(|c| c.attribute("name") == Some("example wrong-after"))
        .and_then(|c| c.children().find(|n| n.has_tag_name("failure")))
        .expect("the wrong-after example failed");
    assert!(
        failure
            .text()
            .is_some_and(|t| t.starts_with("content/tafl/tablut.md:67:3: error:")),
        "{failure:?}"
    );
    insta::assert_snapshot!(report);
}

#[test]
fn junit_on_stdout_is_the_same_report() {
    let hub = Hub::copy("wrong-examples");
    let to_file = rulehub_in(
        &hub,
        &[
            "check",
            "--message-format",
            "junit",
            "--output-file",
            "report.xml",
        ],
    );
    let to_stdout = rulehub_in(&hub, &["check", "--message-format", "junit"]);
    assert_eq!(to_file.status.code(), to_stdout.status.code());
    assert_eq!(stdout(&to_stdout), hub.read("report.xml"));
    assert!(
        stderr(&to_stdout).is_empty(),
        "stdout carries the report alone: {}",
        stderr(&to_stdout)
    );
}

#[test]
fn a_clean_hub_gives_a_passing_report_that_still_lists_everything() {
    let hub = Hub::copy("mini");
    let output = rulehub_in(&hub, &["check", "--message-format", "junit"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = stdout(&output);
    validate_against_schema(&report);
    let document = roxmltree::Document::parse(&report).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.attribute("failures"), Some("0"));
    let names: Vec<_> = document
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .filter_map(|n| n.attribute("name"))
        .collect();
    for expected in [
        "home page (en)",
        "home page (cs)",
        "translation page (cs)",
        "example edge-escape",
    ] {
        assert!(names.contains(&expected), "{expected} missing: {names:?}");
    }
}

#[test]
fn warnings_are_warning_annotations_and_never_fail_unless_denied() {
    let hub = hub_with_a_warning();
    let output = rulehub_in(&hub, &["check", "--message-format", "github"]);
    assert_eq!(output.status.code(), Some(0));
    let annotations = stdout(&output);
    assert!(
        annotations.starts_with(
            "::warning file=content/tafl/tablut.md,title=rulehub check::`tablut` has no translation in: fi%0Ahelp: "
        ),
        "{annotations}"
    );

    let output = rulehub_in(&hub, &["check", "--message-format", "junit"]);
    assert_eq!(output.status.code(), Some(0));
    let report = stdout(&output);
    validate_against_schema(&report);
    assert!(report.contains("failures=\"0\""), "{report}");
    assert!(
        report.contains(
            "<system-out>content/tafl/tablut.md: warning: `tablut` has no translation in: fi"
        ),
        "{report}"
    );

    let output = rulehub_in(
        &hub,
        &["check", "--deny", "warnings", "--message-format", "github"],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("::error file=content/tafl/tablut.md,"));

    let output = rulehub_in(
        &hub,
        &["check", "--deny", "warnings", "--message-format", "junit"],
    );
    assert_eq!(output.status.code(), Some(1));
    let report = stdout(&output);
    validate_against_schema(&report);
    assert!(
        report.contains("<failure message=\"`tablut` has no translation in: fi\""),
        "{report}"
    );

    let output = rulehub_in(&hub, &["check", "--deny", "warnings"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("error: the hub has 1 error"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_output_file_needs_a_machine_format() {
    let hub = Hub::copy("mini");
    let output = rulehub_in(&hub, &["check", "--output-file", "x.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--output-file needs --message-format json, github or junit"));
    assert!(!hub.path("x.txt").exists());
}

#[test]
fn build_reports_in_the_ci_formats_too() {
    let hub = Hub::copy("wrong-examples");
    let output = rulehub_in(&hub, &["build", "--message-format", "github"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output).lines().count(), 8);
    assert!(!hub.path("public").exists(), "nothing was written");
}

// --- --changed-since and explicit files ---

/// The mini hub in a fresh repository, committed, with a second variant
/// whose worked example is wrong: the problem already on `main`.
fn repository_with_an_old_problem() -> Hub {
    let hub = Hub::copy("mini");
    let broken = hub
        .read("content/tafl/tablut.md")
        .replace("expect: { captures: [d4] }", "expect: { captures: [d5] }")
        .replace("slug: \"standard\"", "slug: \"broken\"");
    assert!(
        broken.contains("captures: [d5]"),
        "the fixture has the claim"
    );
    hub.write("content/tafl/broken.md", broken);
    hub.write(
        "content/tafl/broken.cs.md",
        "---\ntitle: \"Rozbitý\"\n---\n\nText.\n",
    );
    // Recorded as current, so its only old problem is the wrong claim.
    let marked = rulehub_in(
        &hub,
        &[
            "translations",
            "--mark-current",
            "content/tafl/broken.cs.md",
        ],
    );
    assert!(marked.status.success(), "{}", stderr(&marked));
    git(&hub, &["init", "--quiet", "--initial-branch=main"]);
    git(&hub, &["add", "."]);
    git(&hub, &["commit", "--quiet", "-m", "start"]);
    hub
}

#[test]
fn changed_since_reports_only_the_changed_pages_but_checks_everything() {
    let hub = repository_with_an_old_problem();
    // Nothing changed: the old problem is not this branch's.
    let output = rulehub_in(&hub, &["check", "--changed-since", "main"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("1 problem elsewhere not shown"),
        "{}",
        stderr(&output)
    );

    // A new wrong example on another page is reported, the old one is not.
    git(&hub, &["checkout", "--quiet", "-b", "edit"]);
    hub.edit("content/tafl/tablut.md", "moves: [b8-b9]", "moves: [b8-b7]");
    let output = rulehub_in(
        &hub,
        &[
            "check",
            "--changed-since",
            "main",
            "--message-format",
            "github",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let annotations = stdout(&output);
    assert!(
        annotations.contains("file=content/tafl/tablut.md"),
        "{annotations}"
    );
    assert!(!annotations.contains("broken.md"), "{annotations}");

    // Committed or not, the change counts; touching the old page brings
    // its problem back.
    git(&hub, &["commit", "--quiet", "-am", "edit"]);
    hub.edit(
        "content/tafl/broken.md",
        "title: \"Tablut\"",
        "title: \"Broken\"",
    );
    let output = rulehub_in(&hub, &["check", "--changed-since", "main"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(text.contains("content/tafl/broken.md"), "{text}");
    assert!(text.contains("content/tafl/tablut.md"), "{text}");
}

#[test]
fn a_scoped_junit_report_lists_only_the_pages_it_reports_on() {
    let hub = repository_with_an_old_problem();
    hub.edit("content/tafl/tablut.md", "moves: [b8-b9]", "moves: [b8-b7]");
    let output = rulehub_in(
        &hub,
        &[
            "check",
            "--changed-since",
            "main",
            "--message-format",
            "junit",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let report = stdout(&output);
    validate_against_schema(&report);
    assert!(
        report.contains("name=\"content/tafl/tablut.md\""),
        "{report}"
    );
    assert!(
        report.contains("name=\"content/tafl/tablut.cs.md\""),
        "{report}"
    );
    assert!(
        !report.contains("broken"),
        "an unreported page is not listed as passing:\n{report}"
    );
}

#[test]
fn a_changed_translation_brings_its_variants_problems() {
    let hub = repository_with_an_old_problem();
    hub.edit("content/tafl/broken.cs.md", "Text.", "Jiný text.");
    let output = rulehub_in(&hub, &["check", "--changed-since", "main"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("content/tafl/broken.md"));
}

#[test]
fn a_changed_hub_yaml_makes_every_page_count() {
    let hub = repository_with_an_old_problem();
    hub.edit("hub.yaml", "Mini hub", "Mini hub, renamed");
    let output = rulehub_in(&hub, &["check", "--changed-since", "main"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("content/tafl/broken.md"));
}

#[test]
fn files_named_on_the_command_line_scope_the_report_like_a_git_ref() {
    let hub = repository_with_an_old_problem();
    let output = rulehub_in(&hub, &["check", "content/tafl/tablut.md", "README.md"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = rulehub_in(&hub, &["check", "content/tafl/broken.md"]);
    assert_eq!(output.status.code(), Some(1));
    // Paths are taken from the current folder, whatever --root says.
    let output = Command::cargo_bin("rulehub")
        .expect("binary")
        .current_dir(hub.path("content"))
        .args(["check", "--root", "..", "tafl/broken.md"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
}

#[test]
fn changed_since_outside_a_repository_or_with_a_bad_ref_is_a_usage_error() {
    let hub = Hub::copy("mini");
    let ceiling = hub.root().parent().expect("temp folder has a parent");
    let output = Command::cargo_bin("rulehub")
        .expect("binary")
        .current_dir(hub.root())
        .args(["check", "--changed-since", "main"])
        .env("GIT_CEILING_DIRECTORIES", ceiling)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--changed-since needs a git repository"),
        "{}",
        stderr(&output)
    );

    let hub = repository_with_an_old_problem();
    let output = rulehub_in(&hub, &["check", "--changed-since", "no-such-branch"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("`no-such-branch` is not a commit in this repository"),
        "{}",
        stderr(&output)
    );
}

// --- the JUnit schema ---

/// What docs/ci/junit.xsd declares for one element.
#[derive(Debug, Default)]
struct Declared {
    /// Attribute name → (type, required).
    attributes: BTreeMap<String, (String, bool)>,
    /// Child element names in order, with their min and max counts.
    children: Vec<(String, usize, Option<usize>)>,
    text: bool,
}

/// Reads the schema's global elements. The XSD is small and uses one style
/// (global elements referenced by name), so reading it directly is enough
/// to hold every report to it; .ci/run also validates with `xmllint`.
fn schema() -> BTreeMap<String, Declared> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ci/junit.xsd");
    let text = std::fs::read_to_string(path).expect("the schema is in docs/ci");
    let document = roxmltree::Document::parse(&text).expect("the schema is XML");
    let mut elements = BTreeMap::new();
    for element in document
        .root_element()
        .children()
        .filter(|n| n.has_tag_name("element"))
    {
        let name = element
            .attribute("name")
            .expect("global elements are named");
        let mut declared = Declared {
            text: element.attribute("type") == Some("xs:string"),
            ..Declared::default()
        };
        for node in element.descendants() {
            if node.has_tag_name("attribute") {
                declared.attributes.insert(
                    node.attribute("name").expect("named").to_string(),
                    (
                        node.attribute("type").expect("typed").to_string(),
                        node.attribute("use") == Some("required"),
                    ),
                );
            } else if node.has_tag_name("element") && node != element {
                let count = |name: &str| node.attribute(name).unwrap_or("1");
                declared.children.push((
                    node.attribute("ref")
                        .expect("children are refs")
                        .to_string(),
                    count("minOccurs").parse().expect("a count"),
                    match count("maxOccurs") {
                        "unbounded" => None,
                        n => Some(n.parse().expect("a count")),
                    },
                ));
            } else if node.has_tag_name("simpleContent") {
                declared.text = true;
            }
        }
        elements.insert(name.to_string(), declared);
    }
    assert!(
        elements.contains_key("testsuites"),
        "the schema declares the root"
    );
    elements
}

fn validate_against_schema(report: &str) {
    let schema = schema();
    let document = roxmltree::Document::parse(report).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    validate_element(&schema, root);
    // The counts say what the cases say.
    for node in root
        .descendants()
        .filter(|n| n.has_tag_name("testsuite") || n.has_tag_name("testsuites"))
    {
        let cases: Vec<_> = node
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        let failed = cases
            .iter()
            .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
            .count();
        assert_eq!(
            node.attribute("tests"),
            Some(cases.len().to_string().as_str())
        );
        assert_eq!(
            node.attribute("failures"),
            Some(failed.to_string().as_str())
        );
    }
}

fn validate_element(schema: &BTreeMap<String, Declared>, node: roxmltree::Node) {
    let name = node.tag_name().name();
    let declared = schema
        .get(name)
        .unwrap_or_else(|| panic!("<{name}> is not in the schema"));
    for attribute in node.attributes() {
        let (kind, _) = declared
            .attributes
            .get(attribute.name())
            .unwrap_or_else(|| panic!("<{name} {}> is not in the schema", attribute.name()));
        let value = attribute.value();
        match kind.as_str() {
            "xs:nonNegativeInteger" => {
                value.parse::<u64>().expect("a count");
            }
            "xs:positiveInteger" => {
                assert!(
                    value.parse::<u64>().expect("a number") > 0,
                    "{name} {value}"
                );
            }
            "xs:string" => {}
            other => panic!("the test does not know the type {other}"),
        }
    }
    for (attribute, (_, required)) in &declared.attributes {
        assert!(
            !required || node.attribute(attribute.as_str()).is_some(),
            "<{name}> lacks {attribute}"
        );
    }
    let children: Vec<_> = node.children().filter(|n| n.is_element()).collect();
    let mut next = 0;
    for (child, min, max) in &declared.children {
        let count = children[next..]
            .iter()
            .take_while(|n| n.tag_name().name() == child)
            .count();
        assert!(count >= *min, "<{name}> needs {min} <{child}>");
        assert!(
            max.is_none_or(|max| count <= max),
            "<{name}> has too many <{child}>"
        );
        next += count;
    }
    assert_eq!(
        next,
        children.len(),
        "<{name}> has children out of the schema's order"
    );
    if !declared.text {
        assert!(
            node.children()
                .filter(|n| n.is_text())
                .all(|n| n.text().is_some_and(|t| t.trim().is_empty())),
            "<{name}> has text"
        );
    }
    for child in children {
        validate_element(schema, child);
    }
}

#[test]
fn the_schema_check_catches_a_report_that_breaks_it() {
    let broken = "<testsuites name=\"x\" tests=\"1\" failures=\"0\" errors=\"0\">\
        <testsuite name=\"f\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\
        <testcase name=\"a\" classname=\"f\" file=\"f\" line=\"0\"/></testsuite></testsuites>";
    let result = std::panic::catch_unwind(|| validate_against_schema(broken));
    assert!(result.is_err(), "line 0 is not a positive integer");
}
