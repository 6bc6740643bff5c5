//! `engine.rules` for tafl: the ground's preset-or-overrides spec
//! ([`rulehub_game::spec`]) over tafl's fields.

use std::fmt;

use serde::{Deserialize, Serialize};

use rulehub_game::spec::{Missing, RuleSet, SpecError};

use super::position::SetupError;
use super::rules::{
    Access, Camps, Escape, HostileTo, KingArmed, KingCapture, Repetition, Rules, preset,
    preset_names,
};
use crate::{Dims, Side};

/// `engine.rules` in front matter: a preset name (`rules: tablut`), a map with
/// a preset plus field overrides (`{ preset: tablut, move_limit: 200 }`), or a
/// fully explicit map of every [`Rules`] field.
pub type RulesSpec = rulehub_game::spec::RulesSpec<Rules>;

/// Why a rule set could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    UnknownPreset { name: String },
    MissingFields { fields: Vec<&'static str> },
    Contradiction { message: String },
    Setup(SetupError),
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
        let spec = |error: SpecError| error.to_string();
        match self {
            RulesError::UnknownPreset { name } => f.write_str(&spec(SpecError::UnknownPreset {
                noun: Rules::NOUN,
                name: name.clone(),
                presets: Rules::preset_names(),
            })),
            RulesError::MissingFields { fields } => f.write_str(&spec(SpecError::MissingFields {
                noun: Rules::NOUN,
                fields: fields.clone(),
                presets: Rules::preset_names(),
            })),
            RulesError::Contradiction { message } => write!(f, "contradictory rules: {message}"),
            RulesError::Setup(e) => write!(f, "the rules' start position is invalid: {e}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// Field overrides on top of a preset. `null` for `repetition` or
/// `move_limit` switches that rule off.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dims: Option<Dims>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_to_move: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escape: Option<Escape>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escape_squares: Option<Vec<String>>,
    #[serde(
        default,
        deserialize_with = "rulehub_game::spec::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub camps: Option<Option<Camps>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throne_stop: Option<Access>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throne_pass: Option<Access>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_may_return_to_throne: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner_stop: Option<Access>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throne_hostile_empty: Option<HostileTo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throne_hostile_occupied: Option<HostileTo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corners_hostile: Option<HostileTo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_armed: Option<KingArmed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_capture: Option<KingCapture>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throne_hostile_to_king: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corners_hostile_to_king: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_hostile_to_king: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shieldwall: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_fort: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encirclement: Option<bool>,
    #[serde(
        default,
        deserialize_with = "rulehub_game::spec::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub repetition: Option<Option<Repetition>>,
    #[serde(
        default,
        deserialize_with = "rulehub_game::spec::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub move_limit: Option<Option<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_moves_loses: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defenders_win_if_no_attackers: Option<bool>,
}

impl RuleSet for Rules {
    type Overrides = RulesOverrides;
    type Error = RulesError;

    const NOUN: &'static str = "rules";

    fn preset(name: &str) -> Option<Rules> {
        preset(name)
    }

    fn preset_names() -> Vec<&'static str> {
        preset_names().to_vec()
    }

    /// A page that gives no rules plays the default preset.
    fn when_empty() -> Option<Rules> {
        Some(Rules::default())
    }

    fn take_preset(overrides: &mut RulesOverrides) -> Option<String> {
        overrides.preset.take()
    }

    fn merge(o: &RulesOverrides, base: Option<&Rules>, missing: &mut Missing) -> Rules {
        macro_rules! field {
            ($name:ident, $placeholder:expr) => {
                missing.field(
                    stringify!($name),
                    &o.$name,
                    base.map(|b| &b.$name),
                    $placeholder,
                )
            };
            ($name:ident) => {
                field!($name, Default::default())
            };
        }
        Rules {
            dims: field!(dims, Dims::new(9, 9)),
            setup: field!(setup),
            first_to_move: field!(first_to_move, Side::Attackers),
            escape: field!(escape, Escape::Edge),
            // Optional fields: absent means none, even without a preset.
            escape_squares: o
                .escape_squares
                .clone()
                .or_else(|| base.map(|b| b.escape_squares.clone()))
                .unwrap_or_default(),
            camps: o
                .camps
                .clone()
                .or_else(|| base.map(|b| b.camps.clone()))
                .unwrap_or_default(),
            throne_stop: field!(throne_stop, Access::Nobody),
            throne_pass: field!(throne_pass, Access::Nobody),
            king_may_return_to_throne: field!(king_may_return_to_throne),
            corner_stop: field!(corner_stop, Access::Nobody),
            throne_hostile_empty: field!(throne_hostile_empty, HostileTo::Nobody),
            throne_hostile_occupied: field!(throne_hostile_occupied, HostileTo::Nobody),
            corners_hostile: field!(corners_hostile, HostileTo::Nobody),
            king_armed: field!(king_armed, KingArmed::No),
            king_capture: field!(king_capture, KingCapture::Strong),
            throne_hostile_to_king: field!(throne_hostile_to_king),
            corners_hostile_to_king: field!(corners_hostile_to_king),
            edge_hostile_to_king: field!(edge_hostile_to_king),
            shieldwall: field!(shieldwall),
            exit_fort: field!(exit_fort),
            encirclement: field!(encirclement),
            repetition: field!(repetition),
            move_limit: field!(move_limit),
            no_moves_loses: field!(no_moves_loses),
            defenders_win_if_no_attackers: field!(defenders_win_if_no_attackers),
        }
    }

    fn validate(&self) -> Result<(), RulesError> {
        Rules::validate(self)
    }
}
