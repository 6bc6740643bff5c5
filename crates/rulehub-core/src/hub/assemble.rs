//! Assembly: parsed files put together into families, variants and their
//! translations, with the checks that need more than one file (slugs,
//! orphan translations, family folders named like a language).

use std::collections::BTreeMap;
use std::path::Path;

use crate::diagnostic::{Diagnostic, Position};

use super::*;

/// Family folders named like a language of the hub: `content/cs/` and the
/// Czech home page would both be `/cs/`.
pub(super) fn language_folder_errors(
    root: &Path,
    families: &[Family],
    config: &HubConfig,
) -> Vec<Diagnostic> {
    families
        .iter()
        .filter(|family| config.language(&family.name).is_some())
        .map(|family| {
            Diagnostic::error(
                relative(root, &root.join("content").join(&family.name)),
                format!(
                    "the family folder `{}` has the name of a language of this hub, so its pages \
                     would collide with the `{}` home page",
                    family.name, family.name
                ),
            )
            .with_help("rename the folder (for example after the game it holds)")
        })
        .collect()
}

/// Puts parsed files together into families and variants.
#[derive(Default)]
pub(super) struct Assembler {
    pub(super) home: Localized<Page<SectionFrontMatter>>,
    pub(super) family_index: BTreeMap<String, Localized<Page<SectionFrontMatter>>>,
    pub(super) variants: BTreeMap<(String, String), Page<VariantFrontMatter>>,
    pub(super) translations: BTreeMap<(String, String), Localized<Page<TranslationFrontMatter>>>,
    pub(super) assets: Vec<Asset>,
    /// Default-language variant files that exist (parsed or not, published or not).
    pub(super) originals: std::collections::BTreeSet<(String, String)>,
}

impl Assembler {
    pub(super) fn add(
        &mut self,
        parsed: Parsed,
        options: &LoadOptions,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        match parsed {
            Parsed::Home { lang, page } => {
                self.home.insert(lang, page);
            }
            Parsed::FamilyIndex { family, lang, page } => {
                self.family_index
                    .entry(family)
                    .or_default()
                    .insert(lang, page);
            }
            Parsed::Variant { family, name, page } => {
                if let Err(problem) = check_family(&family, &page) {
                    diagnostics.push(problem);
                }
                if page.front.published || options.drafts {
                    self.variants.insert((family, name), *page);
                }
            }
            Parsed::Translation {
                family,
                name,
                lang,
                page,
            } => {
                if page.front.published || options.drafts {
                    self.translations
                        .entry((family, name))
                        .or_default()
                        .insert(lang, page);
                }
            }
            Parsed::Asset(asset) => self.assets.push(asset),
        }
    }

    pub(super) fn finish(mut self, hub: &mut Hub, diagnostics: &mut Vec<Diagnostic>) {
        // Orphan translations: their default-language file does not exist.
        for ((family, name), pages) in &self.translations {
            if !self.originals.contains(&(family.clone(), name.clone())) {
                for page in pages.values() {
                    diagnostics.push(
                        page.source
                            .error(Position::at_offset(&page.source.text, 0), format!("translation of `{name}` without its default-language file"))
                            .with_help(format!(
                                "create content/{family}/{name}.md (the rules live there) or rename this file"
                            )),
                    );
                }
            }
        }
        let mut families: BTreeMap<String, Family> = BTreeMap::new();
        for ((family, name), page) in std::mem::take(&mut self.variants) {
            let (stubs, translations): (Localized<_>, Localized<_>) = self
                .translations
                .remove(&(family.clone(), name.clone()))
                .unwrap_or_default()
                .into_iter()
                .partition(|(_, page)| page.front.stub);
            let slug = page.front.slug.clone().unwrap_or_else(|| name.clone());
            if let Err(problem) = check_slug(&slug, &page) {
                diagnostics.push(problem);
                continue;
            }
            let entry = families.entry(family.clone()).or_insert_with(|| Family {
                name: family.clone(),
                index: BTreeMap::new(),
                variants: Vec::new(),
            });
            entry.variants.push(Variant {
                name,
                slug,
                page,
                translations,
                stubs,
                fingerprint: Default::default(),
            });
        }
        for (name, index) in std::mem::take(&mut self.family_index) {
            families
                .entry(name.clone())
                .or_insert_with(|| Family {
                    name: name.clone(),
                    index: BTreeMap::new(),
                    variants: Vec::new(),
                })
                .index = index;
        }
        for family in families.values_mut() {
            family.variants.sort_by(|a, b| {
                (a.page.front.order, &a.page.front.title, &a.slug).cmp(&(
                    b.page.front.order,
                    &b.page.front.title,
                    &b.slug,
                ))
            });
            report_duplicate_slugs(family, diagnostics);
            report_bad_old_slugs(family, diagnostics);
        }
        hub.home = self.home;
        hub.families = families.into_values().collect();
        hub.assets = self.assets;
    }
}

