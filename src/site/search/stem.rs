//! Words to index terms: lowercase, a light stemmer for the page's
//! language, then diacritics folded away (so a reader who types "trun"
//! finds "trůn"). The search script folds what the reader types the same
//! way (NFD, combining marks dropped), so the two always agree.
//!
//! Stemmers: English and the other Snowball languages through
//! `rust-stemmers`; Czech and Finnish, which that crate lacks, through the
//! light stemmers below; any other language is only folded. The reader's
//! words are not stemmed in the browser: the index carries every folded
//! word form it saw with its stem, and a form it never saw falls back to
//! the longest indexed stem it starts with (see `search.js`).

use rust_stemmers::{Algorithm, Stemmer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The stemmer for one language.
pub enum LanguageStemmer {
    Snowball(Stemmer),
    Czech,
    Finnish,
    /// No stemmer for the language: words are only folded.
    None,
}

impl LanguageStemmer {
    /// The stemmer for a language code (`en`, `cs`, `pt-BR`…), chosen by
    /// its primary subtag.
    pub fn for_language(code: &str) -> LanguageStemmer {
        let primary = code
            .split(['-', '_'])
            .next()
            .unwrap_or(code)
            .to_ascii_lowercase();
        let snowball = match primary.as_str() {
            "cs" => return LanguageStemmer::Czech,
            "fi" => return LanguageStemmer::Finnish,
            "en" => Algorithm::English,
            "ar" => Algorithm::Arabic,
            "da" => Algorithm::Danish,
            "nl" => Algorithm::Dutch,
            "fr" => Algorithm::French,
            "de" => Algorithm::German,
            "el" => Algorithm::Greek,
            "hu" => Algorithm::Hungarian,
            "it" => Algorithm::Italian,
            "no" | "nb" | "nn" => Algorithm::Norwegian,
            "pt" => Algorithm::Portuguese,
            "ro" => Algorithm::Romanian,
            "ru" => Algorithm::Russian,
            "es" => Algorithm::Spanish,
            "sv" => Algorithm::Swedish,
            "ta" => Algorithm::Tamil,
            "tr" => Algorithm::Turkish,
            _ => return LanguageStemmer::None,
        };
        LanguageStemmer::Snowball(Stemmer::create(snowball))
    }

    /// The index term of a lowercase word: its stem, folded.
    pub fn term(&self, lowercase: &str) -> String {
        match self {
            LanguageStemmer::Snowball(stemmer) => fold(&stemmer.stem(lowercase)),
            LanguageStemmer::Czech => fold(&czech_light(lowercase)),
            LanguageStemmer::Finnish => fold(&finnish_light(lowercase)),
            LanguageStemmer::None => fold(lowercase),
        }
    }
}

/// Lowercase without diacritics: canonical decomposition, combining marks
/// dropped (`String.prototype.normalize("NFD")` and `\p{M}` in the script).
pub fn fold(word: &str) -> String {
    word.nfd().filter(|c| !is_combining_mark(*c)).collect()
}

/// The words of a text, as the script splits what the reader types: runs
/// of letters and digits. Every indexed text goes through here, so ASCII is
/// read a byte at a time and only other characters are decoded.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = loop {
            let (in_word, len) = char_at(text, at)?;
            if in_word {
                break at;
            }
            at += len;
        };
        while let Some((true, len)) = char_at(text, at) {
            at += len;
        }
        Some(&text[start..at])
    })
}

/// Whether the character at byte `at` of `text` is a letter or digit, and
/// its length; `None` at the end.
fn char_at(text: &str, at: usize) -> Option<(bool, usize)> {
    let byte = *text.as_bytes().get(at)?;
    if byte.is_ascii() {
        return Some((byte.is_ascii_alphanumeric(), 1));
    }
    let c = text[at..].chars().next()?;
    Some((c.is_alphanumeric(), c.len_utf8()))
}

/// Czech light stemmer after Dolamic and Savoy, "Indexing and stemming
/// approaches for the Czech language" (Information Processing and
/// Management, 2009), as Lucene's `CzechStemmer` implements it: case
/// endings, then possessive suffixes, then a normalisation of the stem's
/// final consonants (`trůn`, `trůnu`, `trůnem` all become `tron`).
/// Lengths count characters, as the paper does.
pub fn czech_light(word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    let cut = czech_case_ending(&chars);
    chars.truncate(chars.len() - cut);
    if chars.len() > 5 && ends_with_any(&chars, &["ov", "in", "ův"]) {
        chars.truncate(chars.len() - 2);
    }
    czech_normalise(&mut chars);
    chars.into_iter().collect()
}

fn ends_with_any(chars: &[char], endings: &[&str]) -> bool {
    endings.iter().any(|ending| ends_with(chars, ending))
}

fn ends_with(chars: &[char], ending: &str) -> bool {
    let count = ending.chars().count();
    chars.len() >= count
        && chars[chars.len() - count..]
            .iter()
            .copied()
            .eq(ending.chars())
}

