//! Game records (`rulehub replay`): read line by line and replayed through
//! the engine under a rule preset the input picks, with and without the
//! capture marks checked. Where a replay stops, its line is one of the
//! record's and its message can be written.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::record::run(data));
