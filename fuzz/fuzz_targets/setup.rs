//! Setup strings (`3bbb3/4b4/…`): the board size read from them, then the
//! position, on the size they describe and on a size the input picks. A
//! position that parses must survive `to_setup` → `from_setup` unchanged.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::setup::run(data));
