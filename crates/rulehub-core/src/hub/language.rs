//! Language codes as written in `hub.yaml` and in file names (`tablut.cs.md`).

use std::fmt;

use serde::{Deserialize, Deserializer};
use unic_langid::LanguageIdentifier;

/// A validated BCP 47 language tag such as `en`, `cs` or `pt-BR`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Language {
    code: String,
}

impl Language {
    pub fn parse(code: &str) -> Result<Language, String> {
        let valid_shape = !code.is_empty()
            && code.split('-').next().is_some_and(|primary| {
                (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_lowercase())
            });
        if !valid_shape || code.parse::<LanguageIdentifier>().is_err() {
            return Err(format!(
                "`{code}` is not a language code; use a lowercase ISO 639 code such as `en`, `cs` or `fi`"
            ));
        }
        Ok(Language {
            code: code.to_string(),
        })
    }

    pub fn english() -> Language {
        Language {
            code: "en".to_string(),
        }
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn identifier(&self) -> LanguageIdentifier {
        // `parse` only accepts codes that unic-langid accepted.
        self.code
            .parse()
            .expect("language code was validated on creation")
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Language::parse(&code).map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_and_regional_codes_and_rejects_the_rest() {
        for ok in ["en", "cs", "fi", "pt-BR", "fil"] {
            assert!(Language::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["", "EN", "english", "e", "c s", "../x"] {
            assert!(Language::parse(bad).is_err(), "{bad}");
        }
    }
}
