//! Every input a fuzz target crashed on, replayed through the same code as
//! the target (`tests/fuzz_harness/`), so a fixed crash stays fixed.
//!
//! Inputs live in `tests/fixtures/fuzz-regressions/<target>/`, one file each,
//! named for what they broke. See docs/fuzzing.md for how a crash becomes a
//! file here.

use crate::fuzz_harness;

use std::panic::{AssertUnwindSafe, catch_unwind};

use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn regressions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz-regressions")
}

/// Feeds every saved input under `folder` to its target; returns the inputs
/// that panicked, with the panic message, and how many ran.
fn replay(folder: &Path) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut ran = 0;
    let Ok(entries) = std::fs::read_dir(folder) else {
        return (failures, ran);
    };
    let mut targets: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable folder").path())
        .collect();
    targets.sort();
    for target_dir in targets.into_iter().filter(|p| p.is_dir()) {
        let name = target_dir
            .file_name()
            .expect("a folder name")
            .to_string_lossy()
            .to_string();
        let run = fuzz_harness::TARGETS
            .iter()
            .find(|(target, _)| *target == name)
            .unwrap_or_else(|| panic!("{} is named for no fuzz target", target_dir.display()))
            .1;
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&target_dir)
            .expect("a readable folder")
            .map(|e| e.expect("a readable entry").path())
            .collect();
        inputs.sort();
        for input in inputs {
            let data = std::fs::read(&input).expect("a readable input");
            ran += 1;
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| run(&data))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{}: {message}", input.display()));
            }
        }
    }
    (failures, ran)
}

#[test]
fn saved_fuzz_crashes_no_longer_panic() {
    let (failures, ran) = replay(&regressions());
    assert!(
        ran > 0,
        "no saved inputs found under {}",
        regressions().display()
    );
    assert!(
        failures.is_empty(),
        "inputs that still panic:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_seed_corpora_run_clean() {
    // The seeds are the hub's own content and fixtures: if one of them
    // breaks a target, the target (or the library) is wrong, not the seed.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let (failures, ran) = replay(&corpus);
    assert!(ran > 0, "no seeds found under {}", corpus.display());
    assert!(
        failures.is_empty(),
        "seeds that panic:\n{}",
        failures.join("\n")
    );
}

#[test]
fn check_reports_a_body_error_placed_inside_a_character_instead_of_panicking() {
    // The first crash fuzzing found: the markdown stage placed a shortcode
    // error inside `–`, and printing the report sliced the file there.
    let hub = tempfile::tempdir().expect("a temporary folder");
    let content = hub.path().join("content/tafl");
    std::fs::create_dir_all(&content).expect("content folder");
    let page = regressions().join("hub_check/misplaced-shortcode-error-inside-a-character");
    std::fs::copy(&page, content.join("brandubh.md")).expect("copying the page");
    assert_cmd::Command::cargo_bin("rulehub")
        .expect("the rulehub binary")
        .args(["check", "--root"])
        .arg(hub.path())
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "content/tafl/brandubh.md:12:1: the caption of `svg:boag` must be in double quotes",
        ))
        .stderr(predicates::str::contains(
            "content/tafl/brandubh.md:16:3: a shortcode must stand on a line of its own",
        ))
        .stderr(predicates::str::contains("panicked").not());
}
