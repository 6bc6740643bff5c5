#!/usr/bin/env bash
# Builds synthetic hubs of 1k, 5k and 10k pages with rulehub and the same
# Markdown with Hugo, side by side in one hyperfine run per size and kind of
# build, and prints wall time, user and system time, pages/s, peak RSS and
# the rulehub/Hugo ratios; then times a one-page edit under `rulehub serve`
# on the largest hub.
#
#   benches/build.sh                 # all sizes (1000 5000 10000 pages), all kinds
#   SIZES="1000" RUNS=3 benches/build.sh
#   MODES=cold SIZES=5000 benches/build.sh
#
# Kinds of build (MODES, default "warm cold fresh"):
#   warm   rebuild over the previous output, as an author does (the warm-up
#          run creates it);
#   cold   the output deleted before every run (hyperfine --prepare), as after
#          `rm -rf public`;
#   fresh  into a folder that never existed (a new name every run), as CI
#          does after a clean checkout; the folders are deleted afterwards.
#
# Environment: SIZES (pages, multiples of LANGUAGES), LANGUAGES (10), RUNS
# (hyperfine runs, 5), WORK (scratch folder, /tmp/rulehub-bench), SEED (1),
# MODES, SERVE=0 to skip the serve edit, RULEHUB (a rulehub binary to time
# instead of this checkout's release build).
set -euo pipefail

cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1000 5000 10000"}
LANGUAGES=${LANGUAGES:-10}
RUNS=${RUNS:-5}
WORK=${WORK:-/tmp/rulehub-bench}
SEED=${SEED:-1}
MODES=${MODES:-"warm cold fresh"}
SERVE=${SERVE:-1}

need() {
    local missing=()
    command -v hyperfine >/dev/null || missing+=(hyperfine)
    command -v hugo >/dev/null || missing+=(hugo)
    [ -x /usr/bin/time ] || missing+=(time)
    command -v curl >/dev/null || missing+=(curl)
    command -v python3 >/dev/null || missing+=(python3)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing ${missing[*]} (Debian packages)" >&2
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo=sudo
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}
need

echo "building rulehub and the hub generator (release)" >&2
cargo build --release --quiet --bin rulehub --example gen-hub
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
RULEHUB=${RULEHUB:-"$TARGET_DIR/release/rulehub"}
GEN="$TARGET_DIR/release/examples/gen-hub"
mkdir -p "$WORK"
rm -f "$WORK/files.txt"

# The file system WORK is on and, for ext4, whether it keeps a journal:
# without one, ext4 will not reuse an inode freed in the last minutes, so
# after a delete every new file scans past the inodes just freed. That
# weighs on cold builds (BENCHMARKS.md, "Why a cold build depends on the
# file system"; benches/fs-compare.sh).
describe_fs() {
    local source fstype journal=""
    read -r source fstype < <(findmnt -no SOURCE,FSTYPE -T "$WORK" 2>/dev/null || echo "? ?")
    local options="/proc/fs/ext4/${source##*/}/options"
    if [ "$fstype" = ext4 ] && [ -r "$options" ]; then
        if grep -q '^data=' "$options"; then
            journal=", with a journal ($(grep '^data=' "$options"))"
        else
            journal=", without a journal"
        fi
    fi
    echo "$fstype on $source$journal"
}

echo
echo "machine: $(nproc) cores; load average:$(uptime | sed 's/.*load average://')"
echo "file system of $WORK: $(describe_fs)"
echo "rulehub $(git rev-parse --short HEAD 2>/dev/null || echo '?') ($RULEHUB), $(hugo version | cut -d' ' -f1-2), MODES=$MODES"
echo

peak_rss_mib() { # command... -> peak RSS in MiB of one run
    /usr/bin/time -f "%M" -o "$WORK/rss.txt" "$@" >/dev/null 2>&1
    awk '{printf "%.0f", $1 / 1024}' "$WORK/rss.txt"
}

