//! Remembering parsed content files between loads, so a rebuild after an
//! edit reads only what changed.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::{Entry, HubConfig, Parsed, discover, parse_entry};
use crate::diagnostic::Diagnostic;

/// Parsed content files remembered between loads. An unchanged file comes
/// back with the very same text (`Arc`), so callers can tell unchanged
/// inputs apart by pointer.
#[derive(Default)]
pub struct SourceCache {
    /// By the path walking `content/` gives (the hub root joined with the
    /// path under it).
    files: HashMap<OsString, CachedFile>,
    /// The hub root and configured languages the files were read with.
    root: PathBuf,
    languages: Vec<String>,
    /// Counts loads, to drop files a load no longer saw.
    generation: u64,
    /// What the last walk of `content/` found, shared with the loads that
    /// reuse it (a copy of 10,000 paths was a sixth of serve's quick pass).
    entries: Arc<[Entry]>,
    /// What that walk reported (folders that cannot be families, symlinks).
    walk_diagnostics: Vec<Diagnostic>,
    /// The only files the next load needs to look at, when the caller knows
    /// (see [`SourceCache::changed`]); `None` walks `content/` and looks at
    /// every file.
    changed: Option<HashSet<OsString>>,
}

/// A content file's fresh cache entry (when it had to be read, keyed by
/// its path) and the parse result.
type Reparsed = (
    Option<(OsString, CachedFile)>,
    Result<Parsed, Vec<Diagnostic>>,
);

struct CachedFile {
    /// Size and modification time when read.
    stamp: (u64, Option<std::time::SystemTime>),
    /// The last load that saw the file.
    seen: AtomicU64,
    parsed: Result<Parsed, Vec<Diagnostic>>,
}

impl SourceCache {
    /// Tells the cache that only `paths` (relative to the hub root) changed
    /// since the last load. The next load re-reads each of them even if its
    /// size and time look unchanged. When each is a page the cache holds and
    /// still exists, it reads nothing else, without walking `content/` or
    /// looking at any other file; a new, deleted or other file (hub.yaml, an
    /// image) means a full look.
    pub fn changed(&mut self, paths: &[PathBuf]) {
        let paths: Vec<OsString> = paths
            .iter()
            .map(|path| self.root.join(path).into_os_string())
            .collect();
        let all_known = paths
            .iter()
            .all(|path| self.files.contains_key(path) && Path::new(path).is_file());
        for path in &paths {
            self.files.remove(path);
        }
        self.changed = (all_known && !self.entries.is_empty())
            .then(|| paths.into_iter().collect::<HashSet<_>>());
    }

