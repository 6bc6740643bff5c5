//! Rule sets as data: the fields in which draughts variants differ, the named
//! presets, and the front-matter value (`engine.rules`) that picks a preset
//! and overrides some of its fields.
//!
//! What no field covers is the same in every variant here: men step one
//! square diagonally forward; captures jump diagonally over one enemy piece
//! onto an empty square and continue while they can (a sequence may not stop
//! early); no piece is jumped twice; captured pieces stay on the board,
//! blocking, until the whole sequence ends; and a side with no legal move
//! (no pieces, or all blocked) loses.

use std::fmt;

use rulehub_game::spec::{Missing, RuleSet, SpecError};
use serde::{Deserialize, Serialize};

use crate::position::{Colour, Position};
use crate::square::{BOARD_SIZES, Geometry};

/// Which capture sequences a player may choose among.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureChoice {
    /// Any capture sequence (it must still be completed).
    Free,
    /// Only the sequences that take the most pieces (kings and men count the
    /// same); among those, free choice.
    Majority,
}

impl CaptureChoice {
    /// Every value, for documentation and error messages.
    pub const ALL: &'static [CaptureChoice] = &[CaptureChoice::Free, CaptureChoice::Majority];

    pub fn as_str(self) -> &'static str {
        match self {
            CaptureChoice::Free => "free",
            CaptureChoice::Majority => "majority",
        }
    }
}

/// A complete draughts rule set.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DraughtsRules {
    /// Squares per side of the board: 8 or 10. Each side starts with men on
    /// every dark square of its nearest `size / 2 - 1` rows.
    pub board_size: u8,
    /// The colour that moves first from the start position.
    pub first_to_move: Colour,
    /// Whether men may capture backwards as well as forwards (they always
    /// move forwards only).
    pub men_capture_backwards: bool,
    /// Whether kings fly: move and capture along a whole diagonal, landing on
    /// any empty square beyond the piece they jump. Otherwise kings step and
    /// jump like men, in all four directions.
    pub kings_fly: bool,
    /// Whether a player who can capture must capture.
    pub capture_mandatory: bool,
    /// Which capture sequences may be chosen.
    pub capture_choice: CaptureChoice,
    /// Whether a man that reaches its crowning row in the middle of a capture
    /// is crowned at once and goes on capturing as a king (Russian). When
    /// false a man is crowned only if its move ends on that row; passing
    /// through it during a capture does not crown (international).
    pub crown_during_capture: bool,
    /// The game is drawn when the same position with the same side to move
    /// occurs this many times (at least 2); `null`: no repetition rule.
    pub repetition_draw: Option<u8>,
    /// The game is drawn after this many moves by each side in which no man
    /// moved and nothing was captured (only kings moved); `null`: no such rule.
    pub king_move_draw: Option<u16>,
    /// Whether the two draw rules above give a draw a player may claim (the
    /// WCDF/EDA rules of English draughts: play goes on unless the player to
    /// move claims it) rather than ending the game at once (FMJD). `false`
    /// when left out.
    #[serde(default)]
    pub draws_claimed: bool,
}

/// The named rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    English,
    International,
    Russian,
    Brazilian,
}

