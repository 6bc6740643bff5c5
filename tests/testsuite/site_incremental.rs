//! The story of `rulehub serve` under edits: after every change an author
//! can make, the site a session keeps up to date (by applying each
//! rebuild's delta) is byte-identical to a fresh full build, and a change
//! re-renders only the pages that can show it.

use crate::common;

use std::path::{Path, PathBuf};

use common::Hub;
use rulehub::site::{self, BuildOptions, Session, SiteFiles};

/// A copy of the mini fixture with a second variant, so edits to one
/// variant can be seen to leave the other alone.
fn hub() -> Hub {
    let hub = Hub::copy("mini");
    let second = hub
        .read("content/tafl/tablut.md")
        .replacen("title: \"Tablut\"", "title: \"Second\"", 1)
        .replacen("slug: \"standard\"", "slug: \"second\"", 1);
    hub.write("content/tafl/second.md", second);
    hub
}

/// A served site kept up to date by a session, as `rulehub serve` does.
struct Served {
    root: PathBuf,
    session: Session,
    site: SiteFiles,
}

impl Served {
    fn start(root: &Path) -> Served {
        let mut served = Served {
            root: root.to_path_buf(),
            session: Session::new(root, &BuildOptions::default()),
            site: SiteFiles::default(),
        };
        let pages = served.rebuild(&[]);
        assert!(pages > 0, "the first build renders every page");
        served
    }

    /// Rebuilds after `changed`, applies the delta, checks the result
    /// against a fresh full build and returns how many pages were rendered.
    fn rebuild(&mut self, changed: &[&str]) -> usize {
        let changed: Vec<PathBuf> = changed.iter().map(PathBuf::from).collect();
        let rebuilt = self
            .session
            .rebuild(&changed)
            .unwrap_or_else(|d| panic!("the hub builds: {d:#?}"));
        rebuilt.delta.apply(&mut self.site);
        let full = self.assert_same_as_full_build();
        assert_eq!(
            rebuilt.stats, full.stats,
            "the counts cover reused pages too"
        );
        rebuilt.rendered
    }

    /// Checks the served site against a fresh full build, file by file.
    fn assert_same_as_full_build(&self) -> site::Built {
        let full = site::build(&self.root, &BuildOptions::default()).expect("the hub builds");
        assert_eq!(
            paths(&self.site),
            paths(&full.files),
            "same files as a full build"
        );
        for (path, bytes) in &full.files.files {
            assert!(
                self.site.get(path) == Some(bytes.as_slice()),
                "{path} differs from a full build"
            );
        }
        full
    }

    fn page(&self, path: &str) -> String {
        String::from_utf8(self.site.get(path).expect("served").to_vec()).expect("UTF-8")
    }
}

fn paths(site: &SiteFiles) -> Vec<&String> {
    site.files.keys().collect()
}

/// Pages of each variant (tablut is in en and cs, second only in en), of
/// the listings (home, family and comparison in two languages, and the 404
/// page), and the family's print page (in two languages), which shows
/// every variant's body.
const TABLUT_PAGES: usize = 2;
const SECOND_PAGES: usize = 1;
const LISTING_PAGES: usize = 7;
const PRINT_PAGES: usize = 2;

#[test]
fn a_body_edit_re_renders_only_that_variant_and_the_print_page() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/tablut.md";
    hub.write(
        path,
        format!("{}\nA paragraph added while serving.\n", hub.read(path)),
    );
    assert_eq!(served.rebuild(&[path]), TABLUT_PAGES + PRINT_PAGES);
    assert!(
        served
            .page("tafl/standard/index.html")
            .contains("A paragraph added while serving.")
    );
    assert!(
        served
            .page("tafl/print/index.html")
            .contains("A paragraph added while serving.")
    );
}

#[test]
fn serve_publishes_the_edited_page_first_and_the_whole_site_pages_after() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/tablut.md";
    hub.write(
        path,
        format!("{}\nA paragraph added while serving.\n", hub.read(path)),
    );
    let changed = [PathBuf::from(path)];
    // The quick pass: the variant's pages only; the print page (which
    // renders every variant again) and the search index wait.
    let quick = served.session.rebuild_quick(&changed).expect("builds");
    assert!(quick.deferred, "the whole-site units are left for later");
    assert_eq!(quick.rendered, TABLUT_PAGES);
    quick.delta.apply(&mut served.site);
    assert!(
        served
            .page("tafl/standard/index.html")
            .contains("A paragraph added while serving.")
    );
    assert!(
        !served
            .page("tafl/print/index.html")
            .contains("A paragraph added while serving.")
    );
    // The catch-up pass brings the rest level with a full build.
    let rest = served.session.rebuild(&changed).expect("builds");
    assert!(!rest.deferred);
    assert_eq!(rest.rendered, PRINT_PAGES);
    rest.delta.apply(&mut served.site);
    served.assert_same_as_full_build();
    // A change that touches only whole-site units is not split.
    let nothing = served.session.rebuild_quick(&changed).expect("builds");
    assert!(!nothing.deferred && nothing.rendered == 0);
}

