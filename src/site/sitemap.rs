//! `sitemap.xml` with `xhtml:link` alternates for every translation.

use super::pages::escape;

pub struct Entry {
    pub url: String,
    /// (hreflang, absolute url) of every language version, this one included.
    pub alternates: Vec<(String, String)>,
}

pub fn render(entries: &[Entry]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for entry in entries {
        xml.push_str(&format!("  <url>\n    <loc>{}</loc>\n", escape(&entry.url)));
        if entry.alternates.len() > 1 {
            for (lang, url) in &entry.alternates {
                xml.push_str(&format!(
                    "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>\n",
                    escape(lang),
                    escape(url)
                ));
            }
        }
        xml.push_str("  </url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}
