//! Translation status for `rulehub translations`: which page is translated,
//! outdated, a stub or missing in which language, and recording that a
//! translation matches its source today (`--mark-current`).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::hub::freshness::{self, SourceWords, Status};
use crate::hub::{Hub, Localized, Page, SectionFrontMatter, front_matter};

/// Every variant in every language but the default.
#[derive(Debug, Clone, Serialize)]
pub struct StatusTable {
    /// The hub's translation languages, in hub.yaml order.
    pub languages: Vec<String>,
    pub pages: Vec<PageStatus>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PageStatus {
    /// `family/name`.
    pub page: String,
    /// The default-language file, relative to the hub root.
    pub source: String,
    /// One cell per language, in the order of [`StatusTable::languages`].
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    pub language: String,
    /// One of [`Status::name`].
    pub status: &'static str,
    /// For outdated translations: the fingerprint they were made from and
    /// what changed since.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<String>,
}

/// The status of every translation of the home page, every family page
/// and every variant of `hub`.
pub fn status_table(hub: &Hub) -> StatusTable {
    let languages: Vec<String> = hub
        .config
        .language_codes()
        .skip(1)
        .map(str::to_string)
        .collect();
    let default = hub.config.default_language().code();
    let mut pages = Vec::new();
    let mut section_row = |label: String, index: &Localized<Page<SectionFrontMatter>>| {
        if let Some(source) = index.get(default) {
            pages.push(row(
                label,
                source,
                source.source_words(),
                &languages,
                |lang| index.get(lang).map(|page| page.front.record()),
            ));
        }
    };
    section_row("home".to_string(), &hub.home);
    for family in &hub.families {
        section_row(family.name.clone(), &family.index);
    }
    for family in &hub.families {
        for variant in &family.variants {
            pages.push(row(
                format!("{}/{}", family.name, variant.name),
                &variant.page,
                variant.source_words(),
                &languages,
                |lang| {
                    variant
                        .translations
                        .get(lang)
                        .or_else(|| variant.stubs.get(lang))
                        .map(|page| page.front.record())
                },
            ));
        }
    }
    StatusTable { languages, pages }
}

/// One page's row: its status in each language, from what each
/// translation records (`None`: no translation).
fn row<'a, F>(
    page: String,
    source: &Page<F>,
    words: SourceWords<'_>,
    languages: &[String],
    record: impl Fn(&str) -> Option<freshness::Record<'a>>,
) -> PageStatus {
    let current = freshness::fingerprint(&words);
    let cells = languages
        .iter()
        .map(|lang| {
            let status = match record(lang) {
                Some(record) => freshness::status(&record, &current, &words),
                None => Status::Missing,
            };
            let (since, changes) = match &status {
                Status::Outdated { since, changes } => {
                    (Some(since.clone()), Some(changes.summary()))
                }
                _ => (None, None),
            };
            Cell {
                language: lang.clone(),
                status: status.name(),
                since,
                changes,
            }
        })
        .collect();
    PageStatus {
        page,
        source: source.source.path.to_string_lossy().replace('\\', "/"),
        cells,
    }
}

impl StatusTable {
    /// The table as aligned plain text, a row per page and a column per
    /// language, then a line of totals.
    pub fn to_text(&self) -> String {
        let mut header = vec!["page".to_string()];
        header.extend(self.languages.iter().cloned());
        let mut rows = vec![header];
        for page in &self.pages {
            let mut row = vec![page.page.clone()];
            row.extend(page.cells.iter().map(|c| c.status.to_string()));
            rows.push(row);
        }
        let columns = rows[0].len();
        let widths: Vec<usize> = (0..columns)
            .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for row in &rows {
            let line: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, width)| format!("{cell:<width$}"))
                .collect();
            out.push_str(line.join("  ").trim_end());
            out.push('\n');
        }
        let all = [
            Status::Ok,
            Status::Outdated {
                since: String::new(),
                changes: freshness::Changes::default(),
            },
            Status::Stub,
            Status::Unknown,
            Status::Missing,
        ];
        let totals: Vec<String> = all
            .iter()
            .map(|status| {
                let n = self
                    .pages
                    .iter()
                    .flat_map(|p| &p.cells)
                    .filter(|c| c.status == status.name())
                    .count();
                format!("{n} {}", status.name())
            })
            .collect();
        out.push_str(&totals.join(", "));
        out.push('\n');
        for page in &self.pages {
            for cell in &page.cells {
                if let Some(changes) = &cell.changes {
                    out.push_str(&format!(
                        "{} ({}): outdated since {}: {changes}\n",
                        page.page,
                        cell.language,
                        cell.since.as_deref().unwrap_or("?")
                    ));
                }
            }
        }
        out
    }
}

