//! Writing the site: into a sibling folder first, then swapped in, so a
//! failed or interrupted build never leaves a half-written site behind.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

mod placement;

/// The whole generated site in memory, keyed by `/`-separated path, so
/// nothing touches the disk until every page rendered.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SiteFiles {
    pub files: BTreeMap<String, Vec<u8>>,
}

impl SiteFiles {
    pub fn insert(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), bytes.into());
    }

    pub fn contains(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(Vec::as_slice)
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

/// Why the site could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error(
        "refusing to replace {0}: it is not empty and does not look like a rulehub site (no sitemap.xml); pass another --output or remove it yourself"
    )]
    NotASite(PathBuf),
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Where rendered files go: kept in memory, or written out as they come.
pub trait Sink: Sync {
    fn put(&self, path: String, bytes: Vec<u8>) -> Result<(), WriteError>;

    /// Puts the files of one page or unit, which mostly share a folder.
    fn put_all(&self, files: Vec<(String, Vec<u8>)>) -> Result<(), WriteError> {
        for (path, bytes) in files {
            self.put(path, bytes)?;
        }
        Ok(())
    }
}

/// Collects the site in memory.
#[derive(Default)]
pub struct MemorySink(pub std::sync::Mutex<SiteFiles>);

impl Sink for MemorySink {
    fn put(&self, path: String, bytes: Vec<u8>) -> Result<(), WriteError> {
        self.0
            .lock()
            .expect("no panics while holding the lock")
            .insert(path, bytes);
        Ok(())
    }
}

/// Drops every file: for checking a hub without keeping its pages.
pub struct Discard;

impl Sink for Discard {
    fn put(&self, _path: String, _bytes: Vec<u8>) -> Result<(), WriteError> {
        Ok(())
    }
}

/// A site being written: files go into a folder inside a sibling staging
/// folder, and that folder replaces `output` with two renames on
/// [`Staging::commit`]. Dropped without a commit, the staging folder is
/// removed and `output` is left as it was.
pub struct Staging {
    output: PathBuf,
    /// The site being replaced, whose unchanged files are hard-linked
    /// instead of written again.
    previous: Option<PathBuf>,
    /// The folder beside `output` that holds the new site while it is
    /// written, named after this process so a later build can tell it was
    /// abandoned.
    staging: PathBuf,
    /// The new site, inside `staging`: a folder of its own so the file
    /// system can place it away from the site it replaces
    /// ([`placement`] says why).
    root: PathBuf,
    retired: PathBuf,
    committed: bool,
}

/// Removes staging and retired folders that builds of `name` left behind
/// when they were killed (Ctrl-C, a crash): their process is gone. A build
/// still running keeps its folders.
fn remove_abandoned_staging(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(file_name) = file_name.to_str() else {
            continue;
        };
        let pid = [".new-", ".old-"].iter().find_map(|kind| {
            file_name
                .strip_prefix(&format!(".{name}{kind}"))
                .and_then(|pid| pid.parse::<u32>().ok())
        });
        if let Some(pid) = pid
            && pid != std::process::id()
            && !process_is_running(pid)
        {
            remove_tree(&entry.path());
        }
    }
}

/// Whether process `pid` exists. Where that cannot be told (no `/proc`),
/// it is assumed to run, so nothing of a live build is ever removed.
fn process_is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
}

impl Staging {
    /// Refuses an `output` that is neither empty nor a rulehub site, then
    /// starts an empty staging folder beside it.
    pub fn begin(output: &Path) -> Result<Staging, WriteError> {
        if output.exists() && !looks_like_site(output) {
            return Err(WriteError::NotASite(output.to_path_buf()));
        }
        let parent = output
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).map_err(io_error(parent))?;
        let name = output
            .file_name()
            .map_or_else(|| "public".into(), |n| n.to_string_lossy().into_owned());
        remove_abandoned_staging(parent, &name);
        let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
        let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging).map_err(io_error(&staging))?;
        placement::spread_subfolders(&staging);
        let root = staging.join(placement::site_folder_name());
        std::fs::create_dir(&root).map_err(io_error(&root))?;
        let previous =
            (output.is_dir() && output.join("sitemap.xml").is_file()).then(|| output.to_path_buf());
        Ok(Staging {
            output: output.to_path_buf(),
            previous,
            staging,
            root,
            retired,
            committed: false,
        })
    }

    /// Swaps the staging folder in for `output`.
    pub fn commit(mut self) -> Result<(), WriteError> {
        let output = &self.output;
        if output.exists() {
            std::fs::rename(output, &self.retired).map_err(io_error(output))?;
        }
        if let Err(source) = std::fs::rename(&self.root, output) {
            // Put the previous site back so nothing is lost.
            let _ = std::fs::rename(&self.retired, output);
            return Err(WriteError::Io {
                path: output.to_path_buf(),
                source,
            });
        }
        self.committed = true;
        // Empty now; a build that finds it left behind removes it.
        let _ = std::fs::remove_dir(&self.staging);
        remove_tree(&self.retired);
        Ok(())
    }
}

