//! A page body: Markdown with rulehub's shortcodes and worked-example fences,
//! rendered as the page stage does (every shortcode answered, one in two
//! refused so the error path runs too), and its example fences found.
#![no_main]

#[path = "../../tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::markdown::run(data));
