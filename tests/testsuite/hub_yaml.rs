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
