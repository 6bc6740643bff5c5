//! End to end: a one-variant hub written to a temporary folder from the
//! input (the variant page, and after the first NUL byte its Czech
//! translation), then `rulehub check`'s library call on it. Slower than the
//! other targets (it loads, checks and renders every page), so it finds what
//! only the stages together do.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::hub_check::run(data));
