//! The examples under `--help`, written with the registry's first family
//! and its presets, so that every example names a family and a preset that
//! exist and no example is a second list of them to keep.

use rulehub::family;

fn preset() -> &'static str {
    family::default_preset()
}

pub fn new() -> String {
    let target = rulehub::scaffold::example_target();
    format!("Examples:\n  rulehub new {target}\n  rulehub new {target} --lang cs")
}

pub fn translations() -> String {
    format!(
        "Examples:\n  rulehub translations --root my-hub\n  rulehub translations --format json\n  rulehub translations --mark-current content/{}.cs.md",
        rulehub::scaffold::example_target()
    )
}

pub fn board() -> String {
    let lines: Vec<String> = family::FAMILIES
        .iter()
        .map(|f| format!("  rulehub board --rules {} > board.svg", f.default_preset()))
        .collect();
    format!("Examples:\n{}", lines.join("\n"))
}

pub fn rules() -> String {
    format!("Example:\n  rulehub rules {}", preset())
}

pub fn perft() -> String {
    format!("Example:\n  rulehub perft --rules {} --depth 3", preset())
}

pub fn replay() -> String {
    format!("Example:\n  rulehub replay --rules {} game.txt", preset())
}

pub fn ai() -> String {
    format!("Example:\n  rulehub ai --rules {} --time-ms 1000", preset())
}

pub fn r#match() -> String {
    let [first, second] = family::default_family().sides();
    format!(
        "Example:\n  rulehub match --rules {} --{first} normal --{second} random --games 10 --records games",
        preset()
    )
}

/// `rulehub PROTOCOL` (`gtp`) with the first preset a family speaks it in.
pub fn protocol(protocol: &str) -> String {
    match family::protocol_presets(protocol).first() {
        Some(preset) => {
            format!("Example:\n  rulehub {protocol} --rules {preset} --level normal")
        }
        None => String::new(),
    }
}
