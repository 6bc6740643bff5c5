//! A page file as the hub loader reads it: split into front matter and body,
//! the front matter parsed as each kind of page, and a variant page checked
//! (rules, board, setup, render ops, worked examples) as the build does.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::front_matter::run(data));
