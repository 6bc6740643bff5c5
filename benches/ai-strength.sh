#!/bin/sh
# Strength of the AI levels, for BENCHMARKS.md: normal against a random
# mover on each side of each preset, and each level against the level below
# with sides alternated. Usage: benches/ai-strength.sh [GAMES] [PRESETS...]
# (GAMES per side, default 100; run after `cargo build --release`; a hard
# move takes 1-2 s, so the hard pairings want a small GAMES).
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
# Each level against the one below it, both ways round.
for pair in "normal easy" "hard normal"; do
  set -- $pair
  for p in $presets; do
    echo "$p $1(att) vs $2(def) ($games): $(tally "$p" "$1" "$2" "$games")"
    echo "$p $2(att) vs $1(def) ($games): $(tally "$p" "$2" "$1" "$games")"
  done
done
