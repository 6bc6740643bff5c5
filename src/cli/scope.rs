//! `rulehub check --changed-since REF` and `rulehub check FILE…`: the whole
//! hub is still checked (a page can only be judged with everything it
//! depends on), but only problems in the changed pages are reported.
//!
//! A changed page brings its group along: a variant and its translations
//! share boards and examples, so editing one can break the others. Problems
//! in files every page depends on (hub.yaml, templates, themes) are always
//! reported, and a change to one of them makes every page relevant.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use rulehub::diagnostic::Diagnostic;
use rulehub::inventory::Inventory;

/// The files a run reports on.
pub struct Scope {
    /// Changed files, relative to the hub root.
    changed: BTreeSet<PathBuf>,
    /// What the files came from, for the closing note.
    pub origin: String,
}

impl Scope {
    /// The scope asked for on the command line, if any. Fails with a
    /// message for the user when git cannot tell what changed.
    pub fn from_args(
        root: &Path,
        changed_since: Option<&str>,
        files: &[PathBuf],
    ) -> Result<Option<Scope>, String> {
        if changed_since.is_none() && files.is_empty() {
            return Ok(None);
        }
        let mut changed = BTreeSet::new();
        let mut origin = Vec::new();
        if let Some(reference) = changed_since {
            changed.extend(changed_since_ref(root, reference)?);
            origin.push(format!("changed since {reference}"));
        }
        if !files.is_empty() {
            let root = absolute(root);
            changed.extend(files.iter().filter_map(|f| inside(&root, &absolute(f))));
            origin.push("given on the command line".to_string());
        }
        // A report.xml or README.md beside the hub is neither a page nor a
        // file pages depend on: it changes nothing the check reports.
        changed.retain(|file| file.starts_with("content") || hub_wide(file));
        Ok(Some(Scope {
            changed,
            origin: origin.join(" or "),
        }))
    }

    pub fn changed_files(&self) -> usize {
        self.changed.len()
    }

    /// Keeps the diagnostics this scope reports; returns how many it left
    /// out.
    pub fn retain(
        &self,
        diagnostics: &mut Vec<Diagnostic>,
        inventory: Option<&Inventory>,
    ) -> usize {
        let before = diagnostics.len();
        let Some(inventory) = inventory else {
            // The hub could not be listed, so nothing tells pages apart:
            // report everything rather than hide a problem.
            return 0;
        };
        let Some(groups) = self.groups(inventory) else {
            return 0;
        };
        diagnostics.retain(|diagnostic| match inventory.page(&diagnostic.file) {
            Some(page) => groups.contains(&page.group),
            // A page that did not load is judged by its own file.
            None if diagnostic.file.starts_with("content") => {
                self.changed.contains(&diagnostic.file)
            }
            None => true,
        });
        before - diagnostics.len()
    }

    /// The inventory cut down to the pages (and their examples) this scope
    /// reports on, so a report does not list unreported pages as passing.
    pub fn restrict(&self, inventory: Inventory) -> Inventory {
        let Some(groups) = self.groups(&inventory) else {
            return inventory;
        };
        let pages: Vec<_> = inventory
            .pages
            .into_iter()
            .filter(|page| groups.contains(&page.group))
            .collect();
        let examples = inventory
            .examples
            .into_iter()
            .filter(|example| pages.iter().any(|page| page.file == example.file))
            .collect();
        Inventory { pages, examples }
    }

    /// The page groups the changed files touch; `None` when a hub-wide file
    /// changed and every page counts.
    fn groups(&self, inventory: &Inventory) -> Option<BTreeSet<PathBuf>> {
        if self.changed.iter().any(|file| hub_wide(file)) {
            return None;
        }
        Some(
            self.changed
                .iter()
                .filter_map(|file| inventory.page(file).map(|page| page.group.clone()))
                .collect(),
        )
    }
}

/// Files every page depends on: changing one may change any page.
fn hub_wide(file: &Path) -> bool {
    file == Path::new("hub.yaml") || file.starts_with("templates") || file.starts_with("themes")
}

/// Files under `root` that differ from `reference` (committed, staged or
/// not, deleted), plus new files git does not ignore, relative to `root`.
fn changed_since_ref(root: &Path, reference: &str) -> Result<Vec<PathBuf>, String> {
    let inside = git(root, &["rev-parse", "--is-inside-work-tree"]).map_err(|_| {
        format!(
            "--changed-since needs a git repository, and {} is not inside one",
            root.display()
        )
    })?;
    if inside.trim() != "true" {
        return Err(format!(
            "--changed-since needs a git work tree, and {} is not in one",
            root.display()
        ));
    }
    let commit = format!("{reference}^{{commit}}");
    git(root, &["rev-parse", "--verify", "--quiet", &commit]).map_err(|_| {
        format!(
            "`{reference}` is not a commit in this repository; name a branch, tag or commit \
             (in CI, fetch it first, e.g. `git fetch origin main` or `fetch-depth: 0`)"
        )
    })?;
    // From where the branch left `reference`, so files changed on
    // `reference` since then are not counted as this branch's changes.
    // `-z`: names as they are, NUL-separated. Without it git quotes a name
    // with non-ASCII letters, quotes or tabs ("\303\251vian.md"), which
    // then matches no page.
    let diff = git_bytes(
        root,
        &[
            "diff",
            "-z",
            "--name-only",
            "--relative",
            "--merge-base",
            reference,
            "--",
        ],
    )?;
    let untracked = git_bytes(root, &["ls-files", "-z", "--others", "--exclude-standard"])?;
    Ok(nul_separated_paths(&diff)
        .chain(nul_separated_paths(&untracked))
        .collect())
}