impl Preset {
    /// Every preset, in the order lists show them.
    pub const ALL: &'static [Preset] = &[
        Preset::English,
        Preset::International,
        Preset::Russian,
        Preset::Brazilian,
    ];

    /// The name front matter and the CLI use.
    pub fn name(self) -> &'static str {
        match self {
            Preset::English => "english-draughts",
            Preset::International => "international-draughts",
            Preset::Russian => "russian-draughts",
            Preset::Brazilian => "brazilian-draughts",
        }
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// The rulebook the preset follows.
    pub fn source(self) -> &'static str {
        match self {
            Preset::English => {
                "the World Checkers/Draughts Federation (WCDF) rules, as the English Draughts Association plays them"
            }
            Preset::International => "the FMJD rules of international draughts",
            Preset::Russian => "the rules of the Russian Draughts Federation",
            Preset::Brazilian => {
                "the FMJD rules of international draughts on the 8×8 board, as the Brazilian Draughts Confederation plays them"
            }
        }
    }

    /// The rule set. Draw rules follow each federation's rules where they
    /// are crisp (see [`Preset::source`]); see the crate docs for what is
    /// left out.
    pub fn rules(self) -> DraughtsRules {
        match self {
            // WCDF rules: Black moves first; men forward only, short kings,
            // free choice; threefold repetition and the 40-move rule (no man
            // moved, no capture) are draws a player claims.
            Preset::English => DraughtsRules {
                board_size: 8,
                first_to_move: Colour::Black,
                men_capture_backwards: false,
                kings_fly: false,
                capture_mandatory: true,
                capture_choice: CaptureChoice::Free,
                crown_during_capture: false,
                repetition_draw: Some(3),
                king_move_draw: Some(40),
                draws_claimed: true,
            },
            // FMJD rules: the majority capture, and the 25-move rule.
            Preset::International => DraughtsRules {
                board_size: 10,
                first_to_move: Colour::White,
                men_capture_backwards: true,
                kings_fly: true,
                capture_mandatory: true,
                capture_choice: CaptureChoice::Majority,
                crown_during_capture: false,
                repetition_draw: Some(3),
                king_move_draw: Some(25),
                draws_claimed: false,
            },
            // Russian rules: free choice, a man crowned mid-capture goes on
            // as a king; 15 moves of kings only draw.
            Preset::Russian => DraughtsRules {
                board_size: 8,
                first_to_move: Colour::White,
                men_capture_backwards: true,
                kings_fly: true,
                capture_mandatory: true,
                capture_choice: CaptureChoice::Free,
                crown_during_capture: true,
                repetition_draw: Some(3),
                king_move_draw: Some(15),
                draws_claimed: false,
            },
            // International rules on the 8×8 board.
            Preset::Brazilian => DraughtsRules {
                board_size: 8,
                ..Preset::International.rules()
            },
        }
    }
}

/// The preset names, for error messages and option lists.
pub fn preset_names() -> Vec<&'static str> {
    Preset::ALL.iter().map(|p| p.name()).collect()
}

impl DraughtsRules {
    /// The board these rules are played on.
    pub fn geometry(&self) -> &'static Geometry {
        // `validate` admits only supported sizes; a rule set built by hand
        // with another size falls back to 8×8 rather than panicking.
        Geometry::of_size(self.board_size)
            .or_else(|| Geometry::of_size(8))
            .expect("8×8 is always supported")
    }

    /// The start position: each side's men on its nearest `size / 2 - 1`
    /// rows, Black on the low numbers, the first mover to move.
    pub fn start_position(&self) -> Position {
        Position::start(self.geometry(), self.first_to_move)
    }

    /// Checks the fields that serde's types alone do not restrict.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !BOARD_SIZES.contains(&self.board_size) {
            return Err(RulesError::Invalid {
                field: "board_size",
                found: self.board_size.to_string(),
                allowed: BOARD_SIZES
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        if let Some(n) = self.repetition_draw
            && n < 2
        {
            return Err(RulesError::Invalid {
                field: "repetition_draw",
                found: n.to_string(),
                allowed: "a count of at least 2, or null for no repetition rule".into(),
            });
        }
        if self.king_move_draw == Some(0) {
            return Err(RulesError::Invalid {
                field: "king_move_draw",
                found: "0".into(),
                allowed: "a number of moves of at least 1, or null for no such rule".into(),
            });
        }
        Ok(())
    }
}

/// Why a rule set could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    UnknownPreset {
        name: String,
    },
    /// A map without a preset must give every field.
    MissingFields {
        fields: Vec<&'static str>,
    },
    /// A field's value is outside what the engine plays.
    Invalid {
        field: &'static str,
        found: String,
        allowed: String,
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
                noun: DraughtsRules::NOUN,
                name: name.clone(),
                presets: preset_names(),
            }
            .fmt(f),
            RulesError::MissingFields { fields } => SpecError::MissingFields {
                noun: DraughtsRules::NOUN,
                fields: fields.clone(),
                presets: preset_names(),
            }
            .fmt(f),
            RulesError::Invalid {
                field,
                found,
                allowed,
            } => write!(f, "`{field}: {found}` is not allowed; allowed: {allowed}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// `engine.rules` in front matter: a preset name (`rules: russian-draughts`),
/// a map with a preset plus field overrides (`{ preset: international-draughts,
/// king_move_draw: null }`), or a map of every [`DraughtsRules`] field.
pub type RulesSpec = rulehub_game::spec::RulesSpec<DraughtsRules>;

/// Field overrides on top of a preset. `null` for `repetition_draw` or
/// `king_move_draw` switches that rule off.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_to_move: Option<Colour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub men_capture_backwards: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kings_fly: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_mandatory: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_choice: Option<CaptureChoice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crown_during_capture: Option<bool>,
    #[serde(
        default,
        deserialize_with = "rulehub_game::spec::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub repetition_draw: Option<Option<u8>>,
    #[serde(
        default,
        deserialize_with = "rulehub_game::spec::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub king_move_draw: Option<Option<u16>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws_claimed: Option<bool>,
}

