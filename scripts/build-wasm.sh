#!/usr/bin/env bash
# Builds the practice board's WebAssembly, one module per game family, so a
# page downloads only its own family's engine. The families are the
# registry's (crates/rulehub-registry/Cargo.toml depends on each family's
# rulehub-<family>-site crate); a family with a board has a
# crates/rulehub-<family>-wasm crate (on crates/rulehub-play, the
# game-independent API and exports), built into its site crate's assets:
#   crates/rulehub-<family>-wasm -> crates/rulehub-<family>-site/assets/<family>.wasm
# The script writes each wasm crate's wasm.manifest too: the SHA-256 of the
# sources it was built from (the crate and the workspace crates it depends
# on), which tests/testsuite/play_board.rs compares with today's.
#
#   bash scripts/build-wasm.sh            # build and install the artifacts
#   bash scripts/build-wasm.sh --check    # build into a temp dir and compare bytes
#   bash scripts/build-wasm.sh --list     # print each family, its crates, its artifact
#
# Toolchain: Debian's rustc-web/cargo-web 1.85 (pinned; with std's sources,
# rust-web-src) and lld-16's wasm-ld, installed with apt when missing — no
# rustup target and no wasm-bindgen. std is rebuilt for wasm32 with
# -Zbuild-std (RUSTC_BOOTSTRAP=1 unlocks it on this stable compiler), which
# fetches std's own dependencies from crates.io.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
check=0
[ "${1:-}" = "--check" ] && check=1

# The registered families with a wasm crate, in the registry's order.
families=()
for family in $(sed -n 's/^rulehub-\([a-z0-9-]*\)-site[[:space:]]*=.*/\1/p' crates/rulehub-registry/Cargo.toml); do
  [ -f "crates/rulehub-$family-wasm/Cargo.toml" ] && families+=("$family")
done
if [ ${#families[@]} -eq 0 ]; then
  echo "build-wasm: no registered family has a crates/rulehub-<family>-wasm crate" >&2
  exit 1
fi

# deps CRATE: the crate and the workspace crates it depends on (path
# dependencies, transitively), one a line, in the order first met.
deps() {
  local seen=" " queue=("$1") crate dep
  while [ ${#queue[@]} -gt 0 ]; do
    crate="${queue[0]}"
    queue=("${queue[@]:1}")
    case "$seen" in *" $crate "*) continue ;; esac
    seen="$seen$crate "
    echo "$crate"
    for dep in $(sed -n 's/^\(rulehub-[a-z0-9-]*\)[[:space:]]*=.*path[[:space:]]*=.*/\1/p' "crates/$crate/Cargo.toml"); do
      queue+=("$dep")
    done
  done
}

if [ "${1:-}" = "--list" ]; then
  for family in "${families[@]}"; do
    echo "$family: $(deps "rulehub-$family-wasm" | tr '\n' ' ')-> crates/rulehub-$family-site/assets/$family.wasm"
  done
  exit 0
fi

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

# The sources an artifact is built from (the crate folders given),
# fingerprinted the same way the test does: sha256sum of every file (sorted
# by path), then of that list.
sources_digest() {
  find "$@" \
      -type f \( -name '*.rs' -o -name Cargo.toml \) -not -path '*/target/*' \
    | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1
}

cargo_home="${CARGO_HOME:-$HOME/.cargo}"
# The build runs on a copy of the crates at a fixed path: cargo hashes
# where a workspace lives into its crates' metadata, and so into symbol
# names and the order functions are laid out in, so a checkout elsewhere
# (CI's clean clone) would give other bytes. The copy's workspace holds the
# wasm crates with the crates they depend on and the root manifest's
# profiles; versions come from the root Cargo.lock (cargo drops the entries
# those crates do not use).
src=/tmp/rulehub-wasm-src
mkdir -p "$src/crates" "$src/scripts"
crates=()
for family in "${families[@]}"; do
  for crate in $(deps "rulehub-$family-wasm"); do
    case " ${crates[*]} " in *" $crate "*) ;; *) crates+=("$crate") ;; esac
  done
done
for crate in "${crates[@]}"; do
  rm -rf "${src:?}/crates/$crate"
done
for crate in "${crates[@]}"; do
  mkdir -p "$src/crates/$crate"
  cp Cargo.lock "$src/Cargo.lock"
  (cd "crates/$crate" && find . -type f \( -name '*.rs' -o -name Cargo.toml -o -name '*.md' \) -not -path './target/*' \
    | while read -r f; do mkdir -p "$src/crates/$crate/$(dirname "$f")"; cp "$f" "$src/crates/$crate/$f"; done)
done
cp scripts/wasm-rustc-wrapper.sh "$src/scripts/"
{
  echo '# Generated by scripts/build-wasm.sh from the checkout'"'"'s Cargo.toml.'
  echo '[workspace]'
  printf 'members = [%s]\n' "$(printf '"crates/%s", ' "${crates[@]}" | sed 's/, $//')"
  echo 'resolver = "3"'
  echo
  # What the crates inherit (version, edition, licence, repository, readme).
  awk '/^\[workspace\.package\]$/ { on = 1; print; next } /^\[/ { on = 0 } on' Cargo.toml
  sed -n '/^\[profile\.release\]/,$p' Cargo.toml
} > "$src/Cargo.toml"
export CARGO_TARGET_DIR="$src/target"
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-16
export RUSTC_WORKSPACE_WRAPPER="$src/scripts/wasm-rustc-wrapper.sh"
# Paths are remapped so the bytes do not depend on where the cargo
# registry lives.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C linker-flavor=wasm-ld --remap-path-prefix=$src=/rulehub --remap-path-prefix=$cargo_home=/cargo"
# The board crates are rlibs (host builds link no dynamic library); the
# module is asked for here, one crate at a time.
for family in "${families[@]}"; do
  crate="rulehub-$family-wasm"
  (cd "$src" && /usr/bin/cargo rustc --quiet --ignore-rust-version --profile wasm \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort -Zbuild-std-features=panic_immediate_abort \
    -p "$crate" --lib --crate-type cdylib)
done

# install FAMILY: compares (--check) or installs one family's module and
# writes its wasm crate's manifest.
failed=0
install() {
  local family="$1"
  local crate="rulehub-$family-wasm"
  local out_dir="crates/rulehub-$family-site/assets" artifact="$family.wasm"
  local built sources=()
  built="$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/${crate//-/_}.wasm"
  for dep in $(deps "$crate"); do sources+=("crates/$dep"); done
  if [ "$check" = 1 ]; then
    if cmp -s "$built" "$out_dir/$artifact"; then
      echo "build-wasm: the committed $artifact is what these sources build ($(stat -c %s "$built") bytes)"
    else
      echo "build-wasm: the committed $artifact differs from a fresh build; run scripts/build-wasm.sh and commit" >&2
      failed=1
    fi
  else
    mkdir -p "$out_dir"
    cp "$built" "$out_dir/$artifact"
    printf "%s\n" "# Written by scripts/build-wasm.sh; tests/testsuite/play_wasm.rs reads it.
sources-sha256 $(sources_digest "${sources[@]}")
wasm-sha256 $(sha256sum "$built" | cut -d' ' -f1)
rustc $(/usr/bin/rustc --version)" > "crates/$crate/wasm.manifest"
    echo "build-wasm: wrote $out_dir/$artifact ($(stat -c %s "$built") bytes, gzip $(gzip -9 -c "$built" | wc -c))"
  fi
}
for family in "${families[@]}"; do
  install "$family"
done
exit "$failed"
