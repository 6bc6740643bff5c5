//! A family's rules as authors write them in a page's `engine.rules`: a
//! preset's name (`rules: tablut`), a preset with fields that override it
//! (`{ preset: tablut, move_limit: 200 }`), or every field. Reading and
//! resolving that is the same for every family; what a family gives is its
//! presets and how its fields merge ([`RuleSet`]).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{DeserializeOwned, Error as _, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

/// A family's rule set, as a page's `engine.rules` names it.
pub trait RuleSet: Sized {
    /// What a map may hold: every field as an `Option`, and the `preset`
    /// key ([`RuleSet::take_preset`]). Unknown keys are refused by name
    /// (`#[serde(deny_unknown_fields)]`).
    type Overrides: DeserializeOwned + Default + PartialEq;
    /// Why a rule set is refused: the family's own reasons, and those of
    /// reading the spec.
    type Error: From<SpecError>;

    /// How messages name these rules ("rules", or "<family> rules").
    const NOUN: &'static str;

    fn preset(name: &str) -> Option<Self>;

    fn preset_names() -> Vec<&'static str>;

    /// The rules a spec with neither a preset nor a field stands for;
    /// `None` when such a spec must give every field.
    fn when_empty() -> Option<Self> {
        None
    }

    /// Takes the preset's name out of the map's fields.
    fn take_preset(overrides: &mut Self::Overrides) -> Option<String>;

    /// The rules with each field from `overrides`, else from `base`; a
    /// field neither gives is recorded in `missing` (its value is then a
    /// placeholder never used).
    fn merge(overrides: &Self::Overrides, base: Option<&Self>, missing: &mut Missing) -> Self;

    /// Whether the merged rules hold together.
    fn validate(&self) -> Result<(), Self::Error>;
}

/// The fields a spec without a preset left out.
#[derive(Debug, Default)]
pub struct Missing(Vec<&'static str>);

impl Missing {
    /// The override, else the base's value, else `placeholder` with `name`
    /// recorded as missing.
    pub fn field<T: Clone>(
        &mut self,
        name: &'static str,
        value: &Option<T>,
        base: Option<&T>,
        placeholder: T,
    ) -> T {
        match (value, base) {
            (Some(value), _) => value.clone(),
            (None, Some(base)) => base.clone(),
            (None, None) => {
                self.0.push(name);
                placeholder
            }
        }
    }
}

/// `engine.rules`: a preset and the fields that override it.
#[derive(Serialize)]
#[serde(bound(serialize = "R::Overrides: Serialize"))]
pub struct RulesSpec<R: RuleSet> {
    pub preset: Option<String>,
    pub overrides: R::Overrides,
    #[serde(skip)]
    rules: PhantomData<fn() -> R>,
}

impl<R: RuleSet> RulesSpec<R> {
    /// A bare preset name.
    pub fn preset(name: &str) -> Self {
        RulesSpec::new(Some(name.to_string()), R::Overrides::default())
    }

    pub fn new(preset: Option<String>, overrides: R::Overrides) -> Self {
        RulesSpec {
            preset,
            overrides,
            rules: PhantomData,
        }
    }

    /// The rule set this spec stands for, validated.
    pub fn resolve(&self) -> Result<R, R::Error> {
        let base = match &self.preset {
            Some(name) => Some(R::preset(name).ok_or_else(|| unknown::<R>(name))?),
            None if self.overrides == R::Overrides::default() => R::when_empty(),
            None => None,
        };
        let mut missing = Missing::default();
        let rules = R::merge(&self.overrides, base.as_ref(), &mut missing);
        if !missing.0.is_empty() {
            return Err(SpecError::MissingFields {
                noun: R::NOUN,
                fields: missing.0,
                presets: R::preset_names(),
            }
            .into());
        }
        rules.validate()?;
        Ok(rules)
    }
}

fn unknown<R: RuleSet>(name: &str) -> SpecError {
    SpecError::UnknownPreset {
        noun: R::NOUN,
        name: name.to_string(),
        presets: R::preset_names(),
    }
}

impl<R: RuleSet> Default for RulesSpec<R> {
    fn default() -> Self {
        RulesSpec::new(None, R::Overrides::default())
    }
}

impl<R: RuleSet> Clone for RulesSpec<R>
where
    R::Overrides: Clone,
{
    fn clone(&self) -> Self {
        RulesSpec::new(self.preset.clone(), self.overrides.clone())
    }
}

impl<R: RuleSet> PartialEq for RulesSpec<R> {
    fn eq(&self, other: &Self) -> bool {
        self.preset == other.preset && self.overrides == other.overrides
    }
}

impl<R: RuleSet> Eq for RulesSpec<R> where R::Overrides: Eq {}

impl<R: RuleSet> fmt::Debug for RulesSpec<R>
where
    R::Overrides: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RulesSpec")
            .field("preset", &self.preset)
            .field("overrides", &self.overrides)
            .finish()
    }
}

impl<'de, R: RuleSet> Deserialize<'de> for RulesSpec<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(SpecVisitor(PhantomData))
    }
}

struct SpecVisitor<R>(PhantomData<fn() -> R>);