/// Front-matter lines `--mark-current` replaces (and the stub's comment).
const RECORD_KEYS: &[&str] = &["translated_from:", "source_sections:", "stub:"];
const STUB_COMMENT: &str = "# Until you delete the next line";

/// Records in the translation `file` (`content/f/name.lang.md`, relative to
/// `root` or to the working folder) that it matches its default-language
/// source as it is now; a stub stops being one. Returns the file written.
///
/// Writes only a file that is inside the hub's `content/` once every
/// symbolic link is followed, whose language the hub has (and is not the
/// default), and whose front matter parses as a translation's; keeps the
/// file's line ends (CRLF stays CRLF).
pub fn mark_current(root: &Path, file: &Path) -> Result<PathBuf, Diagnostic> {
    // Paths in check's messages are relative to the root, so try that first.
    let given = if root.join(file).is_file() {
        root.join(file)
    } else {
        file.to_path_buf()
    };
    let path = inside_content(root, file, &given)?;
    let text = std::fs::read_to_string(&path).map_err(|e| {
        Diagnostic::error(file, format!("cannot read the translation: {e}")).with_help(format!(
            "give the path of a translation such as {}",
            example_translation()
        ))
    })?;
    let (source_path, lang) = source_of(&path).ok_or_else(|| {
        Diagnostic::error(
            file,
            "this is not a translation (name.LANG.md or _index.LANG.md)",
        )
        .with_help(format!(
            "give the path of a translation such as {} or {}",
            example_translation(),
            example_family_translation()
        ))
    })?;
    let config = crate::hub::read_config(root).map_err(|mut diagnostics| {
        diagnostics.truncate(1);
        diagnostics
            .pop()
            .unwrap_or_else(|| Diagnostic::error("hub.yaml", "hub.yaml cannot be read"))
    })?;
    if config.is_default_language(&lang) || config.language(&lang).is_none() {
        let codes: Vec<&str> = config.language_codes().collect();
        let why = if config.is_default_language(&lang) {
            format!("`{lang}` is the hub's default language, which has no translations")
        } else {
            format!(
                "the hub has no language `{lang}` (hub.yaml lists {})",
                codes.join(", ")
            )
        };
        return Err(Diagnostic::error(file, format!("not marked current: {why}"))
            .with_help("give a translation in one of the languages after the first in hub.yaml's `languages`"));
    }
    let source = std::fs::read_to_string(&source_path).map_err(|e| {
        Diagnostic::error(
            &source_path,
            format!("cannot read the default-language file: {e}"),
        )
        .with_help("a translation needs its default-language file next to it")
    })?;
    let fingerprint = freshness::fingerprint(&source_words(&source, &source_path)?.borrow());
    let split = front_matter::split(&text)
        .map_err(|e| Diagnostic::error(file, e.message().0).with_help(e.message().1.to_string()))?;
    // Only a file whose front matter parses is stamped: a record written
    // into broken YAML would claim a translation `check` cannot read.
    let unparsable = |(message, at): (String, crate::diagnostic::Position)| {
        Diagnostic::error(file, format!("not marked current: {message}"))
            .at(at)
            .with_help("fix the front matter first (`rulehub check` explains), then mark it again")
    };
    front_matter::parse::<serde_yaml::Value>(&text, &split.yaml).map_err(unparsable)?;
    let crlf = text[..split.body.start].contains("\r\n");
    let mut yaml = String::new();
    for line in text[split.yaml.clone()].split_inclusive('\n') {
        let key = line.trim_start();
        if RECORD_KEYS.iter().any(|k| key.starts_with(k)) || key.starts_with(STUB_COMMENT) {
            continue;
        }
        yaml.push_str(line);
    }
    let newline = if crlf { "\r\n" } else { "\n" };
    if !yaml.is_empty() && !yaml.ends_with('\n') {
        yaml.push_str(newline);
    }
    let record = crate::scaffold::freshness_lines(&fingerprint);
    yaml.push_str(&if crlf {
        record.replace('\n', "\r\n")
    } else {
        record
    });
    let closing_start = split.yaml.end;
    let updated = format!(
        "{}{yaml}{}",
        &text[..split.yaml.start],
        &text[closing_start..]
    );
    // The result must still be a translation `check` reads.
    if let Ok(split) = front_matter::split(&updated) {
        front_matter::parse::<serde_yaml::Value>(&updated, &split.yaml).map_err(unparsable)?;
    }
    std::fs::write(&path, updated)
        .map_err(|e| Diagnostic::error(file, format!("cannot write the translation: {e}")))?;
    Ok(path)
}

