//! End to end: a one-variant hub written to a temporary folder from the
//! input (the variant page, and after the first NUL byte its Czech
//! translation), then `rulehub check`'s library call on it. Slower than the
//! other targets (it loads, checks and renders every page), so it finds what
//! only the stages together do.

use std::path::Path;
use std::sync::OnceLock;

use rulehub::site::{self, BuildOptions};
use tempfile::TempDir;

const HUB_YAML: &str =
    "title: Fuzz hub\nbase_url: https://fuzz.example/rules/\nlanguages: [en, cs]\n";
const FAMILY_INDEX: &str = "---\ntitle: Tafl\n---\nThe tafl family.\n";

fn hub_root() -> &'static Path {
    static ROOT: OnceLock<TempDir> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir_all(root.path().join("content/tafl")).expect("content folder");
        std::fs::write(root.path().join("hub.yaml"), HUB_YAML).expect("hub.yaml");
        std::fs::write(root.path().join("content/tafl/_index.md"), FAMILY_INDEX).expect("index");
        root
    })
    .path()
}

pub fn run(data: &[u8]) {
    let root = hub_root();
    let (variant, translation) = match data.iter().position(|&b| b == 0) {
        Some(nul) => (&data[..nul], Some(&data[nul + 1..])),
        None => (data, None),
    };
    let content = root.join("content/tafl");
    std::fs::write(content.join("fuzz.md"), variant).expect("writing the variant");
    let translation_path = content.join("fuzz.cs.md");
    match translation {
        Some(text) => std::fs::write(&translation_path, text).expect("writing the translation"),
        None => {
            let _ = std::fs::remove_file(&translation_path);
        }
    }
    if let Err(problems) = site::check(root, &BuildOptions::default(), &()) {
        assert!(!problems.is_empty(), "a failed check names no problem");
        super::common::check_diagnostics(&problems);
    }
}
