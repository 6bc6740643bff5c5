#!/bin/sh
# Strength of the AI levels, for BENCHMARKS.md: normal against a random
# mover on each side of each preset, and each level against the level below
# with sides alternated. Usage: benches/ai-strength.sh [GAMES] [PRESETS...]
# (GAMES per side, default 100; run after `cargo build --release`).
set -eu
games=${1:-100}
[ $# -gt 0 ] && shift
presets=${*:-tablut brandubh copenhagen}
bin=${RULEHUB:-target/release/rulehub}
tally() { "$bin" match --rules "$1" --attackers "$2" --defenders "$3" --games "$4" --seed 1 | tail -n 1; }
for p in $presets; do
  echo "$p normal-vs-random as attackers ($games): $(tally "$p" normal random "$games")"
  echo "$p normal-vs-random as defenders ($games): $(tally "$p" random normal "$games")"
done
for p in $presets; do
  echo "$p normal(att) vs easy(def) ($games): $(tally "$p" normal easy "$games")"
  echo "$p easy(att) vs normal(def) ($games): $(tally "$p" easy normal "$games")"
done
