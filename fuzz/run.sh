#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for a bounded time each.
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# The default splits a minute between the targets run (4 s each for the
# 14 targets, at least 1 s), so a CI run stays near a minute of fuzzing as
# targets are added; targets run side by side, one a core (FUZZ_JOBS).
# Inputs found beyond the committed seeds go to fuzz/found/<target>/ (kept
# between runs, so longer runs build on shorter ones; not committed). Exits
# non-zero if any target crashed, hung or ran out of memory, and names the
# input that did it (saved under fuzz/artifacts/<target>/).
set -euo pipefail
cd "$(dirname "$0")"

# Seconds of fuzzing a run aims at when no time per target is given.
total_seconds=60
seconds=${1:-}
shift || true
if [[ -n $seconds ]] && ! [[ $seconds =~ ^[0-9]+$ ]]; then
    echo "usage: fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]" >&2
    exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz/run.sh needs cargo-fuzz and a nightly toolchain:" >&2
    echo "  rustup toolchain install nightly && cargo install cargo-fuzz --locked" >&2
    exit 2
fi

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
if [[ -z $seconds ]]; then
    seconds=$((total_seconds / ${#targets[@]}))
    ((seconds >= 1)) || seconds=1
fi

# Which dictionary helps which target.
dict_for() {
    case $1 in
        front_matter | hub_check) echo dict/page.dict ;;
        hub_config | render_ops | example_block | palette) echo dict/yaml.dict ;;
        markdown) echo dict/markdown.dict ;;
        setup) echo dict/setup.dict ;;
        record | game_block) echo dict/record.dict ;;
        pdn_record | fen) echo dict/pdn.dict ;;
        translation_meta) echo dict/page.dict ;;
        i18n) echo dict/fluent.dict ;;
    esac
}

# One build for every target: optimised, but with debug assertions and
# overflow checks on, so an arithmetic overflow is a crash as in a debug build.
# No sanitizer (`-s none`): the parsers are safe Rust, so AddressSanitizer
# would only watch the dependencies' unsafe code, at the cost of a build a
# third longer and slower runs; the long runs of docs/fuzzing.md keep it.
sanitizer=(-s none)
cargo +nightly fuzz build -O --debug-assertions "${sanitizer[@]}"

# Targets run side by side, one a core (FUZZ_JOBS to choose): each
# libFuzzer process uses one, and a run's time is its own.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
((jobs >= 1)) || jobs=1

# fuzz_one TARGET: fuzzes it for the time given, its output in its log.
fuzz_one() {
    local target=$1
    mkdir -p "found/$target" "corpus/$target" logs
    local args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
    local dict
    dict=$(dict_for "$target")
    [[ -n $dict ]] && args+=(-dict="$dict")
    cargo +nightly fuzz run -O --debug-assertions "${sanitizer[@]}" "$target" "found/$target" "corpus/$target" \
        -- "${args[@]}" >"logs/$target.log" 2>&1
}

failed=()
for ((first = 0; first < ${#targets[@]}; first += jobs)); do
    batch=("${targets[@]:first:jobs}")
    pids=()
    for target in "${batch[@]}"; do
        fuzz_one "$target" &
        pids+=($!)
    done
    for k in "${!batch[@]}"; do
        target=${batch[$k]}
        log="logs/$target.log"
        echo "== fuzz $target for ${seconds}s"
        if wait "${pids[$k]}"; then
            grep -E '^stat::number_of_executed_units|^Done' "$log" | tr '\n' ' ' || true
            echo
        else
            failed+=("$target")
            # The panic and its message, and where libFuzzer saved the input.
            grep -m1 -A1 'panicked at' "$log" || true
            grep -E 'ERROR: libFuzzer|Test unit written to' "$log" | head -n 4 || true
            echo "   full log: fuzz/$log"
        fi
    done
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo
    echo "fuzzing found problems in: ${failed[*]}"
    for target in "${failed[@]}"; do
        sed -n 's/^.*Test unit written to \(.*\)$/   \1/p' "logs/$target.log"
    done
    echo "reproduce with: cd fuzz && cargo +nightly fuzz run -O -a TARGET INPUT (see docs/fuzzing.md)"
    exit 1
fi
echo "fuzzing: ${#targets[@]} targets ran ${seconds}s each without a crash"