impl RuleSet for DraughtsRules {
    type Overrides = RulesOverrides;
    type Error = RulesError;

    const NOUN: &'static str = "draughts rules";

    fn preset(name: &str) -> Option<DraughtsRules> {
        Preset::from_name(name).map(Preset::rules)
    }

    fn preset_names() -> Vec<&'static str> {
        preset_names()
    }

    fn take_preset(overrides: &mut RulesOverrides) -> Option<String> {
        overrides.preset.take()
    }

    fn merge(
        o: &RulesOverrides,
        base: Option<&DraughtsRules>,
        missing: &mut Missing,
    ) -> DraughtsRules {
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
        DraughtsRules {
            board_size: field!(board_size),
            first_to_move: field!(first_to_move, Colour::White),
            men_capture_backwards: field!(men_capture_backwards),
            kings_fly: field!(kings_fly),
            capture_mandatory: field!(capture_mandatory),
            capture_choice: field!(capture_choice, CaptureChoice::Free),
            crown_during_capture: field!(crown_during_capture),
            repetition_draw: field!(repetition_draw),
            king_move_draw: field!(king_move_draw),
            // Optional: rules that do not say so end games automatically.
            draws_claimed: o
                .draws_claimed
                .or(base.map(|b| b.draws_claimed))
                .unwrap_or(false),
        }
    }

    fn validate(&self) -> Result<(), RulesError> {
        DraughtsRules::validate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(yaml: &str) -> Result<RulesSpec, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn a_preset_name_resolves_to_its_rules() {
        for preset in Preset::ALL {
            let resolved = spec(preset.name())
                .expect("preset name parses")
                .resolve()
                .expect("preset resolves");
            assert_eq!(resolved, preset.rules());
        }
    }

    #[test]
    fn brazilian_is_international_on_the_small_board() {
        let mut brazilian = Preset::Brazilian.rules();
        assert_eq!(brazilian.board_size, 8);
        brazilian.board_size = 10;
        assert_eq!(brazilian, Preset::International.rules());
    }

    #[test]
    fn overrides_replace_fields_and_null_switches_a_draw_rule_off() {
        let rules = spec("{ preset: international-draughts, board_size: 8, king_move_draw: null }")
            .expect("parses")
            .resolve()
            .expect("resolves");
        assert_eq!(rules.board_size, 8);
        assert_eq!(rules.king_move_draw, None);
        assert_eq!(rules.repetition_draw, Some(3));
    }

    #[test]
    fn an_unknown_preset_lists_the_valid_ones() {
        let err = spec("italian-draughts").expect_err("unknown preset");
        assert!(
            err.contains("unknown draughts preset `italian-draughts`"),
            "{err}"
        );
        assert!(
            err.contains("english-draughts, international-draughts"),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_capture_choice_lists_the_allowed_values() {
        let err =
            spec("{ preset: english-draughts, capture_choice: most }").expect_err("bad value");
        assert!(err.contains("unknown variant `most`"), "{err}");
        assert!(err.contains("free") && err.contains("majority"), "{err}");
    }

    #[test]
    fn an_unknown_field_is_named() {
        let err = spec("{ preset: english-draughts, flying_kings: true }").expect_err("bad field");
        assert!(err.contains("flying_kings"), "{err}");
        assert!(err.contains("kings_fly"), "{err}");
    }

    #[test]
    fn an_unsupported_board_size_names_the_field_and_the_sizes() {
        let err = spec("{ preset: english-draughts, board_size: 12 }")
            .expect("parses")
            .resolve()
            .expect_err("12 is not supported");
        assert_eq!(
            err.to_string(),
            "`board_size: 12` is not allowed; allowed: 8, 10"
        );
    }

    #[test]
    fn a_map_without_preset_must_give_every_field() {
        let err = spec("{ board_size: 8, kings_fly: true }")
            .expect("parses")
            .resolve()
            .expect_err("fields missing");
        let RulesError::MissingFields { fields } = err else {
            panic!("expected missing fields, got {err:?}");
        };
        assert!(fields.contains(&"capture_choice") && !fields.contains(&"kings_fly"));
        let full = serde_yaml::to_string(&Preset::Russian.rules()).expect("serializes");
        let rules = spec(&full).expect("parses").resolve().expect("resolves");
        assert_eq!(rules, Preset::Russian.rules());
    }
}