SUMMARY="$WORK/summary.txt"
echo "file system of $WORK: $(describe_fs)" >"$SUMMARY"
printf "%-6s %-6s %-8s %9s %7s %7s %7s %8s %8s %6s %9s\n" pages kind tool "mean s" "± s" "user s" "sys s" "pages/s" "RSS MiB" ratio "sys ratio" >>"$SUMMARY"
for pages in $SIZES; do
    variants=$((pages / LANGUAGES))
    hub="$WORK/hub-$pages"
    if [ ! -f "$hub/.seed-$SEED-$LANGUAGES" ]; then
        "$GEN" --variants "$variants" --languages "$LANGUAGES" --seed "$SEED" --out "$hub" 2>/dev/null
        touch "$hub/.seed-$SEED-$LANGUAGES"
    fi
    out_r="$WORK/out-rulehub-$pages"
    out_h="$WORK/out-hugo-$pages"
    for mode in $MODES; do
        # Each tool's own preparation, ending with `sync`: the writeback of
        # one run's output (and, cold, the deletion of the previous one)
        # must not land in the next run's time, whichever tool that is.
        prepare_r="sync"
        prepare_h="rm -rf $hub/hugo/resources; sync"
        cleanup="true"
        dest_r="$out_r"
        dest_h="$out_h"
        case "$mode" in
        warm) ;;
        cold)
            prepare_r="rm -rf $out_r; sync"
            prepare_h="rm -rf $hub/hugo/resources $out_h; sync"
            ;;
        fresh)
            # hyperfine runs each command through a shell, so every run
            # gets a folder name of its own.
            dest_r="$WORK/fresh-rulehub-$pages/\$(date +%s%N)"
            dest_h="$WORK/fresh-hugo-$pages/\$(date +%s%N)"
            cleanup="rm -rf $WORK/fresh-rulehub-$pages $WORK/fresh-hugo-$pages"
            ;;
        *)
            echo "unknown mode $mode (warm, cold or fresh)" >&2
            exit 2
            ;;
        esac
        echo "== $pages pages ($variants variants × $LANGUAGES languages), $mode; load average:$(uptime | sed 's/.*load average://')"
        hyperfine --style basic --warmup 1 --runs "$RUNS" --prepare "$prepare_r" --prepare "$prepare_h" --cleanup "$cleanup" \
            --export-json "$WORK/hyperfine-$pages-$mode.json" \
            -n rulehub "$RULEHUB --quiet build --root $hub --output $dest_r" \
            -n hugo "hugo --quiet --source $hub/hugo --destination $dest_h"
        rss_r=-
        rss_h=-
        if [ "$mode" = warm ]; then
            rss_r=$(peak_rss_mib "$RULEHUB" --quiet build --root "$hub" --output "$out_r")
            rss_h=$(peak_rss_mib hugo --quiet --source "$hub/hugo" --destination "$out_h")
            files_r=$(find "$out_r" -type f | wc -l)
            files_h=$(find "$out_h" -type f | wc -l)
            echo "$pages pages: rulehub wrote $files_r files ($(du -sm "$out_r" | cut -f1) MiB), Hugo $files_h files ($(du -sm "$out_h" | cut -f1) MiB)" >>"$WORK/files.txt"
        fi
        python3 - "$WORK/hyperfine-$pages-$mode.json" "$pages" "$mode" "$rss_r" "$rss_h" >>"$SUMMARY" <<'EOF'
import json, sys
path, pages, mode, rss_r, rss_h = sys.argv[1:]
results = {r["command"]: r for r in json.load(open(path))["results"]}
r, h = results["rulehub"], results["hugo"]
def row(tool, x, rss, ratio="", sys_ratio=""):
    print(f"{pages:<6} {mode:<6} {tool:<8} {x['mean']:9.3f} {x['stddev'] or 0:7.3f} {x['user']:7.2f} {x['system']:7.2f} {int(pages) / x['mean']:8.0f} {rss:>8} {ratio:>6} {sys_ratio:>9}")
row("rulehub", r, rss_r, f"{r['mean'] / h['mean']:.2f}", f"{r['system'] / h['system']:.2f}")
row("hugo", h, rss_h)
EOF
    done
done

finish() {
    echo
    echo "load average after:$(uptime | sed 's/.*load average://')" >>"$SUMMARY"
    cat "$SUMMARY"
    if [ -f "$WORK/files.txt" ]; then cat "$WORK/files.txt"; fi
}
if [ "$SERVE" != 1 ]; then
    finish
    exit 0
fi

# One-page edit under `rulehub serve` on the largest hub: append a marker
# to one variant page, then poll that page until the marker is served.
largest=$(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1)
hub="$WORK/hub-$largest"
page_src="$hub/content/tafl/variant-00000.md"
cp "$page_src" "$WORK/page.bak"
log="$WORK/serve.log"
"$RULEHUB" serve --root "$hub" --port 0 >"$log" 2>&1 &
serve_pid=$!
cleanup() {
    kill "$serve_pid" 2>/dev/null || true
    cp "$WORK/page.bak" "$page_src"
}
trap cleanup EXIT
for _ in $(seq 3000); do
    grep -q "serving .* at http" "$log" && break
    sleep 0.1
done
url=$(grep -o "at http[^ ]*" "$log" | head -1 | cut -c4-)
url="${url%/}/tafl/v00000/"
python3 - "$url" "$page_src" >>"$SUMMARY" <<'EOF'
import sys, time, urllib.request
url, src = sys.argv[1:]
times = []
for i in range(5):
    marker = f"edit-marker-{i}-{time.time_ns()}"
    time.sleep(1.0)  # let the watcher settle between edits
    with open(src, "a", encoding="utf-8") as f:
        f.write(f"\n\n{marker}\n")
        f.flush()
    start = time.perf_counter()
    while True:
        try:
            body = urllib.request.urlopen(url, timeout=30).read().decode()
        except Exception:
            body = ""
        if marker in body:
            break
        if time.perf_counter() - start > 120:
            print("serve: page never updated")
            sys.exit(0)
        time.sleep(0.005)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"\nserve, one-page edit on the largest hub (append to one variant page until the page is served):")
print(f"  median {times[len(times) // 2]:.0f} ms, min {times[0]:.0f} ms, max {times[-1]:.0f} ms over {len(times)} edits")
EOF

finish
