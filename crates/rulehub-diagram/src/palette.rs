//! Theme colour tokens: each token has a light and a dark colour.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::error::DiagramError;
use super::suggest::{closest, did_you_mean};

/// The default theme's palette, compiled into the binary: a copy of the
/// built-in theme's `themes/default/palette.yaml` inside the crate, so that
/// the crate builds from its own package (tests/testsuite/theme_overrides.rs
/// keeps the two equal).
const BUILTIN_YAML: &str = include_str!("../palette.yaml");

/// Tokens the built-in palette must define (a unit test checks), because
/// the default board and the piece, annotation and coordinate layers draw
/// with them. A theme's palette need not name them: it inherits them.
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

/// The built-in palette, read once.
static BUILTIN: std::sync::LazyLock<Palette> = std::sync::LazyLock::new(|| {
    let tokens = read_tokens(BUILTIN_YAML)
        .ok()
        .filter(|(_, problems)| problems.is_empty())
        .expect("themes/default/palette.yaml is valid (checked by a unit test)")
        .0;
    Palette { tokens }
});

/// The well-formed tokens of a palette file, and every problem found in
/// it, each placed at its token's line; an error when it is not YAML.
type Read = (BTreeMap<String, TokenColours>, Vec<DiagramError>);

fn read_tokens(text: &str) -> Result<Read, Vec<DiagramError>> {
    if let Some(offset) = rulehub_core::hub::limits::yaml_too_deep(text) {
        return Err(vec![
            DiagramError::general(format!(
                "palette: {}",
                rulehub_core::hub::limits::yaml_too_deep_message().0
            ))
            .at(offset),
        ]);
    }
    // A file of comments only is an empty palette: every token built in.
    let raw: Option<BTreeMap<String, RawTokenColours>> = serde_yaml::from_str(text).map_err(|e| {
        let mut message = e.to_string();
        if let Some(cut) = message.find(" at line ") {
            message.truncate(cut);
        }
        vec![DiagramError::general(format!(
            "palette: {message}; write one line per token, such as `throne: {{ light: \"#a5523a\", dark: \"#93432c\" }}`"
        ))
        .at(e.location().map_or(0, |l| l.index()))]
    })?;
    let mut problems = repeated_tokens(text);
    let mut tokens = BTreeMap::new();
    for (name, colours) in raw.unwrap_or_default() {
        let at = token_offset(text, &name).unwrap_or(0);
        let mut problem = |message: String| {
            problems.push(DiagramError::general(format!("palette: {message}")).at(at));
        };
        if !is_token_name(&name) {
            problem(format!(
                "token name `{name}` may use only lowercase letters, digits and `-` (such as `cell-light`)"
            ));
            continue;
        }
        let mut mode = |label: &str, value: Option<String>| match value {
            None => {
                problem(format!(
                    "token `{name}` has no {label} colour; add `{label}: \"#rrggbb\"` (quoted: an unquoted `#` starts a YAML comment)"
                ));
                None
            }
            Some(value) => match parse_hex(&value) {
                Some(hex) => Some(hex),
                None => {
                    problem(format!(
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
    Ok((tokens, problems))
}

/// A token written twice (YAML keeps the last without a word), placed at
/// the repeat.
fn repeated_tokens(text: &str) -> Vec<DiagramError> {
    let mut first_line: BTreeMap<&str, usize> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let here = offset;
        offset += line.len();
        let Some((name, _)) = line.split_once(':') else {
            continue;
        };
        if name.is_empty() || name != name.trim() || name.starts_with(['#', '-', '"', '\'']) {
            continue;
        }
        match first_line.get(name) {
            Some(first) => problems.push(
                DiagramError::general(format!(
                    "palette: token `{name}` is written twice (first on line {first}); keep one, YAML would silently use this one"
                ))
                .at(here),
            ),
            None => {
                first_line.insert(name, index + 1);
            }
        }
    }
    problems
}

impl Palette {
    /// Reads a theme's palette file: a map from token name to
    /// `{ light: "#rrggbb", dark: "#rrggbb" }`. The tokens it names replace
    /// the built-in palette's; the tokens it does not name come from the
    /// built-in palette. Every problem found is reported in the one error's
    /// message, one per line, placed at the first problem's token
    /// ([`Palette::from_theme_yaml`] keeps them apart).
    pub fn from_yaml(text: &str) -> Result<Palette, DiagramError> {
        Palette::from_theme_yaml(text).map_err(|problems| {
            let offset = problems.first().and_then(|p| p.offset).unwrap_or(0);
            let message = problems
                .iter()
                .map(|p| p.message.strip_prefix("palette: ").unwrap_or(&p.message))
                .collect::<Vec<_>>()
                .join("\n");
            DiagramError::general(format!("palette: {message}")).at(offset)
        })
    }

    /// [`Palette::from_yaml`] with every problem apart, each at the byte
    /// offset of its token's line. A name that is not a built-in token but
    /// nearly one (`kng`) is taken for a misspelling: left alone it would
    /// silently keep the built-in colour. Other new names (`water`) are the
    /// theme's own tokens, for its render ops.
    pub fn from_theme_yaml(text: &str) -> Result<Palette, Vec<DiagramError>> {
        Palette::builtin().with_theme_yaml(text)
    }

    /// A game family's own tokens (its `assets/palette.yaml`: the same
    /// syntax) added to this palette with their default colours, for the
    /// theme's palette to change like any other ([`Palette::with_theme_yaml`]).
    pub fn with_family_yaml(mut self, text: &str) -> Result<Palette, Vec<DiagramError>> {
        let (named, problems) = read_tokens(text)?;
        if !problems.is_empty() {
            return Err(problems);
        }
        self.tokens.extend(named);
        Ok(self)
    }

    /// [`Palette::from_theme_yaml`] over this palette (the built-in one
    /// with the families' tokens) instead of the built-in one alone.
    pub fn with_theme_yaml(&self, text: &str) -> Result<Palette, Vec<DiagramError>> {
        let (named, mut problems) = read_tokens(text)?;
        let builtin = self.clone();
        for name in named.keys() {
            if builtin.tokens.contains_key(name) {
                continue;
            }
            if let Some(near) = closest(name, builtin.tokens()) {
                problems.push(
                    DiagramError::general(format!(
                        "palette: unknown token `{name}`; did you mean `{near}`? A theme's palette names the built-in tokens it changes (the others keep their built-in colours) and may add tokens of its own, with names unlike the built-in ones"
                    ))
                    .at(token_offset(text, name).unwrap_or(0)),
                );
            }
        }
        if !problems.is_empty() {
            problems.sort_by_key(|e| e.offset);
            return Err(problems);
        }
        let mut tokens = builtin.tokens;
        tokens.extend(named);
        Ok(Palette { tokens })
    }

    /// The default theme's palette (`themes/default/palette.yaml`, compiled in).
    pub fn builtin() -> Palette {
        BUILTIN.clone()
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
    fn a_bad_palette_reports_every_problem_at_its_line() {
        let text = "throne:\n  light: #a5523a\n  dark: \"#000000\"\nBad_Name: { light: \"#000000\", dark: \"#000000\" }\nfloor: { light: \"red\", dark: \"#000000\" }\nkng: { light: \"#000000\", dark: \"#000000\" }\n";
        let errors = Palette::from_theme_yaml(text).unwrap_err();
        let at = |needle: &str| {
            let error = errors
                .iter()
                .find(|e| e.message.contains(needle))
                .unwrap_or_else(|| panic!("no error with {needle}: {errors:?}"));
            text[..error.offset.expect("placed")].lines().count() + 1
        };
        assert_eq!(at("token `throne` has no light colour"), 1);
        assert_eq!(at("`Bad_Name`"), 4);
        assert_eq!(at("`red` is not a colour"), 5);
        assert_eq!(at("unknown token `kng`; did you mean `king`?"), 6);
        assert_eq!(errors.len(), 4, "{errors:?}");
        let joined = Palette::from_yaml(text).unwrap_err();
        assert_eq!(joined.offset, Some(0));
        assert!(joined.message.contains("`kng`") && joined.message.contains("`red`"));
    }

    #[test]
    fn a_theme_palette_changes_the_tokens_it_names_and_keeps_the_rest() {
        let palette = Palette::from_yaml(
            "# only the throne\nthrone: { light: \"#010203\", dark: \"#040506\" }\nwater: { light: \"#0000ff\", dark: \"#000080\" }\n",
        )
        .expect("a partial palette is a palette");
        let builtin = Palette::builtin();
        assert_eq!(palette.light("throne"), Some("#010203"));
        assert_eq!(palette.dark("throne"), Some("#040506"));
        assert_eq!(palette.light("water"), Some("#0000ff"));
        for token in builtin.tokens().filter(|t| *t != "throne") {
            assert_eq!(palette.light(token), builtin.light(token), "{token}");
            assert_eq!(palette.dark(token), builtin.dark(token), "{token}");
        }
        assert_eq!(Palette::from_yaml("").ok(), Some(builtin.clone()));
        let text = "king: { light: \"#000000\", dark: \"#000000\" }\n# again\nking: { light: \"#ffffff\", dark: \"#ffffff\" }\n";
        let twice = Palette::from_theme_yaml(text).unwrap_err();
        assert_eq!(twice.len(), 1, "{twice:?}");
        assert!(
            twice[0]
                .message
                .contains("`king` is written twice (first on line 1)")
        );
        assert_eq!(twice[0].offset, text.rfind("king"));
        assert_eq!(Palette::from_yaml("# nothing yet\n").ok(), Some(builtin));
    }
}
