//! A theme's Fluent file (`i18n/<lang>.ftl`), loaded beside the bundled
//! English file as a second language, then every message the program asks
//! for formatted with arguments of both kinds.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::i18n::run(data));
