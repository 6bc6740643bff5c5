//! UI strings and generated sentences in every language of the hub, from
//! Fluent files (`themes/<theme>/i18n/<lang>.ftl`), with each language's own
//! plural rules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::diagnostic::{Diagnostic, Position};
use crate::hub::Language;

/// One language's Fluent source, as read from the theme.
#[derive(Debug, Clone, PartialEq)]
pub struct FluentSource {
    pub language: Language,
    /// Path for messages, e.g. `themes/default/i18n/cs.ftl`.
    pub path: PathBuf,
    pub text: Arc<str>,
}

/// Localised messages for every configured language.
pub struct I18n {
    bundles: BTreeMap<String, FluentBundle<FluentResource>>,
}

impl std::fmt::Debug for I18n {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("I18n")
            .field("languages", &self.bundles.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// An argument value for a message.
pub enum Arg<'a> {
    Str(&'a str),
    Num(usize),
}

impl I18n {
    /// Builds the bundles. Every file must parse, and every message must
    /// exist in every language — both the messages any file defines and the
    /// `required` ones the program asks for — or the build stops with an
    /// error naming the key and the language.
    ///
    /// A language may have several sources (the theme's file, then the game
    /// families' messages): they make one bundle, and an earlier source's
    /// message wins over a later one's with the same id. A message missing
    /// in a language is reported at that language's file from the same
    /// folder as a file that defines it (a family's `cs.ftl` when its
    /// `en.ftl` has it), else at the language's first file (the theme's).
    pub fn load(sources: &[FluentSource], required: &[&str]) -> Result<I18n, Vec<Diagnostic>> {
        let mut diagnostics = Vec::new();
        let mut bundles = BTreeMap::new();
        let mut ids_by_lang: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        // Message id → the folders of the files that define it.
        let mut defined_in: BTreeMap<String, BTreeSet<Option<PathBuf>>> = BTreeMap::new();
        for source in sources {
            let resource = match FluentResource::try_new(source.text.to_string()) {
                Ok(resource) => resource,
                Err((resource, errors)) => {
                    for error in errors {
                        diagnostics.push(
                            Diagnostic::error(
                                &source.path,
                                format!("Fluent syntax error: {}", error.kind),
                            )
                            .at(Position::at_offset(&source.text, error.pos.start))
                            .with_source(source.text.clone())
                            .with_help(
                                "see https://projectfluent.org/fluent/guide/ for the syntax",
                            ),
                        );
                    }
                    resource
                }
            };
            let ids: BTreeSet<String> = resource
                .entries()
                .filter_map(|entry| match entry {
                    fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                    _ => None,
                })
                .collect();
            let code = source.language.code().to_string();
            let first = !bundles.contains_key(&code);
            let bundle = bundles.entry(code.clone()).or_insert_with(|| {
                let mut bundle = FluentBundle::new_concurrent(vec![source.language.identifier()]);
                // Unicode isolation marks would end up inside HTML attributes
                // and SVG text, where they help nobody.
                bundle.set_use_isolating(false);
                bundle
            });
            // A message written twice in the language's first file is an
            // error; a later file's message the bundle already has is left
            // out (the theme's wording wins over a family's).
            if let (Err(errors), true) = (bundle.add_resource(resource), first) {
                for error in errors {
                    diagnostics.push(
                        Diagnostic::error(&source.path, format!("{error}"))
                            .with_source(source.text.clone()),
                    );
                }
            }
            for id in &ids {
                defined_in
                    .entry(id.clone())
                    .or_default()
                    .insert(source.path.parent().map(Path::to_path_buf));
            }
            ids_by_lang.entry(code).or_default().extend(ids);
        }
        let all_ids: BTreeSet<&str> = ids_by_lang
            .values()
            .flatten()
            .map(String::as_str)
            .chain(required.iter().copied())
            .collect();
        // Each language's sources, in order: a missing message is reported
        // once per language, at the file it belongs in.
        let mut by_lang: BTreeMap<&str, Vec<&FluentSource>> = BTreeMap::new();
        for source in sources {
            by_lang
                .entry(source.language.code())
                .or_default()
                .push(source);
        }
        for (code, files) in &by_lang {
            let ids = &ids_by_lang[*code];
            for id in &all_ids {
                if ids.contains(*id) {
                    continue;
                }
                let folders = defined_in.get(*id);
                let source = files
                    .iter()
                    .find(|file| {
                        folders.is_some_and(|folders| {
                            folders.contains(&file.path.parent().map(Path::to_path_buf))
                        })
                    })
                    .or(files.first())
                    .copied();
                let Some(source) = source else { continue };
                diagnostics.push(
                    Diagnostic::error(
                        &source.path,
                        format!(
                            "message `{id}` is missing in language `{}`",
                            source.language
                        ),
                    )
                    .with_help(format!("add `{id} = …` to {}", source.path.display())),
                );
            }
        }
        if diagnostics.is_empty() {
            Ok(I18n { bundles })
        } else {
            Err(diagnostics)
        }
    }

    pub fn has_language(&self, code: &str) -> bool {
        self.bundles.contains_key(code)
    }

    /// "a, b and c" in `lang`, with the theme's `list-and` word.
    pub fn and_list(&self, lang: &str, mut items: Vec<String>) -> String {
        match items.len() {
            0 => String::new(),
            1 => items.remove(0),
            _ => {
                let last = items.pop().unwrap_or_default();
                let and = self.message(lang, "list-and", &[]);
                format!("{} {and} {last}", items.join(", "))
            }
        }
    }

    /// Formats message `id` in `lang`. Loading guaranteed every message
    /// exists in every language, so a miss is a programming error that shows
    /// up in the page as the bare id instead of crashing a build.
    pub fn message(&self, lang: &str, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(bundle) = self.bundles.get(lang) else {
            return id.to_string();
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Str(s) => fluent_args.set(*name, FluentValue::from(*s)),
                Arg::Num(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }

    /// Every message of `lang` that takes no arguments, for templates.
    pub fn strings(&self, lang: &str, ids: &[&str]) -> BTreeMap<String, String> {
        ids.iter()
            .map(|id| (id.replace('-', "_"), self.message(lang, id, &[])))
            .collect()
    }
}

/// `text` with its first letter in upper case (for a generated sentence
/// that starts with a value, or a title made from a folder name).
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` with its first letter in lower case (a sentence placed inside
/// another).
pub fn decapitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(code: &str, text: &str) -> FluentSource {
        FluentSource {
            language: Language::parse(code).expect("valid code"),
            path: PathBuf::from(format!("{code}.ftl")),
            text: text.into(),
        }
    }

    #[test]
    fn a_key_missing_in_one_language_names_key_and_language() {
        let sources = [source("en", "a = A\nb = B\n"), source("cs", "a = Á\n")];
        let errors = I18n::load(&sources, &[]).expect_err("cs lacks b");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "message `b` is missing in language `cs`");
        assert_eq!(errors[0].file, PathBuf::from("cs.ftl"));
    }

    #[test]
    fn a_required_key_missing_everywhere_is_reported_for_each_language() {
        let sources = [source("en", "a = A\n"), source("fi", "a = A\n")];
        let errors = I18n::load(&sources, &["players"]).expect_err("players missing");
        assert_eq!(errors.len(), 2);
    }

    fn part(code: &str, folder: &str, text: &str) -> FluentSource {
        FluentSource {
            path: PathBuf::from(folder).join(format!("{code}.ftl")),
            ..source(code, text)
        }
    }

    /// A family's messages join the theme's: a message its Czech file
    /// lacks is reported at that file, and the theme's wording of a
    /// message wins over the family's.
    #[test]
    fn a_familys_missing_message_is_reported_at_the_familys_file() {
        let sources = [
            part("en", "theme", "a = A\nshared = theme's\n"),
            part("en", "family", "f = F\ng = G\nshared = family's\n"),
            part("cs", "theme", "a = Á\nshared = motiv\n"),
            part("cs", "family", "f = F\n"),
        ];
        let errors = I18n::load(&sources, &[]).expect_err("the family's cs lacks g");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].message, "message `g` is missing in language `cs`");
        assert_eq!(errors[0].file, PathBuf::from("family/cs.ftl"));

        let sources = [
            part("en", "theme", "a = A\nshared = theme's\n"),
            part("en", "family", "shared = family's\n"),
        ];
        let i18n = I18n::load(&sources, &[]).expect("complete");
        assert_eq!(i18n.message("en", "shared", &[]), "theme's");
    }

    #[test]
    fn syntax_errors_carry_a_line() {
        let errors =
            I18n::load(&[source("en", "a = A\n\n!!! nonsense\n")], &[]).expect_err("bad syntax");
        assert_eq!(errors[0].line(), Some(3));
    }
}
