//! rulehub's bottom layers, which know no game family and write nothing:
//!
//! - [`diagnostic`]: a problem with the file, line and column it came from,
//!   a message and a hint (the binary renders them).
//! - [`hub`]: discover, parse and assemble a hub's sources; a variant's
//!   `engine:` and `render:` blocks stay raw YAML for its family to read.
//! - [`i18n`]: the site's Fluent messages in every language.
//!
//! Every crate above depends on this one and none below it, so the compiler
//! keeps these layers from reaching a family, the site or the CLI.

// A `Diagnostic` carries its file, place, message, hint and source text; it
// is built only on the error path, once per problem, so boxing it to shrink
// `Result` would add indirection everywhere for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod diagnostic;
pub mod hub;
pub mod i18n;
