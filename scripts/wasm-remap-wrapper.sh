#!/usr/bin/env bash
# RUSTC_WRAPPER for scripts/build-wasm.sh: remaps the checkout and the cargo
# registry out of every path the compiler records. The flags are given here
# and not in RUSTFLAGS because cargo 1.85 hashes RUSTFLAGS into every
# crate's metadata, and so into symbol names and the order functions are
# laid out in: the checkout's own path would change the bytes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
exec "$@" "--remap-path-prefix=$root=/rulehub" "--remap-path-prefix=$cargo_home=/cargo"
