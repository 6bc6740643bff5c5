//! `rulehub rules PRESET`: what a preset sets, as a `rules:` block that,
//! pasted back as overrides of the preset, gives the same rules; and every
//! preset list the command line shows comes from the family registry.

use assert_cmd::Command;
use predicates::prelude::*;
use rulehub_tafl as tafl;
use serde_yaml::Value;

use crate::common::Hub;

fn rulehub() -> Command {
    let mut command = Command::cargo_bin("rulehub").expect("binary is built");
    command.env("NO_COLOR", "1");
    command
}

/// Every preset of every registered family, as (family, preset).
fn presets() -> Vec<(&'static str, &'static str)> {
    rulehub::family::FAMILIES
        .iter()
        .flat_map(|family| {
            family
                .preset_names()
                .into_iter()
                .map(move |preset| (family.name(), preset))
        })
        .collect()
}

/// What `rulehub rules PRESET` prints.
fn printed(preset: &str) -> String {
    let output = rulehub().args(["rules", preset]).output().expect("runs");
    assert!(output.status.success(), "rules {preset}: {output:?}");
    assert!(output.stderr.is_empty(), "rules {preset} printed to stderr");
    String::from_utf8(output.stdout).expect("utf-8")
}

/// The `rules:` map of the printed block.
fn rules_map(preset: &str) -> serde_yaml::Mapping {
    let text = printed(preset);
    let block: Value = serde_yaml::from_str(&text)
        .unwrap_or_else(|e| panic!("rules {preset} is not YAML: {e}\n{text}"));
    let Some(Value::Mapping(rules)) = block.get("rules") else {
        panic!("rules {preset}: no `rules:` map in\n{text}");
    };
    assert_eq!(
        rules.get("preset"),
        Some(&Value::from(preset)),
        "the block names its preset first"
    );
    rules.clone()
}

/// The map resolved by the family's own `engine.rules` reader, as a
/// comparable text, or the error.
fn resolve(family: &str, rules: &serde_yaml::Mapping) -> Result<String, String> {
    let value = Value::Mapping(rules.clone());
    match family {
        "tafl" => serde_yaml::from_value::<tafl::RulesSpec>(value)
            .map_err(|e| e.to_string())?
            .resolve()
            .map(|rules| format!("{rules:?}"))
            .map_err(|e| e.to_string()),
        "draughts" => serde_yaml::from_value::<rulehub_draughts::RulesSpec>(value)
            .map_err(|e| e.to_string())?
            .resolve()
            .map(|rules| format!("{rules:?}"))
            .map_err(|e| e.to_string()),
        "go" => serde_yaml::from_value::<rulehub_go::RulesSpec>(value)
            .map_err(|e| e.to_string())?
            .resolve()
            .map(|rules| format!("{rules:?}"))
            .map_err(|e| e.to_string()),
        other => panic!("family `{other}` is registered but this round trip does not read it yet"),
    }
}

fn preset_rules(family: &str, preset: &str) -> String {
    match family {
        "tafl" => format!("{:?}", tafl::preset(preset).expect("a tafl preset")),
        "draughts" => format!(
            "{:?}",
            rulehub_draughts::Preset::from_name(preset)
                .expect("a draughts preset")
                .rules()
        ),
        "go" => format!("{:?}", rulehub_go::preset(preset).expect("a Go preset")),
        other => panic!("family `{other}` is registered but this round trip does not read it yet"),
    }
}

#[test]
fn every_preset_printed_and_pasted_back_resolves_to_the_same_rules() {
    let presets = presets();
    assert!(presets.len() >= 15, "{presets:?}");
    for (family, preset) in presets {
        let expected = preset_rules(family, preset);
        let rules = rules_map(preset);
        // Pasted as overrides of the preset: every value is the preset's own.
        assert_eq!(
            resolve(family, &rules),
            Ok(expected.clone()),
            "{preset} as overrides of itself"
        );
        // Without `preset:` the block must still say everything: a field
        // left out of the print would be missing here.
        let mut alone = rules.clone();
        alone.remove("preset");
        assert_eq!(
            resolve(family, &alone),
            Ok(expected),
            "{preset} written out in full"
        );
    }
}

#[test]
fn a_printed_block_pasted_into_a_page_checks_and_its_edits_take_effect() {
    // Tafl: the mini hub's Tablut names no rules (the default preset).
    let hub = Hub::copy("mini");
    let block = printed(tafl::DEFAULT_PRESET);
    let indented: String = block.lines().map(|line| format!("  {line}\n")).collect();
    hub.edit(
        "content/tafl/tablut.md",
        "  players: [attackers, defenders]\n",
        &format!("  players: [attackers, defenders]\n{indented}"),
    );
    hub.rulehub(&["check"]).assert().success();

    // Draughts: the block replaces `rules: english-draughts`.
    let hub = Hub::copy("draughts-mini");
    let block = printed("english-draughts");
    let indented: String = block.lines().map(|line| format!("  {line}\n")).collect();
    hub.edit(
        "content/draughts/english.md",
        "  rules: english-draughts\n",
        &indented,
    );
    hub.rulehub(&["check"]).assert().success();
    // An edited field is read: a 10×10 board no longer fits the page's
    // 8×8 examples, so the check fails where it did not.
    hub.edit(
        "content/draughts/english.md",
        "board_size: 8",
        "board_size: 10",
    );
    hub.rulehub(&["check"]).assert().code(1);
}

#[test]
fn an_unknown_preset_exits_2_listing_every_registered_preset() {
    let output = rulehub()
        .args(["rules", "copenhagn"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("unknown rules preset `copenhagn`"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean `copenhagen`?"), "{stderr}");
    for (_, preset) in presets() {
        assert!(stderr.contains(preset), "{preset} missing from: {stderr}");
    }
}

#[test]
fn every_rules_option_lists_the_registry_presets_in_its_help() {
    for command in ["rules", "perft", "replay", "ai", "match", "board"] {
        let output = rulehub().args([command, "--help"]).output().expect("runs");
        assert!(output.status.success(), "{command} --help");
        let help = String::from_utf8_lossy(&output.stdout);
        for (_, preset) in presets() {
            assert!(help.contains(preset), "`{command} --help` lacks {preset}");
        }
    }
    rulehub()
        .args(["perft", "--rules", "chess", "--depth", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown rules preset `chess`"));
}

/// Help texts are doc comments and attributes in src/cli: none of them may
/// list presets by hand (they would go stale when a family adds one, as
/// the old `perft --help` list did).
#[test]
fn no_help_text_in_the_cli_lists_presets_by_hand() {
    let presets: Vec<&str> = presets().into_iter().map(|(_, p)| p).collect();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/cli");
    for entry in std::fs::read_dir(dir).expect("src/cli") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        for (number, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if !(trimmed.starts_with("///")
                || trimmed.contains("help =")
                || trimmed.contains("about ="))
            {
                continue;
            }
            let mut named: Vec<&str> = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .filter(|word| presets.contains(word))
                .collect();
            named.sort_unstable();
            named.dedup();
            assert!(
                named.len() < 2,
                "{}:{}: lists presets {named:?} by hand; take them from the registry",
                path.display(),
                number + 1
            );
        }
    }
}
