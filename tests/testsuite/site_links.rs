//! Every internal link of the bundled hub resolves, as a crawler meets it:
//! `href`/`src`/`srcset`/`data-src` of every page, stylesheet `url(…)`s,
//! `<link rel="alternate" hreflang>` (present, resolving and reciprocal),
//! canonical links, the sitemap and robots.txt, and `#fragments` (an element
//! with that id exists in the target page, or a `<view>` on the target
//! sheet). SVGs must be well-formed XML whose `#id` references exist. HTML
//! is read with a WHATWG tokenizer (html5gum), whose parse errors count as
//! failures too.
//!
//! The site is built in memory through the library; nothing is served and no
//! browser is needed (the browser checks live in tests/e2e/). The `fault_*`
//! tests prove each check fails when its fault is introduced.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use html5gum::{Token, Tokenizer};

type Files = BTreeMap<String, Vec<u8>>;

/// The bundled hub, built once per test run.
fn bundled() -> &'static (Files, String) {
    static SITE: OnceLock<(Files, String)> = OnceLock::new();
    SITE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let built = rulehub::site::build(root, &rulehub::site::BuildOptions::default())
            .unwrap_or_else(|d| panic!("the bundled hub builds: {d:#?}"));
        let config: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(root.join("hub.yaml")).unwrap())
                .expect("hub.yaml parses");
        let base = config["base_url"]
            .as_str()
            .expect("hub.yaml has a base_url")
            .to_string();
        (built.files.files, base)
    })
}

/// One parsed HTML page: its ids and every URL it refers to.
#[derive(Default)]
struct Page {
    ids: BTreeSet<String>,
    /// (what, url), e.g. ("a href", "/tafl/").
    refs: Vec<(String, String)>,
    /// hreflang → href of `<link rel="alternate" hreflang>`.
    alternates: BTreeMap<String, String>,
    canonical: Option<String>,
    /// Where `<meta http-equiv="refresh">` sends the reader: a page at an
    /// old address.
    refresh: Option<String>,
    problems: Vec<String>,
}

fn parse_html(text: &str) -> Page {
    let mut page = Page::default();
    for token in Tokenizer::new(text) {
        let token = match token {
            Ok(token) => token,
            Err(never) => match never {},
        };
        match token {
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).into_owned();
                let attr = |key: &str| {
                    tag.attributes
                        .get(key.as_bytes())
                        .map(|v| String::from_utf8_lossy(v).into_owned())
                };
                if let Some(id) = attr("id")
                    && !page.ids.insert(id.clone())
                {
                    page.problems.push(format!("duplicate id=\"{id}\""));
                }
                if name == "a"
                    && let Some(n) = attr("name")
                {
                    page.ids.insert(n);
                }
                let rel = attr("rel").unwrap_or_default();
                let rels: Vec<&str> = rel.split_ascii_whitespace().collect();
                if name == "link"
                    && rels.contains(&"alternate")
                    && let (Some(lang), Some(href)) = (attr("hreflang"), attr("href"))
                    && page.alternates.insert(lang.clone(), href).is_some()
                {
                    page.problems
                        .push(format!("two alternates for hreflang {lang}"));
                }
                if name == "link" && rels.contains(&"canonical") {
                    page.canonical = attr("href");
                }
                if name == "meta"
                    && attr("http-equiv").as_deref() == Some("refresh")
                    && let Some(content) = attr("content")
                {
                    let url = content.split_once("url=").map(|(_, url)| url.to_string());
                    if let Some(url) = &url {
                        page.refs.push(("<meta refresh>".to_string(), url.clone()));
                    } else {
                        page.problems
                            .push(format!("refresh without an address: {content}"));
                    }
                    page.refresh = url;
                }
                // `data-src`: the boards stepper.js shows, views of a sheet.
                for key in [
                    "href",
                    "src",
                    "poster",
                    "data",
                    "action",
                    "formaction",
                    "data-src",
                ] {
                    if let Some(url) = attr(key) {
                        page.refs.push((format!("<{name} {key}>"), url));
                    }
                }
                for key in ["srcset", "imagesrcset"] {
                    if let Some(set) = attr(key) {
                        for candidate in set.split(',') {
                            if let Some(url) = candidate.split_ascii_whitespace().next() {
                                page.refs.push((format!("<{name} {key}>"), url.to_string()));
                            }
                        }
                    }
                }
            }
            Token::Error(error) => page
                .problems
                .push(format!("HTML parse error: {}", error.value)),
            _ => {}
        }
    }
    page
}