pub(super) fn check_family(
    folder: &str,
    page: &Page<VariantFrontMatter>,
) -> Result<(), Diagnostic> {
    match &page.front.variant_of {
        Some(family) if family != folder => Err(page
            .source
            .error(
                page.key_position("variant_of"),
                format!("`variant_of: {family}` but the file is in the `{folder}` folder"),
            )
            .with_help(format!(
                "move the file to content/{family}/ or write `variant_of: {folder}`"
            ))),
        _ => Ok(()),
    }
}

/// A slug is one URL segment: lowercase letters, digits, `-` and `_`.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && !slug.starts_with(['-', '_'])
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

pub(super) fn check_slug(slug: &str, page: &Page<VariantFrontMatter>) -> Result<(), Diagnostic> {
    if is_valid_slug(slug) {
        return Ok(());
    }
    let position = if page.front.slug.is_some() {
        page.key_position("slug")
    } else {
        Position::at_offset(&page.source.text, 0)
    };
    Err(page
        .source
        .error(position, format!("`{slug}` cannot be a URL segment"))
        .with_help(
            "a slug uses only lowercase letters, digits, `-` and `_` (no `/`, `..` or spaces)",
        ))
}

/// An old slug must be a URL segment that no page of the family has now
/// and no other page had before: its redirect would replace that page.
fn report_bad_old_slugs(family: &Family, diagnostics: &mut Vec<Diagnostic>) {
    let current: BTreeMap<&str, &Variant> = family
        .variants
        .iter()
        .map(|v| (v.slug.as_str(), v))
        .collect();
    let mut earlier: BTreeMap<&str, &Variant> = BTreeMap::new();
    for variant in &family.variants {
        let page = &variant.page;
        for old in &page.front.old_slugs {
            let problem = if !is_valid_slug(old) {
                Some(format!("old slug `{old}` cannot be a URL segment"))
            } else if let Some(owner) = current.get(old.as_str()) {
                Some(format!(
                    "old slug `{old}` is the address of {} now",
                    owner.page.source.path.display()
                ))
            } else {
                earlier.insert(old, variant).map(|other| {
                    format!(
                        "old slug `{old}` is claimed by {} too",
                        other.page.source.path.display()
                    )
                })
            };
            if let Some(message) = problem {
                diagnostics.push(
                    page.source
                        .error(page.key_position("old_slugs"), message)
                        .with_help(
                            "list under `old_slugs` only addresses this page had before and no page has now",
                        ),
                );
            }
        }
    }
}

pub(super) fn report_duplicate_slugs(family: &Family, diagnostics: &mut Vec<Diagnostic>) {
    let mut first_by_slug: BTreeMap<&str, &Variant> = BTreeMap::new();
    for variant in &family.variants {
        if let Some(first) = first_by_slug.get(variant.slug.as_str()) {
            diagnostics.push(
                variant
                    .page
                    .source
                    .error(
                        variant.page.key_position("slug"),
                        format!(
                            "slug `{}` is already used by {}",
                            variant.slug,
                            first.page.source.path.display()
                        ),
                    )
                    .with_help("give each variant of a family its own slug"),
            );
        } else {
            first_by_slug.insert(&variant.slug, variant);
        }
    }
}
