//! One language's search index, as static files under `search/<lang>/`:
//!
//! - `index.json`: the manifest: format version, the shard keys, how many
//!   documents there are and how many each document file holds;
//! - `t/<hex of key>.json`: a term shard: `{"s": {stem: postings},
//!   "f": {word form: stem}}` for every stem and form whose longest shard
//!   key is `key`. Postings are `[doc, weight, doc, weight…]` with each doc
//!   number the difference from the previous one;
//! - `d/<n>.json`: documents `n·per … n·per+per-1`, each
//!   `[href, page title, heading, snippet]`.
//!
//! Shards start at one character of the folded term and split one
//! character deeper while they exceed [`SHARD_BUDGET`], down to
//! [`MAX_KEY_CHARS`]: a word and every stem of at least that many
//! characters it starts with sit in the same shard, so a query word costs
//! one shard (two when its form's stem lives elsewhere).
//!
//! Limits (so one huge or repetitive hub cannot make a query fetch
//! megabytes): a stem keeps its [`MAX_POSTINGS`] best documents; words
//! longer than [`MAX_WORD_CHARS`] are not indexed; a snippet has at most
//! [`SNIPPET_CHARS`] characters. Every stage is linear in the text.

use std::collections::{BTreeMap, HashMap};

use super::stem::{LanguageStemmer, fold, words};

/// Index format version, checked by the script.
pub const FORMAT: u32 = 1;
/// A shard is split when its JSON is larger than this many bytes.
pub const SHARD_BUDGET: usize = 24 * 1024;
/// Shard keys have at most this many characters.
pub const MAX_KEY_CHARS: usize = 3;
/// Documents kept per stem (the highest weights).
pub const MAX_POSTINGS: usize = 400;
/// Longer words (hashes, URLs run together) are not indexed.
pub const MAX_WORD_CHARS: usize = 40;
/// Characters of section text shown under a result.
pub const SNIPPET_CHARS: usize = 160;
/// Documents per document file: about 14 KB (4 KB gzipped) of snippets. A
/// query fetches the few files its best results sit in; a first build
/// creates one file per this many sections in every language, and creating
/// files is most of a first build's kernel time (at 24 a file, the 5k-page
/// benchmark hub wrote 2,300 document files, a sixth of its output).
pub const DOCS_PER_FILE: usize = 64;
/// How many documents the indexer takes between looks at whether it should
/// stop.
const STOP_CHECK_EVERY: usize = 64;

/// What a match in a heading or a page title is worth, against one
/// occurrence in the text.
const HEADING_WEIGHT: u32 = 8;
const TITLE_WEIGHT: u32 = 4;
/// Occurrences in the text past this count add nothing.
const MAX_TEXT_COUNT: u32 = 8;

/// A searchable part of a page.
#[derive(Debug, Clone)]
pub struct Document {
    /// Link to the page or straight to the section.
    pub href: String,
    pub page_title: String,
    /// The section's heading (empty before the first heading).
    pub heading: String,
    pub text: String,
}

/// Every distinct word of a language's documents, stemmed once: prose
/// repeats its words, and stemming and folding cost far more than a hash
/// lookup. Terms are numbered in the order they are first met.
struct Vocabulary {
    stemmer: LanguageStemmer,
    /// A word as written → its term's number, `None` for a word not indexed.
    words: HashMap<String, Option<u32>>,
    terms: Vec<String>,
    term_numbers: HashMap<String, u32>,
    /// Folded word forms that stem to another term.
    forms: BTreeMap<String, String>,
}

impl Vocabulary {
    fn new(lang: &str) -> Vocabulary {
        Vocabulary {
            stemmer: LanguageStemmer::for_language(lang),
            words: HashMap::new(),
            terms: Vec::new(),
            term_numbers: HashMap::new(),
            forms: BTreeMap::new(),
        }
    }

    /// The number of the term `word` is indexed under, if it is indexed.
    fn term(&mut self, word: &str) -> Option<u32> {
        if let Some(&known) = self.words.get(word) {
            return known;
        }
        let number = self.stem(word);
        self.words.insert(word.to_string(), number);
        number
    }

