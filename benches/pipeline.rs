//! One criterion benchmark per pipeline stage: parse (load the hub), check
//! examples (resolve rules and replay every worked example), draw (every
//! board and example diagram), markdown (every body with its embeds),
//! templates (the variant page template), write (the atomic output write),
//! a rebuild after a one-file edit (what `rulehub serve` does) and serve's
//! quick pass after one (the edited variant's pages only), and the whole
//! build in memory and streamed to disk.
//!
//! The hub is the bundled one by default; point `RULEHUB_BENCH_HUB` at a
//! generated hub for bigger inputs:
//!
//! ```sh
//! cargo run --release --example gen-hub -- --variants 50 --languages 10 --out /tmp/hub50
//! RULEHUB_BENCH_HUB=/tmp/hub50 cargo bench --bench pipeline
//! ```

use std::path::PathBuf;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use rulehub::check::{self, CheckedVariant};
use rulehub::diagram::{self, Annotations, Board, Palette};
use rulehub::hub::{self, Hub, LoadOptions};
use rulehub::i18n::I18n;
use rulehub::markdown::{self, Embeds, Shortcode};
use rulehub::site::{self, BuildOptions, Session, SiteFiles, UI_MESSAGE_IDS, theme::Theme};

fn hub_root() -> PathBuf {
    std::env::var_os("RULEHUB_BENCH_HUB")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

/// Copies what a build reads (hub.yaml, content/, templates/, themes/).
fn copy_hub(from: &std::path::Path, to: &std::path::Path) {
    for name in ["hub.yaml", "content", "templates", "themes"] {
        for entry in walkdir::WalkDir::new(from.join(name)) {
            let Ok(entry) = entry else {
                continue; // a hub may lack templates/ or themes/
            };
            let target = to.join(entry.path().strip_prefix(from).expect("inside"));
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&target).expect("mkdir");
            } else {
                std::fs::copy(entry.path(), &target).expect("copy");
            }
        }
    }
}

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
}

/// Embeds that place fixed HTML, so the markdown stage is measured alone.
struct StaticEmbeds;

impl Embeds for StaticEmbeds {
    fn shortcode(&self, shortcode: &Shortcode) -> Result<String, String> {
        Ok(format!("<figure>{}</figure>\n", shortcode.target))
    }
    fn example_block(&self, index: usize) -> String {
        format!("<div class=\"example\">{index}</div>\n")
    }
    fn game_block(&self, index: usize) -> String {
        format!("<div class=\"game\">{index}</div>\n")
    }
}

struct Inputs {
    hub: Hub,
    theme: Theme,
    palette: Palette,
    i18n: I18n,
    checked: Vec<CheckedVariant>,
}

fn inputs() -> Inputs {
    let root = hub_root();
    let (hub, _) = hub::load(&root, &LoadOptions::default()).expect("the hub loads");
    let theme = Theme::load(&root, &hub.config).expect("the theme loads");
    let palette = Palette::from_yaml(&theme.palette.text).expect("the palette parses");
    let i18n = I18n::load(&theme.fluent, &site::required_messages()).expect("UI strings load");
    let checked = hub
        .families
        .iter()
        .flat_map(|f| f.variants.iter().map(move |v| (f.name.as_str(), v)))
        .map(|(family, v)| checked(check::check(family, v, &palette)))
        .collect();
    Inputs {
        hub,
        theme,
        palette,
        i18n,
        checked,
    }
}

