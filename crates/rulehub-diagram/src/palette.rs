//! Theme colour tokens: each token has a light and a dark colour.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::error::DiagramError;
use super::suggest::did_you_mean;

/// The default theme's palette, compiled into the binary.
const BUILTIN_YAML: &str = include_str!("../../../themes/default/palette.yaml");

/// Tokens every palette must define, because the default board and the
/// piece, annotation and coordinate layers draw with them.
pub const REQUIRED_TOKENS: &[&str] = &[
    "background",
    "frame",
    "cell-light",
    "cell-dark",
    "floor",
    "floor-stroke",
    "throne",
    "throne-stroke",
    "corner",
    "corner-stroke",
    "piece-shadow",
    "attacker",
    "attacker-stroke",
    "attacker-mark",
    "defender",
    "defender-stroke",
    "king",
    "king-stroke",
    "king-mark",
    "highlight-from",
    "highlight-to",
    "highlight-stroke",
    "arrow",
    "arrow-halo",
    "capture",
    "capture-halo",
    "coordinate",
];

/// The colour value that means "draw nothing".
pub const TRANSPARENT: &str = "transparent";

/// A theme's colour tokens, each with a light-mode and a dark-mode `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette {
    tokens: BTreeMap<String, TokenColours>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct TokenColours {
    light: String,
    dark: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTokenColours {
    light: Option<String>,
    dark: Option<String>,
}

/// A colour reference from a render op, resolved against a palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Paint {
    /// A theme token: drawn through a CSS class so dark mode can swap it.
    Token(String),
    /// A raw `#rrggbb`, lowercased.
    Raw(String),
    /// `transparent`: nothing is painted.
    None,
}

/// Where the line defining `token` starts in a palette file.
fn token_offset(text: &str, token: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line
            .strip_prefix(token)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
        {
            return Some(offset);
        }
        offset += line.len();
    }
    None
}

impl Palette {
    /// Reads a palette file: a map from token name to `{ light: "#rrggbb", dark: "#rrggbb" }`.
    /// Every problem found is reported in the one error's message, one per line.
    pub fn from_yaml(text: &str) -> Result<Palette, DiagramError> {
        if let Some(offset) = rulehub_core::hub::limits::yaml_too_deep(text) {
            return Err(DiagramError::general(format!(
                "palette: {}",
                rulehub_core::hub::limits::yaml_too_deep_message().0
            ))
            .at(offset));
        }
        let raw: BTreeMap<String, RawTokenColours> = serde_yaml::from_str(text).map_err(|e| {
            let mut message = e.to_string();
            if let Some(cut) = message.find(" at line ") {
                message.truncate(cut);
            }
            DiagramError::general(format!(
                "palette: {message}; write one line per token, such as `throne: {{ light: \"#a5523a\", dark: \"#93432c\" }}`"
            ))
            .at(e.location().map_or(0, |l| l.index()))
        })?;
        let mut problems = Vec::new();
        let mut tokens = BTreeMap::new();
        for (name, colours) in raw {
            if !is_token_name(&name) {
                problems.push(format!(
                    "token name `{name}` may use only lowercase letters, digits and `-` (such as `cell-light`)"
                ));
                continue;
            }
            let mut mode = |label: &str, value: Option<String>| match value {
                None => {
                    problems.push(format!(
                        "token `{name}` has no {label} colour; add `{label}: \"#rrggbb\"` (quoted: an unquoted `#` starts a YAML comment)"
                    ));
                    None
                }
                Some(value) => match parse_hex(&value) {
                    Some(hex) => Some(hex),
                    None => {
                        problems.push(format!(
                            "token `{name}` {label} colour `{value}` is not a colour; write `#rrggbb`, such as `#a5523a`"
                        ));
                        None
                    }
                },
            };
            let light = mode("light", colours.light);
            let dark = mode("dark", colours.dark);
            if let (Some(light), Some(dark)) = (light, dark) {
                tokens.insert(name, TokenColours { light, dark });
            }
        }
        let missing: Vec<&str> = REQUIRED_TOKENS
            .iter()
            .copied()
            .filter(|token| {
                !tokens.contains_key(*token)
                    && !problems.iter().any(|p| p.contains(&format!("`{token}`")))
            })
            .collect();
        if !missing.is_empty() {
            problems.push(format!(
                "the palette lacks token(s) {} that boards are drawn with; copy them from themes/default/palette.yaml",
                missing.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
            ));
        }
        if problems.is_empty() {
            Ok(Palette { tokens })
        } else {
            // Placed at the first token a problem names, or the file's start.
            let offset = problems
                .iter()
                .flat_map(|p| p.split('`').skip(1).step_by(2))
                .find_map(|token| token_offset(text, token))
                .unwrap_or(0);
            Err(DiagramError::general(format!("palette: {}", problems.join("\n"))).at(offset))
        }
    }

