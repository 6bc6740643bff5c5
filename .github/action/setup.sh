#!/usr/bin/env bash
# The install half of action.yml, in two steps around actions/cache:
#
#   setup.sh plan      decides the version, the target, where the binary goes
#                      and the cache key; writes them to $GITHUB_OUTPUT
#   setup.sh install   puts rulehub there: the release archive when the
#                      release has one for this runner, else cargo install
#
# Read from the environment:
#   GITHUB_ACTION_PATH   the action's own checkout (rulehub's source at the
#                        ref the workflow names), which holds Cargo.toml
#   INPUT_VERSION        vX.Y.Z, or empty for the version in that Cargo.toml
#   RULEHUB_REPOSITORY   optional: releases from elsewhere (tests use file://)
#   RULEHUB_TOOLS        optional: the folder binaries are kept under
#   install reads what plan wrote: RULEHUB_VERSION, RULEHUB_FROM, RULEHUB_DIR
set -euo pipefail

action="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH must name the action folder (rulehub source)}"
manifest="$action/Cargo.toml"

fail() {
    echo "::error title=rulehub action::$*"
    exit 1
}

# A key of [workspace.package] in rulehub's Cargo.toml.
workspace_key() {
    sed -n '/^\[workspace\.package\]/,/^\[/p' "$manifest" | sed -n "s/^$1 *= *\"\(.*\)\"/\1/p" | head -n 1
}

sha256_of_stdin() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum | cut -d ' ' -f 1
    else
        shasum -a 256 | cut -d ' ' -f 1
    fi
}

# The SHA-256 of every file a build of rulehub reads, so a binary built from
# source is rebuilt whenever one of them changes.
source_hash() {
    (
        cd "$action"
        find Cargo.lock Cargo.toml crates src templates themes -type f -print0 |
            LC_ALL=C sort -z |
            xargs -0 cat |
            sha256_of_stdin
    )
}

# The release target of this runner (the names install.sh and the release
# workflow use).
runner_target() {
    local os="${RUNNER_OS:-$(uname -s)}" arch="${RUNNER_ARCH:-$(uname -m)}"
    case "$os/$arch" in
        Linux/X64 | Linux/x86_64) echo x86_64-unknown-linux-musl ;;
        Linux/ARM64 | Linux/aarch64) echo aarch64-unknown-linux-musl ;;
        macOS/X64 | Darwin/x86_64) echo x86_64-apple-darwin ;;
        macOS/ARM64 | Darwin/arm64) echo aarch64-apple-darwin ;;
        Windows/X64) echo x86_64-pc-windows-msvc ;;
        *) echo "" ;;
    esac
}

plan() {
    [ -f "$manifest" ] || fail "no Cargo.toml in $action: use the action from rulehub's repository, as uses: OWNER/NAME@REF"
    local own_version repository version target from key dir packing
    own_version="v$(workspace_key version)"
    repository="${RULEHUB_REPOSITORY:-$(workspace_key repository)}"
    if [ "$own_version" = v ] || [ -z "$repository" ]; then
        fail "$manifest has no version or repository in [workspace.package]"
    fi
    version="${INPUT_VERSION:-$own_version}"
    case "$version" in
        v[0-9]*.[0-9]*.[0-9]*) ;;
        [0-9]*.[0-9]*.[0-9]*) version="v$version" ;;
        *) fail "version '$version' is not a release: write it as vX.Y.Z, or leave it out for $own_version" ;;
    esac
    target="$(runner_target)"
    packing=tar.gz
    [[ "$target" == *windows* ]] && packing=zip

    # The release archive if it exists (its checksum file is the cheap probe),
    # else a build: from this action's source when that is the version asked
    # for, else from the version's tag.
    if [ -n "$target" ] && curl --fail --silent --location --retry 2 --output /dev/null \
        "$repository/releases/download/$version/rulehub-$target.$packing.sha256"; then
        from=release
        key="rulehub-$version-$target-release"
    elif [ "$version" = "$own_version" ]; then
        from=source
        key="rulehub-$version-${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}-source-$(source_hash)"
    else
        from=tag
        key="rulehub-$version-${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}-tag"
    fi
    local tools="${RULEHUB_TOOLS:-${RUNNER_TOOL_CACHE:-$HOME/.cache}}"
    # Windows runners: C:/… with forward slashes, which both Git Bash's
    # tools and Windows programs (GITHUB_PATH, actions/cache) read.
    if command -v cygpath >/dev/null 2>&1; then tools="$(cygpath -m "$tools")"; fi
    dir="$tools/rulehub/$version-$from/bin"
    {
        echo "version=$version"
        echo "from=$from"
        echo "repository=$repository"
        echo "key=$key"
        echo "dir=$dir"
    } >>"${GITHUB_OUTPUT:-/dev/stdout}"
}

install() {
    local version="${RULEHUB_VERSION:?run setup.sh plan first}"
    local from="${RULEHUB_FROM:?run setup.sh plan first}"
    local dir="${RULEHUB_DIR:?run setup.sh plan first}"
    local repository="${RULEHUB_REPOSITORY:-$(workspace_key repository)}"
    if [ "$from" != release ] && ! command -v cargo >/dev/null 2>&1; then
        fail "no release $version has a binary for this runner, and building one needs cargo, which this runner lacks: install Rust first (rustup), or set the action's version to a release with a binary for this runner"
    fi
    case "$from" in
        release)
            RULEHUB_INSTALL_DIR="$dir" RULEHUB_REPOSITORY="$repository" \
                sh "$action/install.sh" --version "$version"
            ;;
        source)
            echo "::notice title=rulehub action::no release $version has a binary for this runner; building rulehub from the action's source (minutes, then cached)"
            cargo install --locked --path "$action" --bin rulehub --root "$(dirname "$dir")"
            ;;
        tag)
            echo "::notice title=rulehub action::no release $version has a binary for this runner; building rulehub $version from its tag (minutes, then cached)"
            cargo install --locked --git "$repository" --tag "$version" --bin rulehub --root "$(dirname "$dir")" rulehub ||
                fail "cannot build rulehub $version: is $version a tag of $repository? See its releases page for the versions"
            ;;
        *) fail "unknown install source '$from'" ;;
    esac
}

case "${1:-}" in
    plan) plan ;;
    install) install ;;
    *)
        echo "usage: setup.sh plan|install" >&2
        exit 2
        ;;
esac