/// Where a URL points inside the site.
enum Target {
    /// `(file, fragment)`; the fragment is percent-decoded.
    File(String, Option<String>),
    /// Outside the site (another host, mailto:, data:, …): not checked.
    External,
    Broken(String),
}

/// Resolves `url`, found in the file `from`, against the site whose public
/// address is `base` (e.g. `https://rules.example.org/` or
/// `https://example.org/rules/`).
fn resolve(files: &Files, base: &str, from: &str, url: &str) -> Target {
    let url = url.trim();
    let (origin, base_path) = split_origin(base);
    let (rest, fragment) = match url.split_once('#') {
        Some((r, f)) => (r, Some(percent_decode(f))),
        None => (url, None),
    };
    let rest = rest.split('?').next().unwrap_or("");
    let scheme = rest.split_once(':').map(|(s, _)| s).filter(|s| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    // An absolute path inside the site, starting with the base path.
    let absolute = if let Some(scheme) = scheme {
        if scheme != "http" && scheme != "https" {
            return Target::External;
        }
        let (o, p) = split_origin(rest);
        if !o.eq_ignore_ascii_case(origin) {
            return Target::External;
        }
        p.to_string()
    } else if rest.starts_with("//") {
        return Target::External;
    } else if rest.starts_with('/') {
        rest.to_string()
    } else {
        // Relative to the page: the page's directory in URL space.
        let dir = match from.rfind('/') {
            Some(i) => &from[..=i],
            None => "",
        };
        if rest.is_empty() {
            format!("{base_path}{from}")
        } else {
            format!("{base_path}{dir}{rest}")
        }
    };
    let Some(inside) = absolute.strip_prefix(base_path) else {
        return Target::Broken(format!(
            "{absolute} is outside the site's base path {base_path}"
        ));
    };
    let Some(path) = normalize(&percent_decode(inside)) else {
        return Target::Broken(format!("{absolute} climbs above the site root"));
    };
    let file = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.clone()
    };
    if files.contains_key(&file) {
        Target::File(file, fragment)
    } else if files.contains_key(&format!("{path}/index.html")) {
        Target::Broken(format!(
            "{absolute} is a directory: link to {absolute}/ (a redirect otherwise)"
        ))
    } else {
        Target::Broken(format!("no file {file} for {url}"))
    }
}

/// `https://host/a/b` → (`https://host`, `/a/b`); the path is `/` at least.
fn split_origin(url: &str) -> (&str, &str) {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(i) => url.split_at(after_scheme + i),
        None => (url, "/"),
    }
}

