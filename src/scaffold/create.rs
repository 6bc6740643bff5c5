//! Creating the file `rulehub new` asks for: reads the hub to choose the
//! order, refuse taken names and copy `--from` rules, then writes the file
//! without ever replacing one. The text itself comes from the parent
//! module.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{
    NewVariant, ScaffoldError, Target, Translation, parse_target, rules_blocks, title_from_name,
    translation_stub, variant_file,
};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::hub::{self, LoadOptions, front_matter};

/// A refusal: what is wrong, about which file, and what to do.
struct Refusal(Vec<Diagnostic>);

impl Refusal {
    fn new(file: impl Into<PathBuf>, message: impl Into<String>) -> Refusal {
        Refusal(vec![Diagnostic::error(file, message)])
    }

    fn help(mut self, help: impl Into<String>) -> Refusal {
        if let Some(first) = self.0.first_mut() {
            first.help = Some(help.into());
        }
        self
    }
}

impl From<ScaffoldError> for Refusal {
    fn from(error: ScaffoldError) -> Refusal {
        let mut diagnostic = Diagnostic::error("rulehub new", error.message);
        diagnostic.help = error.help;
        Refusal(vec![diagnostic])
    }
}

/// What `rulehub new` was asked for.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The hub folder.
    pub root: &'a Path,
    /// `family/name` of the new variant (or of the variant to translate).
    pub target: &'a str,
    /// `family/name` of an existing variant whose board, rules and drawing
    /// the new one copies.
    pub from: Option<&'a str>,
    /// Write a translation stub in this language instead.
    pub lang: Option<&'a str>,
}

/// Writes the new variant file or translation stub, never replacing a
/// file; returns its path relative to the root, or why it refused (with a
/// hint for near-miss names, families and languages).
pub fn create(request: &Request) -> Result<PathBuf, Vec<Diagnostic>> {
    create_file(request).map_err(|Refusal(diagnostics)| diagnostics)
}

fn create_file(request: &Request) -> Result<PathBuf, Refusal> {
    let target = parse_target(request.target)?;
    let root = request.root;
    if !root.join("content").is_dir() {
        return Err(Refusal::new(
            "content/",
            format!("no `content/` folder in {}", root.display()),
        )
        .help(
            "run rulehub in a hub folder (one with content/), pass --root DIR, or start a hub with `rulehub init DIR`",
        ));
    }
    let known = variant_files(root);
    let (relative, text) = match request.lang {
        Some(lang) => translation(root, &target, lang, &known)?,
        None => variant(request, &target, &known)?,
    };
    write_new(root, &relative, &text)?;
    Ok(relative)
}

fn variant(
    request: &Request,
    target: &Target,
    known: &[Target],
) -> Result<(PathBuf, String), Refusal> {
    let root = request.root;
    let relative = PathBuf::from(target.path(None));
    refuse_existing(root, &relative, target)?;
    // The folder names the family whose engine checks the page: rules
    // copied from another family's variant could never build there.
    if let Some(from) = request.from {
        let source = parse_target(from)?;
        if source.family != target.family {
            return Err(Refusal::new(
                &relative,
                format!(
                    "--from {source} is a variant of the {} family, and {target} would be one of {}: a variant copies the rules of its own family",
                    source.family, target.family
                ),
            )
            .help(format!(
                "copy from a variant in content/{}/, or leave out --from to start from the family's own example",
                target.family
            )));
        }
    }
    let family_dir = root.join("content").join(&target.family);
    if !family_dir.is_dir() {
        let families = family_names(root);
        if let Some(near) = did_you_mean(&target.family, families.iter().map(String::as_str)) {
            return Err(Refusal::new(
                &relative,
                format!("there is no family `{}`", target.family),
            )
            .help(format!(
                "did you mean `{near}/{}`? To start a new family, create the folder content/{}/ first",
                target.name, target.family
            )));
        }
    }
    let (hub, _) = hub::load(root, &LoadOptions { drafts: true }).map_err(Refusal)?;
    let family = hub.families.iter().find(|f| f.name == target.family);
    if let Some(taken) = family.and_then(|f| f.variants.iter().find(|v| v.slug == target.name)) {
        return Err(Refusal::new(
            &relative,
            format!(
                "the address {}/{}/ is already taken by {}",
                target.family,
                target.name,
                taken.page.source.path.display()
            ),
        )
        .help("pick another name"));
    }
    let order = family
        .and_then(|f| f.variants.iter().map(|v| v.page.front.order).max())
        .map_or(1, |max| max + 1);
    let from = match request.from {
        Some(from) => {
            let source = parse_target(from)?;
            let text = read_existing(root, &source, known, "--from")?;
            let yaml = front_matter_of(&text, &source)?;
            Some(rules_blocks(yaml).ok_or_else(|| {
                Refusal::new(
                    source.path(None),
                    format!("{source} has no `engine:` block to copy"),
                )
            })?)
        }
        None => None,
    };
    // The folder names the family, whose engine checks the page.
    let family = crate::family::find(&target.family).map_err(|message| {
        Refusal::new(&relative, message).help("name a registered family as the folder")
    })?;
    let text = variant_file(&NewVariant {
        target,
        title: title_from_name(&target.name),
        order,
        from,
        starter: family.starter(),
    });
    Ok((relative, text))
}

