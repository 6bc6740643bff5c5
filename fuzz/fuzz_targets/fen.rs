//! Draughts positions in PDN FEN: errors point into the text; a position
//! that reads is written back to the same position.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::fen::run(data));
