#!/usr/bin/env bash
# Builds synthetic hubs of 1k, 5k and 10k pages with rulehub and the same
# Markdown with Hugo, side by side in one hyperfine run per size, and prints
# wall time, pages/s, peak RSS and the rulehub/Hugo ratio; then times a
# one-page edit under `rulehub serve` on the largest hub.
#
#   benches/build.sh                 # all sizes (1000 5000 10000 pages)
#   SIZES="1000" RUNS=3 benches/build.sh
#
# Environment: SIZES (pages, multiples of LANGUAGES), LANGUAGES (10), RUNS
# (hyperfine runs, 5), WORK (scratch folder, /tmp/rulehub-bench), SEED (1),
# COLD=1 to delete both outputs before every run (default: rebuild over the
# previous output, as an author does; the warm-up run creates it), RULEHUB
# (a rulehub binary to time instead of this checkout's release build).
set -euo pipefail

cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1000 5000 10000"}
LANGUAGES=${LANGUAGES:-10}
RUNS=${RUNS:-5}
WORK=${WORK:-/tmp/rulehub-bench}
SEED=${SEED:-1}
COLD=${COLD:-0}

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

echo
echo "machine: $(nproc) cores; load average:$(uptime | sed 's/.*load average://')"
echo "rulehub $(git rev-parse --short HEAD 2>/dev/null || echo '?') ($RULEHUB), $(hugo version | cut -d' ' -f1-2), COLD=$COLD"
echo

peak_rss_mib() { # command... -> peak RSS in MiB of one run
    /usr/bin/time -f "%M" -o "$WORK/rss.txt" "$@" >/dev/null 2>&1
    awk '{printf "%.0f", $1 / 1024}' "$WORK/rss.txt"
}

SUMMARY="$WORK/summary.txt"
printf "%-7s %-8s %10s %10s %10s %12s %10s\n" pages tool "mean (s)" "± (s)" "pages/s" "peak RSS MiB" ratio >"$SUMMARY"
for pages in $SIZES; do
    variants=$((pages / LANGUAGES))
    hub="$WORK/hub-$pages"
    if [ ! -f "$hub/.seed-$SEED-$LANGUAGES" ]; then
        "$GEN" --variants "$variants" --languages "$LANGUAGES" --seed "$SEED" --out "$hub" 2>/dev/null
        touch "$hub/.seed-$SEED-$LANGUAGES"
    fi
    out_r="$WORK/out-rulehub-$pages"
    out_h="$WORK/out-hugo-$pages"
    rulehub_cmd="$RULEHUB --quiet build --root $hub --output $out_r"
    hugo_cmd="hugo --quiet --source $hub/hugo --destination $out_h"
    echo "== $pages pages ($variants variants × $LANGUAGES languages)"
    prepare="rm -rf $hub/hugo/resources"
    [ "$COLD" = 1 ] && prepare="$prepare $out_r $out_h"
    hyperfine --style basic --warmup 1 --runs "$RUNS" --prepare "$prepare" \
        --export-json "$WORK/hyperfine-$pages.json" \
        -n rulehub "$rulehub_cmd" -n hugo "$hugo_cmd"
    rss_r=$(peak_rss_mib $rulehub_cmd)
    rss_h=$(peak_rss_mib $hugo_cmd)
    pages_r=$(find "$out_r" -name index.html | wc -l)
    pages_h=$(find "$out_h" -name index.html | wc -l)
    python3 - "$WORK/hyperfine-$pages.json" "$pages" "$pages_r" "$pages_h" "$rss_r" "$rss_h" >>"$SUMMARY" <<'EOF'
import json, sys
path, pages, pages_r, pages_h, rss_r, rss_h = sys.argv[1:]
results = {r["command"]: r for r in json.load(open(path))["results"]}
r, h = results["rulehub"], results["hugo"]
ratio = r["mean"] / h["mean"]
print(f"{pages:<7} {'rulehub':<8} {r['mean']:10.3f} {r['stddev'] or 0:10.3f} {int(pages_r) / r['mean']:10.0f} {rss_r:>12} {ratio:10.2f}")
print(f"{pages:<7} {'hugo':<8} {h['mean']:10.3f} {h['stddev'] or 0:10.3f} {int(pages_h) / h['mean']:10.0f} {rss_h:>12}")
EOF
done

# One-page edit under `rulehub serve` on the largest hub: append a marker
# to one variant page, then poll that page until the marker is served.
largest=$(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1)
hub="$WORK/hub-$largest"
page_src="$hub/content/family-01/variant-00000.md"
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
url="${url%/}/family-01/v00000/"
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

echo
echo "load average after:$(uptime | sed 's/.*load average://')" >>"$SUMMARY"
cat "$SUMMARY"
