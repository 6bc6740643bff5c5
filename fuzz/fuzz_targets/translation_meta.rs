//! A translation's metadata, compared with its source and stamped by
//! `rulehub translations --mark-current` in a temporary hub.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::translation_meta::run(data));
