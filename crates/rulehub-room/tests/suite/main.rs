//! The room server's integration tests, in one test binary rather than one
//! per file: each binary is a link of its own, and a fresh machine's
//! `cargo test` pays for every one.

mod common;
mod faults;
mod protocol;
mod redis;
