#!/usr/bin/env bash
# Runs benches/build.sh on two scratch ext4 file systems made alike but for
# one thing: the first keeps a journal (data=ordered, as mkfs.ext4 makes it
# and as most machines and CI runners mount it), the second has none.
#
# Without a journal, ext4 will not reuse an inode freed in the last minutes:
# after the cold benchmark deletes an output, every file and folder the next
# build creates scans past the inodes just freed. That cost falls on both
# tools, but it is the same few seconds added to very different build times,
# so it moves the cold ratio. Running the same builds on both file systems
# tells the tools' own times from that scan (BENCHMARKS.md, "With and
# without a journal").
#
#   sudo benches/fs-compare.sh                  # 10k pages, cold and fresh
#   SIZES=5000 MODES=cold sudo -E benches/fs-compare.sh
#
# Needs root (losetup, mount). Environment: IMAGES (where the two sparse
# image files go, /tmp), IMAGE_SIZE (12G), and build.sh's own SIZES, MODES,
# RUNS, LANGUAGES; SERVE is always 0. The file systems are unmounted and
# their images deleted on exit.
set -euo pipefail

cd "$(dirname "$0")/.."
IMAGES=${IMAGES:-/tmp}
IMAGE_SIZE=${IMAGE_SIZE:-12G}
export SIZES=${SIZES:-10000}
export MODES=${MODES:-"cold fresh"}
export RUNS=${RUNS:-5}
export SERVE=0

if [ "$(id -u)" -ne 0 ]; then
    echo "fs-compare.sh mounts two loop file systems: run it as root (sudo -E)" >&2
    exit 2
fi

mounts=()
devices=()
cleanup() {
    for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || true; rmdir "$m" 2>/dev/null || true; done
    for d in "${devices[@]}"; do losetup -d "$d" 2>/dev/null || true; done
    rm -f "$IMAGES/rulehub-fs-journal.img" "$IMAGES/rulehub-fs-nojournal.img"
}
trap cleanup EXIT

# Builds and mounts one scratch file system at $mounted (no subshell, so
# the cleanup sees its device and mount point).
scratch_fs() { # name, mkfs.ext4 options...
    local name=$1
    shift
    local image="$IMAGES/rulehub-fs-$name.img"
    truncate -s "$IMAGE_SIZE" "$image"
    mkfs.ext4 -q -F "$@" "$image"
    # Direct I/O to the image file, so its pages are cached once, not twice.
    local device
    device=$(losetup --direct-io=on -f --show "$image")
    devices+=("$device")
    local mount_point
    mount_point=$(mktemp -d "/tmp/rulehub-fs-$name.XXXX")
    mount "$device" "$mount_point"
    mounts+=("$mount_point")
    mounted=$mount_point
}

scratch_fs journal
journal=$mounted
scratch_fs nojournal -O ^has_journal
nojournal=$mounted

for fs in "$journal" "$nojournal"; do
    WORK="$fs/bench" benches/build.sh >"$fs/build.log" 2>&1 || {
        cat "$fs/build.log" >&2
        exit 1
    }
done
for fs in "$journal" "$nojournal"; do
    echo
    cat "$fs/bench/summary.txt"
done
