//! Parsing: reading one content file (within the size limit), splitting
//! its front matter from its body and reading the front matter of its kind,
//! every error at its line and column.

use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Position, did_you_mean};

use super::*;

/// A file's bytes, refused (with the reason) when it cannot be read or is
/// larger than [`limits::MAX_FILE_BYTES`].
pub(super) fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(limits::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > limits::MAX_FILE_BYTES {
        return Err(format!(
            "the file is larger than {} MiB, the most rulehub reads; split it into several pages",
            limits::MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(bytes)
}

/// One parsed content file.
#[derive(Clone)]
pub(super) enum Parsed {
    Home {
        lang: String,
        page: Page<SectionFrontMatter>,
    },
    FamilyIndex {
        family: String,
        lang: String,
        page: Page<SectionFrontMatter>,
    },
    Variant {
        family: String,
        name: String,
        page: Box<Page<VariantFrontMatter>>,
    },
    Translation {
        family: String,
        name: String,
        lang: String,
        page: Page<TranslationFrontMatter>,
    },
    Asset(Asset),
}

pub(super) fn parse_entry(
    root: &Path,
    entry: &Entry,
    config: &HubConfig,
) -> Result<Parsed, Vec<Diagnostic>> {
    let (path, lang) = match entry {
        Entry::Asset(asset) => return Ok(Parsed::Asset(asset.clone())),
        Entry::Home { path, lang }
        | Entry::FamilyIndex { path, lang, .. }
        | Entry::Variant { path, lang, .. } => (path, lang.clone()),
    };
    let rel = relative(root, path);
    let lang = resolve_language(&rel, lang, config)?;
    let bytes = read_limited(path).map_err(|e| vec![Diagnostic::error(&rel, e)])?;
    let text: Arc<str> = String::from_utf8(bytes)
        .map_err(|e| vec![Diagnostic::not_utf8(&rel, e.as_bytes(), &e.utf8_error())])?
        .into();
    let source = SourceFile { path: rel, text };
    let split = front_matter::split(&source.text).map_err(|e| {
        let (message, help) = e.message();
        vec![
            source
                .error(Position::at_offset(&source.text, 0), message)
                .with_help(help),
        ]
    })?;
    let is_default = config.is_default_language(&lang);
    Ok(match entry {
        Entry::Home { .. } => Parsed::Home {
            lang,
            page: section_page(source, split)?,
        },
        Entry::FamilyIndex { family, .. } => Parsed::FamilyIndex {
            family: family.clone(),
            lang,
            page: section_page(source, split)?,
        },
        Entry::Variant { family, name, .. } if is_default => {
            let front = parse_front(&source, &split, &keys::key_list::<VariantFrontMatter>())?;
            Parsed::Variant {
                family: family.clone(),
                name: name.clone(),
                page: Box::new(Page {
                    source,
                    split,
                    front: Arc::new(front),
                }),
            }
        }
        Entry::Variant { family, name, .. } => {
            let front = parse_translation_front(&source, &split)?;
            Parsed::Translation {
                family: family.clone(),
                name: name.clone(),
                lang,
                page: Page {
                    source,
                    split,
                    front: Arc::new(front),
                },
            }
        }
        Entry::Asset(_) => unreachable!("assets returned above"),
    })
}

pub(super) fn resolve_language(
    rel: &Path,
    lang: Option<String>,
    config: &HubConfig,
) -> Result<String, Vec<Diagnostic>> {
    let Some(code) = lang else {
        return Ok(config.default_language().code().to_string());
    };
    if config.language(&code).is_some() {
        return Ok(code);
    }
    let known: Vec<&str> = config.language_codes().collect();
    let mut diagnostic = Diagnostic::error(
        rel,
        format!(
            "unknown language code `{code}` in the file name; hub.yaml lists {}",
            known.join(", ")
        ),
    );
    diagnostic.help = Some(language_help(rel, &code, &known));
    Err(vec![diagnostic])
}

/// What to do about a file named for a language hub.yaml does not list.
/// A file named for a real language is never told to take the name of a
/// hub.yaml entry that is itself a typo (`cz`): hub.yaml is what to fix.
fn language_help(rel: &Path, code: &str, known: &[&str]) -> String {
    if is_known_language(code) {
        let name = language_name(code).map_or(String::new(), |n| format!(" ({n})"));
        let typo = known.iter().find(|entry| {
            !is_known_language(entry)
                && (meant_language(entry).is_some_and(|(meant, _)| meant == code)
                    || did_you_mean(entry, [code]).is_some())
        });
        return match typo {
            Some(typo) => format!(
                "hub.yaml lists `{typo}`, which is not a language code: write `{code}`{name} there"
            ),
            None => format!(
                "add `{code}`{name} to `languages` in hub.yaml, or rename the file if its language is another"
            ),
        };
    }
    let near = meant_language(code)
        .map(|(meant, _)| meant)
        .filter(|meant| known.contains(meant))
        .or_else(|| did_you_mean(code, known.iter().copied()));
    let file = rel
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match near {
        Some(near) => {
            let renamed = file.replace(&format!(".{code}."), &format!(".{near}."));
            format!(
                "did you mean `{near}`? `{code}` is not a language code: rename the file to {renamed}"
            )
        }
        None => format!(
            "`{code}` is not a language code: rename the file with one of hub.yaml's codes ({})",
            known.join(", ")
        ),
    }
}

pub(super) fn section_page(
    source: SourceFile,
    split: Split,
) -> Result<Page<SectionFrontMatter>, Vec<Diagnostic>> {
    let front = parse_front(&source, &split, &keys::key_list::<SectionFrontMatter>())?;
    Ok(Page {
        source,
        split,
        front: Arc::new(front),
    })
}

pub(super) fn parse_front<F: serde::de::DeserializeOwned>(
    source: &SourceFile,
    split: &Split,
    keys: &str,
) -> Result<F, Vec<Diagnostic>> {
    front_matter::parse(&source.text, &split.yaml).map_err(|(message, position)| {
        let help = if let Some(hint) = crate::diagnostic::serde_hint(&message) {
            hint
        } else if let Some(allowed) = allowed_keys(&message) {
            // serde names the keys of the mapping the unknown key sits in,
            // which inside `engine.rules` are not the top-level keys.
            format!("the keys allowed there are: {allowed}")
        } else if message.contains("missing field") && message.contains(": missing field") {
            "add the missing key to the block the message names".to_string()
        } else if message.contains("unknown field") || message.contains("missing field") {
            format!("the keys here are: {keys}")
        } else {
            "check the YAML syntax and the value's type".to_string()
        };
        vec![source.error(position, message).with_help(help)]
    })
}

/// The keys serde lists after "unknown field `x`, expected one of …" (or
/// "expected `y`"), without their backticks.
pub(super) fn allowed_keys(message: &str) -> Option<String> {
    let rest = &message[message.find("unknown field")?..];
    let list = rest
        .split_once(", expected one of ")
        .or_else(|| rest.split_once(", expected "))?
        .1;
    let keys: Vec<&str> = list
        .split(", ")
        .map(|key| key.trim().trim_matches('`'))
        .filter(|key| !key.is_empty())
        .collect();
    (!keys.is_empty()).then(|| keys.join(", "))
}

pub(super) fn parse_translation_front(
    source: &SourceFile,
    split: &Split,
) -> Result<TranslationFrontMatter, Vec<Diagnostic>> {
    let forbidden: Vec<Diagnostic> = front_matter::DEFAULT_LANGUAGE_ONLY_KEYS
        .iter()
        .filter(|key| top_level_key(&source.text[split.yaml.clone()], key))
        .map(|key| {
            source
                .error(front_matter::key_position(&source.text, &split.yaml, key), format!("a translation cannot set `{key}`"))
                .with_help("engine, rules, render data, slug and order come only from the default-language file; remove the key here")
        })
        .collect();
    if !forbidden.is_empty() {
        return Err(forbidden);
    }
    parse_front(source, split, &keys::key_list::<TranslationFrontMatter>())
}

pub(super) fn top_level_key(yaml: &str, key: &str) -> bool {
    yaml.lines().any(|line| {
        line.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
    })
}
