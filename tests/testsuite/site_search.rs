//! A reader searches the rules in their language: the index a build writes
//! under `search/<lang>/` is read here the way `assets/search.js` reads it
//! (fold the word, find its shard, follow the word form to its stem,
//! decode the postings, open the document file), so these tests fail when
//! the index would not lead the script to the page.

use std::collections::BTreeMap;
use std::path::Path;

use rulehub::site::{self, BuildOptions};
use serde_json::Value;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use crate::common;

struct Site(BTreeMap<String, Vec<u8>>);

impl Site {
    fn build(root: &Path) -> Site {
        let built = site::build(root, &BuildOptions::default()).expect("hub builds");
        Site(built.files.files)
    }

    fn json(&self, path: &str) -> Value {
        let bytes = self
            .0
            .get(path)
            .unwrap_or_else(|| panic!("{path} is written"));
        serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{path} is JSON: {e}"))
    }

    /// The documents `word` leads to in `lang`'s index, best first:
    /// (href, page title, heading, snippet).
    fn search(&self, lang: &str, word: &str) -> Vec<(String, String, String, String)> {
        let folder = format!("search/{lang}/");
        let manifest = self.json(&format!("{folder}index.json"));
        let word: String = word
            .to_lowercase()
            .nfd()
            .filter(|c| !is_combining_mark(*c))
            .collect();
        let shard_of = |term: &str| {
            let key = manifest["keys"]
                .as_array()
                .expect("keys")
                .iter()
                .filter_map(Value::as_str)
                .filter(|key| term.starts_with(key))
                .max_by_key(|key| key.len())?;
            let hex: String = key.bytes().map(|b| format!("{b:02x}")).collect();
            Some(self.json(&format!("{folder}t/{hex}.json")))
        };
        let Some(shard) = shard_of(&word) else {
            return Vec::new();
        };
        let stem = match shard["f"][&word].as_str() {
            Some(stem) => stem.to_string(),
            None => word.clone(),
        };
        let Some(shard) = shard_of(&stem) else {
            return Vec::new();
        };
        let Some(list) = shard["s"][&stem].as_array() else {
            return Vec::new();
        };
        let mut hits = Vec::new();
        let mut doc = 0;
        for pair in list.chunks(2) {
            doc += pair[0].as_u64().expect("doc delta");
            hits.push((doc, pair[1].as_u64().expect("weight")));
        }
        hits.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let per = manifest["per"].as_u64().expect("per");
        hits.into_iter()
            .map(|(doc, _)| {
                let file = self.json(&format!("{folder}d/{}.json", doc / per));
                let row = &file[usize::try_from(doc % per).expect("small")];
                let text = |i: usize| row[i].as_str().expect("string").to_string();
                (text(0), text(1), text(2), text(3))
            })
            .collect()
    }
}

fn bundled() -> Site {
    Site::build(Path::new(env!("CARGO_MANIFEST_DIR")))
}

#[test]
fn every_language_of_the_bundled_hub_gets_an_index() {
    let site = bundled();
    for lang in ["en", "cs", "fi"] {
        let manifest = site.json(&format!("search/{lang}/index.json"));
        assert_eq!(manifest["lang"], lang);
        assert!(
            manifest["docs"].as_u64().expect("docs") > 20,
            "{lang}: {manifest}"
        );
    }
}

#[test]
fn czech_readers_find_the_throne_whatever_the_case_or_accents() {
    let site = bundled();
    for word in ["trůn", "trůnu", "trůnem", "Trůnu", "trun"] {
        let hits = site.search("cs", word);
        assert!(!hits.is_empty(), "`{word}` finds nothing");
        assert!(
            hits.iter().all(|(href, ..)| href.starts_with("/cs/")),
            "`{word}` leads out of the Czech site: {hits:?}"
        );
        let (_, _, heading, snippet) = &hits[0];
        assert!(
            format!("{heading} {snippet}")
                .to_lowercase()
                .contains("trůn"),
            "the best hit for `{word}` speaks of the throne: {:?}",
            hits[0]
        );
    }
    assert_eq!(
        site.search("cs", "trůn"),
        site.search("cs", "trůnu"),
        "two cases of one word lead to the same sections"
    );
}

#[test]
fn english_and_finnish_readers_find_rules_headings_and_examples() {
    let site = bundled();
    let throne = site.search("en", "throne");
    assert!(throne.len() > 5, "{throne:?}");
    let capture = site.search("en", "captured");
    assert!(
        capture
            .iter()
            .any(|(_, _, heading, _)| heading.contains("capture") || heading.contains("Capture")),
        "a section about capture: {capture:?}"
    );
    assert_eq!(site.search("en", "captures"), capture, "one stem");
    // The Finnish text says "valtaistuin", "valtaistuimelle", …
    assert!(!site.search("fi", "valtaistuin").is_empty());
    // Worked examples are indexed by their generated sentence.
    assert!(
        site.search("en", "escapes")
            .iter()
            .any(|(href, ..)| href.contains("#worked-examples") || href.contains("#example")),
        "an example section"
    );
}

#[test]
fn the_index_is_deterministic_and_small_per_query() {
    let first = bundled();
    let second = bundled();
    let index = |site: &Site| -> BTreeMap<String, Vec<u8>> {
        site.0
            .iter()
            .filter(|(path, _)| path.starts_with("search/"))
            .map(|(p, b)| (p.clone(), b.clone()))
            .collect()
    };
    assert_eq!(index(&first), index(&second));
    for (path, bytes) in index(&first) {
        assert!(
            bytes.len() <= 64 * 1024,
            "{path} is {} bytes: one fetch must stay small",
            bytes.len()
        );
    }
}

#[test]
fn text_that_looks_like_markup_is_indexed_as_text() {
    let hub = common::Hub::copy("mini");
    // The script shows results with textContent, never as HTML, so the
    // index holds the text a reader sees.
    hub.edit(
        "content/tafl/tablut.md",
        "\n## Moving",
        "\n## The <b>bold</b> &amp; the brave\n\nText.\n\n## Moving",
    );
    let site = Site::build(hub.root());
    let hits = site.search("en", "brave");
    assert!(
        hits.iter()
            .any(|(_, _, heading, _)| heading == "The bold & the brave"),
        "{hits:?}"
    );
}