    /// The default theme's palette (`themes/default/palette.yaml`, compiled in).
    pub fn builtin() -> Palette {
        Palette::from_yaml(BUILTIN_YAML)
            .expect("themes/default/palette.yaml is valid (checked by a unit test)")
    }

    /// The light-mode `#rrggbb` of a token.
    pub fn light(&self, token: &str) -> Option<&str> {
        self.tokens.get(token).map(|c| c.light.as_str())
    }

    /// The dark-mode `#rrggbb` of a token.
    pub fn dark(&self, token: &str) -> Option<&str> {
        self.tokens.get(token).map(|c| c.dark.as_str())
    }

    /// Every token name, sorted.
    pub fn tokens(&self) -> impl Iterator<Item = &str> {
        self.tokens.keys().map(String::as_str)
    }

    /// Resolves a colour written in a render op: a token, `#rrggbb` or `transparent`.
    /// The error message names the bad value and says how to fix it.
    pub(crate) fn resolve(&self, value: &str) -> Result<Paint, String> {
        if value == TRANSPARENT {
            return Ok(Paint::None);
        }
        if value.starts_with('#') {
            return parse_hex(value).map(Paint::Raw).ok_or_else(|| {
                format!("`{value}` is not a colour; write `#rrggbb` (six hex digits, such as `#a5523a`), a theme token or `transparent`")
            });
        }
        if self.tokens.contains_key(value) {
            return Ok(Paint::Token(value.to_string()));
        }
        let hint = did_you_mean(value, self.tokens().chain([TRANSPARENT]));
        let hint = if hint.is_empty() {
            "; use a token from the theme palette (such as `cell-light` or `throne`), a colour `#rrggbb` or `transparent`".to_string()
        } else {
            hint
        };
        Err(format!("unknown colour token `{value}`{hint}"))
    }
}

fn is_token_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && name.as_bytes()[0].is_ascii_lowercase()
}

/// `#rrggbb` (any case) → lowercase, or `None`.
fn parse_hex(value: &str) -> Option<String> {
    let digits = value.strip_prefix('#')?;
    (digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| format!("#{}", digits.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_palette_loads_and_has_every_required_token() {
        let palette = Palette::builtin();
        for token in REQUIRED_TOKENS {
            assert!(palette.light(token).is_some(), "{token}");
            assert!(palette.dark(token).is_some(), "{token}");
        }
    }

    #[test]
    fn colours_resolve_to_tokens_raw_hex_or_nothing() {
        let palette = Palette::builtin();
        assert_eq!(palette.resolve("throne"), Ok(Paint::Token("throne".into())));
        assert_eq!(palette.resolve("#A5523A"), Ok(Paint::Raw("#a5523a".into())));
        assert_eq!(palette.resolve("transparent"), Ok(Paint::None));
        let err = palette.resolve("throne-strok").unwrap_err();
        assert!(
            err.contains("`throne-strok`") && err.contains("did you mean `throne-stroke`?"),
            "{err}"
        );
        assert!(palette.resolve("#abc").unwrap_err().contains("#rrggbb"));
    }

    #[test]
    fn a_bad_palette_reports_every_problem() {
        let err = Palette::from_yaml("throne:\n  light: #a5523a\n  dark: \"#000000\"\nBad_Name: { light: \"#000000\", dark: \"#000000\" }\nfloor: { light: \"red\", dark: \"#000000\" }\n")
            .unwrap_err();
        let text = err.message;
        assert!(
            text.contains("token `throne` has no light colour"),
            "{text}"
        );
        assert!(text.contains("`Bad_Name`"), "{text}");
        assert!(text.contains("`red` is not a colour"), "{text}");
        assert!(
            text.contains("lacks token(s)") && text.contains("`king`"),
            "{text}"
        );
        assert!(
            !text.contains("`throne`, "),
            "throne was reported already: {text}"
        );
    }
}
