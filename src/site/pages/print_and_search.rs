//! The unit that reads every variant's body whole: each family's print page
//! and the search index, in every language. They are one unit because a
//! body that a print page shows in the page's own language is what the
//! search index reads for that language: it is parsed once for both.

use std::collections::HashMap;

use rayon::prelude::*;

use super::listings::listed_variants;
use super::print::{Section, in_listed_order, print_page, print_section, shown_lang};
use super::search_pages::{family_documents, parsed_variant_documents, variant_documents};
use super::units::{RenderError, combine};
use super::{ListedVariant, PageId, SiteContext};
use crate::diagnostic::Diagnostic;
use crate::hub::{Family, Variant};
use crate::site::output::Sink;
use crate::site::search::{self, Document};

/// Renders the unit, handing each print page and each language's index to
/// `sink` as soon as it is made; returns how many pages (and diagrams,
/// none) it made.
pub(super) fn render_print_and_search(
    site: &SiteContext,
    sink: &dyn Sink,
) -> Result<(usize, usize), RenderError> {
    let languages = site.languages();
    combine(
        languages
            .par_iter()
            .map(|lang| render_language(site, lang, sink).map(|pages| (pages, 0)))
            .collect(),
    )
}

/// Every family's print page in `lang`, then the language's search index;
/// returns how many pages it made.
fn render_language(site: &SiteContext, lang: &str, sink: &dyn Sink) -> Result<usize, RenderError> {
    let mut pages = 0;
    let mut problems = Vec::new();
    let mut documents = Vec::new();
    for family in &site.hub.families {
        documents.extend(family_documents(site, family, lang));
        let listed = listed_variants(site, family, lang);
        let listed_by_name: HashMap<&str, &ListedVariant> =
            listed.iter().map(|l| (l.name.as_str(), l)).collect();
        let parts: Vec<VariantParts> = family
            .variants
            .par_iter()
            .map(|variant| {
                let listed = listed_by_name.get(variant.name.as_str()).copied();
                variant_parts(site, family, variant, listed, lang)
            })
            .collect();
        // The index reads the variants in the family's order, the print
        // page shows them in the order the language lists them.
        let mut sections: HashMap<&str, Result<Option<Section>, Vec<Diagnostic>>> = HashMap::new();
        for (variant, part) in family.variants.iter().zip(parts) {
            documents.extend(part.documents);
            if let Some(section) = part.section {
                sections.insert(variant.name.as_str(), section);
            }
        }
        let (shown, family_problems) = in_listed_order(&listed, sections);
        match print_page(site, family, lang, shown, family_problems) {
            Ok(page) => {
                pages += 1;
                sink.put_all(page.files).map_err(RenderError::Write)?;
            }
            Err(mut errors) => problems.append(&mut errors),
        }
    }
    if !problems.is_empty() {
        return Err(RenderError::Content(problems));
    }
    // Told to stop (serve has a newer edit): the documents are partial and
    // the pass keeps nothing, so do not index them.
    if !site.stopped() {
        let index = search::index_files(lang, &documents, &|| site.stopped());
        drop(documents);
        sink.put_all(index).map_err(RenderError::Write)?;
    }
    Ok(pages)
}

/// What one variant gives a language's print page and search index.
#[derive(Default)]
struct VariantParts {
    /// Its print section, when the print page lists it.
    section: Option<Result<Option<Section>, Vec<Diagnostic>>>,
    documents: Vec<Document>,
}

fn variant_parts(
    site: &SiteContext,
    family: &Family,
    variant: &Variant,
    listed: Option<&ListedVariant>,
    lang: &str,
) -> VariantParts {
    if site.stopped() {
        return VariantParts::default();
    }
    let Some(listed) = listed else {
        return VariantParts {
            section: None,
            documents: variant_documents(site, family, variant, lang),
        };
    };
    let has_page = site.exists(PageId::Variant(family, variant), lang);
    if has_page && shown_lang(site, listed, lang) == lang {
        // One parse for both: the section shows the page's own body.
        let mut documents = Vec::new();
        let section = print_section(site, family, variant, listed, lang, &mut |parsed| {
            documents = parsed_variant_documents(site, family, variant, lang, parsed);
        });
        return VariantParts {
            section: Some(section),
            documents,
        };
    }
    VariantParts {
        section: Some(print_section(
            site,
            family,
            variant,
            listed,
            lang,
            &mut |_| {},
        )),
        documents: variant_documents(site, family, variant, lang),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::site::BuildOptions;

    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).expect("create folder");
        for entry in std::fs::read_dir(from).expect("read folder") {
            let entry = entry.expect("entry");
            let target = to.join(entry.file_name());
            if entry.file_type().expect("type").is_dir() {
                copy_dir(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), &target).expect("copy");
            }
        }
    }

    /// The print pages and the index made by the unit, which parses a body
    /// once for both where it can, are byte for byte what rendering each
    /// page and each variant's search text on its own makes: for translated
    /// variants, and for one shown untranslated (Brandubh has no Finnish).
    #[test]
    fn one_parse_for_print_and_search_makes_what_a_parse_for_each_makes() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let hub = tempfile::tempdir().expect("temp dir");
        std::fs::copy(root.join("hub.yaml"), hub.path().join("hub.yaml")).expect("hub.yaml");
        copy_dir(&root.join("content"), &hub.path().join("content"));
        copy_dir(&root.join("themes"), &hub.path().join("themes"));
        // A page without its Finnish translation, in the bundled hub's first family.
        let first = crate::family::default_family().name();
        std::fs::remove_file(hub.path().join(format!("content/{first}/brandubh.fi.md")))
            .expect("remove");
        let prepared =
            crate::site::prepare(hub.path(), &BuildOptions::default()).expect("the hub builds");
        let site = prepared.context();

        let fused: HashMap<String, Vec<u8>> =
            crate::site::pages::render_unit(&site, crate::site::pages::Unit::PrintAndSearch)
                .unwrap_or_else(|_| panic!("renders"))
                .files
                .into_iter()
                .collect();
        let mut apart = HashMap::new();
        for lang in site.languages() {
            let mut documents = Vec::new();
            for family in &site.hub.families {
                let page = super::super::print::render_print(&site, family, lang)
                    .unwrap_or_else(|_| panic!("renders"));
                apart.extend(page.files);
                documents.extend(family_documents(&site, family, lang));
                for variant in &family.variants {
                    documents.extend(variant_documents(&site, family, variant, lang));
                }
            }
            apart.extend(search::index_files(lang, &documents, &|| false));
        }
        assert!(
            fused.contains_key(&format!("fi/{first}/print/index.html"))
                && fused.keys().any(|p| p.starts_with("search/fi/")),
            "{:?}",
            fused.keys().collect::<Vec<_>>()
        );
        let differing: Vec<&String> = apart
            .iter()
            .filter(|(path, bytes)| fused.get(*path) != Some(bytes))
            .map(|(path, _)| path)
            .collect();
        assert!(differing.is_empty(), "{differing:?}");
        assert_eq!(fused.len(), apart.len());
    }
}
