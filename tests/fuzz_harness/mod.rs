//! What each fuzz target does with one input, shared by the fuzz targets
//! (`fuzz/fuzz_targets/*.rs`, which run it under libFuzzer) and by
//! `tests/fuzz_regressions.rs` (which replays every saved crash through the
//! same code). Each `run` feeds the input to one parser as the build does and
//! panics if the library panics or breaks an invariant the callers rely on.
#![allow(dead_code)]

pub mod common;
pub mod example_block;
pub mod front_matter;
pub mod hub_check;
pub mod hub_config;
pub mod i18n;
pub mod markdown;
pub mod palette;
pub mod record;
pub mod render_ops;
pub mod setup;

/// What a target does with one input.
pub type Run = fn(&[u8]);

/// Every target by name (its folder under `fuzz/corpus/` and
/// `tests/fixtures/fuzz-regressions/`).
pub const TARGETS: &[(&str, Run)] = &[
    ("example_block", example_block::run),
    ("front_matter", front_matter::run),
    ("hub_check", hub_check::run),
    ("hub_config", hub_config::run),
    ("i18n", i18n::run),
    ("markdown", markdown::run),
    ("palette", palette::run),
    ("record", record::run),
    ("render_ops", render_ops::run),
    ("setup", setup::run),
];
