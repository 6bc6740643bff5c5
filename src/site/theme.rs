//! Templates, stylesheet, palette and Fluent strings: built into the binary
//! (from the repo's `templates/` and `themes/default/`) so a hub with only
//! `content/` builds, and overridable file by file from the hub.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::Diagnostic;
use crate::hub::HubConfig;
use crate::i18n::FluentSource;

/// Templates every site needs, with their built-in text.
/// (An included template comes before the templates that include it.)
const TEMPLATES: &[(&str, &str)] = &[
    (
        "partials/icon.html",
        include_str!("../../templates/partials/icon.html"),
    ),
    ("base.html", include_str!("../../templates/base.html")),
    (
        "partials/legend.html",
        include_str!("../../templates/partials/legend.html"),
    ),
    (
        "partials/figure.html",
        include_str!("../../templates/partials/figure.html"),
    ),
    (
        "partials/stepper.html",
        include_str!("../../templates/partials/stepper.html"),
    ),
    (
        "partials/example.html",
        include_str!("../../templates/partials/example.html"),
    ),
    (
        "redirect.html",
        include_str!("../../templates/redirect.html"),
    ),
    (
        "translation-notice.html",
        include_str!("../../templates/translation-notice.html"),
    ),
    ("home.html", include_str!("../../templates/home.html")),
    ("family.html", include_str!("../../templates/family.html")),
    ("variant.html", include_str!("../../templates/variant.html")),
    (
        "comparison.html",
        include_str!("../../templates/comparison.html"),
    ),
    ("print.html", include_str!("../../templates/print.html")),
    ("404.html", include_str!("../../templates/404.html")),
];

/// Built-in static files: the shared ones. Each game family's own files
/// (its board module, stylesheet and WebAssembly) come from the family
/// through [`GameFamily::assets`](crate::family::GameFamily::assets) and
/// join them under `play/` ([`family_static`]); the WebAssembly is a
/// committed artifact (scripts/build-wasm.sh), so a build needs no wasm
/// toolchain.
const STATIC: &[(&str, &[u8])] = &[
    (
        "style.css",
        include_bytes!("../../themes/default/static/style.css"),
    ),
    (
        "play/board.js",
        include_bytes!("../../themes/default/static/play/board.js"),
    ),
    (
        "play/drag.js",
        include_bytes!("../../themes/default/static/play/drag.js"),
    ),
    (
        "play/engine.js",
        include_bytes!("../../themes/default/static/play/engine.js"),
    ),
    (
        "play/play.css",
        include_bytes!("../../themes/default/static/play/play.css"),
    ),
    (
        "play/room-panel.js",
        include_bytes!("../../themes/default/static/play/room-panel.js"),
    ),
    (
        "play/room.js",
        include_bytes!("../../themes/default/static/play/room.js"),
    ),
    (
        "play/view.js",
        include_bytes!("../../themes/default/static/play/view.js"),
    ),
    (
        "play/worker.js",
        include_bytes!("../../themes/default/static/play/worker.js"),
    ),
    (
        "search.js",
        include_bytes!("../../themes/default/static/search.js"),
    ),
    (
        "stepper.js",
        include_bytes!("../../themes/default/static/stepper.js"),
    ),
];

/// Every registered family's files, with the path they are served at
/// under `assets/` (`play/NAME`).
fn family_static() -> impl Iterator<Item = (String, &'static [u8])> {
    crate::family::FAMILIES.iter().flat_map(|family| {
        family
            .assets()
            .files
            .iter()
            .map(|(name, bytes)| (format!("play/{name}"), *bytes))
    })
}

/// Whether `bytes` are the built-in file `name` (shared or a family's).
fn is_builtin(name: &str, bytes: &[u8]) -> bool {
    STATIC.iter().any(|(n, b)| *n == name && *b == bytes)
        || family_static().any(|(n, b)| n == name && b == bytes)
}