    fn stem(&mut self, word: &str) -> Option<u32> {
        if word.chars().count() > MAX_WORD_CHARS {
            return None;
        }
        let lower = word.to_lowercase();
        let term = self.stemmer.term(&lower);
        if term.chars().count() < 2 && !term.chars().all(char::is_numeric) {
            return None;
        }
        let form = fold(&lower);
        if form != term {
            self.forms.entry(form).or_insert_with(|| term.clone());
        }
        if let Some(&number) = self.term_numbers.get(&term) {
            return Some(number);
        }
        let number = u32::try_from(self.terms.len()).ok()?;
        self.term_numbers.insert(term.clone(), number);
        self.terms.push(term);
        Some(number)
    }
}

/// The files of one language's index: (path under `search/<lang>/`, bytes).
/// Nothing once `stopped()` says so (checked every few dozen documents): a
/// serve catch-up that a newer edit interrupts throws the index away, and
/// should not hold that edit back while it finishes one.
pub fn build(
    lang: &str,
    documents: &[Document],
    stopped: &dyn Fn() -> bool,
) -> Vec<(String, Vec<u8>)> {
    let mut vocabulary = Vocabulary::new(lang);
    // Per term number: (document, weight) in document order.
    let mut postings: Vec<Vec<(u32, u32)>> = Vec::new();
    // Per term of the current document: (in the heading, in the page
    // title, times in the text); `touched` lists the terms to reset.
    let mut seen: Vec<(bool, bool, u32)> = Vec::new();
    let mut touched: Vec<u32> = Vec::new();
    for (number, document) in documents.iter().enumerate() {
        if number % STOP_CHECK_EVERY == 0 && stopped() {
            return Vec::new();
        }
        let number = u32::try_from(number).unwrap_or(u32::MAX);
        let parts = [
            (&document.heading, Part::Heading),
            (&document.page_title, Part::Title),
            (&document.text, Part::Text),
        ];
        for (text, part) in parts {
            for word in words(text) {
                let Some(term) = vocabulary.term(word) else {
                    continue;
                };
                let index = term as usize;
                if index >= seen.len() {
                    seen.resize(index + 1, (false, false, 0));
                    postings.resize_with(index + 1, Vec::new);
                }
                let slot = &mut seen[index];
                if *slot == (false, false, 0) {
                    touched.push(term);
                }
                match part {
                    Part::Heading => slot.0 = true,
                    Part::Title => slot.1 = true,
                    Part::Text => slot.2 = slot.2.saturating_add(1),
                }
            }
        }
        for term in touched.drain(..) {
            let index = term as usize;
            let (heading, title, count) = std::mem::take(&mut seen[index]);
            let weight = u32::from(heading) * HEADING_WEIGHT
                + u32::from(title) * TITLE_WEIGHT
                + count.min(MAX_TEXT_COUNT);
            postings[index].push((number, weight));
        }
    }
    if stopped() {
        return Vec::new();
    }
    let mut entries: BTreeMap<String, Entry> = BTreeMap::new();
    for (term, list) in vocabulary.terms.into_iter().zip(postings) {
        if !list.is_empty() {
            entries.entry(term).or_default().postings = Some(encode_postings(list));
        }
    }
    for (form, stem) in vocabulary.forms {
        entries.entry(form).or_default().stem = Some(stem);
    }
    let mut shards = Vec::new();
    let all: Vec<(&String, &Entry)> = entries.iter().collect();
    split(&all, 1, &mut shards);
    let mut files = Vec::new();
    let mut keys = Vec::new();
    for (key, body) in shards {
        files.push((format!("t/{}.json", hex(&key)), body.into_bytes()));
        keys.push(key);
    }
    if stopped() {
        return Vec::new();
    }
    for (index, chunk) in documents.chunks(DOCS_PER_FILE).enumerate() {
        files.push((
            format!("d/{index}.json"),
            documents_json(chunk).into_bytes(),
        ));
    }
    let manifest = serde_json::json!({
        "v": FORMAT,
        "lang": lang,
        "keys": keys,
        "docs": documents.len(),
        "per": DOCS_PER_FILE,
    });
    files.push(("index.json".to_string(), manifest.to_string().into_bytes()));
    files
}

