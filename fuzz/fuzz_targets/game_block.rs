//! A sample game's block on a variant page of a family and preset the
//! input picks, checked as `rulehub check` does.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::game_block::run(data));