/// A family file whose name is already taken (by a shared file or an
/// earlier family's), as an error naming the family's folder: one would
/// silently replace the other.
fn clashing_family_files() -> Vec<Diagnostic> {
    let mut taken: Vec<String> = STATIC.iter().map(|(name, _)| name.to_string()).collect();
    let mut problems = Vec::new();
    for family in crate::family::FAMILIES {
        let assets = family.assets();
        for (name, _) in assets.files {
            let served = format!("play/{name}");
            if taken.contains(&served) {
                problems.push(
                    Diagnostic::error(
                        PathBuf::from(assets.dir).join(name),
                        format!(
                            "the {} family's file `{name}` has the name of another file served in assets/play/",
                            family.name()
                        ),
                    )
                    .with_help("name a family's files after the family (`<family>.js`, `<family>.css`)"),
                );
            }
            taken.push(served);
        }
    }
    problems
}

const PALETTE: &str = include_str!("../../themes/default/palette.yaml");

const FLUENT: &[(&str, &str)] = &[
    ("en", include_str!("../../themes/default/i18n/en.ftl")),
    ("cs", include_str!("../../themes/default/i18n/cs.ftl")),
    ("fi", include_str!("../../themes/default/i18n/fi.ftl")),
];

/// A built-in file as the site serves it: the scripts without their
/// whole-line `//` comments, which are for the reader of the source and
/// cost every visitor bytes (the practice board's budget is 100 KB
/// gzipped). Only whole lines go: the built-in scripts have no multi-line
/// template literals, so such a line is never inside a string.
fn shipped(name: &str, bytes: &[u8]) -> Vec<u8> {
    let Some(text) = name
        .ends_with(".js")
        .then(|| std::str::from_utf8(bytes).ok())
        .flatten()
    else {
        return bytes.to_vec();
    };
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .flat_map(|line| [line, "\n"])
        .collect::<String>()
        .into_bytes()
}

/// The built-in templates, as a hub without templates of its own has them.
#[cfg(test)]
pub fn builtin_templates() -> Vec<(String, ThemeFile)> {
    TEMPLATES
        .iter()
        .map(|(name, text)| {
            let file = ThemeFile {
                path: PathBuf::from("(built-in) templates").join(name),
                text: (*text).into(),
            };
            (name.to_string(), file)
        })
        .collect()
}

/// A theme file's text and the path to name in messages.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeFile {
    pub path: PathBuf,
    pub text: Arc<str>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    /// (template name, file)
    pub templates: Vec<(String, ThemeFile)>,
    /// (path under `assets/`, bytes)
    pub static_files: Vec<(String, Vec<u8>)>,
    pub palette: ThemeFile,
    pub fluent: Vec<FluentSource>,
}

