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
#[path = "../fuzz_harness/mod.rs"]
mod fuzz_harness;

mod ai_cli;
mod base_url;
mod ci_outputs;
mod ci_release;
mod ci_workflows;
mod cli_build;
mod cli_examples;
mod cli_limits;
mod completions;
mod corpus;
mod diagnostics;
mod diagram_cli;
mod diagram_raster;
mod diagram_render;
mod diagram_snapshots;
mod docs_complete;
mod docs_reference;
mod draughts;
mod engine_cli;
mod engine_perft;
mod engine_props;
mod every_error;
mod fuzz_regressions;
mod go;
mod gtp_cli;
mod hostile;
mod hub_yaml;
mod i18n;
mod init;
mod layers;
mod new;
mod pdn_archives;
mod play_board;
mod print_and_pager;
mod quiet;
mod room_server;
mod rules_cli;
mod sample_games;
mod serve;
mod server_records;
mod site_comparison;
mod site_incremental;
mod site_links;
mod site_pages;
mod site_search;
mod suggestions;
mod theme_overrides;
mod translations;
