//! The site stage: checks every variant, renders every page in every
//! language through the templates, and produces the whole output tree in
//! memory. Writing it to disk (atomically) is [`output::write`].

mod comparison;
pub mod output;
mod pages;
mod sitemap;
mod svg_cache;
pub mod theme;

use std::collections::BTreeMap;
use std::path::Path;

use rayon::prelude::*;

pub use output::{SiteFiles, WriteError};
pub use pages::UI_MESSAGE_IDS;

use crate::diagnostic::{self, Diagnostic};
use crate::diagram::Palette;
use crate::hub::{self, Hub, LoadOptions};
use crate::i18n::I18n;
use crate::variant::{self, CheckedVariant};
use theme::Theme;

/// What to build.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Include pages marked `published: false`.
    pub drafts: bool,
}

/// Counts for the closing summary line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    pub pages: usize,
    pub languages: usize,
    pub diagrams: usize,
    pub examples: usize,
    /// One line per variant, for `--verbose`: (`family/slug`, examples checked, translations).
    pub variants: Vec<(String, usize, Vec<String>)>,
}

/// A successful build: the files, the counts and any warnings.
#[derive(Debug)]
pub struct Built {
    pub files: SiteFiles,
    pub stats: Stats,
    pub warnings: Vec<Diagnostic>,
}

/// Builds the hub at `root` in memory. On failure returns every diagnostic
/// found (errors and warnings, sorted).
pub fn build(root: &Path, options: &BuildOptions) -> Result<Built, Vec<Diagnostic>> {
    let (hub, mut diagnostics) = hub::load(
        root,
        &LoadOptions {
            drafts: options.drafts,
        },
    )
    .map_err(|d| vec![d])?;
    let theme = match Theme::load(root, &hub.config) {
        Ok(theme) => Some(theme),
        Err(mut problems) => {
            diagnostics.append(&mut problems);
            None
        }
    };
    let Some(theme) = theme else {
        return Err(finish(diagnostics));
    };
    let palette = match Palette::from_yaml(&theme.palette.text) {
        Ok(palette) => Some(palette),
        Err(error) => {
            diagnostics.push(
                Diagnostic::error(&theme.palette.path, error.to_string())
                    .with_source(theme.palette.text.clone()),
            );
            None
        }
    };
    let i18n = match I18n::load(&theme.fluent, &required_messages()) {
        Ok(i18n) => Some(i18n),
        Err(mut problems) => {
            diagnostics.append(&mut problems);
            None
        }
    };
    let templates = match pages::Templates::load(&theme) {
        Ok(templates) => Some(templates),
        Err(mut problems) => {
            diagnostics.append(&mut problems);
            None
        }
    };
    let checked = palette
        .as_ref()
        .map(|palette| check_variants(&hub, palette, &mut diagnostics));
    diagnostics.extend(translation_gaps(&hub));
    let (Some(palette), Some(i18n), Some(templates), Some(checked)) =
        (palette, i18n, templates, checked)
    else {
        return Err(finish(diagnostics));
    };
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(finish(diagnostics));
    }
    let context = pages::SiteContext {
        hub: &hub,
        theme: &theme,
        palette: &palette,
        i18n: &i18n,
        templates: &templates,
        checked: &checked,
        diagrams: Default::default(),
    };
    match pages::render_site(&context) {
        Ok((files, stats)) => Ok(Built {
            files,
            stats,
            warnings: finish(diagnostics),
        }),
        Err(mut problems) => {
            diagnostics.append(&mut problems);
            Err(finish(diagnostics))
        }
    }
}

fn finish(mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diagnostic::sort(&mut diagnostics);
    diagnostics.dedup();
    diagnostics
}

/// Every Fluent message the program asks for.
pub fn required_messages() -> Vec<&'static str> {
    let mut ids: Vec<&str> = UI_MESSAGE_IDS
        .iter()
        .chain(crate::examples::MESSAGE_IDS)
        .chain(comparison::MESSAGE_IDS)
        .copied()
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Checked variants keyed by (family, variant name).
pub type CheckedVariants = BTreeMap<(String, String), CheckedVariant>;

fn check_variants(
    hub: &Hub,
    palette: &Palette,
    diagnostics: &mut Vec<Diagnostic>,
) -> CheckedVariants {
    let jobs: Vec<(&str, &hub::Variant)> = hub
        .families
        .iter()
        .flat_map(|f| f.variants.iter().map(move |v| (f.name.as_str(), v)))
        .collect();
    let results: Vec<_> = jobs
        .into_par_iter()
        .map(|(family, variant)| {
            (
                (family.to_string(), variant.name.clone()),
                variant::check(variant, palette),
            )
        })
        .collect();
    let mut checked = BTreeMap::new();
    for (key, result) in results {
        match result {
            Ok(variant) => {
                checked.insert(key, variant);
            }
            Err(mut problems) => diagnostics.append(&mut problems),
        }
    }
    checked
}

/// Warnings for content missing in a configured language.
fn translation_gaps(hub: &Hub) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    for family in &hub.families {
        for variant in &family.variants {
            let missing: Vec<&str> = hub
                .config
                .language_codes()
                .skip(1)
                .filter(|code| !variant.translations.contains_key(*code))
                .collect();
            if !missing.is_empty() {
                let name = &variant.name;
                warnings.push(
                    Diagnostic::warning(
                        &variant.page.source.path,
                        format!("`{name}` has no translation in: {}", missing.join(", ")),
                    )
                    .with_help(format!(
                        "add {} (the page is listed as not yet translated meanwhile)",
                        missing
                            .iter()
                            .map(|l| format!("{name}.{l}.md"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
            }
        }
    }
    warnings
}
