#!/bin/sh
# Installs a rulehub release binary, without compiling anything.
#
#   sh install.sh                    # the newest release
#   sh install.sh --version v0.1.0   # a given release
#
# It picks the archive for this machine (uname -s, uname -m), downloads it
# and its SHA-256 checksum from the releases page of rulehub's repository,
# checks the archive against the checksum and puts `rulehub` into
# $RULEHUB_INSTALL_DIR (default ~/.local/bin).
#
# RULEHUB_REPOSITORY names the repository whose releases are used. Its
# default is the `repository` of rulehub's Cargo.toml (a test holds the two
# to the same address).
#
# Exit codes: 0 installed, 1 failed (the message says why), 2 usage,
# 3 the release or its archive for this machine does not exist.
set -eu

repository="${RULEHUB_REPOSITORY:-https://github.com/rulehub/rulehub}"
install_dir="${RULEHUB_INSTALL_DIR:-${HOME:-}/.local/bin}"
version=latest

say() { printf 'install.sh: %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: install.sh [--version vX.Y.Z]

Installs the rulehub release binary for this machine from
$repository/releases
into \$RULEHUB_INSTALL_DIR (now: $install_dir).

  --version vX.Y.Z   install this release instead of the newest one
  -h, --help         print this help
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --version)
            [ $# -ge 2 ] || { say "error: --version needs a release, e.g. --version v0.1.0"; exit 2; }
            version="$2"
            shift 2
            ;;
        --version=*)
            version="${1#--version=}"
            shift
            ;;
        -h | --help)
            usage
            exit 0
            ;;
        *)
            say "error: unknown argument '$1'"
            usage >&2
            exit 2
            ;;
    esac
done

case "$version" in
    latest) ;;
    v[0-9]*.[0-9]*.[0-9]*) ;;
    [0-9]*.[0-9]*.[0-9]*) version="v$version" ;;
    *)
        say "error: '$version' is not a release: write it as vX.Y.Z (e.g. v0.1.0), or leave --version out for the newest"
        exit 2
        ;;
esac

if [ -z "$install_dir" ]; then
    fail "neither RULEHUB_INSTALL_DIR nor HOME is set: set RULEHUB_INSTALL_DIR to the folder rulehub should go to"
fi

# The release target for this machine, and how its archive is packed.
os="$(uname -s)"
arch="$(uname -m)"
case "$arch" in
    x86_64 | amd64) cpu=x86_64 ;;
    aarch64 | arm64) cpu=aarch64 ;;
    *) cpu="" ;;
esac
binary=rulehub
packing=tar.gz
target=""
case "$os" in
    Linux)
        [ -n "$cpu" ] && target="$cpu-unknown-linux-musl"
        ;;
    Darwin)
        # A shell under Rosetta reports x86_64 on an Apple silicon Mac; the
        # native binary is the better choice there.
        if [ "$cpu" = x86_64 ] && [ "$(sysctl -n hw.optional.arm64 2>/dev/null || true)" = 1 ]; then
            cpu=aarch64
        fi
        [ -n "$cpu" ] && target="$cpu-apple-darwin"
        ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
        if [ "$cpu" = x86_64 ]; then
            target="x86_64-pc-windows-msvc"
            binary=rulehub.exe
            packing=zip
        fi
        ;;
esac
if [ -z "$target" ]; then
    say "error: there is no rulehub release binary for $os on $arch."
    say "Release binaries exist for Linux (x86_64, aarch64), macOS (x86_64, arm64) and Windows (x86_64)."
    say "Elsewhere, build rulehub with Rust's cargo: cargo install --locked --git $repository rulehub"
    exit 1
fi

archive="rulehub-$target.$packing"
if [ "$version" = latest ]; then
    base="$repository/releases/latest/download"
else
    base="$repository/releases/download/$version"
fi

need() {
    command -v "$1" >/dev/null 2>&1 || fail "$1 is needed to $2; install it and run install.sh again"
}

# download URL FILE: exits 3 when the file is not there.
download() {
    if command -v curl >/dev/null 2>&1; then
        status=0
        curl --fail --silent --show-error --location --retry 3 --output "$2" "$1" || status=$?
        case "$status" in
            0) return 0 ;;
            22 | 37) not_found "$1" ;;
            *) fail "could not download $1 (curl exit $status); check the network and try again" ;;
        esac
    elif command -v wget >/dev/null 2>&1; then
        status=0
        wget --quiet --tries=3 --output-document="$2" "$1" || status=$?
        case "$status" in
            0) return 0 ;;
            8) not_found "$1" ;;
            *) fail "could not download $1 (wget exit $status); check the network and try again" ;;
        esac
    else
        fail "curl or wget is needed to download rulehub; install one and run install.sh again"
    fi
}

not_found() {
    if [ "$version" = latest ]; then
        say "error: no release of rulehub has an archive for $target at $1."
    else
        say "error: release $version of rulehub has no archive for $target at $1."
    fi
    say "The releases are listed at $repository/releases; without one, build rulehub with cargo install --locked --git $repository rulehub"
    exit 3
}

sha256() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d ' ' -f 1
    elif command -v shasum >/dev/null 2>&1; then
        shasum -a 256 "$1" | cut -d ' ' -f 1
    else
        fail "sha256sum or shasum is needed to check the download; install one and run install.sh again"
    fi
}

case "$packing" in
    tar.gz) need tar "unpack the archive" ;;
    zip) need unzip "unpack the archive" ;;
esac

work="$(mktemp -d 2>/dev/null || mktemp -d -t rulehub)"
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

say "downloading $base/$archive"
download "$base/$archive" "$work/$archive"
download "$base/$archive.sha256" "$work/$archive.sha256"

expected="$(cut -d ' ' -f 1 <"$work/$archive.sha256")"
actual="$(sha256 "$work/$archive")"
case "$expected" in
    *[!0-9a-f]* | "") fail "$base/$archive.sha256 holds no SHA-256 checksum; the release is broken, please report it" ;;
esac
if [ "$expected" != "$actual" ]; then
    fail "the download does not match its checksum (expected $expected, got $actual); nothing was installed. Try again; if it persists, report it"
fi

mkdir "$work/unpacked"
case "$packing" in
    tar.gz) tar -xzf "$work/$archive" -C "$work/unpacked" ;;
    zip) unzip -q "$work/$archive" -d "$work/unpacked" ;;
esac
unpacked="$work/unpacked/rulehub-$target/$binary"
[ -f "$unpacked" ] || fail "$archive holds no rulehub-$target/$binary; the release is broken, please report it"

mkdir -p "$install_dir" || fail "cannot create $install_dir; set RULEHUB_INSTALL_DIR to a folder you can write to"
# Copied beside its place, then renamed: a running rulehub is never half
# overwritten, and a failed copy leaves the old one.
cp "$unpacked" "$install_dir/$binary.new" || fail "cannot write to $install_dir; set RULEHUB_INSTALL_DIR to a folder you can write to"
chmod 755 "$install_dir/$binary.new"
mv -f "$install_dir/$binary.new" "$install_dir/$binary"

installed="$("$install_dir/$binary" --version 2>/dev/null || true)"
say "installed ${installed:-rulehub} to $install_dir/$binary"
case ":${PATH:-}:" in
    *":$install_dir:"*) ;;
    *) say "$install_dir is not on PATH; add it, e.g. export PATH=\"$install_dir:\$PATH\"" ;;
esac
