//! A hub changes the built-in theme a part at a time: palette tokens,
//! templates, Fluent files; `rulehub theme eject` copies the built-in theme
//! into the hub to start from; a template mistake is one error at its file.

use crate::common;

use common::Hub;

fn run(hub: &Hub, args: &[&str]) -> (Option<i32>, String) {
    let output = hub.rulehub(args).output().expect("rulehub runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The CSS rule a diagram paints `token` with, as built.
fn fill_rule(css: &str, token: &str) -> String {
    let start = css
        .find(&format!(".rh-fill-{token}{{"))
        .unwrap_or_else(|| panic!("no rule for {token}"));
    css[start..start + css[start..].find('}').expect("closed") + 1].to_string()
}

#[test]
fn a_theme_palette_may_name_only_the_tokens_it_changes() {
    let hub = Hub::copy("mini");
    hub.write(
        "themes/default/palette.yaml",
        "# Only the throne changes; every other token is built in.\nthrone: { light: \"#123456\", dark: \"#654321\" }\n",
    );
    let (code, stderr) = run(&hub, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    let css = hub.read("public/tafl/standard/board.svg");
    assert_eq!(fill_rule(&css, "throne"), ".rh-fill-throne{fill:#123456}");
    let king = rulehub::diagram::Palette::builtin()
        .light("king")
        .expect("a built-in king colour")
        .to_string();
    assert_eq!(
        fill_rule(&css, "king"),
        format!(".rh-fill-king{{fill:{king}}}")
    );
}

#[test]
fn a_misspelt_token_in_a_partial_palette_is_an_error_at_its_line() {
    let hub = Hub::copy("mini");
    hub.write(
        "themes/default/palette.yaml",
        "throne: { light: \"#123456\", dark: \"#654321\" }\n# a typo would keep the built-in colour unseen\nthrone-strok: { light: \"#000000\", dark: \"#ffffff\" }\nwater: { light: \"#0000ff\", dark: \"#000080\" }\n",
    );
    let (code, stderr) = run(&hub, &["check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("themes/default/palette.yaml:3:1")
            && stderr.contains("unknown token `throne-strok`; did you mean `throne-stroke`?"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("`water`"),
        "a token of the theme's own is no error: {stderr}"
    );
    assert!(stderr.contains("1 error"), "{stderr}");
}

/// The bundled `base.html` with `from` replaced by `to`.
fn base_with(from: &str, to: &str) -> String {
    let base = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/base.html"))
        .expect("the bundled base.html");
    assert!(base.contains(from), "base.html has {from:?}");
    base.replacen(from, to, 1)
}

/// The errors' first lines (`× file:line:col: message`) of a run.
fn errors(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.trim_start().starts_with('×'))
        .collect()
}

#[test]
fn a_mistake_every_page_renders_is_one_error_at_the_template_that_holds_it() {
    let hub = Hub::copy("mini");
    hub.write(
        "templates/base.html",
        base_with("{{ site_title }}</a>", "{{ site_titel }}</a>"),
    );
    let line = hub
        .read("templates/base.html")
        .lines()
        .position(|l| l.contains("site_titel"))
        .expect("the mistake")
        + 1;
    for command in ["build", "check"] {
        let (code, stderr) = run(&hub, &[command]);
        assert_eq!(code, Some(1), "{stderr}");
        let errors = errors(&stderr);
        assert_eq!(errors.len(), 1, "{command}: {stderr}");
        assert!(
            errors[0].contains(&format!("templates/base.html:{line}:"))
                && errors[0].contains("Variable `site_titel` is not defined"),
            "{command}: {stderr}"
        );
        assert!(
            stderr.contains("did you mean `site_title`?"),
            "{command}: {stderr}"
        );
        assert!(
            stderr.contains("the hub has 1 error"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn a_syntax_error_in_an_inherited_template_is_one_error_at_its_line() {
    let hub = Hub::copy("mini");
    hub.write("templates/base.html", base_with("{% endif %}", "{% endif"));
    let line = hub
        .read("templates/base.html")
        .lines()
        .position(|l| l.contains("{% endif") && !l.contains("{% endif %}"))
        .expect("the mistake")
        + 1;
    let (code, stderr) = run(&hub, &["build"]);
    assert_eq!(code, Some(1), "{stderr}");
    let errors = errors(&stderr);
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains(&format!("templates/base.html:{line}:")),
        "{stderr}"
    );
}

#[test]
fn a_mistake_in_a_page_template_is_reported_once_for_all_its_pages() {
    let hub = Hub::copy("mini");
    let variant = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/variant.html"
    ))
    .expect("the bundled variant.html");
    hub.write(
        "templates/variant.html",
        variant.replacen("{{ title }}", "{{ title | truncate(length=\"x\") }}", 1),
    );
    let (code, stderr) = run(&hub, &["build"]);
    assert_eq!(code, Some(1), "{stderr}");
    let errors = errors(&stderr);
    assert_eq!(errors.len(), 1, "two variant pages, one mistake: {stderr}");
    assert!(errors[0].contains("templates/variant.html:"), "{stderr}");
}

#[test]
fn an_ejected_theme_builds_the_same_site_as_the_built_in_one() {
    let built_in = Hub::copy("mini");
    let (code, stderr) = run(&built_in, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    let expected = common::tree(&built_in.path("public"));

    for name in [None, Some("custom")] {
        let hub = Hub::copy("mini");
        let mut args = vec!["theme", "eject"];
        args.extend(name);
        let (code, stderr) = run(&hub, &args);
        assert_eq!(code, Some(0), "{stderr}");
        let theme = name.unwrap_or("default");
        for file in [
            "templates/base.html".to_string(),
            "templates/variant.html".to_string(),
            "templates/partials/figure.html".to_string(),
            "templates/partials/example.html".to_string(),
            "templates/redirect.html".to_string(),
            format!("themes/{theme}/palette.yaml"),
            format!("themes/{theme}/i18n/en.ftl"),
            format!("themes/{theme}/i18n/cs.ftl"),
            format!("themes/{theme}/static/style.css"),
            format!("themes/{theme}/static/play/board.js"),
        ] {
            assert!(hub.path(&file).is_file(), "{file} ejected: {stderr}");
        }
        if name.is_some() {
            assert!(
                hub.read("hub.yaml").ends_with("\ntheme: custom\n"),
                "{}",
                hub.read("hub.yaml")
            );
        }
        let (code, stderr) = run(&hub, &["build"]);
        assert_eq!(code, Some(0), "{stderr}");
        let built = common::tree(&hub.path("public"));
        assert_eq!(
            built.keys().collect::<Vec<_>>(),
            expected.keys().collect::<Vec<_>>()
        );
        for (file, bytes) in &expected {
            assert!(built[file] == *bytes, "{theme}: {file} differs");
        }
    }
}

#[test]
fn eject_never_replaces_an_edited_file_unless_forced() {
    let hub = Hub::copy("mini");
    hub.write("templates/base.html", "{# my own #}\n");
    hub.write("themes/default/i18n/en.ftl", "# mine\n");
    let (code, stderr) = run(&hub, &["theme", "eject"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("templates/base.html: already exists")
            && stderr.contains("themes/default/i18n/en.ftl: already exists")
            && stderr.contains("--force"),
        "both files named: {stderr}"
    );
    assert_eq!(hub.read("templates/base.html"), "{# my own #}\n");
    assert!(
        !hub.path("templates/home.html").exists(),
        "nothing is written when a file is refused"
    );

    let (code, stderr) = run(&hub, &["theme", "eject", "--force"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(hub.read("templates/base.html").contains("<html"));
    // Run again: every file is already the built-in one.
    let (code, stderr) = run(&hub, &["theme", "eject"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("created"), "{stderr}");
}

#[test]
fn eject_outside_a_hub_or_with_a_path_for_a_name_is_a_usage_error() {
    let empty = tempfile::tempdir().expect("temporary folder");
    let output = assert_cmd::Command::cargo_bin("rulehub")
        .expect("binary")
        .args(["theme", "eject", "--root"])
        .arg(empty.path())
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a hub"));
    assert_eq!(std::fs::read_dir(empty.path()).expect("read").count(), 0);

    let hub = Hub::copy("mini");
    let (code, stderr) = run(&hub, &["theme", "eject", "../elsewhere"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("not a theme folder name"), "{stderr}");
}

/// The diagram crate compiles in its own palette (so it builds from its own
/// package): the theme's tokens and every family's, with the same colours.
#[test]
fn the_diagram_crates_copy_of_the_built_in_palette_is_the_themes_and_the_families() {
    type Tokens = std::collections::BTreeMap<String, serde_yaml::Value>;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| -> Tokens {
        let text = std::fs::read_to_string(root.join(path)).expect("the palette file");
        serde_yaml::from_str(&text).expect("a palette")
    };
    let mut merged = read("themes/default/palette.yaml");
    for family in rulehub::family::FAMILIES {
        let assets = family.assets();
        if let Some(text) = assets.palette {
            let tokens: Tokens = serde_yaml::from_str(text).expect("a family palette");
            for (token, colours) in tokens {
                assert!(
                    merged.insert(token.clone(), colours).is_none(),
                    "{}/palette.yaml redefines `{token}`",
                    assets.dir
                );
            }
        }
    }
    assert!(
        read("crates/rulehub-diagram/palette.yaml") == merged,
        "crates/rulehub-diagram/palette.yaml must hold the tokens of themes/default/palette.yaml and of every family's assets/palette.yaml, with their colours (the crate compiles its own copy in)"
    );
}

/// The bundled partial `name` with `from` replaced by `to`.
fn partial_with(name: &str, from: &str, to: &str) -> String {
    let path = format!("{}/templates/partials/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the bundled partial");
    assert!(text.contains(from), "{name} has {from:?}");
    text.replacen(from, to, 1)
}

#[test]
fn a_hub_that_overrides_the_figure_partial_gets_it_on_every_board() {
    let hub = Hub::copy("mini");
    hub.write(
        "templates/partials/figure.html",
        "<figure class=\"my-board my-{{ figure.kind }}\"><img src=\"{{ figure.src }}\" alt=\"{{ figure.alt }}\" width=\"{{ figure.width }}\" height=\"{{ figure.height }}\"><figcaption>{{ figure.caption }}</figcaption></figure>\n",
    );
    let (code, stderr) = run(&hub, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    for page in [
        "public/tafl/standard/index.html",
        "public/cs/tafl/standard/index.html",
    ] {
        let html = hub.read(page);
        let boards = html.matches("<img src=").count();
        assert!(boards > 1, "{page}: {html}");
        assert_eq!(
            html.matches("<figure class=\"my-board").count(),
            boards,
            "{page}: every board comes from the hub's figure: {html}"
        );
        assert_eq!(html.matches("my-start").count(), 1, "{page}");
        assert!(!html.contains("<figure class=\"board"), "{page}: {html}");
    }
    assert!(
        hub.read("public/tafl/standard/index.html")
            .contains("<div class=\"example\" id=\"example-edge-escape\">"),
        "the partials the hub does not override stay built in"
    );
}

#[test]
fn a_syntax_error_in_an_overridden_partial_is_an_error_at_its_line_and_column() {
    let hub = Hub::copy("mini");
    hub.write(
        "templates/partials/figure.html",
        "{#- mine -#}\n<figure>\n<img src=\"{{ figure.src }\">\n</figure>\n",
    );
    let (code, stderr) = run(&hub, &["build"]);
    assert_eq!(code, Some(1), "{stderr}");
    let errors = errors(&stderr);
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains("templates/partials/figure.html:3:25: template error:"),
        "the file, line and column of the lone `}}`, once, not again at the partials that include it: {stderr}"
    );
}

#[test]
fn a_mistake_rendering_an_overridden_partial_is_one_error_at_its_line() {
    let hub = Hub::copy("mini");
    hub.write(
        "templates/partials/example.html",
        partial_with(
            "example.html",
            "{{ example.description }}",
            "{{ exampel.description }}",
        ),
    );
    let line = hub
        .read("templates/partials/example.html")
        .lines()
        .position(|l| l.contains("exampel"))
        .expect("the mistake")
        + 1;
    for command in ["build", "check"] {
        let (code, stderr) = run(&hub, &[command]);
        assert_eq!(code, Some(1), "{stderr}");
        let errors = errors(&stderr);
        assert_eq!(
            errors.len(),
            1,
            "every example of both pages, one mistake: {stderr}"
        );
        assert!(
            errors[0].contains(&format!("templates/partials/example.html:{line}:"))
                && errors[0].contains("exampel"),
            "{command}: {stderr}"
        );
    }
}

fn builtin_strings(code: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("themes/default/i18n/{code}.ftl")),
    )
    .expect("the built-in theme's strings")
}

/// A family's messages come with the family; a hub's theme may still word
/// any of them its own way, and its wording is the one on the page.
#[test]
fn a_themes_wording_of_a_family_message_wins_over_the_familys() {
    let hub = Hub::copy("mini");
    hub.write(
        "themes/default/i18n/en.ftl",
        builtin_strings("en") + "play-piece-king = the crowned one\n",
    );
    let (code, stderr) = run(&hub, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    let page = hub.read("public/tafl/standard/index.html");
    assert!(
        page.contains(r#""play-piece-king":"the crowned one""#),
        "{page}"
    );
}

/// A hub that adds a language the families do not speak must word their
/// messages in its theme's file for that language: each missing one is
/// an error at that file.
#[test]
fn a_new_language_without_the_familys_messages_names_its_file() {
    let hub = Hub::copy("mini");
    hub.edit("hub.yaml", "languages: [en, cs]", "languages: [en, cs, de]");
    hub.write("themes/default/i18n/de.ftl", builtin_strings("en"));
    let (code, stderr) = run(&hub, &["check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("message `play-piece-king` is missing in language `de`")
            && stderr.contains("themes/default/i18n/de.ftl"),
        "{stderr}"
    );
}

/// The shared theme, its list of built-in files and the wasm build carry
/// every family without naming one: a family's files live in its crates.
#[test]
fn no_shared_theme_file_names_a_family() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/site/theme.rs")];
    for dir in ["themes", "scripts"] {
        files.extend(
            walkdir::WalkDir::new(root.join(dir))
                .into_iter()
                .map(|entry| entry.expect("a readable file"))
                .filter(|entry| entry.file_type().is_file())
                .map(|entry| entry.into_path()),
        );
    }
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // not text
        };
        let text = format!("\n{}", text.to_lowercase());
        for family in rulehub::family::FAMILIES {
            let name = family.name();
            // The family's crates, files and message ids; its name as a
            // word too when it is no common word (`go` is both).
            let named = [
                format!("rulehub-{name}"),
                format!("{name}.js"),
                format!("{name}.css"),
                format!("{name}.wasm"),
                format!("\n{name}-"),
            ]
            .iter()
            .any(|mark| text.contains(mark.as_str()))
                || (name.len() > 3
                    && text
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|word| word == name));
            assert!(
                !named,
                "{} names the {name} family; its files belong in the family's crates",
                path.display()
            );
        }
    }
}
