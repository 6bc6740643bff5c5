//! Go rule sets as data. Every field is one of the ways the published rule
//! sets differ, and every preset names the text it follows.

use rulehub_game::spec::{Missing, RuleSet, SpecError};
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::point::{MAX_SIZE, MIN_SIZE};

/// How the final position is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones on the board plus empty points that reach only one colour
    /// (Tromp-Taylor reachability, after dead stones are removed).
    Area,
    /// Surrounded empty points plus prisoners; no territory in seki.
    Territory,
}

/// Which repetitions are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Only the immediate recapture of a single stone (the ko) is illegal.
    SimpleKo,
    /// No play may recreate an earlier board, whoever was to move.
    PositionalSuperko,
    /// No play may recreate an earlier board with the same player to move.
    SituationalSuperko,
}

/// Whether a play may remove its own stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    Forbidden,
    /// Multi-stone suicide is legal; single-stone suicide follows
    /// [`Rules::single_stone_suicide`].
    Allowed,
}

/// Where handicap stones go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handicap {
    /// On the star points, in the traditional order.
    Fixed,
    /// Black chooses the points.
    Free,
}

/// A complete Go rule set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    pub size: u8,
    pub scoring: Scoring,
    pub repetition: Repetition,
    pub suicide: Suicide,
    /// With `suicide: allowed`, whether a play that removes only the stone
    /// just played is legal too.
    pub single_stone_suicide: bool,
    /// Points given to White; a half point makes draws impossible.
    pub komi: f64,
    pub handicap: Handicap,
    /// AGA: each pass hands the opponent one prisoner, and the game ends
    /// only when White makes the second of two consecutive passes.
    pub pass_stones: bool,
}

/// The preset names, in the order the pages list them.
pub const PRESET_NAMES: &[&str] = &[
    "go-japanese",
    "go-chinese",
    "go-aga",
    "go-new-zealand",
    "go-tromp-taylor",
];

/// The published text each preset follows, for pages and `rulehub rules`.
pub fn preset_source(name: &str) -> Option<&'static str> {
    Some(match name {
        "go-japanese" => "The Japanese Rules of Go (Nihon Ki-in and Kansai Ki-in, 1989)",
        "go-chinese" => "The Chinese Rules of Weiqi (Chinese Weiqi Association, 2002)",
        "go-aga" => "AGA Concise Rules of Go (American Go Association)",
        "go-new-zealand" => "Rules of Go (New Zealand Go Society)",
        "go-tromp-taylor" => "The Logical Rules of Go (John Tromp and Bill Taylor)",
        _ => return None,
    })
}

/// A preset by name.
pub fn preset(name: &str) -> Option<Rules> {
    let base = Rules {
        size: 19,
        scoring: Scoring::Area,
        repetition: Repetition::PositionalSuperko,
        suicide: Suicide::Forbidden,
        single_stone_suicide: false,
        komi: 7.5,
        handicap: Handicap::Fixed,
        pass_stones: false,
    };
    Some(match name {
        // The Japanese Rules of Go (Nihon Ki-in, 1989): territory and
        // prisoners, no territory in seki, only the basic ko forbidden,
        // suicide illegal; komi 6.5 by the Nihon Ki-in's tournament custom.
        "go-japanese" => Rules {
            scoring: Scoring::Territory,
            repetition: Repetition::SimpleKo,
            komi: 6.5,
            ..base
        },
        // The Chinese Rules of Weiqi (Chinese Weiqi Association, 2002):
        // area counting, no repetition of a whole-board position, suicide
        // illegal; komi 7.5 (3¾ stones).
        "go-chinese" => base,
        // AGA Concise Rules of Go (American Go Association, 2004 edition):
        // area counting with pass stones so territory counting gives the
        // same result, White passes last, situational superko, suicide
        // illegal, komi 7.5, handicap stones on the star points (our
        // reading of the text; a game that places them freely overrides
        // `handicap`).
        "go-aga" => Rules {
            repetition: Repetition::SituationalSuperko,
            pass_stones: true,
            ..base
        },
        // New Zealand Rules (New Zealand Go Society): area, situational
        // superko, suicide allowed, free handicap placement, komi 7. Our
        // reading: the text allows a play that removes one's own stones, but
        // a lone stone that removes only itself changes nothing on the board
        // and we treat it as illegal (an "empty" play); the engine makes this
        // a field so a reader of the text who disagrees can switch it.
        "go-new-zealand" => Rules {
            repetition: Repetition::SituationalSuperko,
            suicide: Suicide::Allowed,
            komi: 7.0,
            handicap: Handicap::Free,
            ..base
        },
        // The Logical Rules of Go (John Tromp and Bill Taylor; the text sets
        // no komi, 7.5 here as under the Chinese rules): every empty
        // point colours to the colour it alone reaches, positional superko,
        // suicide of any size allowed. A single-stone suicide recreates the
        // board before it, so positional superko forbids it anyway; the
        // engine reports it as `superko`, which is the text's own reason.
        "go-tromp-taylor" => Rules {
            suicide: Suicide::Allowed,
            single_stone_suicide: true,
            komi: 7.5,
            ..base
        },
        _ => return None,
    })
}

impl Default for Rules {
    fn default() -> Rules {
        preset("go-chinese").unwrap_or_else(|| unreachable!("built-in preset"))
    }
}

/// `engine.rules`: a preset's name (`rules: go-japanese`), a preset with
/// fields overridden (`{ preset: go-japanese, size: 9 }`), or every field.
pub type RulesSpec = rulehub_game::spec::RulesSpec<Rules>;

/// The fields a map may override, in the engine's kebab-case names.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RulesOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<Repetition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suicide: Option<Suicide>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub single_stone_suicide: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<Handicap>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass_stones: Option<bool>,
}

