//! Discovery: walking `content/` in a stable order and classifying each
//! file as the home page, a family page, a variant (or its translation) or
//! an asset.

use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;

use super::*;

/// Where a file under `content/` belongs.
#[derive(Debug, Clone)]
pub(super) enum Entry {
    Home {
        path: PathBuf,
        lang: Option<String>,
    },
    FamilyIndex {
        path: PathBuf,
        family: String,
        lang: Option<String>,
    },
    Variant {
        path: PathBuf,
        family: String,
        name: String,
        lang: Option<String>,
    },
    Asset(Asset),
}

/// Walks `content/` in a stable order and classifies each file.
pub(super) fn discover(
    root: &Path,
    content: &Path,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Entry> {
    let mut entries = Vec::new();
    let walker = walkdir::WalkDir::new(content)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !is_hidden(e.file_name()));
    for item in walker {
        let item = match item {
            Ok(item) => item,
            Err(e) => {
                let path = e
                    .path()
                    .map_or_else(|| PathBuf::from("content"), |p| relative(root, p));
                diagnostics.push(Diagnostic::error(path, format!("cannot read: {e}")));
                continue;
            }
        };
        if item.path_is_symlink() {
            diagnostics.push(
                Diagnostic::warning(
                    relative(root, item.path()),
                    "symbolic links are not followed, so this one is left out of the site",
                )
                .with_help("copy the file or folder into content/ instead of linking to it"),
            );
            continue;
        }
        if !item.file_type().is_file() {
            continue;
        }
        let path = item.path().to_path_buf();
        let rel_content = path.strip_prefix(content).unwrap_or(&path).to_path_buf();
        let components: Vec<String> = rel_content
            .iter()
            .map(|c| c.to_string_lossy().into_owned())
            .collect();
        let file_name = components.last().cloned().unwrap_or_default();
        if file_name.ends_with('~') {
            continue; // editor backup
        }
        let Some(stem) = file_name.strip_suffix(".md") else {
            entries.push(Entry::Asset(Asset {
                source: path,
                output: components.join("/"),
            }));
            continue;
        };
        let (name, lang) = split_language(stem);
        if components.len() == 2 && !family_folder_ok(root, content, &components[0], diagnostics) {
            continue;
        }
        match components.len() {
            1 if name == "_index" => entries.push(Entry::Home { path, lang }),
            2 if name == "_index" => entries.push(Entry::FamilyIndex {
                path,
                family: components[0].clone(),
                lang,
            }),
            2 => entries.push(Entry::Variant {
                path,
                family: components[0].clone(),
                name: name.to_string(),
                lang,
            }),
            1 => diagnostics.push(
                Diagnostic::error(
                    relative(root, &path),
                    "a page directly in content/ must be the home page `_index.md`",
                )
                .with_help("put variant pages in a family folder: content/FAMILY/VARIANT.md"),
            ),
            _ => diagnostics.push(
                Diagnostic::error(
                    relative(root, &path),
                    "pages may be at most one folder deep (content/<family>/<variant>.md)",
                )
                .with_help("move the file up into its family folder"),
            ),
        }
    }
    entries
}

/// A family folder's name is a URL segment: it must be a slug. It is
/// reported once, at the first file found in it.
pub(super) fn family_folder_ok(
    root: &Path,
    content: &Path,
    folder: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    if is_valid_slug(folder) {
        return true;
    }
    let path = relative(root, &content.join(folder));
    if !diagnostics.iter().any(|d| d.file == path) {
        diagnostics.push(
            Diagnostic::error(path, format!("`{folder}` cannot be a family folder")).with_help(
                "the folder name becomes part of the address: use only lowercase letters, \
                     digits, `-` and `_`, starting with a letter or digit",
            ),
        );
    }
    false
}

pub(super) fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.to_str()
        .is_some_and(|n| n.starts_with('.') && n != ".")
}

/// `tablut.cs` → (`tablut`, Some(`cs`)); `tablut` → (`tablut`, None).
pub(super) fn split_language(stem: &str) -> (&str, Option<String>) {
    match stem.rsplit_once('.') {
        Some((name, lang)) => (name, Some(lang.to_string())),
        None => (stem, None),
    }
}

pub(super) fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}
