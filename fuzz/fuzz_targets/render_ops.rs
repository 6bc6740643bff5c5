//! Render ops (`ops: [...]`, as in a variant's `render` block or a
//! `rulehub board` ops file): parsed, validated against a board size the
//! input picks, every error located in the text, and a valid spec drawn. The
//! drawing must be well-formed XML whatever the spec holds.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::render_ops::run(data));
