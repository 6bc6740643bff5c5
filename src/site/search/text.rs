//! The searchable text of a rendered page body: cut into sections at its
//! headings, tags dropped, entities decoded. The body comes from
//! pulldown-cmark and the sanitiser (or an author's trusted HTML), so a
//! tag scanner is enough; it is linear, and anything it does not
//! understand becomes text, never markup (the script shows it as text).

/// A part of a page under one heading (or before the first).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Section {
    /// The heading's `id`, for a link straight to it; `None` before the
    /// first heading.
    pub anchor: Option<String>,
    pub heading: String,
    pub text: String,
}

/// Sections of `html`, in order; a section with neither heading nor text is
/// left out.
pub fn sections(html: &str) -> Vec<Section> {
    let mut sections = vec![Section::default()];
    let mut in_heading = false;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(open) = rest.find('<') else {
            push_text(&mut sections, in_heading, rest);
            break;
        };
        push_text(&mut sections, in_heading, &rest[..open]);
        let after = &rest[open..];
        let Some(close) = after.find('>') else {
            push_text(&mut sections, in_heading, after);
            break;
        };
        let tag = &after[1..close];
        rest = &after[close + 1..];
        let name = tag_name(tag);
        match name.as_str() {
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                in_heading = true;
                sections.push(Section {
                    anchor: attribute(tag, "id").map(|id| decode(&id)),
                    ..Section::default()
                });
            }
            "/h1" | "/h2" | "/h3" | "/h4" | "/h5" | "/h6" => in_heading = false,
            "script" | "style" => {
                // Raw HTML a hub trusts: what is inside is not prose.
                let end = format!("</{name}");
                rest = rest.find(&end).map_or("", |at| &rest[at..]);
            }
            _ => {
                // Block boundaries and line breaks separate words.
                let section = sections.last_mut().expect("never empty");
                let target = if in_heading {
                    &mut section.heading
                } else {
                    &mut section.text
                };
                if !target.ends_with(' ') && !target.is_empty() && !is_inline(&name) {
                    target.push(' ');
                }
            }
        }
    }
    sections
        .into_iter()
        .map(|mut s| {
            s.heading = collapse(&s.heading);
            s.text = collapse(&s.text);
            s
        })
        .filter(|s| !s.heading.is_empty() || !s.text.is_empty())
        .collect()
}

fn push_text(sections: &mut [Section], in_heading: bool, text: &str) {
    if text.is_empty() {
        return;
    }
    let section = sections.last_mut().expect("never empty");
    let decoded = decode(text);
    if in_heading {
        section.heading.push_str(&decoded);
    } else {
        section.text.push_str(&decoded);
    }
}

/// `a`, `/p`, `br`… lowercase, without attributes.
fn tag_name(tag: &str) -> String {
    tag.split(|c: char| c.is_whitespace() || c == '>')
        .next()
        .unwrap_or("")
        .trim_end_matches('/')
        .to_ascii_lowercase()
}

fn is_inline(name: &str) -> bool {
    let name = name.trim_start_matches('/');
    matches!(
        name,
        "a" | "em"
            | "strong"
            | "code"
            | "span"
            | "b"
            | "i"
            | "sub"
            | "sup"
            | "del"
            | "mark"
            | "abbr"
    )
}

/// The value of a double-quoted attribute, as pulldown-cmark writes them.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let needle = format!(" {name}=\"");
    let start = tag.find(&needle)? + needle.len();
    let end = tag[start..].find('"')?;
    Some(tag[start..start + end].to_string())
}

/// Whitespace runs to one space, trimmed.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The entities HTML writers use; any other `&…;` stays as written.
fn decode(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let entity = after
            .find(';')
            .filter(|end| *end <= 10)
            .and_then(|end| Some((entity(&after[..end])?, end)));
        match entity {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some(' '),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_headings_and_keeps_their_anchors() {
        let found = sections(
            "<p>Intro <em>text</em>.</p>\n<h2 id=\"the-king\">The <code>king</code></h2>\n<p>He sits &amp; waits.</p><ul><li>one</li><li>two</li></ul>",
        );
        assert_eq!(
            found,
            [
                Section {
                    anchor: None,
                    heading: String::new(),
                    text: "Intro text.".into()
                },
                Section {
                    anchor: Some("the-king".into()),
                    heading: "The king".into(),
                    text: "He sits & waits. one two".into()
                },
            ]
        );
    }

    #[test]
    fn scripts_and_broken_tags_never_become_markup() {
        let found = sections("<script>alert(1)</script><p>a &lt;b&gt; &#x263A; &bogus; <");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "a <b> ☺ &bogus; <");
    }
}
