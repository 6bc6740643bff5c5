//! Warnings for raw HTML that the sanitiser removes from a page, each at
//! its line, so an author learns why a tag or attribute did not appear.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::hub::freshness::Fingerprint;
use crate::hub::{Hub, Page, RawHtml, SourceFile, Split, Variant};
use crate::markdown;

/// Audits from earlier builds, reused while a file's text is unchanged
/// (`serve` rebuilds often; a body is audited again only when edited).
#[derive(Default)]
pub(super) struct AuditMemo {
    audits: Mutex<Audits>,
    fingerprints: Mutex<Fingerprints>,
}

/// Each file's warnings, with the text they were found in.
type Audits = HashMap<PathBuf, (Arc<str>, Vec<Diagnostic>)>;
/// Each variant file's source fingerprint, with the text it was taken of.
type Fingerprints = HashMap<PathBuf, (Arc<str>, Fingerprint)>;

/// A variant's source fingerprint, taken from the memo when its file has
/// not changed since (a rebuild in `rulehub serve` compares every
/// translation with its source, and one file changed at a time).
pub(super) fn source_fingerprint<'v>(
    variant: &'v Variant,
    memo: Option<&AuditMemo>,
) -> &'v Fingerprint {
    let Some(memo) = memo else {
        return variant.source_fingerprint();
    };
    let source = &variant.page.source;
    let lock = || {
        memo.fingerprints
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    let remembered = lock()
        .get(&source.path)
        .filter(|(text, _)| Arc::ptr_eq(text, &source.text))
        .map(|(_, fingerprint)| fingerprint.clone());
    match remembered {
        // Set unless something asked already, which worked out the same.
        Some(fingerprint) => drop(variant.fingerprint.0.set(fingerprint)),
        None => {
            let fingerprint = variant.source_fingerprint().clone();
            lock().insert(source.path.clone(), (source.text.clone(), fingerprint));
        }
    }
    variant.source_fingerprint()
}

impl AuditMemo {
    fn get_or_audit(&self, body: Body) -> Vec<Diagnostic> {
        let text = &body.source.text;
        if let Some((seen, warnings)) = self.lock().get(&body.source.path)
            && Arc::ptr_eq(seen, text)
        {
            return warnings.clone();
        }
        let warnings = body.audit();
        self.lock()
            .insert(body.source.path.clone(), (text.clone(), warnings.clone()));
        warnings
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Audits> {
        self.audits
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// One warning for each piece of raw HTML the sanitiser will remove, unless
/// the hub trusts its raw HTML.
pub(super) fn raw_html_warnings(hub: &Hub, memo: Option<&AuditMemo>) -> Vec<Diagnostic> {
    if hub.config.raw_html == RawHtml::Trusted {
        return Vec::new();
    }
    let sections = hub
        .home
        .values()
        .chain(hub.families.iter().flat_map(|f| f.index.values()))
        .map(Body::of);
    let variants = hub.families.iter().flat_map(|f| &f.variants).flat_map(|v| {
        std::iter::once(Body::of(&v.page)).chain(v.translations.values().map(Body::of))
    });
    let bodies: Vec<Body> = sections.chain(variants).collect();
    bodies
        .into_par_iter()
        .flat_map(|body| match memo {
            Some(memo) => memo.get_or_audit(body),
            None => body.audit(),
        })
        .collect()
}

/// The parts of a page an audit reads, whatever its front matter.
#[derive(Clone, Copy)]
struct Body<'a> {
    source: &'a SourceFile,
    split: &'a Split,
}

impl<'a> Body<'a> {
    fn of<F>(page: &'a Page<F>) -> Body<'a> {
        Body {
            source: &page.source,
            split: &page.split,
        }
    }

    fn audit(self) -> Vec<Diagnostic> {
        let body = &self.source.text[self.split.body.clone()];
        markdown::audit(body)
            .into_iter()
            .map(|removed| {
                Diagnostic::warning(&self.source.path, removed.message)
                    .at(self.source.position(self.split.body.start + removed.offset))
                    .with_help(removed.help)
                    .with_source(self.source.text.clone())
            })
            .collect()
    }
}