/// Resolves `.` and `..` segments; `None` when `..` climbs above the root.
fn normalize(path: &str) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        match *seg {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." => {
                out.pop()?;
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    Some(out.join("/"))
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every problem with the links of `files`, one line each.
fn check_site(files: &Files, base: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let pages: BTreeMap<String, Page> = files
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .map(|(path, bytes)| (path.clone(), parse_html(&String::from_utf8_lossy(bytes))))
        .collect();
    if pages.is_empty() {
        problems.push("no HTML pages".to_string());
    }

    // The ids of every page and SVG, for fragment checks; SVGs must be
    // well-formed XML, and their own href attributes are checked below.
    let mut ids: BTreeMap<String, BTreeSet<String>> = pages
        .iter()
        .map(|(path, page)| (path.clone(), page.ids.clone()))
        .collect();
    let mut svg_refs = Vec::new();
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".svg")) {
        let text = String::from_utf8_lossy(bytes);
        match roxmltree::Document::parse(&text) {
            Err(e) => problems.push(format!("{path}: not well-formed XML: {e}")),
            Ok(doc) => {
                let mut mine = BTreeSet::new();
                for node in doc.descendants().filter(|n| n.is_element()) {
                    for a in node.attributes() {
                        if a.name() == "id" {
                            mine.insert(a.value().to_string());
                        } else if a.name() == "href" {
                            let what = format!("<{} href>", node.tag_name().name());
                            svg_refs.push((path.clone(), what, a.value().to_string()));
                        }
                    }
                }
                ids.insert(path.clone(), mine);
            }
        }
    }

    let check = |from: &str, what: &str, url: &str, problems: &mut Vec<String>| -> Option<String> {
        match resolve(files, base, from, url) {
            Target::External => None,
            Target::Broken(why) => {
                problems.push(format!("{from}: {what} \"{url}\": {why}"));
                None
            }
            Target::File(file, fragment) => {
                if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
                    match ids.get(&file) {
                        Some(ids) if ids.contains(&fragment) => {}
                        Some(_) => problems.push(format!(
                            "{from}: {what} \"{url}\": no id=\"{fragment}\" in {file}"
                        )),
                        None => problems.push(format!(
                            "{from}: {what} \"{url}\": fragment into {file}, which has no ids"
                        )),
                    }
                }
                Some(file)
            }
        }
    };

    for (path, page) in &pages {
        for problem in &page.problems {
            problems.push(format!("{path}: {problem}"));
        }
        for (what, url) in &page.refs {
            check(path, what, url, &mut problems);
        }
        // A page names itself as canonical; a page at an old address names
        // the page it sends the reader to.
        let own = match &page.refresh {
            Some(url) => match resolve(files, base, path, url) {
                Target::File(file, _) => file,
                _ => path.clone(),
            },
            None => path.clone(),
        };
        if let Some(canonical) = &page.canonical
            && let Some(file) = check(path, "canonical", canonical, &mut problems)
            && file != own
        {
            problems.push(format!("{path}: canonical {canonical} names {file}"));
        }
        // hreflang alternates: each resolves to an HTML page; the set names
        // this page itself and is the same on every page it names.
        if path != "404.html" && !page.alternates.is_empty() {
            let mut mine = false;
            for (lang, href) in &page.alternates {
                let Some(file) = check(
                    path,
                    &format!("hreflang {lang} alternate"),
                    href,
                    &mut problems,
                ) else {
                    continue;
                };
                if &file == path && lang != "x-default" {
                    mine = true;
                }
                match pages.get(&file) {
                    None => problems.push(format!("{path}: hreflang {lang} alternate {href} is not a page")),
                    Some(other) if other.alternates != page.alternates => problems.push(format!(
                        "{path}: hreflang alternates are not reciprocal with {file}: {:?} there, {:?} here",
                        other.alternates, page.alternates
                    )),
                    Some(_) => {}
                }
            }
            if !mine {
                problems.push(format!(
                    "{path}: its hreflang alternates do not name the page itself"
                ));
            }
        }
    }

    // Stylesheets: url(…) references.
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".css")) {
        let css = String::from_utf8_lossy(bytes);
        for piece in css.split("url(").skip(1) {
            let Some(end) = piece.find(')') else { continue };
            let url = piece[..end].trim().trim_matches(['"', '\'']);
            check(path, "url()", url, &mut problems);
        }
    }

    // SVGs: local references resolve (they were parsed above).
    for (path, what, url) in &svg_refs {
        check(path, what, url, &mut problems);
    }

    // The sitemap: every URL and alternate resolves to a page, and every page
    // but the 404 page is listed.
    match files
        .get("sitemap.xml")
        .map(|b| String::from_utf8_lossy(b).into_owned())
    {
        None => problems.push("no sitemap.xml".to_string()),
        Some(xml) => match roxmltree::Document::parse(&xml) {
            Err(e) => problems.push(format!("sitemap.xml: not well-formed XML: {e}")),
            Ok(doc) => {
                let mut listed = BTreeSet::new();
                for url in doc.descendants().filter(|n| n.has_tag_name("url")) {
                    let loc = url
                        .children()
                        .find(|n| n.has_tag_name("loc"))
                        .and_then(|n| n.text())
                        .unwrap_or("")
                        .trim()
                        .to_string();
                    if !loc.starts_with(base) {
                        problems.push(format!("sitemap.xml: <loc> {loc} is not under {base}"));
                    }
                    let Some(file) = check("sitemap.xml", "<loc>", &loc, &mut problems) else {
                        continue;
                    };
                    listed.insert(file.clone());
                    let mut alternates = BTreeMap::new();
                    for link in url.children().filter(|n| n.has_tag_name("link")) {
                        let (lang, href) = (link.attribute("hreflang"), link.attribute("href"));
                        let (Some(lang), Some(href)) = (lang, href) else {
                            problems.push(format!(
                                "sitemap.xml: alternate of {loc} lacks hreflang or href"
                            ));
                            continue;
                        };
                        alternates.insert(lang.to_string(), href.to_string());
                        check(
                            "sitemap.xml",
                            &format!("hreflang {lang} of {loc}"),
                            href,
                            &mut problems,
                        );
                    }
                    // The sitemap's alternates agree with the page's own.
                    if let Some(page) = pages.get(&file) {
                        let page_alts: BTreeMap<_, _> = page
                            .alternates
                            .iter()
                            .filter(|(lang, _)| *lang != "x-default")
                            .map(|(l, h)| (l.clone(), h.clone()))
                            .collect();
                        let site_alts: BTreeMap<_, _> = alternates
                            .into_iter()
                            .filter(|(lang, _)| lang != "x-default")
                            .collect();
                        if page_alts != site_alts {
                            problems.push(format!(
                                "sitemap.xml: alternates of {loc} {site_alts:?} differ from the page's {page_alts:?}"
                            ));
                        }
                    }
                }
                let redirects: BTreeSet<&String> = pages
                    .iter()
                    .filter(|(_, page)| page.refresh.is_some())
                    .map(|(path, _)| path)
                    .collect();
                for page in pages
                    .keys()
                    .filter(|p| *p != "404.html" && !redirects.contains(p))
                {
                    if !listed.contains(page) {
                        problems.push(format!("sitemap.xml does not list {page}"));
                    }
                }
            }
        },
    }

    // robots.txt points at the sitemap.
    if let Some(robots) = files.get("robots.txt") {
        for line in String::from_utf8_lossy(robots).lines() {
            if let Some(url) = line.strip_prefix("Sitemap:") {
                check("robots.txt", "Sitemap", url.trim(), &mut problems);
            }
        }
    }
    problems
}