/// The paths of git's `-z` output.
fn nul_separated_paths(output: &[u8]) -> impl Iterator<Item = PathBuf> + '_ {
    output
        .split(|&byte| byte == 0)
        .filter(|name| !name.is_empty())
        .map(path_from_bytes)
}

#[cfg(unix)]
fn path_from_bytes(name: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(name))
}

/// Git for Windows writes names in UTF-8.
#[cfg(not(unix))]
fn path_from_bytes(name: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(name).into_owned())
}

/// Runs git in `root`; its standard output, or what went wrong.
fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    git_bytes(root, args).map(|out| String::from_utf8_lossy(&out).into_owned())
}

/// Runs git in `root`; its standard output as bytes, or what went wrong.
fn git_bytes(root: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .map_err(|error| format!("could not run git ({error}); is it installed?"))?;
    if output.status.success() {
        Ok(output.stdout)
    } else {
        Err(format!(
            "`git {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// `path` made absolute and free of `.`/`..`, through symlinks where it
/// exists (so `/tmp` and `/private/tmp` agree) and by its text where not
/// (a deleted file).
fn absolute(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let joined = std::env::current_dir()
        .map(|cwd| cwd.join(path))
        .unwrap_or_else(|_| path.to_path_buf());
    if let (Some(parent), Some(name)) = (joined.parent(), joined.file_name())
        && let Ok(parent) = parent.canonicalize()
    {
        return parent.join(name);
    }
    let mut clean = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                clean.pop();
            }
            other => clean.push(other),
        }
    }
    clean
}

/// `file` relative to `root`, when it lies inside.
fn inside(root: &Path, file: &Path) -> Option<PathBuf> {
    file.strip_prefix(root).ok().map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulehub::inventory::{PageEntry, PageKind};

    fn page(file: &str, group: &str) -> PageEntry {
        PageEntry {
            file: file.into(),
            language: "en".into(),
            kind: PageKind::Variant,
            group: group.into(),
        }
    }

    fn scope(files: &[&str]) -> Scope {
        Scope {
            changed: files.iter().map(PathBuf::from).collect(),
            origin: "test".into(),
        }
    }

    fn kept(scope: &Scope, files: &[&str]) -> Vec<String> {
        let inventory = Inventory {
            pages: vec![
                page("content/family/a.md", "content/family/a.md"),
                page("content/family/a.cs.md", "content/family/a.md"),
                page("content/family/b.md", "content/family/b.md"),
            ],
            examples: Vec::new(),
        };
        let mut diagnostics: Vec<Diagnostic> = files
            .iter()
            .map(|f| Diagnostic::error(*f, "problem"))
            .collect();
        scope.retain(&mut diagnostics, Some(&inventory));
        diagnostics
            .iter()
            .map(|d| d.file.display().to_string())
            .collect()
    }

    const EVERYWHERE: [&str; 5] = [
        "content/family/a.md",
        "content/family/a.cs.md",
        "content/family/b.md",
        "content/family/broken.md",
        "hub.yaml",
    ];

    #[test]
    fn a_changed_translation_reports_its_variant_group_and_shared_files() {
        assert_eq!(
            kept(&scope(&["content/family/a.cs.md"]), &EVERYWHERE),
            ["content/family/a.md", "content/family/a.cs.md", "hub.yaml"]
        );
    }

    #[test]
    fn a_page_that_did_not_load_is_reported_only_when_it_changed() {
        assert_eq!(
            kept(&scope(&["content/family/broken.md"]), &EVERYWHERE),
            ["content/family/broken.md", "hub.yaml"]
        );
    }

    #[test]
    fn a_changed_theme_makes_every_page_relevant() {
        assert_eq!(
            kept(&scope(&["themes/default/static/style.css"]), &EVERYWHERE),
            EVERYWHERE
        );
    }

    #[test]
    fn a_scoped_report_lists_only_the_pages_it_reports_on() {
        let inventory = Inventory {
            pages: vec![
                page("content/family/a.md", "content/family/a.md"),
                page("content/family/b.md", "content/family/b.md"),
            ],
            examples: vec![rulehub::inventory::ExampleEntry {
                file: "content/family/b.md".into(),
                id: Some("x".into()),
                lines: 3..=9,
            }],
        };
        let restricted = scope(&["content/family/a.md"]).restrict(inventory.clone());
        assert_eq!(restricted.pages.len(), 1);
        assert!(restricted.examples.is_empty());
        assert_eq!(scope(&["hub.yaml"]).restrict(inventory.clone()), inventory);
    }

    #[test]
    fn paths_are_made_relative_to_the_root() {
        let root = Path::new("/hub");
        assert_eq!(
            inside(root, Path::new("/hub/content/x.md")),
            Some(PathBuf::from("content/x.md"))
        );
        assert_eq!(inside(root, Path::new("/elsewhere/x.md")), None);
    }
}
