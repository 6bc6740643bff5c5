//! Whether a translation still matches its source: a translation records a
//! fingerprint of the default-language file's words (title, summary, body;
//! never the engine or render data, which translations do not repeat) as
//! `translated_from`, with one short token per section as `source_sections`
//! so that a change can be named by its headings.
//!
//! The hash is FNV-1a (64-bit, folded to 32 bits): written into files, it
//! must be the same on every machine and every Rust release, which the
//! standard library's hasher does not promise.

use std::fmt::Write;

/// The words of a default-language page that a translation renders.
#[derive(Debug, Clone, Copy)]
pub struct SourceWords<'a> {
    pub title: &'a str,
    pub summary: Option<&'a str>,
    pub body: &'a str,
}

/// What a translation records about its source in its front matter.
#[derive(Debug, Clone, Copy, Default)]
pub struct Record<'a> {
    pub translated_from: Option<&'a str>,
    pub source_sections: Option<&'a [String]>,
    pub stub: bool,
}

/// The fingerprint of a source: the whole hash and a token per section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    pub hash: String,
    pub sections: Vec<String>,
}

/// A source's [`Fingerprint`], worked out at its first use.
#[derive(Debug, Clone, Default)]
pub struct Memo(pub std::sync::OnceLock<Fingerprint>);

/// The status of one page in one language. The names shown to users come
/// from [`Status::name`], so the table, JSON and docs cannot disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Translated from the current source.
    Ok,
    /// Translated from an earlier source.
    Outdated { since: String, changes: Changes },
    /// Written by `rulehub new --lang` and not translated yet.
    Stub,
    /// Records no `translated_from`, so its freshness is unknown.
    Unknown,
    /// No file in this language.
    Missing,
}

impl Status {
    pub fn name(&self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Outdated { .. } => "outdated",
            Status::Stub => "stub",
            Status::Unknown => "unknown",
            Status::Missing => "missing",
        }
    }
}

/// Which sections of the source changed since the recorded fingerprint.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Changes {
    pub changed: Vec<String>,
    pub added: Vec<String>,
    pub removed: usize,
}

impl Changes {
    /// "2 sections changed: Moving, Capturing; 1 added: Endgame", or a
    /// plainer sentence when the translation recorded no sections.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        let count = |n: usize| if n == 1 { "section" } else { "sections" };
        if !self.changed.is_empty() {
            parts.push(format!(
                "{} {} changed: {}",
                self.changed.len(),
                count(self.changed.len()),
                self.changed.join(", ")
            ));
        }
        if !self.added.is_empty() {
            parts.push(format!(
                "{} added: {}",
                self.added.len(),
                self.added.join(", ")
            ));
        }
        if self.removed > 0 {
            parts.push(format!("{} removed", self.removed));
        }
        if parts.is_empty() {
            "the source changed (the translation records no sections to compare)".to_string()
        } else {
            parts.join("; ")
        }
    }
}

/// The name shown for the words before the first heading.
const OPENING: &str = "(title and opening)";

/// Fingerprints the source's words.
pub fn fingerprint(words: &SourceWords) -> Fingerprint {
    fingerprint_of(sections(words, Blocks::IdsOnly))
}

/// The fingerprint rulehub recorded before example and game blocks were
/// left out of it: a translation that recorded it from the source as it is
/// now is as current as one that records [`fingerprint`].
fn legacy_fingerprint(words: &SourceWords) -> Fingerprint {
    fingerprint_of(sections(words, Blocks::Whole))
}

fn fingerprint_of(sections: Vec<(String, String)>) -> Fingerprint {
    let mut whole = Fnv::new();
    for (heading, text) in &sections {
        whole.add(heading);
        whole.add("\u{0}");
        whole.add(text);
        whole.add("\u{0}");
    }
    Fingerprint {
        hash: format!("{:08x}", whole.short()),
        sections: sections
            .iter()
            .map(|(heading, text)| {
                let mut h = Fnv::new();
                h.add(heading);
                let mut t = Fnv::new();
                t.add(text);
                format!("{:04x}{:04x}", h.short() >> 16, t.short() >> 16)
            })
            .collect(),
    }
}

/// Whether a translation with this `record` was made from an earlier
/// version of `source`, whose fingerprint is `current` (what decides a
/// page's "outdated" notice).
pub fn is_outdated(record: &Record, current: &Fingerprint, source: &SourceWords) -> bool {
    matches!(status(record, current, source), Status::Outdated { .. })
}