fn assert_clean(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} link problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_link_of_the_bundled_hub_resolves() {
    let (files, base) = bundled();
    // Sanity: the checker saw what it should.
    let pages = files.keys().filter(|p| p.ends_with(".html")).count();
    assert!(pages >= 20, "only {pages} pages built");
    assert!(files.contains_key("sitemap.xml"));
    assert_clean(&check_site(files, base));
}

#[test]
fn every_page_links_to_its_translations_and_is_linked_from_somewhere() {
    let (files, base) = bundled();
    let mut linked = BTreeSet::new();
    // Pages at old addresses are reached from old links, not from the site.
    let mut redirects = BTreeSet::new();
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let page = parse_html(&String::from_utf8_lossy(bytes));
        if page.refresh.is_some() {
            redirects.insert(path.clone());
        }
        for (what, url) in &page.refs {
            if what == "<a href>"
                && let Target::File(file, _) = resolve(files, base, path, url)
            {
                linked.insert(file);
            }
        }
    }
    let orphans: Vec<_> = files
        .keys()
        .filter(|p| {
            p.ends_with(".html")
                && *p != "404.html"
                && !linked.contains(*p)
                && !redirects.contains(*p)
        })
        .collect();
    assert!(orphans.is_empty(), "pages no link leads to: {orphans:?}");
}

/// Every page names the site's icon (templates/partials/icon.html), so
/// no browser asks for /favicon.ico (the site has none): the pages at old
/// addresses too, which Chromium asks about even as it leaves them.
#[test]
fn every_page_names_the_site_icon() {
    let (files, _) = bundled();
    let partial = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/partials/icon.html"),
    )
    .expect("templates/partials/icon.html is readable");
    let icon = partial
        .lines()
        .find(|line| line.starts_with("<link rel=\"icon\""))
        .expect("the icon partial names an icon");
    let without: Vec<&String> = files
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .filter(|(_, bytes)| !String::from_utf8_lossy(bytes).contains(icon))
        .map(|(path, _)| path)
        .collect();
    assert!(
        without.is_empty(),
        "pages without the site icon: {without:?}"
    );
}

/// Every board a sheet holds (a `<view>`) is shown by some page, as an
/// `<img>` or a step of a stepper: a board drawn and never shown is a
/// reference gone wrong on one side or the other.
fn unshown_boards(files: &Files, base: &str) -> Vec<String> {
    let mut shown = BTreeSet::new();
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        for (_, url) in parse_html(&String::from_utf8_lossy(bytes)).refs {
            if let Target::File(file, Some(view)) = resolve(files, base, path, &url) {
                shown.insert(format!("{file}#{view}"));
            }
        }
    }
    let mut unshown = Vec::new();
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".svg")) {
        let text = String::from_utf8_lossy(bytes);
        let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed");
        for view in doc.descendants().filter(|n| n.has_tag_name("view")) {
            let board = format!("{path}#{}", view.attribute("id").unwrap_or_default());
            if !shown.contains(&board) {
                unshown.push(board);
            }
        }
    }
    unshown
}

