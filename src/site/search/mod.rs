//! Site search without a server: at build time, per language, a compact
//! index cut into small static files ([`index`]); in the browser,
//! `assets/search.js` fetches only the manifest, the shard of each word
//! typed and the few document files the best results sit in.
//!
//! Terms are stems with diacritics folded ([`stem`]), so "trůnu" finds a
//! page that says "trůn". What is indexed is each page's rendered body cut
//! at its headings ([`text`]), with worked examples as their sentences.

mod index;
mod stem;
mod text;

pub use index::{DOCS_PER_FILE, Document, MAX_KEY_CHARS, MAX_POSTINGS, SHARD_BUDGET};
pub use text::Sections;

/// Where a language's index lives under the output root.
pub fn folder(lang: &str) -> String {
    format!("search/{lang}/")
}

/// The documents of one page: a document per section of its rendered
/// `body`, the first carrying the page `summary` too.
pub fn page_documents(href: &str, title: &str, summary: &str, body: &str) -> Vec<Document> {
    documents(href, title, summary, text::sections(body))
}

/// [`page_documents`] of a body already cut into sections.
pub fn documents(
    href: &str,
    title: &str,
    summary: &str,
    mut sections: Vec<text::Section>,
) -> Vec<Document> {
    if !summary.is_empty() {
        match sections.first_mut().filter(|s| s.anchor.is_none()) {
            Some(intro) => intro.text = format!("{summary} {}", intro.text),
            None => sections.insert(
                0,
                text::Section {
                    text: summary.to_string(),
                    ..text::Section::default()
                },
            ),
        }
    }
    if sections.is_empty() {
        sections.push(text::Section::default());
    }
    sections
        .into_iter()
        .map(|section| Document {
            href: match &section.anchor {
                Some(anchor) => format!("{href}#{}", percent_encode_fragment(anchor)),
                None => href.to_string(),
            },
            page_title: title.to_string(),
            heading: section.heading,
            text: section.text.trim().to_string(),
        })
        .collect()
}

/// A heading id as a URL fragment (ids keep letters of every script).
fn percent_encode_fragment(anchor: &str) -> String {
    let mut out = String::with_capacity(anchor.len());
    for byte in anchor.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The index files of one language, paths under the output root.
pub fn index_files(
    lang: &str,
    documents: &[Document],
    stopped: &dyn Fn() -> bool,
) -> Vec<(String, Vec<u8>)> {
    let folder = folder(lang);
    index::build(lang, documents, stopped)
        .into_iter()
        .map(|(path, bytes)| (format!("{folder}{path}"), bytes))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_link_to_their_heading() {
        let documents = page_documents(
            "/cs/games/tablut/",
            "Tablut",
            "Shrnutí.",
            "<p>Úvod.</p><h2 id=\"král-a-trůn\">Král a trůn</h2><p>Text.</p>",
        );
        assert_eq!(documents.len(), 2);
        assert_eq!(documents[0].text, "Shrnutí. Úvod.");
        assert_eq!(documents[1].href, "/cs/games/tablut/#kr%C3%A1l-a-tr%C5%AFn");
        assert_eq!(documents[1].heading, "Král a trůn");
    }
}
