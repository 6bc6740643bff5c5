#!/usr/bin/env bash
# RUSTC_WORKSPACE_WRAPPER for scripts/build-wasm.sh: the engine uses let
# chains (stable from Rust 1.88), which Debian's rustc 1.85 has behind a
# feature gate (and `is_multiple_of`, stable from 1.87). Only workspace crates pass through here; std, rebuilt by
# -Zbuild-std, enables the feature itself and must not get it twice.
rustc="$1"
shift
exec "$rustc" "$@" -Zcrate-attr='feature(let_chains)' -Zcrate-attr='feature(unsigned_is_multiple_of)'
