//! The rendered pages of the fixture hub, as readers get them: insta
//! snapshots of the HTML, and the multilingual wiring checked page by page.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use rulehub::site::{self, BuildOptions};

fn build(name: &str) -> BTreeMap<String, String> {
    let built =
        site::build(&common::fixture_path(name), &BuildOptions::default()).expect("fixture builds");
    built
        .files
        .files
        .into_iter()
        .map(|(path, bytes)| (path, String::from_utf8_lossy(&bytes).into_owned()))
        .collect()
}

#[test]
fn variant_page_snapshot() {
    let site = build("mini");
    insta::assert_snapshot!("variant_en", site["tafl/standard/index.html"]);
    insta::assert_snapshot!("variant_cs", site["cs/tafl/standard/index.html"]);
}

#[test]
fn home_family_comparison_and_404_snapshots() {
    let site = build("mini");
    insta::assert_snapshot!("home_en", site["index.html"]);
    insta::assert_snapshot!("family_cs", site["cs/tafl/index.html"]);
    insta::assert_snapshot!("comparison_en", site["tafl/compare/index.html"]);
    insta::assert_snapshot!("not_found", site["404.html"]);
    insta::assert_snapshot!("sitemap", site["sitemap.xml"]);
}

/// Every `attr="…"` value of a tag in the page, e.g. all hreflang links.
fn attributes<'a>(html: &'a str, tag_start: &str, attr: &str) -> Vec<&'a str> {
    html.match_indices(tag_start)
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>')?];
            let start = tag.find(&format!(" {attr}=\""))? + attr.len() + 3;
            Some(&tag[start..start + tag[start..].find('"')?])
        })
        .collect()
}

fn path_of(url: &str) -> String {
    let path = url.split_once("://").map_or(url, |(_, rest)| {
        &rest[rest.find('/').unwrap_or(rest.len())..]
    });
    let path = path.trim_start_matches('/');
    if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    }
}

#[test]
fn every_page_declares_its_language_and_alternates_point_back() {
    for hub in ["mini", "../.."] {
        let site = build(hub);
        // (Pages at old addresses only send the reader on.)
        let pages: Vec<&String> = site
            .keys()
            .filter(|p| p.ends_with("index.html") && !site[*p].contains("http-equiv=\"refresh\""))
            .collect();
        assert!(!pages.is_empty());
        for page in &pages {
            let html = &site[*page];
            let lang = page
                .split('/')
                .next()
                .filter(|first| ["cs", "fi"].contains(first))
                .unwrap_or("en");
            assert!(
                html.contains(&format!("<html lang=\"{lang}\">")),
                "{page} declares lang {lang}"
            );
            let hreflangs = attributes(html, "<link rel=\"alternate\"", "hreflang");
            let hrefs = attributes(html, "<link rel=\"alternate\"", "href");
            assert!(hreflangs.contains(&"x-default"), "{page} has x-default");
            assert!(
                hreflangs.contains(&lang),
                "{page} lists itself among its alternates"
            );
            for (hreflang, href) in hreflangs.iter().zip(&hrefs) {
                let target = path_of(href);
                let other = site
                    .get(&target)
                    .unwrap_or_else(|| panic!("{page}: alternate {href} has no file"));
                if *hreflang != "x-default" {
                    let back: BTreeSet<String> =
                        attributes(other, "<link rel=\"alternate\"", "href")
                            .iter()
                            .map(|h| path_of(h))
                            .collect();
                    assert!(
                        back.contains(*page),
                        "{target} does not point back to {page}"
                    );
                }
            }
            for href in attributes(html, "<a href=\"/", "href") {
                let target = path_of(href);
                assert!(
                    site.contains_key(&target),
                    "{page}: link {href} leads nowhere"
                );
            }
        }
    }
}

#[test]
fn the_language_switcher_leads_to_the_same_page_or_that_languages_home() {
    let site = build("mini");
    let switcher = |page: &str| -> Vec<String> {
        let html = &site[page];
        let nav = &html[html.find("<nav class=\"languages\"").expect("switcher")..];
        let nav = &nav[..nav.find("</nav>").expect("closed")];
        attributes(nav, "<a ", "href")
            .into_iter()
            .map(String::from)
            .collect()
    };
    assert_eq!(
        switcher("tafl/standard/index.html"),
        ["/tafl/standard/", "/cs/tafl/standard/"]
    );
    // The draft has no Czech page; built with --drafts its switcher leads to the Czech home.
    let built = site::build(
        &common::fixture_path("mini"),
        &BuildOptions {
            drafts: true,
            ..BuildOptions::default()
        },
    )
    .expect("builds");
    let draft =
        String::from_utf8(built.files.files["tafl/draft/index.html"].clone()).expect("utf-8");
    let nav = &draft[draft.find("<nav class=\"languages\"").expect("switcher")..];
    assert!(
        nav.contains("href=\"/cs/\""),
        "untranslated page switches to the Czech home"
    );
    let cs_family =
        String::from_utf8(built.files.files["cs/tafl/index.html"].clone()).expect("utf-8");
    assert!(
        cs_family.contains("href=\"/tafl/draft/\""),
        "the Czech family lists the untranslated page, linking to English"
    );
    assert!(
        cs_family.contains("zatím nepřeloženo"),
        "with a not-yet-translated mark"
    );
}