    /// The walk of `content/` to use: the last one when only known pages
    /// changed, otherwise a fresh one.
    pub(super) fn entries(
        &mut self,
        root: &Path,
        content: &Path,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Arc<[Entry]> {
        if self.changed.is_none() || self.root != root {
            self.changed = None;
            self.walk_diagnostics.clear();
            self.entries = discover(root, content, &mut self.walk_diagnostics).into();
        }
        // What the walk found wrong (a badly named folder, a symlink) holds
        // until the next walk, so a reused walk reports it again.
        diagnostics.extend(self.walk_diagnostics.iter().cloned());
        self.entries.clone()
    }

    pub(super) fn parse_all(
        &mut self,
        root: &Path,
        entries: &[Entry],
        config: &HubConfig,
    ) -> Vec<Result<Parsed, Vec<Diagnostic>>> {
        // Which language a file is in, and whether it is the default, come
        // from hub.yaml: a change there re-reads every file.
        let languages: Vec<String> = config.language_codes().map(str::to_string).collect();
        if self.root != root || self.languages != languages {
            self.files.clear();
            self.root = root.to_path_buf();
            self.languages = languages;
        }
        self.generation += 1;
        let generation = self.generation;
        let files = &self.files;
        let changed = self.changed.take();
        let results: Vec<Reparsed> = entries
            .par_iter()
            .map(|entry| {
                let Some(path) = entry.page_path() else {
                    return (None, parse_entry(root, entry, config));
                };
                if let Some(changed) = &changed
                    && !changed.contains(path.as_os_str())
                    && let Some(cached) = files.get(path.as_os_str())
                {
                    cached.seen.store(generation, Ordering::Relaxed);
                    return (None, cached.parsed.clone());
                }
                let stamp = std::fs::metadata(path)
                    .map(|m| (m.len(), m.modified().ok()))
                    .unwrap_or_default();
                if let Some(cached) = files.get(path.as_os_str())
                    && cached.stamp == stamp
                {
                    cached.seen.store(generation, Ordering::Relaxed);
                    return (None, cached.parsed.clone());
                }
                let key = path.as_os_str().to_owned();
                let parsed = parse_entry(root, entry, config);
                let cached = CachedFile {
                    stamp,
                    seen: AtomicU64::new(generation),
                    parsed: parsed.clone(),
                };
                (Some((key, cached)), parsed)
            })
            .collect();
        let mut parsed = Vec::with_capacity(results.len());
        for (fresh, result) in results {
            if let Some((key, file)) = fresh {
                self.files.insert(key, file);
            }
            parsed.push(result);
        }
        // Files that are gone must not come back from the cache.
        self.files
            .retain(|_, file| file.seen.load(Ordering::Relaxed) == generation);
        parsed
    }
}

impl Entry {
    /// The file, for pages (not assets).
    fn page_path(&self) -> Option<&Path> {
        match self {
            Entry::Asset(_) => None,
            Entry::Home { path, .. }
            | Entry::FamilyIndex { path, .. }
            | Entry::Variant { path, .. } => Some(path),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::{LoadOptions, load_cached};
    use super::*;

    const PAGE: &str = "---\ntitle: \"Family\"\n---\n\nBody one.\n";

    fn hub() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("content/family")).expect("mkdir");
        std::fs::write(dir.path().join("content/family/_index.md"), PAGE).expect("write");
        dir
    }

    fn family_text(root: &Path, cache: &mut SourceCache) -> Arc<str> {
        let (hub, _) = load_cached(root, &LoadOptions::default(), cache).expect("loads");
        hub.families[0].index["en"].source.text.clone()
    }

    /// Rewrites the page with text of the same length and puts its old
    /// modification time back, so only being told can reveal the change.
    fn sneaky_edit(root: &Path) {
        let path = root.join("content/family/_index.md");
        let modified = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .expect("mtime");
        std::fs::write(&path, PAGE.replace("one", "two")).expect("write");
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(modified))
            .expect("set mtime");
    }

    #[test]
    fn unchanged_files_come_back_as_the_same_text() {
        let dir = hub();
        let mut cache = SourceCache::default();
        let first = family_text(dir.path(), &mut cache);
        let second = family_text(dir.path(), &mut cache);
        assert!(Arc::ptr_eq(&first, &second), "read once, shared after");
    }

    #[test]
    fn a_file_named_as_changed_is_read_again_whatever_its_size_and_time() {
        let dir = hub();
        let mut cache = SourceCache::default();
        family_text(dir.path(), &mut cache);
        sneaky_edit(dir.path());
        assert!(
            family_text(dir.path(), &mut cache).contains("Body one."),
            "same size and time: taken from the cache"
        );
        let path = Path::new("content/family/_index.md");
        cache.changed(&[path.to_path_buf()]);
        assert!(family_text(dir.path(), &mut cache).contains("Body two."));
    }

    #[test]
    fn new_and_deleted_files_are_found_even_when_only_another_was_named() {
        let dir = hub();
        let mut cache = SourceCache::default();
        family_text(dir.path(), &mut cache);
        std::fs::write(dir.path().join("content/_index.md"), PAGE).expect("write");
        cache.changed(&[PathBuf::from("content/_index.md")]);
        let (hub, _) = load_cached(dir.path(), &LoadOptions::default(), &mut cache).expect("loads");
        assert_eq!(hub.home.len(), 1, "a new file means a fresh walk");

        std::fs::remove_file(dir.path().join("content/_index.md")).expect("remove");
        cache.changed(&[PathBuf::from("content/_index.md")]);
        let (hub, _) = load_cached(dir.path(), &LoadOptions::default(), &mut cache).expect("loads");
        assert!(hub.home.is_empty(), "a deleted file does not come back");
    }
}