/// Why a rules value was refused; each names the field at fault.
#[derive(Debug, Clone, PartialEq)]
pub enum RulesError {
    UnknownPreset {
        name: String,
    },
    /// Without a preset, every field must be given.
    MissingFields {
        fields: Vec<&'static str>,
    },
    BadSize {
        size: u8,
    },
    BadKomi {
        komi: f64,
    },
}

impl From<SpecError> for RulesError {
    fn from(error: SpecError) -> RulesError {
        match error {
            SpecError::UnknownPreset { name, .. } => RulesError::UnknownPreset { name },
            SpecError::MissingFields { fields, .. } => RulesError::MissingFields { fields },
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset { name } => SpecError::UnknownPreset {
                noun: Rules::NOUN,
                name: name.clone(),
                presets: PRESET_NAMES.to_vec(),
            }
            .fmt(f),
            RulesError::MissingFields { fields } => SpecError::MissingFields {
                noun: Rules::NOUN,
                fields: fields.clone(),
                presets: PRESET_NAMES.to_vec(),
            }
            .fmt(f),
            RulesError::BadSize { size } => {
                write!(f, "size: {size} is outside {MIN_SIZE}..={MAX_SIZE}")
            }
            RulesError::BadKomi { komi } => write!(
                f,
                "komi: {komi} must be a whole or half number between -100 and 100"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

impl RuleSet for Rules {
    type Overrides = RulesOverrides;
    type Error = RulesError;

    const NOUN: &'static str = "Go rules";

    fn preset(name: &str) -> Option<Rules> {
        preset(name)
    }

    fn preset_names() -> Vec<&'static str> {
        PRESET_NAMES.to_vec()
    }

    /// A page that gives no rules plays the default (Chinese) rules.
    fn when_empty() -> Option<Rules> {
        Some(Rules::default())
    }

    fn take_preset(overrides: &mut RulesOverrides) -> Option<String> {
        overrides.preset.take()
    }

    fn merge(o: &RulesOverrides, base: Option<&Rules>, missing: &mut Missing) -> Rules {
        // The default rules stand in for a field neither gives (which is
        // then reported missing).
        let placeholder = Rules::default();
        macro_rules! field {
            ($name:ident, $label:literal) => {
                missing.field($label, &o.$name, base.map(|b| &b.$name), placeholder.$name)
            };
        }
        Rules {
            size: field!(size, "size"),
            scoring: field!(scoring, "scoring"),
            repetition: field!(repetition, "repetition"),
            suicide: field!(suicide, "suicide"),
            single_stone_suicide: field!(single_stone_suicide, "single-stone-suicide"),
            komi: field!(komi, "komi"),
            handicap: field!(handicap, "handicap"),
            pass_stones: field!(pass_stones, "pass-stones"),
        }
    }

    fn validate(&self) -> Result<(), RulesError> {
        Rules::validate(self)
    }
}

impl Rules {
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.size) {
            return Err(RulesError::BadSize { size: self.size });
        }
        let halves = self.komi * 2.0;
        if !self.komi.is_finite() || self.komi.abs() > 100.0 || halves != halves.round() {
            return Err(RulesError::BadKomi { komi: self.komi });
        }
        Ok(())
    }

    /// The same rules on another board size.
    pub fn with_size(&self, size: u8) -> Result<Rules, RulesError> {
        let rules = Rules {
            size,
            ..self.clone()
        };
        rules.validate()?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_resolves_and_validates() {
        for name in PRESET_NAMES {
            assert!(preset_source(name).is_some(), "{name} names its source");
            let rules = RulesSpec::preset(name).resolve().expect(name);
            assert_eq!(rules, preset(name).expect(name));
        }
        let japanese = preset("go-japanese").expect("preset");
        assert_eq!(japanese.scoring, Scoring::Territory);
        assert_eq!(japanese.repetition, Repetition::SimpleKo);
        let nz = preset("go-new-zealand").expect("preset");
        assert_eq!(nz.suicide, Suicide::Allowed);
        assert!(preset("go-aga").expect("preset").pass_stones);
    }

    #[test]
    fn overrides_apply_and_errors_name_the_field() {
        let spec: RulesSpec =
            serde_json::from_str(r#"{"preset":"go-japanese","size":9,"komi":5.5}"#).expect("spec");
        let rules = spec.resolve().expect("rules");
        assert_eq!((rules.size, rules.komi), (9, 5.5));
        assert_eq!(rules.scoring, Scoring::Territory);
        let unknown = serde_json::from_str::<RulesSpec>(r#"{"preset":"go-japanese","kommi":5}"#);
        assert!(
            unknown
                .expect_err("unknown field")
                .to_string()
                .contains("kommi")
        );
        let chinese = Some("go-chinese".to_string());
        let bad = RulesSpec::new(
            chinese.clone(),
            RulesOverrides {
                size: Some(4),
                ..RulesOverrides::default()
            },
        );
        assert!(
            bad.resolve()
                .expect_err("size")
                .to_string()
                .starts_with("size:")
        );
        let bad = RulesSpec::new(
            chinese,
            RulesOverrides {
                komi: Some(6.3),
                ..RulesOverrides::default()
            },
        );
        assert!(
            bad.resolve()
                .expect_err("komi")
                .to_string()
                .starts_with("komi:")
        );
        let partial = RulesSpec::new(
            None,
            RulesOverrides {
                size: Some(9),
                ..RulesOverrides::default()
            },
        );
        let err = partial.resolve().expect_err("missing");
        assert!(err.to_string().contains("scoring"));
        assert!(RulesSpec::preset("go-korean").resolve().is_err());
    }
}