#[test]
fn the_sitemap_lists_every_page_with_its_alternates() {
    let site = build("mini");
    let sitemap = &site["sitemap.xml"];
    let locs: Vec<&str> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|s| &s[..s.find("</loc>").expect("closed")])
        .collect();
    for loc in &locs {
        assert!(
            site.contains_key(&path_of(loc)),
            "sitemap URL {loc} has no page"
        );
    }
    assert!(locs.contains(&"https://mini.example.org/cs/tafl/standard/"));
    assert!(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"cs\" href=\"https://mini.example.org/cs/tafl/standard/\"/>"));
    roxmltree::Document::parse(sitemap).expect("sitemap is well-formed XML");
}

#[test]
fn text_from_authors_is_escaped_in_html_and_svg() {
    let hub = common::Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "title: \"Tablut\"",
        "title: \"Tablut <script>&\\\"x\\\"\"",
    );
    hub.edit(
        "content/tafl/tablut.md",
        "{{svg:board.svg \"Tablut — start\"}}",
        "{{svg:board.svg \"<b>bold</b> & \\\"quoted\\\"\"}}",
    );
    let built = site::build(hub.root(), &BuildOptions::default()).expect("builds");
    let html =
        String::from_utf8(built.files.files["tafl/standard/index.html"].clone()).expect("utf-8");
    assert!(!html.contains("<script>"), "title escaped");
    assert!(
        html.contains("Tablut &lt;script&gt;&amp;"),
        "{}",
        &html[..800]
    );
    assert!(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;"));
    let svg =
        String::from_utf8(built.files.files["tafl/standard/board.svg"].clone()).expect("utf-8");
    roxmltree::Document::parse(&svg).expect("the board SVG stays well-formed");
    assert!(!svg.contains("<b>"));
}

/// Boards look the same in every language, so each diagram is drawn once,
/// beside the default language's page, and a translated page shows that
/// drawing: a first build writes a variant's diagrams once, not once a
/// language. The start board is a file; the worked examples' boards are
/// views of one sheet.
#[test]
fn every_language_shows_the_one_drawing_of_each_board_of_its_variant() {
    let site = build("mini");
    let board_paths = |page: &str| -> BTreeSet<String> {
        let dir = &page[..page.rfind('/').map_or(0, |i| i + 1)];
        attributes(&site[page], "<img ", "src")
            .into_iter()
            .filter(|src| src.contains(".svg"))
            .map(|src| {
                if src.starts_with('/') {
                    path_of(src)
                } else {
                    format!("{dir}{src}")
                }
            })
            .collect()
    };
    let english = board_paths("tafl/standard/index.html");
    let czech = board_paths("cs/tafl/standard/index.html");
    assert!(
        czech.contains("tafl/standard/board.svg")
            && czech.contains("tafl/standard/examples.svg#example-pair-capture-before"),
        "{czech:?}"
    );
    // The English page shows more examples than its translation; the
    // boards both show are the same drawings.
    assert!(english.is_superset(&czech), "{english:?}");
    assert!(english.contains("tafl/standard/examples.svg#example-blocked-before"));
    for path in &english {
        let (file, view) = path.split_once('#').unwrap_or((path, ""));
        assert!(
            file.starts_with("tafl/standard/") && site.contains_key(file),
            "{file} is written beside the English page"
        );
        if !view.is_empty() {
            common::board_on_sheet(&site[file], view);
        }
    }
    let czech_svgs: Vec<&String> = site
        .keys()
        .filter(|p| p.starts_with("cs/") && p.ends_with(".svg"))
        .collect();
    assert!(
        czech_svgs.is_empty(),
        "no copies per language: {czech_svgs:?}"
    );
    // The shared drawings carry the default language's text.
    assert!(site["tafl/standard/board.svg"].contains("<title>Tablut — start</title>"));
    let sheet = &site["tafl/standard/examples.svg"];
    assert!(
        sheet.contains("<title>Worked example — Before</title>"),
        "{sheet}"
    );
    assert!(!sheet.contains("Řešený příklad"), "{sheet}");
}

