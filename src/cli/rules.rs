//! `rulehub rules PRESET`: every rule a preset sets, as the `rules:` block
//! of a variant's `engine:`, to paste into a page and change a few fields.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde_yaml::{Mapping, Value};

use super::EXIT_USAGE;
use super::presets::{self, PresetParser};

#[derive(Args)]
pub struct RulesArgs {
    /// The preset, of any game family.
    #[arg(value_name = "PRESET", value_parser = PresetParser)]
    preset: String,
}

pub fn run(args: &RulesArgs) -> ExitCode {
    match block(&args.preset) {
        Ok((family, yaml)) => {
            let text = format!(
                "# Every rule the {family} preset `{preset}` sets. Paste this into a\n\
                 # variant's `engine:` block, indented under it; keep `preset:` and the\n\
                 # fields you change: a field left out keeps the preset's value.\n{yaml}",
                preset = args.preset
            );
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => usage_error(&format!("cannot write the rules: {error}")),
            }
        }
        Err(message) => usage_error(&message),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// The preset's family and `rules:` block: `preset: NAME` first, then every
/// field the family's rules have, as the family writes them.
fn block(preset: &str) -> Result<(&'static str, String), String> {
    let family = presets::family_of(preset).ok_or_else(|| presets::unknown(preset))?;
    let fields = family
        .preset_rules_yaml(preset)
        .ok_or_else(|| presets::unknown(preset))??;
    let fields: Mapping = serde_yaml::from_str(&fields).map_err(|error| {
        format!(
            "the {} rules of `{preset}` are not a YAML map: {error}",
            family.name()
        )
    })?;
    let mut rules = Mapping::new();
    rules.insert(Value::from("preset"), Value::from(preset));
    rules.extend(fields);
    let mut block = Mapping::new();
    block.insert(Value::from("rules"), Value::Mapping(rules));
    let yaml = serde_yaml::to_string(&block)
        .map_err(|error| format!("cannot write the rules of `{preset}` as YAML: {error}"))?;
    Ok((family.name(), yaml))
}
