//! The rules presets the command line accepts, read from the family
//! registry: `--rules` of `perft`, `replay`, `ai`, `match` and `board`, and
//! `rulehub rules PRESET`. Help texts, shell completions and the message
//! for an unknown name all list them from here, so a preset a family adds
//! shows up everywhere without a hand-written list to update.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use rulehub::diagnostic::did_you_mean;
use rulehub::family::{self, GameFamily};

/// Every preset of every registered family, as (family, preset), in the
/// registry's order.
pub fn all() -> Vec<(&'static dyn GameFamily, &'static str)> {
    family::FAMILIES
        .iter()
        .flat_map(|family| {
            family
                .preset_names()
                .into_iter()
                .map(move |preset| (*family, preset))
        })
        .collect()
}

/// The family that has `preset`, `None` when no family does.
pub fn family_of(preset: &str) -> Option<&'static dyn GameFamily> {
    all()
        .into_iter()
        .find(|(_, name)| *name == preset)
        .map(|(family, _)| family)
}

/// A clap value parser that takes a registered preset name. Its possible
/// values (each with its family) go into `--help` and the completion
/// scripts; an unknown name is a usage error (exit 2) that lists them.
#[derive(Clone, Copy, Debug)]
pub struct PresetParser;

impl TypedValueParser for PresetParser {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        if family_of(&text).is_some() {
            return Ok(text.into_owned());
        }
        Err(clap::Error::raw(ErrorKind::InvalidValue, unknown(&text)).with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(all().into_iter().map(|(family, name)| {
            PossibleValue::new(name).help(family.name())
        })))
    }
}

/// The message for a name no family has: every preset there is, and the
/// nearest one when the name looks like a typo of it.
pub fn unknown(preset: &str) -> String {
    let names: Vec<&str> = all().into_iter().map(|(_, name)| name).collect();
    let mut message = format!(
        "unknown rules preset `{preset}`; valid presets: {}\n",
        names.join(", ")
    );
    if let Some(near) = did_you_mean(preset, names.iter().copied()) {
        message.push_str(&format!("\n  tip: did you mean `{near}`?\n"));
    }
    message
}

/// The long help of a `--setup` option: each family's notation, from the
/// registry.
pub fn setup_help() -> String {
    let notations: Vec<String> = family::FAMILIES
        .iter()
        .map(|family| format!("  {}", family.setup_notation()))
        .collect();
    format!(
        "A start position in the preset's family's notation (default: the preset's start):\n{}",
        notations.join("\n")
    )
}