impl Staging {
    /// Writes one file into the staging folder, whose folder exists. A file
    /// the previous site has with the same bytes is hard-linked instead:
    /// creating tens of thousands of new inodes is what a rebuild spends
    /// most of its time on in the kernel, and the previous site is deleted
    /// right after anyway.
    fn put_file(&self, path: &str, bytes: &[u8]) -> Result<(), WriteError> {
        let target = self.root.join(path);
        if let Some(previous) = &self.previous {
            let old = previous.join(path);
            if std::fs::symlink_metadata(&old)
                .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
                && file_holds(&old, bytes)
                && std::fs::hard_link(&old, &target).is_ok()
            {
                return Ok(());
            }
        }
        std::fs::write(&target, bytes).map_err(io_error(&target))
    }
}

/// Whether the file at `path` holds exactly `bytes`, read a piece at a
/// time: the print pages of a large hub are tens of megabytes each, and
/// several are written at once.
fn file_holds(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut buffer = vec![0; 64 * 1024];
    let mut rest = bytes;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return rest.is_empty(),
            Ok(n) if n <= rest.len() && buffer[..n] == rest[..n] => rest = &rest[n..],
            Ok(_) => return false,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

impl Sink for Staging {
    fn put(&self, path: String, bytes: Vec<u8>) -> Result<(), WriteError> {
        self.put_all(vec![(path, bytes)])
    }

    /// Creates each folder once, not once a file: a variant's pages put
    /// dozens of files in a handful of folders.
    fn put_all(&self, files: Vec<(String, Vec<u8>)>) -> Result<(), WriteError> {
        let dirs: BTreeSet<&str> = files
            .iter()
            .filter_map(|(path, _)| path.rsplit_once('/').map(|(dir, _)| dir))
            .collect();
        for dir in dirs {
            let target = self.root.join(dir);
            std::fs::create_dir_all(&target).map_err(io_error(&target))?;
        }
        for (path, bytes) in &files {
            self.put_file(path, bytes)?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

/// Writes `site` to `output` atomically: the files go to a staging folder
/// beside it, which then replaces `output` with two renames.
pub fn write(site: &SiteFiles, output: &Path) -> Result<(), WriteError> {
    let staging = Staging::begin(output)?;
    write_tree(site, &staging)?;
    staging.commit()
}

/// Removes a folder and everything in it, its top-level entries in
/// parallel (a site has one folder per language and family). Best effort:
/// what cannot be removed stays.
fn remove_tree(dir: &Path) {
    let entries: Vec<(PathBuf, bool)> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
            .collect(),
        Err(_) => return,
    };
    entries.par_iter().for_each(|(path, is_dir)| {
        let _ = if *is_dir {
            std::fs::remove_dir_all(path)
        } else {
            std::fs::remove_file(path)
        };
    });
    let _ = std::fs::remove_dir_all(dir);
}

fn looks_like_site(dir: &Path) -> bool {
    dir.join("sitemap.xml").is_file()
        || std::fs::read_dir(dir)
            .map(|mut d| d.next().is_none())
            .unwrap_or(false)
}

/// Creates every folder first, then writes the files in parallel; the
/// error reported is the one of the first failing path, so it is the same
/// on every run.
fn write_tree(site: &SiteFiles, staging: &Staging) -> Result<(), WriteError> {
    let root = &staging.root;
    let dirs: BTreeSet<&str> = site
        .files
        .keys()
        .filter_map(|path| path.rsplit_once('/').map(|(dir, _)| dir))
        .collect();
    for dir in dirs {
        let target = root.join(dir);
        std::fs::create_dir_all(&target).map_err(io_error(&target))?;
    }
    let files: Vec<(&String, &Vec<u8>)> = site.files.iter().collect();
    files
        .par_iter()
        .with_min_len(64)
        .map(|(path, bytes)| staging.put_file(path, bytes))
        .collect::<Vec<Result<(), WriteError>>>()
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(pairs: &[(&str, &str)]) -> SiteFiles {
        let mut site = SiteFiles::default();
        for (path, text) in pairs {
            site.insert(*path, text.as_bytes());
        }
        site
    }

    fn contents(path: &Path) -> String {
        std::fs::read_to_string(path).expect("a written file")
    }

    /// What `dir` holds, by name: after a build, only the site (and what
    /// the test put there itself), never a staging folder.
    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("list")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_a_previous_site_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("public");
        write(
            &site(&[("sitemap.xml", "1"), ("old/index.html", "old")]),
            &out,
        )
        .expect("first write");
        write(
            &site(&[("sitemap.xml", "2"), ("new/index.html", "new")]),
            &out,
        )
        .expect("second write");
        assert!(!out.join("old").exists());
        assert_eq!(contents(&out.join("new/index.html")), "new");
        assert_eq!(
            entries(dir.path()),
            ["public"],
            "staging folders are cleaned up"
        );
    }

    #[test]
    fn unchanged_files_are_linked_from_the_previous_site_and_changed_ones_written() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("public");
        let first = site(&[
            ("sitemap.xml", "1"),
            ("a/index.html", "same"),
            ("b.txt", "old"),
        ]);
        write(&first, &out).expect("first write");
        let second = site(&[
            ("sitemap.xml", "2"),
            ("a/index.html", "same"),
            ("b.txt", "new!"),
        ]);
        write(&second, &out).expect("second write");
        for (path, text) in [
            ("sitemap.xml", "2"),
            ("a/index.html", "same"),
            ("b.txt", "new!"),
        ] {
            assert_eq!(contents(&out.join(path)), text);
        }
        assert_eq!(
            entries(dir.path()),
            ["public"],
            "staging folders are cleaned up"
        );
    }

    #[test]
    fn a_file_holds_bytes_only_when_every_piece_matches() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("page.html");
        // Longer than one piece read, with the difference in the last one.
        let bytes: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &bytes).expect("write");
        assert!(file_holds(&path, &bytes));
        let mut changed = bytes.clone();
        *changed.last_mut().expect("not empty") ^= 1;
        assert!(!file_holds(&path, &changed));
        assert!(!file_holds(&path, &bytes[..bytes.len() - 1]));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(!file_holds(&path, &longer));
        assert!(!file_holds(&dir.path().join("missing.html"), &bytes));
        std::fs::write(&path, b"").expect("write");
        assert!(file_holds(&path, b""));
    }

    /// The hint that keeps a first build from scanning past the inodes of
    /// the site it replaces (see `placement`): the staging folder carries
    /// it, and the site itself does not, or each of its language folders
    /// would be sent by its fixed name to the same place every build.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_site_is_written_where_the_file_system_can_place_it_apart() {
        let dir = tempfile::tempdir().expect("temp dir");
        let probe = dir.path().join("probe");
        std::fs::create_dir(&probe).expect("probe folder");
        if !placement::spread_subfolders(&probe) {
            eprintln!("skipped: {} keeps no FS_TOPDIR_FL", dir.path().display());
            return;
        }
        let out = dir.path().join("public");
        let staging = Staging::begin(&out).expect("begin");
        assert!(placement::spreads_subfolders(&staging.staging));
        assert_eq!(staging.root.parent(), Some(staging.staging.as_path()));
        staging
            .put("cs/index.html".into(), b"ahoj".to_vec())
            .expect("put");
        staging.commit().expect("commit");
        assert_eq!(contents(&out.join("cs/index.html")), "ahoj");
        assert!(!placement::spreads_subfolders(&out));
        assert_eq!(entries(dir.path()), ["probe", "public"]);
    }

    #[test]
    fn a_failed_build_removes_its_staging_folder_and_keeps_the_site() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("public");
        write(&site(&[("sitemap.xml", "1")]), &out).expect("first write");
        let staging = Staging::begin(&out).expect("begin");
        staging
            .put("sitemap.xml".into(), b"2".to_vec())
            .expect("put");
        drop(staging);
        assert_eq!(contents(&out.join("sitemap.xml")), "1");
        assert_eq!(
            entries(dir.path()),
            ["public"],
            "the staging folder is removed"
        );
    }

    #[test]
    fn never_replaces_a_folder_that_is_not_a_site() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("precious.txt"), "keep").expect("write");
        let error = write(&site(&[("sitemap.xml", "1")]), dir.path()).expect_err("refused");
        assert!(matches!(error, WriteError::NotASite(_)));
        assert!(dir.path().join("precious.txt").exists());
    }
}