#[test]
fn every_board_on_a_sheet_is_shown_by_some_page() {
    let (files, base) = bundled();
    let sheets = files
        .keys()
        .filter(|p| p.ends_with("/examples.svg"))
        .count();
    assert!(sheets >= 10, "only {sheets} example sheets built");
    assert!(files.contains_key("tafl/brandubh/game-fork-between-corners.svg"));
    let unshown = unshown_boards(files, base);
    assert!(unshown.is_empty(), "boards no page shows: {unshown:?}");

    // A board added to a sheet that no page shows is found.
    let mut files = files.clone();
    replace_in(
        &mut files,
        "tafl/brandubh/examples.svg",
        "<view ",
        "<view id=\"example-orphan\" viewBox=\"0 0 1 1\"/><view ",
    );
    assert_eq!(
        unshown_boards(&files, base),
        vec!["tafl/brandubh/examples.svg#example-orphan".to_string()]
    );
}

// ---- Each check fails when its fault is introduced. ----

fn with_fault(edit: impl FnOnce(&mut Files)) -> Vec<String> {
    let (files, base) = bundled();
    let mut files = files.clone();
    edit(&mut files);
    check_site(&files, base)
}

fn replace_in(files: &mut Files, path: &str, from: &str, to: &str) {
    let text = String::from_utf8(files[path].clone()).unwrap();
    assert!(
        text.contains(from),
        "{path} no longer contains {from:?}; update the fault"
    );
    files.insert(path.to_string(), text.replacen(from, to, 1).into_bytes());
}

fn assert_reports(problems: &[String], needle: &str) {
    assert!(
        problems.iter().any(|p| p.contains(needle)),
        "expected a problem containing {needle:?}, got:\n{}",
        problems.join("\n")
    );
}

#[test]
fn fault_broken_link_is_reported() {
    let problems = with_fault(|f| {
        replace_in(
            f,
            "tafl/index.html",
            "href=\"/tafl/brandubh/\"",
            "href=\"/tafl/brandubhh/\"",
        )
    });
    assert_reports(
        &problems,
        "tafl/index.html: <a href> \"/tafl/brandubhh/\": no file tafl/brandubhh/index.html",
    );
}

#[test]
fn fault_missing_image_and_stylesheet_are_reported() {
    let problems = with_fault(|f| {
        f.remove("tafl/brandubh/board.svg");
        f.remove("assets/style.css");
    });
    assert_reports(
        &problems,
        "tafl/brandubh/index.html: <img src> \"board.svg\": no file tafl/brandubh/board.svg",
    );
    assert_reports(
        &problems,
        "<link href> \"/assets/style.css\": no file assets/style.css",
    );
}

#[test]
fn fault_missing_anchor_is_reported() {
    let problems = with_fault(|f| {
        replace_in(
            f,
            "tafl/brandubh/index.html",
            "<h2 id=\"overview\">",
            "<h2>",
        );
        let page = String::from_utf8(f["tafl/index.html"].clone()).unwrap();
        let page = page.replacen(
            "href=\"/tafl/brandubh/\"",
            "href=\"/tafl/brandubh/#overview\"",
            1,
        );
        f.insert("tafl/index.html".into(), page.into_bytes());
    });
    assert_reports(&problems, "no id=\"overview\" in tafl/brandubh/index.html");
}

#[test]
fn fault_percent_encoded_anchor_is_decoded() {
    // A fragment with non-ASCII letters, as Finnish headings have, matches its
    // id once decoded; a misspelt one does not.
    let ok = with_fault(|f| {
        replace_in(
            f,
            "fi/tafl/index.html",
            "href=\"/fi/tafl/brandubh/\"",
            "href=\"/fi/tafl/brandubh/#v%C3%A4lineet\"",
        )
    });
    assert!(!ok.iter().any(|p| p.contains("välineet")), "{ok:?}");
    let bad = with_fault(|f| {
        replace_in(
            f,
            "fi/tafl/index.html",
            "href=\"/fi/tafl/brandubh/\"",
            "href=\"/fi/tafl/brandubh/#v%C3%A4lineetx\"",
        )
    });
    assert_reports(&bad, "no id=\"välineetx\"");
}