/// A board only translations show is drawn by the first of them in the
/// hub's language order, whichever page renders first: its file carries
/// that language's caption, on every build.
#[test]
fn a_board_only_translations_show_carries_the_first_translations_caption() {
    let hub = common::Hub::copy("mini");
    hub.edit("hub.yaml", "languages: [en, cs]", "languages: [en, cs, fi]")
        .edit(
            "content/tafl/tablut.md",
            "{{svg:board.svg \"Tablut — start\"}}",
            "",
        );
    let finnish = hub
        .read("content/tafl/tablut.cs.md")
        .replace("Tablut — výchozí postavení", "Tablut — alkuasetelma");
    hub.write("content/tafl/tablut.fi.md", finnish);
    let boards: BTreeSet<String> = (0..4)
        .map(|_| {
            let built = site::build(hub.root(), &BuildOptions::default()).expect("builds");
            String::from_utf8_lossy(built.files.get("tafl/standard/board.svg").expect("drawn"))
                .into_owned()
        })
        .collect();
    assert_eq!(boards.len(), 1, "the same file on every build");
    let board = boards.first().expect("one board");
    assert!(
        board.contains("<title>Tablut — výchozí postavení</title>"),
        "{board}"
    );
}

#[test]
fn the_start_boards_legend_follows_the_readers_colour_scheme() {
    let site = build("mini");
    let page = &site["tafl/standard/index.html"];
    let palette = rulehub::diagram::Palette::builtin();
    for (scheme, colour) in [
        ("light", palette.light("attacker")),
        ("dark", palette.dark("attacker")),
    ] {
        let colour = colour.expect("the builtin palette has an attacker colour");
        assert!(
            page.contains(&format!(".legend-attacker{{fill:{colour};")),
            "the {scheme} attacker colour colours the legend"
        );
    }
    let dark = page
        .find("@media (prefers-color-scheme: dark){.legend-attacker")
        .expect("dark rules for the legend");
    assert!(dark > page.find(".legend-attacker{").expect("light rules"));
    assert_eq!(
        page.matches("<style>").count(),
        1,
        "one style for the three swatches"
    );
}

/// The `data-room-server` of a built page's variant article, if any.
fn room_server_of(root: &std::path::Path) -> Vec<String> {
    let built = site::build(root, &BuildOptions::default()).expect("the hub builds");
    let page = String::from_utf8_lossy(&built.files.files["tafl/standard/index.html"]).into_owned();
    attributes(&page, "<article", "data-room-server")
        .into_iter()
        .map(str::to_string)
        .collect()
}

#[test]
fn variant_pages_name_the_room_server_only_when_hub_yaml_does() {
    let hub = common::Hub::copy("mini");
    assert_eq!(room_server_of(hub.root()), Vec::<String>::new());
    let config = hub.read("hub.yaml");
    hub.write(
        "hub.yaml",
        format!("{config}room_server: \"https://rooms.example.org/\"\n"),
    );
    assert_eq!(
        room_server_of(hub.root()),
        vec!["https://rooms.example.org"]
    );
}

#[test]
fn a_room_server_that_is_not_an_http_address_is_refused_at_its_line() {
    let hub = common::Hub::copy("mini");
    let config = hub.read("hub.yaml");
    let line = config.lines().count() + 1;
    hub.write(
        "hub.yaml",
        format!("{config}room_server: \"javascript:alert(1)\"\n"),
    );
    hub.rulehub(&["check"])
        .assert()
        .failure()
        .stderr(predicates::str::contains(format!("hub.yaml:{line}:1:")))
        .stderr(predicates::str::contains(
            "`room_server` must be an absolute http(s) address",
        ));
}

/// Every board image says how big it is, so that the page does not move
/// as lazy boards load: its `width` and `height` are the size of the SVG
/// it shows (the root viewBox, which every view of a sheet shares).
#[test]
fn every_board_image_states_the_size_of_its_svg() {
    let site = build("mini");
    for page in ["tafl/standard/index.html", "cs/tafl/standard/index.html"] {
        let html = &site[page];
        let boards: Vec<&str> = html
            .match_indices("<img ")
            .map(|(at, _)| &html[at..at + html[at..].find('>').expect("a closed tag")])
            .filter(|tag| tag.contains(".svg"))
            .collect();
        assert!(boards.len() > 2, "{page}: {html}");
        for tag in boards {
            let attr = |name: &str| {
                tag.split(&format!(" {name}=\""))
                    .nth(1)
                    .and_then(|rest| rest.split('"').next())
                    .unwrap_or_else(|| panic!("{page}: no {name} on {tag}"))
            };
            let src = attr("src");
            let file = src.split('#').next().unwrap_or(src);
            let name = file.rsplit('/').next().unwrap_or(file);
            let svg = &site[&format!("tafl/standard/{name}")];
            let view_box: Vec<&str> = svg
                .split("viewBox=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("a viewBox")
                .split_whitespace()
                .collect();
            assert_eq!(
                (attr("width"), attr("height")),
                (view_box[2], view_box[3]),
                "{page}: {tag}"
            );
        }
    }
}
