//! `hub.yaml` read through `hub::read_config`, the very path `build`,
//! `check` and `serve` take (raw bytes, so non-UTF-8 files are covered), then
//! the derived addresses every page link is built from.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::hub_config::run(data));
