//! `rulehub completions SHELL`: a completion script for each shell that
//! offers every subcommand, generated from the same definitions the
//! command line parses with.

use assert_cmd::Command;
use predicates::prelude::*;

fn rulehub() -> Command {
    let mut command = Command::cargo_bin("rulehub").expect("binary is built");
    command.env("NO_COLOR", "1");
    command
}

fn stdout(args: &[&str]) -> String {
    let output = rulehub().args(args).output().expect("runs");
    assert!(output.status.success(), "rulehub {args:?}: {output:?}");
    assert!(
        output.stderr.is_empty(),
        "rulehub {args:?} printed to stderr"
    );
    String::from_utf8(output.stdout).expect("utf-8")
}

/// The subcommands `rulehub --help` lists (but `help`), so a command added
/// later is checked without editing this test.
fn subcommands() -> Vec<String> {
    let help = stdout(&["--help"]);
    let listed = help
        .split_once("Commands:")
        .and_then(|(_, rest)| rest.split_once("Options:"))
        .map(|(commands, _)| commands)
        .expect("a Commands section");
    let names: Vec<String> = listed
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    for expected in ["build", "check", "serve", "init", "rules", "completions"] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    names
}

#[test]
fn every_shell_gets_a_script_that_offers_every_subcommand() {
    let subcommands = subcommands();
    let presets: Vec<&str> = rulehub::family::FAMILIES
        .iter()
        .flat_map(|family| family.preset_names())
        .collect();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let script = stdout(&["completions", shell]);
        let missing: Vec<&String> = subcommands
            .iter()
            .filter(|name| !script.contains(name.as_str()))
            .collect();
        assert!(missing.is_empty(), "{shell} script lacks {missing:?}");
        assert!(script.contains("--base-url"), "{shell}: options too");
        if shell != "powershell" {
            // `--rules` values: every preset of every registered family.
            let missing: Vec<&&str> = presets.iter().filter(|p| !script.contains(**p)).collect();
            assert!(
                missing.is_empty(),
                "{shell} script lacks presets {missing:?}"
            );
        }
    }
    assert!(stdout(&["completions", "bash"]).contains("complete -F"));
    assert!(stdout(&["completions", "zsh"]).starts_with("#compdef rulehub"));
    assert!(stdout(&["completions", "fish"]).contains("complete -c rulehub"));
    assert!(stdout(&["completions", "powershell"]).contains("Register-ArgumentCompleter"));
}

#[test]
fn an_unknown_shell_is_a_usage_error_naming_the_shells() {
    rulehub()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("tcsh").and(predicate::str::contains("powershell")));
}

#[test]
fn the_readme_commands_table_has_a_row_for_every_subcommand() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let table = readme
        .split_once("## Commands")
        .map(|(_, rest)| rest.split_once("\n## ").map_or(rest, |(table, _)| table))
        .expect("a Commands section");
    let missing: Vec<String> = subcommands()
        .into_iter()
        .filter(|name| !table.contains(&format!("| `rulehub {name}")))
        .collect();
    assert!(
        missing.is_empty(),
        "README's Commands table lacks {missing:?}"
    );
}
