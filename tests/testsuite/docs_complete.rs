//! The documentation lists everything the engine knows: every rule field,
//! value, special-square kind, preset, claim key and code. The lists are
//! read from the engine's own types, so a new field or code fails here
//! until docs/rules.md or docs/example-format.md describes it.

use rulehub_tafl::{
    Access, DrawReason, Escape, HostileTo, IllegalMove, KingArmed, KingCapture, Repetition,
    RepetitionResult, SquareKind, WinReason, preset, preset_names,
};
use rulehub_tafl_site::examples::{Expect, StateClaim};

fn doc(name: &str) -> String {
    std::fs::read_to_string(format!("{}/docs/{name}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("docs/{name}: {e}"))
}

fn assert_mentions(
    doc_name: &str,
    text: &str,
    what: &str,
    names: impl IntoIterator<Item = String>,
) {
    let missing: Vec<String> = names
        .into_iter()
        .filter(|n| !text.contains(&format!("`{n}`")) && !text.contains(&format!("`{n}:")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/{doc_name} does not document these {what}: {missing:?}"
    );
}

/// The keys of a serialized value, nested maps included.
fn keys(value: &serde_json::Value, out: &mut Vec<String>) {
    if let serde_json::Value::Object(map) = value {
        for (key, inner) in map {
            out.push(key.clone());
            keys(inner, out);
        }
    }
}

#[test]
fn rules_md_documents_every_rule_field_value_square_kind_and_preset() {
    let text = doc("rules.md");
    // A rule set with every optional part present, so each field serializes.
    let mut rules = preset("ashton-tablut").expect("preset");
    rules.escape = Escape::Squares;
    rules.escape_squares = vec!["b1".to_string()];
    rules.repetition = Some(Repetition {
        count: 3,
        result: RepetitionResult::Draw,
        forbidden: true,
    });
    rules.move_limit = Some(100);
    let mut fields = Vec::new();
    keys(
        &serde_json::to_value(&rules).expect("serializes"),
        &mut fields,
    );
    assert!(fields.len() > 25, "{fields:?}");
    assert_mentions("rules.md", &text, "rule fields", fields);
    let values = Access::ALL
        .iter()
        .map(|v| v.as_str())
        .chain(HostileTo::ALL.iter().map(|v| v.as_str()))
        .chain(KingArmed::ALL.iter().map(|v| v.as_str()))
        .chain(KingCapture::ALL.iter().map(|v| v.as_str()))
        .chain(Escape::ALL.iter().map(|v| v.as_str()))
        .chain(RepetitionResult::ALL.iter().map(|v| v.as_str()))
        .map(str::to_string);
    assert_mentions("rules.md", &text, "field values", values);
    assert_mentions(
        "rules.md",
        &text,
        "special square kinds",
        SquareKind::ALL.iter().map(|k| k.as_str().to_string()),
    );
    assert_mentions(
        "rules.md",
        &text,
        "presets",
        preset_names().iter().map(|n| n.to_string()),
    );
}

#[test]
fn example_format_md_documents_every_claim_and_code() {
    let text = doc("example-format.md");
    let mut claim_keys = Vec::new();
    keys(
        &serde_json::to_value(Expect::default()).expect("serializes"),
        &mut claim_keys,
    );
    assert!(claim_keys.contains(&"moves_from".to_string()));
    assert_mentions("example-format.md", &text, "claims", claim_keys);
    let codes = IllegalMove::CODES
        .iter()
        .map(|c| c.to_string())
        .chain(WinReason::ALL.iter().map(|r| r.code().to_string()))
        .chain(DrawReason::ALL.iter().map(|r| r.code().to_string()))
        .chain(StateClaim::ALL.iter().map(|c| c.code().to_string()));
    assert_mentions("example-format.md", &text, "codes", codes);
}

/// The draughts family's page: every rule field and preset of the engine
/// crate, and every claim key and code of the draughts examples.
#[test]
fn draughts_md_documents_every_rule_field_preset_claim_and_code() {
    use rulehub_draughts::{DrawReason, IllegalMove, Preset, WinReason};
    use rulehub_draughts_site::examples::Expect as DraughtsExpect;

    let text = doc("draughts.md");
    let mut fields = Vec::new();
    keys(
        &serde_json::to_value(Preset::English.rules()).expect("serializes"),
        &mut fields,
    );
    assert_mentions("draughts.md", &text, "rule fields", fields);
    assert_mentions(
        "draughts.md",
        &text,
        "presets",
        Preset::ALL.iter().map(|p| p.name().to_string()),
    );
    let mut claims = Vec::new();
    keys(
        &serde_json::to_value(DraughtsExpect::default()).expect("serializes"),
        &mut claims,
    );
    assert!(claims.contains(&"crowned".to_string()));
    assert_mentions("draughts.md", &text, "claims", claims);
    let codes = IllegalMove::CODES
        .iter()
        .map(|c| c.to_string())
        .chain(WinReason::ALL.iter().map(|r| r.code().to_string()))
        .chain(DrawReason::ALL.iter().map(|r| r.code().to_string()));
    assert_mentions("draughts.md", &text, "codes", codes);
}

/// The Go family's page: every rule field and preset of the engine crate,
/// and every claim key and reason code of the Go examples.
#[test]
fn go_md_documents_every_rule_field_preset_claim_and_code() {
    use rulehub_go_site::examples::{Expect as GoExpect, REASONS};

    let text = doc("go.md");
    let mut fields = Vec::new();
    keys(
        &serde_json::to_value(rulehub_go::preset("go-aga").expect("preset")).expect("serializes"),
        &mut fields,
    );
    assert!(fields.contains(&"pass-stones".to_string()));
    assert_mentions("go.md", &text, "rule fields", fields);
    assert_mentions(
        "go.md",
        &text,
        "presets",
        rulehub_go::rules::PRESET_NAMES
            .iter()
            .map(|p| p.to_string()),
    );
    let mut claims = Vec::new();
    keys(
        &serde_json::to_value(GoExpect::default()).expect("serializes"),
        &mut claims,
    );
    assert!(claims.contains(&"score".to_string()));
    assert_mentions("go.md", &text, "claims", claims);
    assert_mentions(
        "go.md",
        &text,
        "reason codes",
        REASONS.iter().map(|r| r.to_string()),
    );
}

#[test]
fn the_room_protocol_documents_every_error_code() {
    use rulehub_room::protocol::ErrorCode;
    assert_mentions(
        "rooms.md",
        &doc("rooms.md"),
        "room error codes",
        ErrorCode::ALL.iter().map(|c| c.as_str().to_string()),
    );
}
