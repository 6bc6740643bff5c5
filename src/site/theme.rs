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
    ("base.html", include_str!("../../templates/base.html")),
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

/// Built-in static files. The practice board's WebAssembly is a committed
/// artifact (scripts/build-wasm.sh), so a build needs no wasm toolchain.
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
        "play/draughts.css",
        include_bytes!("../../themes/default/static/play/draughts.css"),
    ),
    (
        "play/draughts.js",
        include_bytes!("../../themes/default/static/play/draughts.js"),
    ),
    (
        "play/draughts.wasm",
        include_bytes!("../../themes/default/static/play/draughts.wasm"),
    ),
    (
        "play/engine.js",
        include_bytes!("../../themes/default/static/play/engine.js"),
    ),
    (
        "play/engine.wasm",
        include_bytes!("../../themes/default/static/play/engine.wasm"),
    ),
    (
        "play/play.css",
        include_bytes!("../../themes/default/static/play/play.css"),
    ),
    (
        "play/room.js",
        include_bytes!("../../themes/default/static/play/room.js"),
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
                Some(file) => fluent.push(FluentSource {
                    language: language.clone(),
                    path: file.path,
                    text: file.text,
                }),
                // A code that is no language (`cz`) is an error at its
                // hub.yaml entry already; the English strings stand in so
                // that the rest of the hub is still checked.
                None if !crate::hub::is_known_language(language.code()) => {
                    fluent.push(FluentSource {
                        language: language.clone(),
                        path: PathBuf::from("(built-in) ").join(&rel),
                        text: FLUENT[0].1.into(),
                    })
                }
                None => diagnostics.push(no_ui_strings(config, language, &rel)),
            }
        }
        let mut static_files: Vec<(String, Vec<u8>)> = STATIC
            .iter()
            .map(|(name, bytes)| (name.to_string(), shipped(name, bytes)))
            .collect();
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
                let built_in = STATIC.iter().any(|(n, b)| *n == name && *b == bytes);
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
