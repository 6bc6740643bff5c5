//! `rulehub init`: a new hub in an empty folder, small enough to read in a
//! minute and complete enough to build — hub.yaml, a home page, one family
//! and one variant whose worked example the engine checks.

use std::path::{Path, PathBuf};

use super::{NewVariant, Target, variant_file};
use crate::diagnostic::Diagnostic;
use crate::family::FamilyPage;

/// The settings of a new hub, after the comment that says where every key
/// is explained ([`hub_yaml`]).
const HUB_YAML_SETTINGS: &str = "\
title: \"My rules hub\"
# The address the site is published at; links and the sitemap use it
# (`rulehub build --base-url URL` publishes elsewhere without editing it).
base_url: \"https://example.org/\"
# The first language is the default; add more (e.g. [en, cs]) to translate.
languages: [en]
";

/// What git should leave out of a hub: the built site (`rulehub build`'s
/// default output) and the rooms `rulehub serve`'s room server keeps.
const GITIGNORE: &str = "\
# Built by `rulehub build`; CI builds it again.
public/
# Rooms and games of the room server beside `rulehub serve`.
rooms-data/
";

const HOME: &str = "\
---
title: \"My rules hub\"
summary: \"Rules of board games, with worked examples checked by a rules engine.\"
---

Welcome. Each game family has its own page, and each variant lists its rules
with examples that `rulehub check` replays move by move.
";

/// The family page of a new hub: the starter family's own words, and how to
/// add a variant beside the first.
fn family_page(family: &str, first: &str, page: FamilyPage) -> String {
    format!(
        "---\ntitle: \"{}\"\nsummary: \"{}\"\n---\n\n{} Add a variant with\n`rulehub new {family}/NAME --from {family}/{first}`.\n",
        page.title, page.summary, page.about
    )
}

/// Writes a new hub into `dir` (created if absent), which must be empty.
/// Returns the files written, relative to `dir`.
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    if dir.exists() {
        let mut entries = std::fs::read_dir(dir).map_err(|e| {
            Diagnostic::error(dir, format!("cannot read the folder: {e}"))
                .with_help("pass a folder you can read, or a new folder name")
        })?;
        if entries.next().is_some() {
            return Err(Diagnostic::error(
                dir,
                "the folder is not empty; rulehub init only starts hubs in empty folders",
            )
            .with_help(
                "pass a new folder name, e.g. `rulehub init my-hub`, or empty this one first",
            ));
        }
    }
    // The hub starts with the first registered family.
    let family = crate::family::default_family();
    let starter = family.starter();
    let (slug, title) = starter.first_variant();
    let target = Target {
        family: family.name().to_string(),
        name: slug.to_string(),
    };
    let variant = variant_file(&NewVariant {
        target: &target,
        title: title.to_string(),
        order: 1,
        from: None,
        starter,
    });
    let hub_yaml = hub_yaml();
    let family_index = format!("content/{}/_index.md", family.name());
    let variant_path = format!("content/{}/{slug}.md", family.name());
    let family_text = family_page(family.name(), slug, starter.family_page());
    let files: [(&str, &str); 5] = [
        ("hub.yaml", &hub_yaml),
        (".gitignore", GITIGNORE),
        ("content/_index.md", HOME),
        (&family_index, &family_text),
        (&variant_path, &variant),
    ];
    let mut written = Vec::new();
    for (relative, text) in files {
        let path = dir.join(relative);
        let result = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        if let Err(error) = result {
            return Err(Diagnostic::error(&path, format!("cannot write: {error}"))
                .with_help("check that the folder is writable"));
        }
        written.push(PathBuf::from(relative));
    }
    Ok(written)
}

/// A new hub's hub.yaml: a comment pointing at the reference that explains
/// every key (with its address once the package names its repository),
/// then the settings.
fn hub_yaml() -> String {
    let repository = env!("CARGO_PKG_REPOSITORY").trim_end_matches('/');
    let reference = if repository.is_empty() {
        "rulehub's docs/reference.md".to_string()
    } else {
        format!("rulehub's docs/reference.md ({repository})")
    };
    format!(
        "# The hub's settings. Every key, its default and what it does is in\n\
         # {reference}, section \"hub.yaml\".\n\
         {HUB_YAML_SETTINGS}"
    )
}