fn bench(c: &mut Criterion) {
    let root = hub_root();
    let inputs = inputs();
    let variants: Vec<(&str, &hub::Variant)> = inputs
        .hub
        .families
        .iter()
        .flat_map(|f| f.variants.iter().map(move |v| (f.name.as_str(), v)))
        .collect();
    let pages = variants.len() * inputs.hub.config.languages.len();

    let mut group = c.benchmark_group("stage");
    configure(&mut group);

    group.throughput(Throughput::Elements(pages as u64));
    group.bench_function("parse", |b| {
        b.iter(|| hub::load(&root, &LoadOptions::default()).expect("the hub loads"))
    });

    let examples: usize = inputs.checked.iter().map(|c| c.examples.len()).sum();
    group.throughput(Throughput::Elements(examples as u64));
    group.bench_function("check-examples", |b| {
        b.iter(|| {
            for (family, v) in &variants {
                checked(check::check(family, v, &inputs.palette));
            }
        })
    });

    // Every distinct diagram once: the start board, and each example
    // before and after, as the site stage draws them.
    let mut boards = Vec::new();
    for checked in &inputs.checked {
        boards.push((checked, checked.start.clone(), Annotations::default()));
        for example in &checked.examples {
            let frames = std::iter::once(example.before()).chain(example.after());
            for frame in frames {
                boards.push((checked, frame.pieces, frame.annotations));
            }
        }
    }
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("draw", |b| {
        b.iter(|| {
            for (checked, pieces, annotations) in &boards {
                let board = Board {
                    dims: checked.dims,
                    pieces,
                    spec: &checked.render,
                    palette: &inputs.palette,
                    title: "Board",
                    desc: "A board of the benchmark.",
                    annotations,
                };
                diagram::render(&board).expect("the board draws");
            }
        })
    });

    let bodies: Vec<&str> = variants
        .iter()
        .flat_map(|(_, v)| {
            std::iter::once(v.page.body()).chain(v.translations.values().map(|t| t.body()))
        })
        .collect();
    group.throughput(Throughput::Elements(bodies.len() as u64));
    group.bench_function("markdown", |b| {
        b.iter(|| {
            for body in &bodies {
                markdown::render(body, &StaticEmbeds, rulehub::hub::RawHtml::Sanitise)
                    .expect("the body renders");
            }
        })
    });

    // The variant template with a page's worth of data in every language.
    let mut tera = tera::Tera::new();
    for (name, file) in &inputs.theme.templates {
        tera.add_raw_template(name, &file.text)
            .expect("the template parses");
    }
    let content = markdown::render(
        variants[0].1.page.body(),
        &StaticEmbeds,
        rulehub::hub::RawHtml::Sanitise,
    )
    .expect("the body renders")
    .html;
    let codes: Vec<&str> = inputs.hub.config.language_codes().collect();
    let contexts: Vec<tera::Context> = codes
        .iter()
        .map(|lang| {
            let links: Vec<serde_json::Value> = codes
                .iter()
                .map(|code| {
                    serde_json::json!({
                        "code": code, "name": code, "href": format!("/{code}/tafl/x/"),
                        "current": code == lang, "hreflang": code,
                    })
                })
                .collect();
            let value = serde_json::json!({
                "lang": lang,
                "site_title": inputs.hub.config.title,
                "title": variants[0].1.page.front.title,
                "description": "A variant.",
                "canonical": "https://example.org/tafl/x/",
                "alternates": links,
                "languages": links,
                "home_href": "/",
                "style_href": "/assets/style.css",
                "crumbs": [{"title": "Tafl", "href": "/tafl/"}],
                "t": inputs.i18n.strings(lang, UI_MESSAGE_IDS),
                "summary": "One sentence.",
                "content": content,
                "players": "Players: 2",
                "glance": (0..16).map(|i| serde_json::json!({"label": format!("Rule {i}"), "value": "yes"})).collect::<Vec<_>>(),
                "comparison_href": "/tafl/compare/",
            });
            tera::Context::from_serialize(&value).expect("an object")
        })
        .collect();
    group.throughput(Throughput::Elements(contexts.len() as u64));
    group.bench_function("templates", |b| {
        b.iter(|| {
            for context in &contexts {
                tera.render("variant.html", context)
                    .expect("the template renders");
            }
        })
    });

    let built = site::build(&root, &BuildOptions::default()).expect("the hub builds");
    let out = tempfile::tempdir().expect("temp dir");
    let files: &SiteFiles = &built.files;
    group.throughput(Throughput::Elements(files.len() as u64));
    group.bench_function("write", |b| {
        b.iter(|| site::output::write(files, &out.path().join("public")).expect("written"))
    });

    // serve's case: one variant file edited, then a Session rebuild (it
    // re-reads that file and re-renders that variant's pages). On a copy,
    // so the hub itself is never touched.
    let copy = tempfile::tempdir().expect("temp dir");
    copy_hub(&root, copy.path());
    let edited = variants[0].1.page.source.path.clone();
    let original = std::fs::read_to_string(copy.path().join(&edited)).expect("readable");
    let mut session = Session::new(copy.path(), &BuildOptions::default());
    session.rebuild(&[]).expect("the hub builds");
    let mut round = 0u64;
    group.throughput(Throughput::Elements(1));
    // Each round appends a new line to the edited file, as an author does.
    let mut edit = || {
        round += 1;
        std::fs::write(
            copy.path().join(&edited),
            format!("{original}\n\nEdit {round}.\n"),
        )
        .expect("writable");
        std::slice::from_ref(&edited)
    };
    group.bench_function("rebuild-after-one-edit", |b| {
        b.iter(|| session.rebuild(edit()).expect("the hub rebuilds"))
    });

    // serve's first pass after that edit: the edited variant's pages only,
    // the search index and the print pages left stale (they stay stale
    // here, so every round is a quick pass).
    group.bench_function("serve-quick-pass-after-one-edit", |b| {
        b.iter(|| session.rebuild_quick(edit()).expect("the hub rebuilds"))
    });

    group.throughput(Throughput::Elements(built.stats.pages as u64));
    group.bench_function("build-in-memory", |b| {
        b.iter(|| site::build(&root, &BuildOptions::default()).expect("the hub builds"))
    });
    group.bench_function("build-streamed", |b| {
        b.iter(|| {
            site::build_to(
                &root,
                &BuildOptions::default(),
                &out.path().join("streamed"),
                &(),
            )
            .expect("the hub builds")
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

/// A variant of the generated hub, which checks without a problem.
fn checked(checked: check::Checked) -> check::CheckedVariant {
    assert!(checked.problems.is_empty(), "{:?}", checked.problems);
    checked.variant.expect("the variant checks")
}