#[test]
fn an_asset_edit_leaves_a_catch_up_with_nothing_to_render() {
    let hub = hub();
    hub.write("content/tafl/notes.txt", "first\n");
    let mut served = Served::start(hub.root());
    hub.write("content/tafl/notes.txt", "second, longer\n");
    let changed = [PathBuf::from("content/tafl/notes.txt")];
    let quick = served.session.rebuild_quick(&changed).expect("builds");
    quick.delta.apply(&mut served.site);
    assert!(served.page("tafl/notes.txt").contains("second, longer"));
    // The whole-site units were left for later, and the catch-up finds
    // them unchanged.
    let rest = served.session.rebuild(&changed).expect("builds");
    assert_eq!(rest.rendered, 0);
    rest.delta.apply(&mut served.site);
    served.assert_same_as_full_build();
}

/// serve's catch-up pass after `changed`, told to stop (a newer edit is
/// waiting) or not.
fn catch_up(served: &mut Served, changed: &[PathBuf], stop: bool) -> rulehub::site::Rebuilt {
    let stop = std::sync::atomic::AtomicBool::new(stop);
    served
        .session
        .rebuild_unless(changed, &stop)
        .expect("builds")
}

#[test]
fn a_catch_up_told_to_stop_keeps_nothing_and_the_next_one_does_it_all() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/tablut.md";
    hub.write(path, format!("{}\nFirst edit.\n", hub.read(path)));
    let changed = [PathBuf::from(path)];
    let quick = served.session.rebuild_quick(&changed).expect("builds");
    quick.delta.apply(&mut served.site);
    // A newer edit is waiting: the catch-up gives way at once.
    let stopped = catch_up(&mut served, &changed, true);
    assert!(stopped.stopped && stopped.deferred);
    assert!(stopped.delta.written.is_empty() && stopped.delta.removed.is_empty());
    assert!(
        !served.page("tafl/print/index.html").contains("First edit."),
        "nothing of the stopped pass is published"
    );
    // The newer edit, then one catch-up for both.
    hub.write(path, format!("{}\nSecond edit.\n", hub.read(path)));
    let quick = served.session.rebuild_quick(&changed).expect("builds");
    assert!(quick.deferred);
    quick.delta.apply(&mut served.site);
    let rest = catch_up(&mut served, &changed, false);
    assert!(!rest.stopped && !rest.deferred);
    assert_eq!(rest.rendered, PRINT_PAGES, "the print pages, once");
    rest.delta.apply(&mut served.site);
    assert!(
        served
            .page("tafl/print/index.html")
            .contains("Second edit.")
    );
    served.assert_same_as_full_build();
}

#[test]
fn nothing_changed_renders_nothing_and_changes_nothing() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let rebuilt = served.session.rebuild(&[]).expect("builds");
    assert_eq!(rebuilt.rendered, 0);
    assert!(rebuilt.delta.written.is_empty() && rebuilt.delta.removed.is_empty());
    // A file saved unchanged is re-read but renders the same bytes.
    let rebuilt = served
        .session
        .rebuild(&[PathBuf::from("content/tafl/tablut.md")])
        .expect("builds");
    assert_eq!(rebuilt.rendered, 0, "same text, same inputs");
    assert!(!rebuilt.delta.apply(&mut served.site));
}

#[test]
fn a_translation_edit_re_renders_its_variant_in_every_language() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/tablut.cs.md";
    hub.write(
        path,
        hub.read(path)
            .replace("Kameny táhnou", "Všechny kameny táhnou"),
    );
    assert_eq!(served.rebuild(&[path]), TABLUT_PAGES + PRINT_PAGES);
    assert!(
        served
            .page("cs/tafl/standard/index.html")
            .contains("Všechny kameny táhnou")
    );
}

#[test]
fn a_front_matter_edit_re_renders_the_listings_and_the_neighbours_too() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/second.md";
    hub.write(
        path,
        hub.read(path)
            .replacen("title: \"Second\"", "title: \"Renamed\"", 1),
    );
    // Tablut's pages link to Second (now before it, by title) by its title.
    assert_eq!(
        served.rebuild(&[path]),
        SECOND_PAGES + TABLUT_PAGES + LISTING_PAGES + PRINT_PAGES
    );
    assert!(served.page("tafl/index.html").contains("Renamed"));
    assert!(
        served
            .page("tafl/standard/index.html")
            .contains("rel=\"prev\"><span class=\"pager-direction\">Previous:</span> Renamed</a>")
    );
}

