//! rulehub's integration tests, one module per user story, built as one
//! test binary: one link of the library and its dev-dependencies instead
//! of one per file, which is most of a clean `cargo test` on a small
//! machine. Fixture hubs live in `tests/fixtures/`, the shared helpers in
//! `tests/common/`, insta snapshots in `tests/testsuite/snapshots/`.
//!
//! `cargo test --test testsuite site_pages::` runs one story.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/diagram.rs"]
mod diagram_common;

mod cli_build;
mod cli_examples;
mod diagnostics;
mod diagram_cli;
mod diagram_raster;
mod diagram_render;
mod diagram_snapshots;
mod engine_cli;
mod engine_perft;
mod engine_props;
mod i18n;
mod new;
mod serve;
mod site_comparison;
mod site_incremental;
mod site_links;
mod site_pages;
