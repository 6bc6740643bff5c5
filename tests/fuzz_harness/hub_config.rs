//! `hub.yaml` read through `hub::read_config`, the very path `build`,
//! `check` and `serve` take (raw bytes, so non-UTF-8 files are covered), then
//! the derived addresses every page link is built from.

use std::sync::OnceLock;

use tempfile::TempDir;

fn hub_root() -> &'static TempDir {
    static ROOT: OnceLock<TempDir> = OnceLock::new();
    ROOT.get_or_init(|| tempfile::tempdir().expect("a temporary folder"))
}

pub fn run(data: &[u8]) {
    let root = hub_root().path();
    std::fs::write(root.join("hub.yaml"), data).expect("writing hub.yaml");
    match rulehub::hub::read_config(root) {
        Ok(config) => {
            // Loading validates the language list, so these never fail.
            let default = config.default_language().code().to_string();
            assert!(config.is_default_language(&default));
            assert!(config.language(&default).is_some());
            let base = config.base_path();
            assert!(
                base.is_empty() || base.starts_with('/'),
                "base path `{base}`"
            );
            assert!(!base.ends_with('/'));
            let _ = config.origin_and_path();
            for language in &config.languages {
                let _ = language.identifier();
            }
        }
        Err(problems) => {
            assert!(!problems.is_empty(), "a failed read names no problem");
            super::common::check_diagnostics(&problems);
        }
    }
}
