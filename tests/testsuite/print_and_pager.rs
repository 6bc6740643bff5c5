//! A reader prints a family's rules and walks from variant to variant: the
//! family's print page holds every variant, in the family page's order,
//! with its boards and with ids that stay unique on one page; previous and
//! next links walk the same order; `print` is no variant's slug.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use predicates::prelude::*;
use rulehub::site::{self, BuildOptions};

fn bundled() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    site::build(root, &BuildOptions::default())
        .expect("the bundled hub builds")
        .files
        .files
        .into_iter()
        .map(|(path, bytes)| (path, String::from_utf8_lossy(&bytes).into_owned()))
        .collect()
}

/// Every value of `attr="…"` in `html`, in order.
fn values<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!(" {attr}=\"");
    html.match_indices(&needle)
        .filter_map(|(i, _)| {
            let start = i + needle.len();
            Some(&html[start..start + html[start..].find('"')?])
        })
        .collect()
}

/// The variant hrefs of a family page's cards, in order.
fn card_hrefs(family_page: &str) -> Vec<String> {
    family_page
        .split("<li class=\"card\">")
        .skip(1)
        .filter_map(|card| values(card, "href").into_iter().next().map(str::to_string))
        .collect()
}

fn file_of(href: &str) -> String {
    format!("{}index.html", href.trim_start_matches('/'))
}

#[test]
fn the_print_page_holds_every_variant_in_the_family_pages_order() {
    let site = bundled();
    for lang_prefix in ["", "cs/", "fi/"] {
        let family = &site[&format!("{lang_prefix}tafl/index.html")];
        let print = &site[&format!("{lang_prefix}tafl/print/index.html")];
        assert!(
            family.contains(&format!("href=\"/{lang_prefix}tafl/print/\"")),
            "the family page links to its print page"
        );
        let cards = card_hrefs(family);
        assert!(cards.len() >= 3, "{lang_prefix}: {cards:?}");
        // Each section's heading links to the variant it shows.
        let sections: Vec<String> = print
            .split("<article class=\"print-variant\"")
            .skip(1)
            .filter_map(|s| {
                let h2 = &s[s.find("<h2")?..];
                values(h2, "href").into_iter().next().map(str::to_string)
            })
            .collect();
        assert_eq!(sections, cards, "{lang_prefix}: same variants, same order");

        // One h1; the variants' own headings sit below their h2.
        assert_eq!(print.matches("<h1").count(), 1);
        assert!(
            !print.contains("<h2 id=\"overview\""),
            "headings moved down a level"
        );

        let ids = values(print, "id");
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(ids.len(), unique.len(), "{lang_prefix}: duplicate ids");
        for target in values(print, "href")
            .into_iter()
            .filter_map(|h| h.strip_prefix('#'))
        {
            assert!(
                unique.contains(target),
                "{lang_prefix}: #{target} has no anchor"
            );
        }
        // Every board is a file the variant's own page drew.
        let boards = values(print, "src");
        assert!(
            boards.len() > 3 * cards.len(),
            "{lang_prefix}: {} boards",
            boards.len()
        );
        for src in boards {
            let file = src.split('#').next().unwrap_or(src);
            assert!(
                site.contains_key(file.trim_start_matches('/')),
                "{lang_prefix}: {src} is not in the site"
            );
        }
    }
}

/// A print page is read whole, on paper: every board is fetched with the
/// page, so none is missing when Print is pressed. A variant's own page,
/// read on screen, lets the boards far down wait until they are near.
#[test]
fn every_board_of_a_print_page_loads_with_it() {
    let site = bundled();
    for lang_prefix in ["", "cs/", "fi/"] {
        let print = &site[&format!("{lang_prefix}tafl/print/index.html")];
        let examples = print.matches("examples.svg#").count();
        assert!(examples > 20, "{lang_prefix}: {examples} example boards");
        assert!(
            !print.contains("loading=\"lazy\""),
            "{lang_prefix}: a print page's board is lazy"
        );
        let own_page = &site[&format!("{lang_prefix}tafl/copenhagen/index.html")];
        let lazy_example = own_page
            .split("<figure class=\"board\">")
            .skip(1)
            .any(|figure| figure.contains("examples.svg#") && figure.contains("loading=\"lazy\""));
        assert!(
            lazy_example,
            "{lang_prefix}: the variant page's example boards load lazily"
        );
    }
}

#[test]
fn previous_and_next_walk_the_family_in_its_listed_order() {
    let site = bundled();
    for lang_prefix in ["", "fi/"] {
        let cards = card_hrefs(&site[&format!("{lang_prefix}tafl/index.html")]);
        let link = |page: &str, rel: &str| -> Option<String> {
            let html = &site[&file_of(page)];
            let at = html.find(&format!("rel=\"{rel}\""))?;
            let tag_start = html[..at].rfind("<a ")?;
            values(&html[tag_start..at], "href")
                .first()
                .map(|h| h.to_string())
        };
        let mut walked = vec![cards[0].clone()];
        while let Some(next) = link(walked.last().expect("one page"), "next") {
            assert!(walked.len() <= cards.len(), "a loop: {walked:?}");
            walked.push(next);
        }
        assert_eq!(
            walked, cards,
            "{lang_prefix}: next walks the family page's order"
        );
        assert_eq!(link(&cards[0], "prev"), None, "the first has no previous");
        for pair in cards.windows(2) {
            assert_eq!(link(&pair[1], "prev").as_deref(), Some(pair[0].as_str()));
        }
    }
}

#[test]
fn a_variant_may_not_take_the_print_pages_slug() {
    let hub = common::Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "slug: \"standard\"",
        "slug: \"print\"",
    );
    hub.rulehub(&["check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the slug `print` is taken by the family's print-all-rules page",
        ))
        .stderr(predicate::str::contains("tablut.md:3:"));
}

#[test]
fn print_styles_hide_navigation_and_keep_examples_whole() {
    let css = &bundled()["assets/style.css"];
    let print = &css[css.find("@media print").expect("a print stylesheet")..];
    for rule in [
        ".site-search",
        ".play",
        ".pager",
        "break-inside: avoid",
        "attr(href)",
        "grayscale",
    ] {
        assert!(print.contains(rule), "the print stylesheet lacks {rule}");
    }
}

#[test]
fn an_old_address_sends_the_reader_on_in_every_language() {
    let site = bundled();
    for lang_prefix in ["", "cs/", "fi/"] {
        let old = &site[&format!("{lang_prefix}tafl/standard/index.html")];
        let new = format!("/{lang_prefix}tafl/tablut/");
        assert!(
            old.contains(&format!(
                "<meta http-equiv=\"refresh\" content=\"0; url={new}\">"
            )),
            "{old}"
        );
        assert!(
            old.contains(&format!("<a href=\"{new}\">")),
            "a link for readers without refresh"
        );
        assert!(
            old.contains("rel=\"canonical\""),
            "search engines learn the new address"
        );
        assert!(site.contains_key(&file_of(&new)), "{new} is a page");
        assert!(
            !site["sitemap.xml"].contains(&format!("{lang_prefix}tafl/standard/")),
            "the old address is not listed"
        );
    }
}

#[test]
fn an_old_slug_that_is_an_address_now_is_refused_at_its_line() {
    let hub = common::Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "slug: \"standard\"",
        "slug: \"standard\"\nold_slugs: [\"standard\", \"Bad/Slug\"]",
    );
    hub.rulehub(&["check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "old slug `standard` is the address of",
        ))
        .stderr(predicate::str::contains(
            "old slug `Bad/Slug` cannot be a URL segment",
        ))
        .stderr(predicate::str::contains("tablut.md:4:"));
}