#[test]
fn a_new_slug_moves_the_neighbours_links_too() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    assert!(
        served
            .page("tafl/standard/index.html")
            .contains("href=\"/tafl/second/\"")
    );
    let path = "content/tafl/second.md";
    hub.write(
        path,
        hub.read(path)
            .replacen("slug: \"second\"", "slug: \"zweite\"", 1),
    );
    served.rebuild(&[path]);
    // The listing order a serve session keeps must not outlive the slug.
    let tablut = served.page("tafl/standard/index.html");
    assert!(tablut.contains("href=\"/tafl/zweite/\""), "{tablut}");
    assert!(!tablut.contains("href=\"/tafl/second/\""));
}

#[test]
fn changes_the_watcher_missed_are_found_by_size_and_time() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/second.md";
    hub.write(
        path,
        format!("{}\nFound without being told.\n", hub.read(path)),
    );
    assert_eq!(served.rebuild(&[]), SECOND_PAGES + PRINT_PAGES);
    assert!(
        served
            .page("tafl/second/index.html")
            .contains("Found without being told.")
    );
}

#[test]
fn added_and_deleted_files_add_and_remove_pages() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let cs = hub
        .read("content/tafl/tablut.cs.md")
        .replace("Tablut", "Druhý");
    hub.write("content/tafl/second.cs.md", &cs);
    served.rebuild(&["content/tafl/second.cs.md"]);
    assert!(served.site.contains("cs/tafl/second/index.html"));

    hub.remove("content/tafl/second.md");
    hub.remove("content/tafl/second.cs.md");
    served.rebuild(&["content/tafl/second.md", "content/tafl/second.cs.md"]);
    assert!(
        !served
            .site
            .files
            .keys()
            .any(|path| path.contains("tafl/second/")),
        "no page or diagram of a deleted variant is left"
    );
}

#[test]
fn a_renamed_file_that_keeps_its_slug_keeps_its_pages() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let text = hub.read("content/tafl/second.md");
    hub.remove("content/tafl/second.md");
    hub.write("content/tafl/other.md", &text);
    served.rebuild(&["content/tafl/second.md", "content/tafl/other.md"]);
    assert!(served.site.contains("tafl/second/index.html"));
}

#[test]
fn hub_and_theme_changes_re_render_everything() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let all = served
        .site
        .files
        .keys()
        .filter(|p| p.ends_with(".html"))
        .count();
    let config = hub.read("hub.yaml").replace("Mini hub", "Renamed hub");
    hub.write("hub.yaml", &config);
    assert_eq!(served.rebuild(&["hub.yaml"]), all);
    assert!(served.page("index.html").contains("Renamed hub"));

    hub.write(
        "themes/default/static/style.css",
        "body { color: #123456; }\n",
    );
    assert_eq!(served.rebuild(&["themes/default/static/style.css"]), all);
    assert!(served.page("assets/style.css").contains("#123456"));
}

/// The session keeps the parsed Fluent strings and templates between
/// rebuilds; an edited Fluent file must be parsed again, every time.
#[test]
fn a_fluent_edit_after_content_edits_shows_on_the_pages() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let body = hub.read("content/tafl/second.md") + "\nOne more line.\n";
    hub.write("content/tafl/second.md", &body);
    served.rebuild(&["content/tafl/second.md"]);

    let builtin = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/default/i18n/en.ftl"),
    )
    .expect("the built-in English strings");
    for title in ["Nothing here", "Nothing here either"] {
        let strings = builtin.replace(
            "not-found-title = Page not found",
            &format!("not-found-title = {title}"),
        );
        hub.write("themes/default/i18n/en.ftl", &strings);
        served.rebuild(&["themes/default/i18n/en.ftl"]);
        assert!(served.page("404.html").contains(title), "{title}");
    }
}

#[test]
fn after_a_failed_rebuild_the_next_delta_is_against_the_last_good_site() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/second.md";
    let good = hub.read(path);
    hub.write(path, good.replacen("title:", "titel:", 1));
    let errors = served
        .session
        .rebuild(&[PathBuf::from(path)])
        .expect_err("unknown key");
    assert!(
        errors
            .iter()
            .any(|d| d.is_error() && d.file == Path::new(path)),
        "{errors:#?}"
    );
    // Fixed with a different body: the delta must carry it, measured from
    // the site that is still served.
    hub.write(path, format!("{good}\nBack and better.\n"));
    assert_eq!(served.rebuild(&[path]), SECOND_PAGES + PRINT_PAGES);
    assert!(
        served
            .page("tafl/second/index.html")
            .contains("Back and better.")
    );
}

#[test]
fn a_family_index_edit_re_renders_the_breadcrumbs_of_its_variants() {
    let hub = hub();
    let mut served = Served::start(hub.root());
    let path = "content/tafl/_index.md";
    hub.write(path, hub.read(path).replace("Tafl games", "Tafl family"));
    assert_eq!(
        served.rebuild(&[path]),
        TABLUT_PAGES + SECOND_PAGES + LISTING_PAGES + PRINT_PAGES
    );
    assert!(
        served
            .page("tafl/second/index.html")
            .contains("Tafl family")
    );
}