impl Theme {
    /// Loads the theme for `config`, preferring the hub's own files.
    pub fn load(root: &Path, config: &HubConfig) -> Result<Theme, Vec<Diagnostic>> {
        let mut diagnostics = Vec::new();
        let theme_dir = PathBuf::from("themes").join(&config.theme);
        let read = |rel: PathBuf,
                    builtin: Option<&str>,
                    diagnostics: &mut Vec<Diagnostic>|
         -> Option<ThemeFile> {
            match read_text(root, &rel) {
                Ok(Some(text)) => Some(ThemeFile { path: rel, text }),
                Ok(None) => builtin.map(|text| ThemeFile {
                    path: PathBuf::from("(built-in) ").join(&rel),
                    text: text.into(),
                }),
                Err(diagnostic) => {
                    diagnostics.push(diagnostic);
                    None
                }
            }
        };
        let templates = TEMPLATES
            .iter()
            .filter_map(|(name, builtin)| {
                read(
                    PathBuf::from("templates").join(name),
                    Some(builtin),
                    &mut diagnostics,
                )
                .map(|f| (name.to_string(), f))
            })
            .collect();
        let palette = read(
            theme_dir.join("palette.yaml"),
            Some(PALETTE),
            &mut diagnostics,
        );
        let mut fluent = Vec::new();
        for language in &config.languages {
            let builtin = FLUENT
                .iter()
                .find(|(code, _)| *code == language.code())
                .map(|(_, text)| *text);
            let rel = theme_dir
                .join("i18n")
                .join(format!("{}.ftl", language.code()));
            match read(rel.clone(), builtin, &mut diagnostics) {
                Some(file) => {
                    fluent.push(FluentSource {
                        language: language.clone(),
                        path: file.path,
                        text: file.text,
                    });
                    fluent.extend(family_fluent(language));
                }
                // A code that is no language (`cz`) is an error at its
                // hub.yaml entry already; the English strings stand in so
                // that the rest of the hub is still checked.
                None if !crate::hub::is_known_language(language.code()) => {
                    fluent.push(FluentSource {
                        language: language.clone(),
                        path: PathBuf::from("(built-in) ").join(&rel),
                        text: FLUENT[0].1.into(),
                    });
                    fluent.extend(family_fluent_in(language, FLUENT[0].0));
                }
                None => diagnostics.push(no_ui_strings(config, language, &rel)),
            }
        }
        diagnostics.extend(clashing_family_files());
        let mut static_files: Vec<(String, Vec<u8>)> = STATIC
            .iter()
            .map(|(name, bytes)| (name.to_string(), bytes as &[u8]))
            .chain(family_static())
            .map(|(name, bytes)| {
                let shipped = shipped(&name, bytes);
                (name, shipped)
            })
            .collect();
        static_files.sort_by(|a, b| a.0.cmp(&b.0));
        collect_static(
            root,
            &theme_dir.join("static"),
            &mut static_files,
            &mut diagnostics,
        );
        match (palette, diagnostics.is_empty()) {
            (Some(palette), true) => Ok(Theme {
                templates,
                static_files,
                palette,
                fluent,
            }),
            _ => Err(diagnostics),
        }
    }
}

/// A language the theme has no Fluent file for, at its hub.yaml entry,
/// saying which file to write and where to find the English one.
fn no_ui_strings(config: &HubConfig, language: &crate::hub::Language, rel: &Path) -> Diagnostic {
    let name = crate::hub::language_name(language.code())
        .map_or(String::new(), |name| format!(" ({name})"));
    let theme = &config.theme;
    config
        .language_error(
            language.code(),
            format!(
                "no UI strings for language `{language}`{name}: the theme has no {}",
                rel.display()
            ),
        )
        .with_help(format!(
            "create {} with the theme's messages in that language: copy the English ones, i18n/en.ftl, and translate them. `rulehub theme eject {theme}` writes the built-in theme into the hub, en.ftl included; the built-in theme has UI strings for {}",
            rel.display(),
            FLUENT.iter().map(|(code, _)| *code).collect::<Vec<_>>().join(", ")
        ))
}

/// The registered families' Fluent messages in `language`, after the
/// theme's file: a message the theme's file also has keeps the theme's
/// wording. A family without messages in the language adds none (its ids
/// are then reported missing, unless the theme's file has them).
fn family_fluent(language: &crate::hub::Language) -> Vec<FluentSource> {
    family_fluent_in(language, language.code())
}

/// The families' messages in the language `code`, for `language`.
fn family_fluent_in(language: &crate::hub::Language, code: &str) -> Vec<FluentSource> {
    crate::family::FAMILIES
        .iter()
        .filter_map(|family| {
            let assets = family.assets();
            let text = assets.fluent_for(code)?;
            Some(FluentSource {
                language: language.clone(),
                path: PathBuf::from("(built-in) ")
                    .join(assets.dir)
                    .join(format!("{code}.ftl")),
                text: text.into(),
            })
        })
        .collect()
}