fn translation(
    root: &Path,
    target: &Target,
    lang: &str,
    known: &[Target],
) -> Result<(PathBuf, String), Refusal> {
    let config = hub::read_config(root).map_err(Refusal)?;
    let codes: Vec<&str> = config.language_codes().collect();
    if config.is_default_language(lang) {
        return Err(Refusal::new(
            "hub.yaml",
            format!("`{lang}` is the hub's default language"),
        )
        .help(format!(
            "the default-language page is {} itself; translate into one of: {}",
            target.path(None),
            codes[1..].join(", ")
        )));
    }
    if config.language(lang).is_none() {
        let help = match did_you_mean(lang, codes.iter().copied()) {
            Some(near) => format!("did you mean `{near}`?"),
            None => format!("add `{lang}` to `languages` in hub.yaml first"),
        };
        return Err(Refusal::new(
            "hub.yaml",
            format!(
                "`{lang}` is not a language of this hub (hub.yaml lists {})",
                codes.join(", ")
            ),
        )
        .help(help));
    }
    let relative = PathBuf::from(target.path(Some(lang)));
    refuse_existing(root, &relative, target)?;
    let text = read_existing(root, target, known, "the variant to translate")?;
    #[derive(serde::Deserialize)]
    struct Words {
        title: String,
        #[serde(default)]
        summary: Option<String>,
    }
    let split = front_matter::split(&text).map_err(|_| not_a_variant(target))?;
    let words: Words = front_matter::parse(&text, &split.yaml).map_err(|(message, _)| {
        Refusal::new(
            target.path(None),
            format!("cannot read its title: {message}"),
        )
    })?;
    let stub = translation_stub(&Translation {
        title: &words.title,
        summary: words.summary.as_deref(),
        body: &text[split.body],
    });
    Ok((relative, stub))
}

fn refuse_existing(root: &Path, relative: &Path, target: &Target) -> Result<(), Refusal> {
    if root.join(relative).exists() {
        return Err(Refusal::new(
            relative,
            "the file already exists; rulehub new never overwrites",
        )
        .help(format!(
            "edit it as it is, remove it first, or choose another name than `{target}`"
        )));
    }
    Ok(())
}

/// The text of an existing default-language variant file.
fn read_existing(
    root: &Path,
    target: &Target,
    known: &[Target],
    role: &str,
) -> Result<String, Refusal> {
    let path = root.join(target.path(None));
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(text),
        Err(_) => {
            let names: Vec<String> = known.iter().map(Target::to_string).collect();
            let wanted = target.to_string();
            let help = match did_you_mean(&wanted, names.iter().map(String::as_str)) {
                Some(near) => format!("did you mean `{near}`?"),
                None if names.is_empty() => "the hub has no variants yet".to_string(),
                None => format!("the variants are: {}", names.join(", ")),
            };
            Err(
                Refusal::new(target.path(None), format!("no variant `{wanted}` ({role})"))
                    .help(help),
            )
        }
    }
}

fn front_matter_of<'a>(text: &'a str, target: &Target) -> Result<&'a str, Refusal> {
    front_matter::split(text)
        .map(|split| &text[split.yaml])
        .map_err(|_| not_a_variant(target))
}

fn not_a_variant(target: &Target) -> Refusal {
    Refusal::new(
        target.path(None),
        "the file has no front matter to copy from",
    )
    .help("fix it first; `rulehub check` explains what is wrong")
}

/// Family folders under content/.
fn family_names(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("content"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// Every default-language variant file, for "did you mean" hints.
fn variant_files(root: &Path) -> Vec<Target> {
    let mut targets = Vec::new();
    for family in family_names(root) {
        let Ok(entries) = std::fs::read_dir(root.join("content").join(&family)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".md")) else {
                continue;
            };
            if !stem.contains('.') && !stem.starts_with('_') {
                targets.push(Target {
                    family: family.clone(),
                    name: stem.to_string(),
                });
            }
        }
    }
    targets.sort_by_key(Target::to_string);
    targets
}

/// Creates the file, never replacing one (even one that appeared meanwhile).
fn write_new(root: &Path, relative: &Path, text: &str) -> Result<(), Refusal> {
    let path = root.join(relative);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Refusal::new(relative, format!("cannot create its folder: {e}")))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                Refusal::new(
                    relative,
                    "the file already exists; rulehub new never overwrites",
                )
            } else {
                Refusal::new(relative, format!("cannot write: {e}"))
            }
        })?;
    file.write_all(text.as_bytes())
        .map_err(|e| Refusal::new(relative, format!("cannot write: {e}")))
}