#[derive(Clone, Copy)]
enum Part {
    Heading,
    Title,
    Text,
}

/// What the index holds for one folded string: postings when it is a stem,
/// the stem when it is a word form that stems to something else.
#[derive(Debug, Default)]
struct Entry {
    postings: Option<String>,
    stem: Option<String>,
}

/// The best [`MAX_POSTINGS`] documents, in document order, as JSON.
fn encode_postings(mut list: Vec<(u32, u32)>) -> String {
    if list.len() > MAX_POSTINGS {
        // Heaviest first, earlier documents first among equals: a total
        // order (documents are distinct), so the best are one set however
        // they are found, and only those need sorting back.
        list.select_nth_unstable_by(MAX_POSTINGS - 1, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        list.truncate(MAX_POSTINGS);
        list.sort_unstable_by_key(|(doc, _)| *doc);
    }
    // Every posting of every term goes through here: format its numbers
    // without the `fmt` machinery.
    let mut numbers = itoa::Buffer::new();
    let mut json = String::with_capacity(2 + list.len() * 6);
    json.push('[');
    let mut previous = 0;
    for (index, (doc, weight)) in list.iter().enumerate() {
        if index > 0 {
            json.push(',');
        }
        json.push_str(numbers.format(doc - previous));
        json.push(',');
        json.push_str(numbers.format(*weight));
        previous = *doc;
    }
    json.push(']');
    json
}

/// Cuts sorted `entries` that share their first `depth - 1` characters
/// into shards keyed by their first `depth` characters, deeper where a
/// shard would exceed the budget.
fn split(entries: &[(&String, &Entry)], depth: usize, shards: &mut Vec<(String, String)>) {
    let mut start = 0;
    while start < entries.len() {
        let key = prefix(entries[start].0, depth);
        let end = start
            + entries[start..]
                .iter()
                .position(|(term, _)| prefix(term, depth) != key)
                .unwrap_or(entries.len() - start);
        let group = &entries[start..end];
        let size: usize = group.iter().map(|(t, e)| entry_size(t, e)).sum();
        if size <= SHARD_BUDGET || depth >= MAX_KEY_CHARS {
            shards.push((key, shard_json(group)));
        } else {
            // Terms no longer than the key stay in its shard; the rest go
            // one character deeper.
            let (short, long): (Vec<_>, Vec<_>) = group
                .iter()
                .copied()
                .partition(|(term, _)| term.chars().count() <= depth);
            if !short.is_empty() {
                shards.push((key.clone(), shard_json(&short)));
            }
            split(&long, depth + 1, shards);
        }
        start = end;
    }
}

fn prefix(term: &str, chars: usize) -> String {
    term.chars().take(chars).collect()
}

fn entry_size(term: &str, entry: &Entry) -> usize {
    term.len() * 2
        + 8
        + entry.postings.as_ref().map_or(0, String::len)
        + entry.stem.as_ref().map_or(0, String::len)
}

/// `{"f": {form: stem…}, "s": {stem: postings…}}` for `group`, written
/// straight out: the postings already are JSON, and `group` is sorted, so
/// the members come in the order a sorted JSON map would give them (the
/// test below holds the two to the same bytes).
fn shard_json(group: &[(&String, &Entry)]) -> String {
    let size: usize = group.iter().map(|(t, e)| entry_size(t, e)).sum();
    let mut json = String::with_capacity(16 + size);
    json.push_str(r#"{"f":{"#);
    let forms = group.iter().filter_map(|(term, entry)| {
        let stem = entry.stem.as_ref()?;
        Some((term.as_str(), json_string(stem)))
    });
    push_members(&mut json, forms);
    json.push_str(r#"},"s":{"#);
    let stems = group
        .iter()
        .filter_map(|(term, entry)| Some((term.as_str(), entry.postings.as_deref()?)));
    push_members(&mut json, stems);
    json.push_str("}}");
    json
}

/// `"key":value,…` for `members`, whose values are JSON already.
fn push_members<'a>(json: &mut String, members: impl Iterator<Item = (&'a str, impl AsRef<str>)>) {
    for (index, (key, value)) in members.enumerate() {
        if index > 0 {
            json.push(',');
        }
        json.push_str(&json_string(key));
        json.push(':');
        json.push_str(value.as_ref());
    }
}

/// `text` as a JSON string, escaped as serde_json escapes it.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

fn documents_json(documents: &[Document]) -> String {
    let rows: Vec<serde_json::Value> = documents
        .iter()
        .map(|d| serde_json::json!([d.href, d.page_title, d.heading, snippet(&d.text)]))
        .collect();
    serde_json::Value::Array(rows).to_string()
}

/// The start of `text`, cut at a word boundary with an ellipsis.
fn snippet(text: &str) -> String {
    if text.chars().count() <= SNIPPET_CHARS {
        return text.to_string();
    }
    let cut: String = text.chars().take(SNIPPET_CHARS).collect();
    let at_word = cut.rfind(' ').filter(|at| *at > SNIPPET_CHARS / 2);
    format!("{}…", at_word.map_or(cut.as_str(), |at| &cut[..at]))
}

/// A shard key as a file name: the hex of its UTF-8 (keys can be any
/// script's letters).
pub fn hex(key: &str) -> String {
    key.bytes().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(title: &str, heading: &str, text: &str) -> Document {
        Document {
            href: format!("/{title}/"),
            page_title: title.into(),
            heading: heading.into(),
            text: text.into(),
        }
    }

    fn file(files: &[(String, Vec<u8>)], name: &str) -> serde_json::Value {
        let bytes = &files
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no {name}"))
            .1;
        serde_json::from_slice(bytes).expect("json")
    }

    #[test]
    fn czech_forms_point_at_their_stem() {
        let files = build(
            "cs",
            &[document("Tablut", "Trůn", "Král stojí na trůnu.")],
            &|| false,
        );
        let shard = file(&files, &format!("t/{}.json", hex("t")));
        assert_eq!(shard["s"]["tron"], serde_json::json!([0, 9]));
        assert_eq!(shard["f"]["trunu"], "tron");
        assert_eq!(shard["f"]["trun"], "tron");
        let manifest = file(&files, "index.json");
        assert_eq!(manifest["docs"], 1);
    }

    #[test]
    fn postings_are_capped_by_weight_and_delta_encoded() {
        let mut documents: Vec<Document> = (0..MAX_POSTINGS + 10)
            .map(|i| document(&format!("p{i}"), "", "board"))
            .collect();
        documents[MAX_POSTINGS + 5].heading = "Board".into();
        let files = build("en", &documents, &|| false);
        let shard = file(&files, &format!("t/{}.json", hex("b")));
        let list = shard["s"]["board"].as_array().expect("postings");
        assert_eq!(list.len(), MAX_POSTINGS * 2);
        let docs: u64 = list.iter().step_by(2).map(|v| v.as_u64().expect("n")).sum();
        assert_eq!(docs, (MAX_POSTINGS + 5) as u64, "the heading match is kept");
    }

    proptest::proptest! {
        /// The capped postings are the heaviest, earlier documents first
        /// among equals, in document order: what sorting them all gives.
        #[test]
        fn capped_postings_are_the_heaviest_in_document_order(
            weights in proptest::collection::vec(0u32..12, 0..MAX_POSTINGS * 3)
        ) {
            let list: Vec<(u32, u32)> = (0u32..).zip(weights).collect();
            let mut sorted = list.clone();
            sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            sorted.truncate(MAX_POSTINGS);
            sorted.sort_by_key(|(doc, _)| *doc);
            let mut expected = String::from("[");
            let mut previous = 0;
            for (index, (doc, weight)) in sorted.iter().enumerate() {
                if index > 0 {
                    expected.push(',');
                }
                expected.push_str(&format!("{},{weight}", doc - previous));
                previous = *doc;
            }
            expected.push(']');
            proptest::prop_assert_eq!(encode_postings(list), expected);
        }
    }

    /// What `shard_json` wrote before it wrote the members itself: the
    /// postings parsed back into values and every member put in sorted
    /// JSON maps.
    fn shard_json_through_maps(group: &[(&String, &Entry)]) -> String {
        let mut stems = serde_json::Map::new();
        let mut forms = serde_json::Map::new();
        for (term, entry) in group {
            if let Some(postings) = &entry.postings {
                let value: serde_json::Value = serde_json::from_str(postings).expect("json");
                stems.insert((*term).clone(), value);
            }
            if let Some(stem) = &entry.stem {
                forms.insert((*term).clone(), serde_json::Value::String(stem.clone()));
            }
        }
        serde_json::json!({ "s": stems, "f": forms }).to_string()
    }

    proptest::proptest! {
        /// A shard written member by member is byte for byte the shard
        /// the sorted maps give, for any terms (quotes, backslashes,
        /// control characters and any script included) and either kind
        /// of entry.
        #[test]
        fn a_shard_is_written_as_sorted_maps_would_write_it(
            entries in proptest::collection::btree_map(
                r#"[a-z"\\\x00-\x1fěščřžýáíéůúäöå€𝄞]{1,6}"#,
                (
                    proptest::option::of(proptest::collection::vec((0u32..50, 1u32..20), 1..5)),
                    proptest::option::of(r#"[a-zčř"\\\n]{1,5}"#),
                ),
                0..20,
            )
        ) {
            let entries: BTreeMap<String, Entry> = entries
                .into_iter()
                .map(|(term, (postings, stem))| {
                    let postings = postings.map(|list| {
                        let mut doc = 0;
                        let list: Vec<(u32, u32)> = list
                            .into_iter()
                            .map(|(step, weight)| {
                                doc += step;
                                (doc, weight)
                            })
                            .collect();
                        encode_postings(list)
                    });
                    (term, Entry { postings, stem })
                })
                .collect();
            let group: Vec<(&String, &Entry)> = entries.iter().collect();
            proptest::prop_assert_eq!(shard_json(&group), shard_json_through_maps(&group));
        }
    }

    #[test]
    fn an_index_told_to_stop_stops_part_way_and_gives_nothing() {
        let documents: Vec<Document> = (0..1000)
            .map(|i| document("t", "", &format!("word{i}")))
            .collect();
        let asked = std::cell::Cell::new(0);
        let files = build("en", &documents, &|| {
            asked.set(asked.get() + 1);
            asked.get() > 3
        });
        assert!(files.is_empty());
        assert_eq!(
            asked.get(),
            4,
            "it stopped at the fourth look, not at the end"
        );
    }

    #[test]
    fn big_shards_split_deeper_and_output_is_deterministic() {
        let documents: Vec<Document> = (0..3000)
            .map(|i| document("t", "", &format!("sa{i} sb{i} st")))
            .collect();
        let files = build("xx", &documents, &|| false);
        let manifest = file(&files, "index.json");
        let keys: Vec<&str> = manifest["keys"]
            .as_array()
            .expect("keys")
            .iter()
            .map(|k| k.as_str().expect("str"))
            .collect();
        assert!(
            keys.contains(&"st") && keys.contains(&"sa0") && !keys.contains(&"s"),
            "{keys:?}"
        );
        assert_eq!(files, build("xx", &documents, &|| false));
    }

    #[test]
    fn snippets_stop_at_a_word() {
        let long = "word ".repeat(100);
        let cut = snippet(long.trim());
        assert!(cut.ends_with("word…") && cut.chars().count() <= SNIPPET_CHARS + 1);
    }
}
