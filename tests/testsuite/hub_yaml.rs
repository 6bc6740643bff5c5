//! hub.yaml and front matter mistakes authors made: a repeated key, an
//! unknown key, a language code that is a country code, a language the
//! theme has no words for. Each is one error at the line and column to
//! edit, saying what to write.

use crate::common;

use common::Hub;

fn check(hub: &Hub) -> (Option<i32>, String) {
    let output = hub.rulehub(&["check"]).output().expect("rulehub runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_repeated_key_in_hub_yaml_is_reported_at_the_repeat() {
    let hub = Hub::copy("mini");
    hub.write(
        "hub.yaml",
        "title: \"Mini hub\"\nbase_url: \"https://mini.example.org/\"\nlanguages: [en, cs]\n# the old name\ntitle: Other\n",
    );
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("hub.yaml:5:1") && stderr.contains("duplicate field `title`"),
        "{stderr}"
    );
    assert!(!stderr.contains("hub.yaml:1:1"), "{stderr}");
}

#[test]
fn a_repeated_key_in_front_matter_is_reported_at_the_repeat() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "order: 1\n",
        "order: 1\nsummary: one\norder: 2\n",
    );
    let text = hub.read("content/tafl/tablut.md");
    let line = text
        .lines()
        .position(|l| l == "order: 2")
        .expect("the repeat")
        + 1;
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("content/tafl/tablut.md:{line}:1"))
            && stderr.contains("duplicate field `order`"),
        "{stderr}"
    );
}

#[test]
fn an_unknown_hub_yaml_key_lists_every_key_of_the_type() {
    let hub = Hub::copy("mini");
    hub.edit(
        "hub.yaml",
        "languages: [en, cs]",
        "languages: [en, cs]\nfavicon: x.png",
    );
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("hub.yaml:4:1"), "{stderr}");
    let help = stderr
        .lines()
        .find(|l| l.contains("help:"))
        .unwrap_or_else(|| panic!("a help line: {stderr}"));
    for key in rulehub::hub::keys::fields::<rulehub::hub::HubConfig>() {
        assert!(help.contains(key), "help lacks `{key}`: {help}");
    }
    assert!(
        help.contains("raw_html") && help.contains("room_server"),
        "{help}"
    );
}

/// `line:column` of the first `needle` in `text`, 1-based.
fn place(text: &str, needle: &str) -> String {
    let offset = text.find(needle).expect("in the text");
    let line = text[..offset].matches('\n').count() + 1;
    let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{column}")
}

#[test]
fn a_country_code_for_a_language_is_reported_at_its_entry_never_as_a_rename() {
    let hub = Hub::copy("mini");
    hub.edit("hub.yaml", "languages: [en, cs]", "languages: [en, cz, fi]");
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    let at = place(&hub.read("hub.yaml"), "cz");
    assert!(
        stderr.contains(&format!("hub.yaml:{at}"))
            && stderr.contains("`cz` is not a language code; did you mean `cs` (Czech)?"),
        "{stderr}"
    );
    // The Czech pages are right; hub.yaml is what to fix.
    assert!(!stderr.contains("did you mean `cz`"), "{stderr}");
    assert!(!stderr.contains(".cz.md"), "{stderr}");
    assert!(
        stderr.contains("content/tafl/tablut.cs.md")
            && stderr.contains(
                "hub.yaml lists `cz`, which is not a language code: write `cs` (Czech) there"
            ),
        "{stderr}"
    );
    // Not a second error about the typo's missing UI strings.
    assert!(!stderr.contains("no UI strings"), "{stderr}");
}

#[test]
fn a_file_named_with_a_country_code_is_told_the_language_code() {
    let hub = Hub::copy("mini");
    hub.write("content/tafl/tablut.cz.md", "---\ntitle: Tablut\n---\n");
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("content/tafl/tablut.cz.md")
            && stderr.contains(
                "did you mean `cs`? `cz` is not a language code: rename the file to tablut.cs.md"
            ),
        "{stderr}"
    );
    assert!(!stderr.contains("add `cz`"), "{stderr}");
}

#[test]
fn a_language_without_ui_strings_is_an_error_at_its_hub_yaml_entry() {
    let hub = Hub::copy("mini");
    hub.edit(
        "hub.yaml",
        "languages: [en, cs]",
        "languages:\n  - en\n  - cs\n  - de\n",
    );
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    let at = place(&hub.read("hub.yaml"), "de\n");
    assert_eq!(at, "6:5");
    assert!(
        stderr.contains(&format!("hub.yaml:{at}"))
            && stderr.contains("no UI strings for language `de` (German)")
            && stderr.contains("create themes/default/i18n/de.ftl")
            && stderr.contains("rulehub theme eject default"),
        "{stderr}"
    );
}

#[test]
fn a_language_listed_twice_is_reported_at_the_repeat() {
    let hub = Hub::copy("mini");
    hub.edit("hub.yaml", "languages: [en, cs]", "languages: [en, cs, cs]");
    let (code, stderr) = check(&hub);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("hub.yaml:3:21: language `cs` is listed twice"),
        "{stderr}"
    );
}