/// Each registered family's palette tokens with their default colours,
/// and the path to name in messages; the theme's palette goes on top.
pub fn family_palettes() -> Vec<ThemeFile> {
    crate::family::FAMILIES
        .iter()
        .filter_map(|family| {
            let assets = family.assets();
            Some(ThemeFile {
                path: PathBuf::from("(built-in) ")
                    .join(assets.dir)
                    .join("palette.yaml"),
                text: assets.palette?.into(),
            })
        })
        .collect()
}

fn read_text(root: &Path, rel: &Path) -> Result<Option<Arc<str>>, Diagnostic> {
    match std::fs::read(root.join(rel)) {
        Ok(bytes) => match std::str::from_utf8(&bytes) {
            Ok(text) => Ok(Some(text.into())),
            Err(e) => Err(Diagnostic::not_utf8(rel, &bytes, &e)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Diagnostic::error(rel, format!("cannot read: {e}"))),
    }
}

/// The hub theme's `static/` files replace or join the built-in ones.
fn collect_static(
    root: &Path,
    rel_dir: &Path,
    files: &mut Vec<(String, Vec<u8>)>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let dir = root.join(rel_dir);
    if !dir.is_dir() {
        return;
    }
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                diagnostics.push(Diagnostic::error(rel_dir, format!("cannot read: {e}")));
                continue;
            }
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry.path().strip_prefix(&dir).unwrap_or(entry.path());
        let name = rel
            .iter()
            .map(|c| c.to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        match std::fs::read(entry.path()) {
            Ok(bytes) => {
                // A hub's unchanged copy of a built-in file (this repository
                // is such a hub) is served as the built-in one; files the
                // hub wrote or changed go out as they are.
                let built_in = is_builtin(&name, &bytes);
                let bytes = if built_in {
                    shipped(&name, &bytes)
                } else {
                    bytes
                };
                files.retain(|(existing, _)| *existing != name);
                files.push((name, bytes));
            }
            Err(e) => diagnostics.push(Diagnostic::error(
                rel_dir.join(rel),
                format!("cannot read: {e}"),
            )),
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
}

/// Every file the built-in theme consists of, as bytes, with the path
/// `rulehub theme eject` gives it in a hub whose theme is `theme`: the
/// templates in `templates/` (where a hub's templates live, whatever its
/// theme), the palette, Fluent files and static files in `themes/THEME/`.
/// Scripts are written as they are in the source, comments included; a
/// build still ships such an unchanged copy without them.
pub fn builtin_files(theme: &str) -> Vec<(PathBuf, &'static [u8])> {
    let theme_dir = PathBuf::from("themes").join(theme);
    let mut files: Vec<(PathBuf, &'static [u8])> = TEMPLATES
        .iter()
        .map(|(name, text)| (PathBuf::from("templates").join(name), text.as_bytes()))
        .collect();
    files.push((theme_dir.join("palette.yaml"), PALETTE.as_bytes()));
    files.extend(FLUENT.iter().map(|(code, text)| {
        (
            theme_dir.join("i18n").join(format!("{code}.ftl")),
            text.as_bytes(),
        )
    }));
    files.extend(STATIC.iter().map(|(name, bytes)| {
        let path = name
            .split('/')
            .fold(theme_dir.join("static"), |path, part| path.join(part));
        (path, *bytes)
    }));
    files
}

/// What [`eject`] did, paths relative to the hub root.
#[derive(Debug, Default)]
pub struct Ejected {
    /// Files written.
    pub written: Vec<PathBuf>,
    /// Files already there with the built-in text, left alone.
    pub unchanged: Vec<PathBuf>,
    /// What was done about hub.yaml's `theme:`, in a sentence.
    pub theme_key: String,
}

/// Copies the built-in theme into the hub at `root` for editing, as theme
/// `theme`. A file that is already there and differs from the built-in one
/// is never replaced unless `force`: every such file is an error and
/// nothing is written. When hub.yaml does not name a theme and `theme` is
/// not the default one, `theme: THEME` is added to it; a hub.yaml naming
/// another theme is left as it is, and the sentence returned says what to
/// change.
pub fn eject(root: &Path, theme: &str, force: bool) -> Result<Ejected, Vec<Diagnostic>> {
    let valid = !theme.is_empty()
        && theme
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_'));
    if !valid {
        return Err(vec![
            Diagnostic::error(
                "themes/",
                format!("`{theme}` is not a theme folder name"),
            )
            .with_help("name the theme with letters, digits, `-` and `_`, e.g. `rulehub theme eject custom`"),
        ]);
    }
    if !root.join("hub.yaml").is_file() && !root.join("content").is_dir() {
        return Err(vec![
            Diagnostic::error(
                root,
                "not a hub: there is no hub.yaml and no content/ folder here",
            )
            .with_help("run it in a hub folder, or pass --root DIR (`rulehub init` starts a hub)"),
        ]);
    }
    let files = builtin_files(theme);
    let mut ejected = Ejected::default();
    let mut to_write = Vec::new();
    let mut problems = Vec::new();
    for (rel, bytes) in files {
        match std::fs::read(root.join(&rel)) {
            Ok(existing) if existing == bytes => ejected.unchanged.push(rel),
            Ok(_) if !force => problems.push(
                Diagnostic::error(
                    &rel,
                    "already exists and differs from the built-in theme's file; theme eject never replaces a file",
                )
                .with_help("keep it (your edits stay in use), move it aside and run again, or pass --force to replace it with the built-in file"),
            ),
            Ok(_) => to_write.push((rel, bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => to_write.push((rel, bytes)),
            Err(e) => problems.push(Diagnostic::error(&rel, format!("cannot read: {e}"))),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    for (rel, bytes) in to_write {
        let path = root.join(&rel);
        let result = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, bytes));
        match result {
            Ok(()) => ejected.written.push(rel),
            Err(e) => problems.push(Diagnostic::error(&rel, format!("cannot write: {e}"))),
        }
    }
    match set_theme_key(root, theme) {
        Ok(sentence) => ejected.theme_key = sentence,
        Err(problem) => problems.push(problem),
    }
    if problems.is_empty() {
        Ok(ejected)
    } else {
        Err(problems)
    }
}

/// Makes hub.yaml name `theme` when it names none (the default theme needs
/// no key); says what it did, or what the author should change.
fn set_theme_key(root: &Path, theme: &str) -> Result<String, Diagnostic> {
    let path = root.join("hub.yaml");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(Diagnostic::error("hub.yaml", format!("cannot read: {e}"))),
    };
    let named = text.lines().find_map(|line| {
        let value = line.strip_prefix("theme")?.trim_start().strip_prefix(':')?;
        let value = value.split(" #").next().unwrap_or(value).trim();
        Some(value.trim_matches(['"', '\'']).to_string())
    });
    let default = HubConfig::default().theme;
    Ok(match named {
        Some(named) if named == theme => format!("hub.yaml already uses it (`theme: {theme}`)"),
        Some(named) => {
            format!("hub.yaml says `theme: {named}`: change it to `theme: {theme}` to use the copy")
        }
        None if theme == default => {
            "hub.yaml names no theme, so the hub uses themes/default/ already".to_string()
        }
        None => {
            let mut text = text;
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&format!("theme: {theme}\n"));
            std::fs::write(&path, text)
                .map_err(|e| Diagnostic::error("hub.yaml", format!("cannot write: {e}")))?;
            format!("added `theme: {theme}` to hub.yaml")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::shipped;

    #[test]
    fn built_in_scripts_ship_without_whole_line_comments() {
        let js = b"// why\n  var a = 'x'; // kept: code on the line\n    // gone\nvar url = 'http://x';\n";
        assert_eq!(
            shipped("play/board.js", js),
            b"  var a = 'x'; // kept: code on the line\nvar url = 'http://x';\n"
        );
        assert_eq!(shipped("style.css", b"// not js\n"), b"// not js\n");
        assert_eq!(shipped("play/engine.wasm", b"//\x00\xff"), b"//\x00\xff");
    }
}
