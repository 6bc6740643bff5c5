//! "did you mean" names the valid spelling, and help lines list the keys
//! allowed where the mistake is.

use crate::common;

use common::Hub;
use predicates::prelude::*;

#[test]
fn a_misspelt_zone_type_is_reported_at_the_zone_with_the_valid_name() {
    let hub = Hub::copy("mini");
    hub.edit("content/tafl/tablut.md", "- type: throne", "- type: thorne");
    let output = hub.rulehub(&["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("content/tafl/tablut.md:25:15")
            && stderr.contains("zone type `thorne` has no colour")
            && stderr.contains("did you mean `throne`?"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("did you mean `thorne`"),
        "never the typo: {stderr}"
    );
}

#[test]
fn an_unknown_key_inside_engine_rules_lists_the_rules_keys() {
    let hub = Hub::copy("mini");
    hub.edit(
        "content/tafl/tablut.md",
        "  players: [attackers, defenders]\n",
        "  players: [attackers, defenders]\n  rules:\n    preset: tablut\n    wibble: 3\n",
    );
    hub.rulehub(&["check"]).assert().code(1).stderr(
        predicate::str::contains("engine.rules: unknown field `wibble`")
            .and(predicate::str::contains(
                "help: the keys allowed there are: preset, dims, setup",
            ))
            .and(predicate::str::contains("variant_of, order").not()),
    );
}
