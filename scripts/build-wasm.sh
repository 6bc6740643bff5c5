#!/usr/bin/env bash
# Builds the practice board's WebAssembly (crates/rulehub-play) into
# themes/default/static/play/engine.wasm and writes crates/rulehub-play/
# wasm.manifest: the SHA-256 of the engine and play crate sources it was
# built from, which tests/testsuite/play_wasm.rs compares with today's.
#
#   bash scripts/build-wasm.sh            # build and install the artifact
#   bash scripts/build-wasm.sh --check    # build into a temp dir and compare bytes
#
# Toolchain: Debian's rustc-web/cargo-web 1.85 (pinned; with std's sources,
# rust-web-src) and lld-16's wasm-ld, installed with apt when missing — no
# rustup target and no wasm-bindgen. std is rebuilt for wasm32 with
# -Zbuild-std (RUSTC_BOOTSTRAP=1 unlocks it on this stable compiler), which
# fetches std's own dependencies from crates.io.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out_dir="themes/default/static/play"
check=0
[ "${1:-}" = "--check" ] && check=1

# The toolchain is pinned: the same bytes need the same compiler, and
# Debian's security updates move rustc-web on (1.96 no longer builds std
# with panic_immediate_abort this way). bookworm keeps 1.85 beside it.
toolchain_version="1.85.0+dfsg3-1~deb12u3"
need=()
/usr/bin/rustc --version 2>/dev/null | grep -q '^rustc 1\.85\.0 ' \
  && [ -d /usr/lib/rustlib/src/rust/library ] \
  || need+=("rustc-web=$toolchain_version" "cargo-web=$toolchain_version" \
            "rust-web-src=$toolchain_version" "libstd-rust-web-dev=$toolchain_version")
command -v wasm-ld-16 >/dev/null 2>&1 || need+=(lld-16)
if [ ${#need[@]} -gt 0 ]; then
  echo "build-wasm: installing ${need[*]} from Debian"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --allow-downgrades --no-install-recommends "${need[@]}" </dev/null >/dev/null
fi

# The sources the artifact is built from, fingerprinted the same way the
# test does: sha256sum of every file (sorted by path), then of that list.
sources_digest() {
  find crates/rulehub-engine crates/rulehub-play \
      -type f \( -name '*.rs' -o -name Cargo.toml \) -not -path '*/target/*' \
    | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1
}

cargo_home="${CARGO_HOME:-$HOME/.cargo}"
export CARGO_TARGET_DIR="$root/target/wasm-build"
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-16
export RUSTC_WORKSPACE_WRAPPER="$root/scripts/wasm-rustc-wrapper.sh"
# Paths are remapped so the bytes do not depend on where the checkout or
# the cargo registry lives; the remapping is in a wrapper, since anything
# in RUSTFLAGS (a path included) changes every crate's metadata hash.
export RUSTC_WRAPPER="$root/scripts/wasm-remap-wrapper.sh"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C linker-flavor=wasm-ld"
/usr/bin/cargo build --quiet --locked --ignore-rust-version --profile wasm \
  --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort -Zbuild-std-features=panic_immediate_abort -p rulehub-play
built="$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/rulehub_play.wasm"

digest="$(sources_digest)"
manifest="# Written by scripts/build-wasm.sh; tests/testsuite/play_wasm.rs reads it.
sources-sha256 $digest
wasm-sha256 $(sha256sum "$built" | cut -d' ' -f1)
rustc $(/usr/bin/rustc --version)"

if [ "$check" = 1 ]; then
  if cmp -s "$built" "$out_dir/engine.wasm"; then
    echo "build-wasm: the committed engine.wasm is what these sources build ($(stat -c %s "$built") bytes)"
  else
    echo "build-wasm: the committed engine.wasm differs from a fresh build; run scripts/build-wasm.sh and commit" >&2
    exit 1
  fi
else
  mkdir -p "$out_dir"
  cp "$built" "$out_dir/engine.wasm"
  printf "%s\n" "$manifest" > crates/rulehub-play/wasm.manifest
  echo "build-wasm: wrote $out_dir/engine.wasm ($(stat -c %s "$built") bytes, gzip $(gzip -9 -c "$built" | wc -c))"
fi
