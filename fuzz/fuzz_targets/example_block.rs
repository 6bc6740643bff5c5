//! A worked-example block (the YAML inside a ```` ```example ```` fence):
//! parsed, replayed and checked against a rule preset the input picks, as
//! `rulehub check` does, and a checked example described in words as its
//! page does.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::example_block::run(data));
