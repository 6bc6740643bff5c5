//! The sentences a worked example is shown with, in one language: what it
//! shows and the text alternatives of its two boards. The variant page, its
//! section of the family's print page and the search index all show the
//! same sentences, and wording a board position is a good part of a page's
//! cost, so each is worded once a build, at its first use, and shared.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::family::WorkedExample;
use crate::i18n::I18n;

/// The sentences of every example shown so far in this build, by language.
#[derive(Default)]
pub struct ExampleTexts(Mutex<HashMap<String, HashMap<ExampleKey, Arc<Sentences>>>>);

/// An example by its place in memory: examples live in the build's checked
/// variants, which outlive every page rendered from them.
type ExampleKey = usize;

#[derive(Default)]
struct Sentences {
    what: OnceLock<String>,
    before: OnceLock<String>,
    after: OnceLock<String>,
}

/// One example's sentences in one language, each worded when first asked.
pub struct ExampleText<'a> {
    sentences: Arc<Sentences>,
    example: &'a dyn WorkedExample,
    i18n: &'a I18n,
    lang: &'a str,
}

impl ExampleTexts {
    pub fn get<'a>(
        &self,
        i18n: &'a I18n,
        example: &'a dyn WorkedExample,
        lang: &'a str,
    ) -> ExampleText<'a> {
        // An example holds at least its id, so no two share an address.
        debug_assert!(std::mem::size_of_val(example) > 0);
        let key = std::ptr::from_ref(example).cast::<()>() as usize;
        let mut memo = self.0.lock().expect("no panics while holding the lock");
        let by_example = match memo.get_mut(lang) {
            Some(by_example) => by_example,
            None => memo.entry(lang.to_string()).or_default(),
        };
        ExampleText {
            sentences: Arc::clone(by_example.entry(key).or_default()),
            example,
            i18n,
            lang,
        }
    }
}

impl ExampleText<'_> {
    /// What the example shows ("The attacker moves … and captures …").
    pub fn sentence(&self) -> &str {
        self.sentences
            .what
            .get_or_init(|| self.example.describe(self.i18n, self.lang))
    }

    /// The text alternative of the board before the moves.
    pub fn before_alt(&self) -> &str {
        self.sentences
            .before
            .get_or_init(|| self.example.describe_before(self.i18n, self.lang))
    }

    /// The text alternative of the board after the moves.
    pub fn after_alt(&self) -> &str {
        self.sentences
            .after
            .get_or_init(|| self.example.describe_after(self.i18n, self.lang))
    }
}
