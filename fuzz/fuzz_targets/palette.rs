//! A theme's `palette.yaml`: parsed and checked, and a palette that loads
//! draws every board: the default board of a size the input picks must come
//! out as well-formed XML.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::palette::run(data));