impl<'de, R: RuleSet> Visitor<'de> for SpecVisitor<R> {
    type Value = RulesSpec<R>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a {} preset name ({}) or a map of rule fields",
            R::NOUN,
            R::preset_names().join(", ")
        )
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RulesSpec<R>, E> {
        if R::preset(name).is_none() {
            return Err(E::custom(unknown::<R>(name)));
        }
        Ok(RulesSpec::preset(name))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RulesSpec<R>, A::Error> {
        let mut overrides =
            R::Overrides::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        let preset = R::take_preset(&mut overrides);
        if let Some(name) = &preset
            && R::preset(name).is_none()
        {
            return Err(A::Error::custom(unknown::<R>(name)));
        }
        Ok(RulesSpec::new(preset, overrides))
    }
}

/// Why a spec names no rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    UnknownPreset {
        noun: &'static str,
        name: String,
        presets: Vec<&'static str>,
    },
    MissingFields {
        noun: &'static str,
        fields: Vec<&'static str>,
        presets: Vec<&'static str>,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownPreset {
                noun,
                name,
                presets,
            } => {
                // "rules" reads "unknown rules preset"; "<family> rules"
                // reads "unknown <family> preset".
                let family = noun.strip_suffix(" rules").unwrap_or(noun);
                write!(
                    f,
                    "unknown {family} preset `{name}`; valid presets: {}",
                    presets.join(", ")
                )
            }
            SpecError::MissingFields {
                noun,
                fields,
                presets,
            } => write!(
                f,
                "{noun} without a `preset` must give every field; missing: {}; or add \
                 `preset: <name>` with one of: {}",
                fields.join(", "),
                presets.join(", ")
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// For a field that `null` switches off (`move_limit: null`): a field that
/// is present, even as `null`, reads as `Some(..)`, and an absent one as
/// `None`. Use with `#[serde(default, deserialize_with = "present")]`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A family of two fields and two presets.
    #[derive(Debug, Clone, PartialEq)]
    struct Toy {
        size: u8,
        limit: Option<u16>,
    }

    #[derive(Debug, Default, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ToyFields {
        preset: Option<String>,
        size: Option<u8>,
        #[serde(default, deserialize_with = "present")]
        limit: Option<Option<u16>>,
    }

    impl RuleSet for Toy {
        type Overrides = ToyFields;
        type Error = String;
        const NOUN: &'static str = "toy rules";

        fn preset(name: &str) -> Option<Toy> {
            match name {
                "small" => Some(Toy {
                    size: 5,
                    limit: Some(50),
                }),
                "large" => Some(Toy {
                    size: 19,
                    limit: None,
                }),
                _ => None,
            }
        }

        fn preset_names() -> Vec<&'static str> {
            vec!["small", "large"]
        }

        fn take_preset(overrides: &mut ToyFields) -> Option<String> {
            overrides.preset.take()
        }

        fn merge(o: &ToyFields, base: Option<&Toy>, missing: &mut Missing) -> Toy {
            Toy {
                size: missing.field("size", &o.size, base.map(|b| &b.size), 0),
                limit: missing.field("limit", &o.limit, base.map(|b| &b.limit), None),
            }
        }

        fn validate(&self) -> Result<(), String> {
            (self.size >= 5)
                .then_some(())
                .ok_or_else(|| format!("a board of {} is too small", self.size))
        }
    }

    impl From<SpecError> for String {
        fn from(error: SpecError) -> String {
            error.to_string()
        }
    }

    fn read(yaml: &str) -> Result<RulesSpec<Toy>, String> {
        serde_json::from_str(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn a_preset_a_preset_with_overrides_and_every_field_resolve() {
        let small = read(r#""small""#)
            .expect("a name")
            .resolve()
            .expect("rules");
        assert_eq!(small.size, 5);
        let changed = read(r#"{"preset": "small", "limit": null}"#)
            .expect("a map")
            .resolve()
            .expect("rules");
        assert_eq!(
            changed,
            Toy {
                size: 5,
                limit: None
            }
        );
        let full = read(r#"{"size": 9, "limit": 80}"#).expect("every field");
        assert_eq!(
            full.resolve(),
            Ok(Toy {
                size: 9,
                limit: Some(80)
            })
        );
    }

    #[test]
    fn unknown_presets_fields_and_missing_fields_are_named() {
        let unknown = read(r#""tiny""#).expect_err("no such preset");
        assert!(
            unknown.contains("unknown toy preset `tiny`; valid presets: small, large"),
            "{unknown}"
        );
        let field = read(r#"{"preset": "small", "sise": 3}"#).expect_err("a typo");
        assert!(field.contains("sise"), "{field}");
        let missing = read(r#"{"size": 9}"#)
            .expect("a map")
            .resolve()
            .expect_err("limit");
        assert!(
            missing.contains("toy rules without a `preset` must give every field; missing: limit"),
            "{missing}"
        );
        let empty = read("{}")
            .expect("a map")
            .resolve()
            .expect_err("no default");
        assert!(empty.contains("missing: size, limit"), "{empty}");
        let invalid = read(r#"{"preset": "small", "size": 3}"#)
            .expect("a map")
            .resolve();
        assert_eq!(invalid, Err("a board of 3 is too small".to_string()));
    }
}