/// How many characters of case ending to remove.
fn czech_case_ending(chars: &[char]) -> usize {
    let len = chars.len();
    if len > 7 && ends_with(chars, "atech") {
        return 5;
    }
    if len > 6 && ends_with_any(chars, &["ětem", "etem", "atům"]) {
        return 4;
    }
    const THREE: &[&str] = &[
        "ech", "ich", "ích", "ého", "ěmi", "emi", "ému", "ěte", "ete", "ěti", "eti", "ího", "iho",
        "ími", "ímu", "imu", "ách", "ata", "aty", "ých", "ama", "ami", "ové", "ovi", "ými",
    ];
    if len > 5 && ends_with_any(chars, THREE) {
        return 3;
    }
    const TWO: &[&str] = &[
        "em", "es", "ém", "ím", "ům", "at", "ám", "os", "us", "ým", "mi", "ou",
    ];
    if len > 4 && ends_with_any(chars, TWO) {
        return 2;
    }
    if len > 3
        && matches!(
            chars[len - 1],
            'a' | 'e' | 'i' | 'o' | 'u' | 'ů' | 'y' | 'á' | 'é' | 'í' | 'ý' | 'ě'
        )
    {
        return 1;
    }
    0
}

/// Palatalised and lengthened endings back to one form: `čt`→`ck`,
/// `št`→`sk`, `c`/`č`→`k`, `z`/`ž`→`h`, a mobile `e` dropped, `ů`→`o`.
fn czech_normalise(chars: &mut Vec<char>) {
    let len = chars.len();
    if len == 0 {
        return;
    }
    if ends_with(chars, "čt") {
        chars[len - 2] = 'c';
        chars[len - 1] = 'k';
        return;
    }
    if ends_with(chars, "št") {
        chars[len - 2] = 's';
        chars[len - 1] = 'k';
        return;
    }
    match chars[len - 1] {
        'c' | 'č' => {
            chars[len - 1] = 'k';
            return;
        }
        'z' | 'ž' => {
            chars[len - 1] = 'h';
            return;
        }
        _ => {}
    }
    if len > 1 && chars[len - 2] == 'e' {
        chars.remove(len - 2);
        return;
    }
    if len > 2 && chars[len - 2] == 'ů' {
        chars[len - 2] = 'o';
    }
}

/// A light Finnish stemmer in the manner of Savoy's ("Report on CLEF-2003
/// Monolingual Tracks", the stemmer Lucene ships as `FinnishLightStemmer`,
/// simplified): clitic particles, possessive suffixes, then the commonest
/// case endings and a plural `i`/`j`, each only while at least three
/// characters remain. Consonant gradation (`kuningas`/`kuninkaan`) is not
/// undone; the index's word forms cover the forms the hub uses.
pub fn finnish_light(word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    strip_first(
        &mut chars,
        &["kään", "kaan", "kin", "han", "hän", "ko", "kö", "pa", "pä"],
        4,
    );
    strip_first(&mut chars, &["nsa", "nsä", "mme", "nne"], 4);
    strip_first(
        &mut chars,
        &[
            "ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "tta", "ttä",
            "ine", "seen", "hin", "na", "nä", "ta", "tä", "en", "an", "än", "n", "t", "a", "ä",
        ],
        3,
    );
    if chars.len() > 3 && matches!(chars[chars.len() - 1], 'i' | 'j') {
        chars.pop();
    }
    chars.into_iter().collect()
}

/// Removes the first of `endings` the word ends with, when at least `keep`
/// characters remain.
fn strip_first(chars: &mut Vec<char>, endings: &[&str], keep: usize) {
    for ending in endings {
        let count = ending.chars().count();
        if chars.len() >= count + keep && ends_with(chars, ending) {
            chars.truncate(chars.len() - count);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn czech_forms_of_throne_share_a_stem() {
        let czech = LanguageStemmer::for_language("cs");
        let stems: Vec<String> = ["trůn", "trůnu", "trůnem", "trůnech", "Trůnu"]
            .iter()
            .map(|w| czech.term(&w.to_lowercase()))
            .collect();
        assert!(stems.iter().all(|s| s == "tron"), "{stems:?}");
    }

    #[test]
    fn czech_light_stemmer_follows_dolamic_and_savoy() {
        assert_eq!(czech_light("králem"), "král");
        assert_eq!(czech_light("obránců"), "obránk");
        assert_eq!(czech_light("útočníci"), "útočník");
        assert_eq!(czech_light("hradech"), "hrad");
        assert_eq!(czech_light("a"), "a");
    }

    #[test]
    fn finnish_case_endings_come_off() {
        assert_eq!(finnish_light("valtaistuimella"), "valtaistuime");
        assert_eq!(finnish_light("laudalla"), "lauda");
        assert_eq!(finnish_light("kuningas"), "kuningas");
        assert_eq!(finnish_light("ja"), "ja");
    }

    #[test]
    fn english_uses_snowball_and_folds() {
        let english = LanguageStemmer::for_language("en-GB");
        assert_eq!(english.term("captures"), "captur");
        assert_eq!(english.term("captured"), "captur");
        assert_eq!(english.term("café"), "cafe");
    }

    #[test]
    fn languages_without_a_stemmer_are_folded_only() {
        let other = LanguageStemmer::for_language("xx");
        assert_eq!(other.term("hrádek"), "hradek");
    }

    #[test]
    fn words_are_runs_of_letters_and_digits() {
        let found: Vec<&str> = words("Král (na trůnu) — 9×9, a-b").collect();
        assert_eq!(found, ["Král", "na", "trůnu", "9", "9", "a", "b"]);
    }

    proptest::proptest! {
        /// The byte-wise split finds what splitting at every character that
        /// is not a letter or digit finds, in every script.
        #[test]
        fn words_split_where_characters_that_are_not_letters_or_digits_stand(
            text in "(?s:.{0,40})|[a-zA-Z0-9 ,.áčůß×—\u{A0}\u{3000}王-]{0,40}"
        ) {
            let expected: Vec<&str> = text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            let found: Vec<&str> = words(&text).collect();
            proptest::prop_assert_eq!(found, expected);
        }
    }
}
