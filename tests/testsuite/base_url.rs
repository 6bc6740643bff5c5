//! `--base-url`: publishing a hub at another address than hub.yaml's
//! `base_url` (a preview, a project page under a folder) without editing
//! it, and the base path templates get.

use predicates::prelude::*;

use crate::common::{Hub, tree};

/// Every HTML and XML file of a built site, by path.
fn texts(site: &std::path::Path) -> Vec<(String, String)> {
    tree(site)
        .into_iter()
        .filter(|(path, _)| path.ends_with(".html") || path.ends_with(".xml"))
        .map(|(path, bytes)| (path, String::from_utf8(bytes).expect("utf-8")))
        .collect()
}

#[test]
fn build_with_a_base_url_links_every_page_under_its_path() {
    let hub = Hub::copy("mini");
    // A hub template reads the new variable.
    hub.write(
        "templates/404.html",
        "{% extends \"base.html\" %}{% block main %}<a id=\"up\" href=\"{{ base_path }}\">up</a>{% endblock main %}",
    );
    hub.rulehub(&["build", "--base-url", "https://preview.example.net/docs"])
        .assert()
        .success();
    let page = hub.read("public/tafl/standard/index.html");
    assert!(
        page.contains(
            "<link rel=\"canonical\" href=\"https://preview.example.net/docs/tafl/standard/\">"
        ),
        "{page}"
    );
    assert!(
        page.contains("href=\"/docs/tafl/\""),
        "crumbs under the path"
    );
    assert!(page.contains("href=\"/docs/assets/style.css\""), "{page}");
    assert!(
        page.contains("href=\"/docs/cs/tafl/standard/\""),
        "language switcher"
    );
    let not_found = hub.read("public/404.html");
    assert!(
        not_found.contains("<a id=\"up\" href=\"/docs/\">"),
        "{not_found}"
    );
    let sitemap = hub.read("public/sitemap.xml");
    assert!(sitemap.contains("<loc>https://preview.example.net/docs/tafl/standard/</loc>"));
    // Nothing is left of hub.yaml's address, and no link escapes the path.
    for (path, text) in texts(&hub.path("public")) {
        assert!(
            !text.contains("mini.example.org"),
            "{path} names hub.yaml's address"
        );
        for href in text.split("href=\"/").skip(1) {
            assert!(
                href.starts_with("docs/"),
                "{path}: a link outside /docs/: /{}",
                &href[..href.len().min(40)]
            );
        }
    }
}

#[test]
fn without_a_base_url_option_hub_yaml_decides_and_the_base_path_is_the_root() {
    let hub = Hub::copy("mini");
    hub.write(
        "templates/404.html",
        "{% extends \"base.html\" %}{% block main %}<a id=\"up\" href=\"{{ base_path }}\">up</a>{% endblock main %}",
    );
    hub.rulehub(&["build"]).assert().success();
    assert!(
        hub.read("public/404.html")
            .contains("<a id=\"up\" href=\"/\">")
    );
    assert!(
        hub.read("public/tafl/standard/index.html")
            .contains("href=\"https://mini.example.org/tafl/standard/\"")
    );
}

#[test]
fn check_takes_a_base_url_too() {
    let hub = Hub::copy("mini");
    hub.rulehub(&["check", "--base-url", "http://localhost:8080/rules/"])
        .assert()
        .success();
    assert!(!hub.path("public").exists(), "check writes nothing");
}

#[test]
fn a_base_url_that_is_not_an_http_address_is_a_usage_error() {
    let hub = Hub::copy("mini");
    for (url, says) in [
        ("ftp://example.org/", "not an http(s) address"),
        ("example.org/docs/", "not an http(s) address"),
        ("https:///docs/", "names no host"),
        ("https://example.org/a b/", "' '"),
        ("https://example.org/?lang=en", "'?'"),
        ("https://user@example.org/", "user name"),
    ] {
        for command in ["build", "check"] {
            hub.rulehub(&[command, "--base-url", url])
                .assert()
                .code(2)
                .stdout("")
                .stderr(
                    predicate::str::contains("--base-url")
                        .and(predicate::str::contains(says))
                        .and(predicate::str::contains("https://example.org/")),
                );
        }
    }
    assert!(!hub.path("public").exists(), "nothing was built");
}
