//! Draughts game records in PDN, read and replayed whole and as
//! `rulehub replay` streams them: both agree.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::pdn_record::run(data));
