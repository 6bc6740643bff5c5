#!/bin/sh
# Packs a built rulehub binary as a release archive, with its checksum:
#
#   sh .github/release/pack.sh TARGET BINARY OUT_DIR
#
# writes OUT_DIR/rulehub-TARGET.tar.gz (a .zip for Windows targets) holding
# rulehub-TARGET/{rulehub, README.md, LICENSE-MIT, LICENSE-APACHE}, and
# OUT_DIR/rulehub-TARGET.tar.gz.sha256 ("<sha256>  <archive name>"), the
# layout install.sh and action.yml read. The release workflow runs it for
# each target; .ci/run and tests/testsuite/ci_release.rs run it on the
# binary they built.
set -eu

if [ $# -ne 3 ]; then
    echo "usage: pack.sh TARGET BINARY OUT_DIR" >&2
    exit 2
fi
target="$1"
binary="$2"
out="$3"
here="$(cd "$(dirname "$0")/../.." && pwd)"

[ -f "$binary" ] || { echo "pack.sh: no binary at $binary; build it first" >&2; exit 1; }
case "$target" in
    *-windows-*) packing=zip name=rulehub.exe ;;
    *) packing=tar.gz name=rulehub ;;
esac

mkdir -p "$out"
out="$(cd "$out" && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
folder="rulehub-$target"
mkdir "$stage/$folder"
cp "$binary" "$stage/$folder/$name"
chmod 755 "$stage/$folder/$name"
cp "$here/README.md" "$here/LICENSE-MIT" "$here/LICENSE-APACHE" "$stage/$folder/"

archive="$folder.$packing"
rm -f "$out/$archive"
case "$packing" in
    tar.gz) (cd "$stage" && tar -czf "$out/$archive" "$folder") ;;
    zip)
        # Windows runners have 7-Zip but no zip.
        if command -v zip >/dev/null 2>&1; then
            (cd "$stage" && zip -qr "$out/$archive" "$folder")
        else
            (cd "$stage" && 7z a -tzip -bd "$out/$archive" "$folder" >/dev/null)
        fi
        ;;
esac

if command -v sha256sum >/dev/null 2>&1; then
    sum="$(cd "$out" && sha256sum "$archive")"
else
    sum="$(cd "$out" && shasum -a 256 "$archive")"
fi
# One line, "<hash>  <name>", which `sha256sum -c` reads too.
printf '%s  %s\n' "${sum%% *}" "$archive" >"$out/$archive.sha256"
echo "$out/$archive"
