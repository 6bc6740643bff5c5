//! What each fuzz target does with one input, shared by the fuzz targets
//! (`fuzz/fuzz_targets/*.rs`, which run it under libFuzzer) and by
//! `tests/fuzz_regressions.rs` (which replays every saved crash through the
//! same code). Each `run` feeds the input to one parser as the build does and
//! panics if the library panics or breaks an invariant the callers rely on.
#![allow(dead_code)]

pub mod common;
pub mod example_block;
pub mod fen;
pub mod front_matter;
pub mod game_block;
pub mod hub_check;
pub mod hub_config;
pub mod i18n;
pub mod markdown;
pub mod palette;
pub mod pdn_record;
pub mod record;
pub mod render_ops;
pub mod setup;
pub mod translation_meta;

/// What a target does with one input.
pub type Run = fn(&[u8]);

/// Every target by name (its folder under `fuzz/corpus/` and
/// `tests/fixtures/fuzz-regressions/`).
pub const TARGETS: &[(&str, Run)] = &[
    ("example_block", example_block::run),
    ("fen", fen::run),
    ("front_matter", front_matter::run),
    ("game_block", game_block::run),
    ("hub_check", hub_check::run),
    ("hub_config", hub_config::run),
    ("i18n", i18n::run),
    ("markdown", markdown::run),
    ("palette", palette::run),
    ("pdn_record", pdn_record::run),
    ("record", record::run),
    ("render_ops", render_ops::run),
    ("setup", setup::run),
    ("translation_meta", translation_meta::run),
];