/// `given` with every symbolic link followed, if that is inside `root`'s
/// `content/`; otherwise an error, so that `--mark-current` never writes
/// outside the hub.
fn inside_content(root: &Path, file: &Path, given: &Path) -> Result<PathBuf, Diagnostic> {
    let content = root.join("content").canonicalize().map_err(|e| {
        Diagnostic::error(
            root.join("content"),
            format!("cannot find the hub's content/ folder: {e}"),
        )
        .with_help("run rulehub in a hub folder or pass --root DIR")
    })?;
    let real = given.canonicalize().map_err(|e| {
        Diagnostic::error(file, format!("cannot read the translation: {e}")).with_help(format!(
            "give the path of a translation such as {}",
            example_translation()
        ))
    })?;
    if !real.starts_with(&content) {
        let lead = if given.is_symlink() {
            format!(" (it is a symbolic link to {})", real.display())
        } else {
            format!(" ({})", real.display())
        };
        return Err(Diagnostic::error(
            file,
            format!(
                "not marked current: the file is outside the hub's content/ folder{lead}"
            ),
        )
        .with_help("--mark-current writes only translations inside the hub; give a file under content/ that is not a link out of it"));
    }
    if !real.is_file() {
        return Err(
            Diagnostic::error(file, "not marked current: this is not a file").with_help(format!(
                "give the path of a translation such as {}",
                example_translation()
            )),
        );
    }
    Ok(real)
}

/// `dir/name.md` and `lang` for `dir/name.lang.md`.
fn source_of(path: &Path) -> Option<(PathBuf, String)> {
    let name = path.file_name()?.to_str()?;
    let stem = name.strip_suffix(".md")?;
    let (base, lang) = stem.rsplit_once('.')?;
    // `_index.cs.md` (home and family pages) is tracked like a variant.
    if base.is_empty() || lang.is_empty() {
        return None;
    }
    Some((path.with_file_name(format!("{base}.md")), lang.to_string()))
}

/// Title, summary and body of a default-language file, owned.
struct OwnedWords {
    title: String,
    summary: Option<String>,
    body: String,
}

impl OwnedWords {
    fn borrow(&self) -> SourceWords<'_> {
        SourceWords {
            title: &self.title,
            summary: self.summary.as_deref(),
            body: &self.body,
        }
    }
}

fn source_words(text: &str, path: &Path) -> Result<OwnedWords, Diagnostic> {
    #[derive(serde::Deserialize)]
    struct Words {
        title: String,
        #[serde(default)]
        summary: Option<String>,
    }
    let split = front_matter::split(text)
        .map_err(|e| Diagnostic::error(path, e.message().0).with_help(e.message().1.to_string()))?;
    let words: Words = front_matter::parse(text, &split.yaml).map_err(|(message, at)| {
        Diagnostic::error(path, message)
            .at(at)
            .with_help("fix the default-language file first; `rulehub check` explains")
    })?;
    Ok(OwnedWords {
        title: words.title,
        summary: words.summary,
        body: text[split.body].to_string(),
    })
}

/// A translation's path as a help names it, for the first registered
/// family's first variant.
fn example_translation() -> String {
    format!("content/{}.cs.md", crate::scaffold::example_target())
}

/// A family page translation's path as a help names it.
fn example_family_translation() -> String {
    format!(
        "content/{}/_index.cs.md",
        crate::family::default_family().name()
    )
}
