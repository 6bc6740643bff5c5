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

/// Extensions of files a browser opens as an HTML page: every one is
/// refused unless the hub trusts its authors.
const HTML_EXTENSIONS: [&str; 5] = ["html", "htm", "xhtml", "xht", "shtml"];
/// Extensions of XML files a browser renders, running what scripts they
/// hold: refused when they hold any ([`markdown::active_content`]).
const XML_EXTENSIONS: [&str; 3] = ["svg", "xml", "xsl"];
/// The largest SVG or XML file scanned; a larger one is refused, since
/// what it holds was not seen.
const MAX_SCANNED_BYTES: u64 = 16 << 20;

/// An error for each file under `content/` that a browser would run and
/// that would be copied to the site as it is: page bodies are sanitised
/// (`raw_html: sanitise`), so the files beside them are held to the same
/// rule. Refused rather than sanitised: the sanitiser knows HTML fragments,
/// and would break an SVG or a whole page instead of cleaning it.
pub(super) fn active_asset_errors(hub: &Hub) -> Vec<Diagnostic> {
    if hub.config.raw_html == RawHtml::Trusted {
        return Vec::new();
    }
    let help = "remove it (a picture or board needs no script), or, if every author of this hub is trusted, set `raw_html: trusted` in hub.yaml";
    hub.assets
        .par_iter()
        .filter_map(|asset| {
            let extension = asset
                .source
                .extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase)?;
            let shown = asset
                .source
                .strip_prefix(&hub.root)
                .unwrap_or(&asset.source);
            if HTML_EXTENSIONS.contains(&extension.as_str()) {
                return Some(
                    Diagnostic::error(
                        shown,
                        "an HTML file under content/ would be published as a page of the site, beyond the sanitiser that cleans page bodies (raw_html: sanitise)",
                    )
                    .with_help("write the page in Markdown, or, if every author of this hub is trusted, set `raw_html: trusted` in hub.yaml"),
                );
            }
            if !XML_EXTENSIONS.contains(&extension.as_str()) {
                return None;
            }
            let too_large = std::fs::metadata(&asset.source)
                .is_ok_and(|m| m.len() > MAX_SCANNED_BYTES);
            if too_large {
                return Some(
                    Diagnostic::error(
                        shown,
                        format!(
                            "this file is larger than the {} MiB scanned for scripts, so it is not published while page bodies are sanitised",
                            MAX_SCANNED_BYTES >> 20
                        ),
                    )
                    .with_help(help),
                );
            }
            // Unreadable files are reported when the site is written.
            let bytes = std::fs::read(&asset.source).ok()?;
            let text = String::from_utf8_lossy(&bytes);
            let found = markdown::active_content(&text)?;
            let source = SourceFile {
                path: shown.to_path_buf(),
                text: Arc::from(text.as_ref()),
            };
            Some(
                source
                    .error(
                        source.position(found.offset),
                        format!(
                            "this file holds {}, which a browser runs when it opens the file; page bodies are sanitised (raw_html: sanitise), so such files are not published",
                            found.what
                        ),
                    )
                    .with_help(help),
            )
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