/// The status of a translation with this `record` of the source `current`.
pub fn status(record: &Record, current: &Fingerprint, source: &SourceWords) -> Status {
    if record.stub {
        return Status::Stub;
    }
    let Some(from) = record.translated_from else {
        return Status::Unknown;
    };
    if from.trim() == current.hash || from.trim() == legacy_fingerprint(source).hash {
        return Status::Ok;
    }
    let changes = match record.source_sections {
        Some(old) => compare(old, current, source),
        None => Changes::default(),
    };
    Status::Outdated {
        since: from.trim().to_string(),
        changes,
    }
}

fn compare(old: &[String], current: &Fingerprint, source: &SourceWords) -> Changes {
    let headings: Vec<String> = sections(source, Blocks::IdsOnly)
        .into_iter()
        .map(|(h, _)| h)
        .collect();
    // A translation may have recorded its tokens the earlier way (see
    // [`legacy_fingerprint`]): a section matching either is unchanged.
    let legacy = legacy_fingerprint(source).sections;
    let mut changes = Changes::default();
    let mut matched = vec![false; old.len()];
    for ((token, legacy), heading) in current.sections.iter().zip(&legacy).zip(&headings) {
        if let Some(i) = old.iter().position(|o| o == token || o == legacy) {
            matched[i] = true;
            continue;
        }
        let name = if heading.is_empty() {
            OPENING.to_string()
        } else {
            heading.clone()
        };
        let same_heading = old
            .iter()
            .enumerate()
            .position(|(i, o)| !matched[i] && o.get(..4) == token.get(..4));
        match same_heading {
            Some(i) => {
                matched[i] = true;
                changes.changed.push(name);
            }
            None => changes.added.push(name),
        }
    }
    changes.removed = matched.iter().filter(|m| !**m).count();
    changes
}

/// What of a worked-example or sample-game block counts in a fingerprint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Blocks {
    /// Its fence and `id:` line: the data inside is the same in every
    /// language (a translation shows it by id), so editing it leaves
    /// translations current, while adding, removing or renaming a block
    /// does not.
    IdsOnly,
    /// Every line, as fingerprints were first made.
    Whole,
}

/// (heading text, section text) pairs; the first holds the title, summary
/// and whatever precedes the first heading, under an empty heading.
/// Whitespace at line ends is ignored, so re-saving a file in an editor
/// that trims it does not make every translation outdated.
fn sections(words: &SourceWords, blocks: Blocks) -> Vec<(String, String)> {
    let mut out = vec![(
        String::new(),
        format!("{}\n{}\n", words.title, words.summary.unwrap_or("")),
    )];
    let mut fence: Option<String> = None;
    // Inside an example or game block whose data does not count.
    let mut data_block = false;
    for line in words.body.lines() {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        match &fence {
            Some(open) if trimmed.trim_end() == open.as_str() => {
                fence = None;
                data_block = false;
            }
            Some(_) if data_block && !trimmed.starts_with("id:") => continue,
            Some(_) => {}
            None if marker.len() >= 3 => {
                let info = trimmed[marker.len()..].split_whitespace().next();
                data_block = blocks == Blocks::IdsOnly && matches!(info, Some("example" | "game"));
                fence = Some(marker);
            }
            None => {
                let is_heading = trimmed.starts_with('#')
                    && trimmed.trim_start_matches('#').starts_with(' ')
                    && line.len() - trimmed.len() < 4;
                if is_heading {
                    let heading = trimmed.trim_start_matches('#').trim().to_string();
                    out.push((heading, String::new()));
                    continue;
                }
            }
        }
        if let Some((_, text)) = out.last_mut() {
            let _ = writeln!(text, "{}", line.trim_end());
        }
    }
    for (_, text) in &mut out {
        let kept = text.trim_end().len();
        text.truncate(kept);
    }
    out
}

struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, text: &str) {
        for byte in text.bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The 64-bit state folded to 32 bits.
    fn short(&self) -> u32 {
        ((self.0 >> 32) ^ (self.0 & 0xffff_ffff)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "Intro.\n\n## Moving\n\nLike rooks.\n\n```example\n## not a heading\n```\n\n## Capturing\n\nCustodial.\n";

    fn words(body: &str) -> SourceWords<'_> {
        SourceWords {
            title: "Tablut",
            summary: Some("Nine by nine."),
            body,
        }
    }

    #[test]
    fn the_hash_is_stable_and_ignores_trailing_spaces() {
        let a = fingerprint(&words(BODY));
        assert_eq!(a.hash.len(), 8);
        assert_eq!(a.sections.len(), 3, "{:?}", a.sections);
        let spaced = BODY.replace("Like rooks.", "Like rooks.   ");
        assert_eq!(fingerprint(&words(&spaced)), a);
        let retitled = SourceWords {
            title: "Tablut!",
            ..words(BODY)
        };
        assert_ne!(fingerprint(&retitled).hash, a.hash);
    }

    #[test]
    fn a_changed_source_names_changed_added_and_removed_sections() {
        let old = fingerprint(&words(BODY));
        let record = Record {
            translated_from: Some(&old.hash),
            source_sections: Some(&old.sections),
            stub: false,
        };
        assert_eq!(status(&record, &old, &words(BODY)), Status::Ok);
        let new_body = BODY
            .replace("Like rooks.", "Like rooks, any distance.")
            .replace(
                "## Capturing\n\nCustodial.\n",
                "## Endgame\n\nThe king escapes.\n",
            );
        let new_words = words(&new_body);
        let now = fingerprint(&new_words);
        let Status::Outdated { since, changes } = status(&record, &now, &new_words) else {
            panic!("outdated expected");
        };
        assert_eq!(since, old.hash);
        assert_eq!(
            changes.summary(),
            "1 section changed: Moving; 1 added: Endgame; 1 removed"
        );
    }

    #[test]
    fn stubs_and_unrecorded_translations_are_told_apart() {
        let now = fingerprint(&words(BODY));
        let stub = Record {
            stub: true,
            translated_from: Some(&now.hash),
            source_sections: None,
        };
        assert_eq!(status(&stub, &now, &words(BODY)), Status::Stub);
        assert_eq!(
            status(&Record::default(), &now, &words(BODY)),
            Status::Unknown
        );
    }

    const WITH_EXAMPLE: &str = "Intro.\n\n## Capturing\n\nCustodial.\n\n```example\nid: pair\nmoves: [c3-c4]\n```\n\n```game short\n1. d1-d3\n```\n";

    #[test]
    fn editing_only_the_data_of_an_example_or_game_keeps_translations_current() {
        let before = fingerprint(&words(WITH_EXAMPLE));
        let data = WITH_EXAMPLE
            .replace("moves: [c3-c4]", "moves: [c3-c5]")
            .replace("1. d1-d3", "1. d1-d2");
        assert_eq!(fingerprint(&words(&data)), before);
        // The words around them still count, and so does which blocks
        // there are.
        let prose = WITH_EXAMPLE.replace("Custodial.", "Custodial capture.");
        assert_ne!(fingerprint(&words(&prose)).hash, before.hash);
        let renamed = WITH_EXAMPLE.replace("id: pair", "id: pair-capture");
        assert_ne!(fingerprint(&words(&renamed)).hash, before.hash);
        let added = format!("{WITH_EXAMPLE}\n```example\nid: more\n```\n");
        assert_ne!(fingerprint(&words(&added)).hash, before.hash);
        // Other code blocks are words like any.
        let code = "Intro.\n\n```yaml\nmoves: [c3-c4]\n```\n";
        assert_ne!(
            fingerprint(&words(code)).hash,
            fingerprint(&words(&code.replace("c3-c4", "c3-c5"))).hash
        );
    }

    #[test]
    fn a_translation_that_recorded_the_earlier_kind_of_hash_is_still_current() {
        let source = words(WITH_EXAMPLE);
        let legacy = legacy_fingerprint(&source);
        let now = fingerprint(&source);
        assert_ne!(
            legacy.hash, now.hash,
            "the example's data made a difference"
        );
        let record = Record {
            translated_from: Some(&legacy.hash),
            source_sections: Some(&legacy.sections),
            stub: false,
        };
        assert_eq!(status(&record, &now, &source), Status::Ok);
        // Once the source changes, it is outdated like any.
        let changed = WITH_EXAMPLE.replace("Custodial.", "Custodial capture.");
        let changed_words = words(&changed);
        assert!(is_outdated(
            &record,
            &fingerprint(&changed_words),
            &changed_words
        ));
    }
}