#[test]
fn fault_broken_or_one_sided_hreflang_is_reported() {
    let broken = with_fault(|f| {
        replace_in(
            f,
            "tafl/brandubh/index.html",
            "hreflang=\"fi\" href=\"https://rules.example.org/fi/tafl/brandubh/\"",
            "hreflang=\"fi\" href=\"https://rules.example.org/fi/tafl/brandub/\"",
        )
    });
    assert_reports(
        &broken,
        "hreflang fi alternate \"https://rules.example.org/fi/tafl/brandub/\": no file",
    );
    let one_sided = with_fault(|f| {
        replace_in(
            f,
            "cs/tafl/brandubh/index.html",
            "<link rel=\"alternate\" hreflang=\"fi\" href=\"https://rules.example.org/fi/tafl/brandubh/\">",
            "",
        )
    });
    assert_reports(&one_sided, "not reciprocal");
}

#[test]
fn fault_sitemap_url_to_a_missing_page_is_reported() {
    let problems = with_fault(|f| {
        replace_in(
            f,
            "sitemap.xml",
            "<loc>https://rules.example.org/tafl/</loc>",
            "<loc>https://rules.example.org/tafl/gone/</loc>",
        )
    });
    assert_reports(
        &problems,
        "sitemap.xml: <loc> \"https://rules.example.org/tafl/gone/\": no file",
    );
    assert_reports(&problems, "sitemap.xml does not list tafl/index.html");
}

#[test]
fn fault_duplicate_id_and_parse_error_are_reported() {
    let problems = with_fault(|f| {
        replace_in(
            f,
            "tafl/brandubh/index.html",
            "<h2 id=\"setup\">",
            "<h2 id=\"overview\">",
        );
        replace_in(
            f,
            "tafl/tablut/index.html",
            "<main id=\"main\">",
            "<main id=\"main\"class=\"x\">",
        );
    });
    assert_reports(
        &problems,
        "tafl/brandubh/index.html: duplicate id=\"overview\"",
    );
    assert_reports(&problems, "tafl/tablut/index.html: HTML parse error");
}

#[test]
fn fault_malformed_svg_and_dangling_svg_reference_are_reported() {
    let problems = with_fault(|f| {
        replace_in(f, "tafl/brandubh/examples.svg", "</svg>", "");
        replace_in(
            f,
            "tafl/brandubh/game-fork-between-corners.svg",
            "<view id=\"game-fork-between-corners-3\"",
            "<view id=\"game-fork-between-corners-3x\"",
        );
        replace_in(
            f,
            "tafl/brandubh/board.svg",
            "<symbol id=\"rh-attacker\"",
            "<symbol id=\"rh-attackerx\"",
        );
    });
    assert_reports(&problems, "tafl/brandubh/examples.svg: not well-formed XML");
    // A step of the stepper whose board is not on the game's sheet.
    assert_reports(
        &problems,
        "tafl/brandubh/index.html: <li data-src> \"game-fork-between-corners.svg#game-fork-between-corners-3\": no id=\"game-fork-between-corners-3\"",
    );
    assert_reports(
        &problems,
        "tafl/brandubh/board.svg: <use href> \"#rh-attacker\": no id=\"rh-attacker\"",
    );
}

#[test]
fn resolve_handles_relative_paths_and_other_hosts() {
    let (files, base) = bundled();
    let file = |url: &str| match resolve(files, base, "tafl/brandubh/index.html", url) {
        Target::File(f, _) => f,
        Target::External => "external".into(),
        Target::Broken(why) => format!("broken: {why}"),
    };
    assert_eq!(file("board.svg"), "tafl/brandubh/board.svg");
    assert_eq!(file("../"), "tafl/index.html");
    assert_eq!(file("../../cs/"), "cs/index.html");
    assert_eq!(
        file("./examples.svg#example-corner-escape-after"),
        "tafl/brandubh/examples.svg"
    );
    assert_eq!(file("#overview"), "tafl/brandubh/index.html");
    assert_eq!(file("https://rules.example.org/fi/"), "fi/index.html");
    assert_eq!(file("https://example.com/"), "external");
    assert_eq!(file("mailto:someone@example.org"), "external");
    assert!(file("/tafl").starts_with("broken: /tafl is a directory"));
    assert!(file("../../../../x").starts_with("broken"));
}

#[test]
fn fault_old_address_leading_nowhere_is_reported() {
    let problems = with_fault(|f| {
        replace_in(
            f,
            "tafl/standard/index.html",
            "url=/tafl/tablut/",
            "url=/tafl/gone/",
        )
    });
    assert_reports(
        &problems,
        "tafl/standard/index.html: <meta refresh> \"/tafl/gone/\": no file",
    );
}
