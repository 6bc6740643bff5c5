//! A translation's metadata (`translated_from`, `source_sections`, `stub`
//! in its front matter): read as `check` reads it and compared with its
//! source's fingerprint, then stamped by `rulehub translations
//! --mark-current` in a temporary hub. A refusal leaves the file as it was;
//! a stamp keeps the body and the line ends, and leaves a translation that
//! reads as current. The input is the translation, and after a NUL byte,
//! optionally, its source.

use std::path::Path;
use std::sync::OnceLock;

use rulehub::hub::freshness::{self, SourceWords, Status};
use rulehub::hub::front_matter::{self, TranslationFrontMatter};
use tempfile::TempDir;

const HUB_YAML: &str = "title: Fuzz hub\nbase_url: https://fuzz.example/\nlanguages: [en, cs]\n";
const SOURCE: &str = "---\ntitle: \"Tablut\"\nsummary: \"The king escapes.\"\n---\n\n## Moving\n\nPieces move like rooks.\n\n## Capturing\n\nTwo pieces capture.\n";

fn hub_root() -> &'static Path {
    static ROOT: OnceLock<TempDir> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir_all(root.path().join("content/tafl")).expect("content folder");
        std::fs::write(root.path().join("hub.yaml"), HUB_YAML).expect("hub.yaml");
        root
    })
    .path()
}

/// The source's words as `check` fingerprints them, if it reads.
fn words(source: &str) -> Option<(String, Option<String>, String)> {
    let split = front_matter::split(source).ok()?;
    let value: serde_yaml::Value = front_matter::parse(source, &split.yaml).ok()?;
    let title = value.get("title")?.as_str()?.to_string();
    let summary = match value.get("summary") {
        None | Some(serde_yaml::Value::Null) => None,
        Some(summary) => Some(summary.as_str()?.to_string()),
    };
    Some((title, summary, source[split.body].to_string()))
}

pub fn run(data: &[u8]) {
    let (translation, source) = match data.iter().position(|&b| b == 0) {
        Some(nul) => (&data[..nul], &data[nul + 1..]),
        None => (data, SOURCE.as_bytes()),
    };
    let (Ok(translation), Ok(source)) = (
        std::str::from_utf8(translation),
        std::str::from_utf8(source),
    ) else {
        return;
    };
    let owned = words(source);
    let current = owned.as_ref().map(|(title, summary, body)| {
        let words = SourceWords {
            title,
            summary: summary.as_deref(),
            body,
        };
        (freshness::fingerprint(&words), title, summary, body)
    });
    let read = |text: &str| -> Option<TranslationFrontMatter> {
        let split = front_matter::split(text).ok()?;
        front_matter::parse::<TranslationFrontMatter>(text, &split.yaml).ok()
    };
    if let (Some(front), Some((fingerprint, title, summary, body))) = (read(translation), &current)
    {
        let words = SourceWords {
            title,
            summary: summary.as_deref(),
            body,
        };
        let status = freshness::status(&front.record(), fingerprint, &words);
        assert!(!status.name().is_empty());
        if let Status::Outdated { changes, .. } = &status {
            let _ = changes.summary();
        }
    }

    let root = hub_root();
    let file = root.join("content/tafl/fuzz.cs.md");
    std::fs::write(root.join("content/tafl/fuzz.md"), source).expect("writing the source");
    std::fs::write(&file, translation).expect("writing the translation");
    let result = rulehub::translations::mark_current(root, Path::new("content/tafl/fuzz.cs.md"));
    let after = std::fs::read(&file).expect("reading the translation back");
    match result {
        Err(diagnostic) => {
            assert!(!diagnostic.message.is_empty());
            assert_eq!(after, translation.as_bytes(), "a refusal changed the file");
        }
        Ok(_) => {
            let after = String::from_utf8(after).expect("still UTF-8");
            let body =
                |text: &str| front_matter::split(text).map(|split| text[split.body].to_string());
            assert_eq!(
                body(&after).ok(),
                body(translation).ok(),
                "the body changed"
            );
            let crlf = |text: &str| text.matches('\n').count() == text.matches("\r\n").count();
            if crlf(translation) && translation.contains("\r\n") {
                assert!(crlf(&after), "CRLF turned into mixed line ends: {after:?}");
            }
            if let (Some(front), Some((fingerprint, title, summary, body))) =
                (read(&after), &current)
            {
                let words = SourceWords {
                    title,
                    summary: summary.as_deref(),
                    body,
                };
                assert_eq!(
                    freshness::status(&front.record(), fingerprint, &words),
                    Status::Ok,
                    "a stamped translation is not current: {after:?}"
                );
            }
        }
    }
}
