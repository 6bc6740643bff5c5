#!/usr/bin/env bash
# Load on the room server: ROOMS rooms at once, two WebSockets each, playing
# MOVES moves per room as fast as the server relays them, on loopback.
# Starts this checkout's release `rulehub room` on a scratch data folder,
# runs the load client (crates/rulehub-room/examples/room_load.rs) and
# prints its relay latency percentiles, errors and lost moves, then the
# server's peak RSS (VmHWM) and the journal size.
#
#   benches/rooms.sh                   # 1000 rooms x 20 moves, players thinking 0.5 s on average
#   THINK_MS=0 benches/rooms.sh        # every player moves at once: the server's saturation
#   ROOMS=200 MOVES=40 benches/rooms.sh
#
# The server runs with limits raised for the load (--max-rooms, and
# --frames-per-second since every socket moves as fast as it can); every
# move is fsynced as in production. Client and server share the machine.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOMS=${ROOMS:-1000}
MOVES=${MOVES:-20}
THINK_MS=${THINK_MS:-500}
WORK=$(mktemp -d /tmp/rulehub-rooms-bench.XXXXXX)
trap 'kill -INT "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$WORK"' EXIT

ulimit -n 16384 2>/dev/null || true
cargo build --release -q --bin rulehub
cargo build --release -q -p rulehub-room --example room-load

target/release/rulehub room --listen 127.0.0.1:0 --data "$WORK/data" --root "$WORK" \
    --max-rooms $((ROOMS * 2)) --frames-per-second 1000 >"$WORK/server.out" 2>"$WORK/server.err" &
server=$!
for _ in $(seq 100); do
    grep -q 'http://' "$WORK/server.out" 2>/dev/null && break
    sleep 0.1
done
addr=$(grep -o 'http://[0-9.:]*' "$WORK/server.out" | head -1 | sed 's|http://||')
[ -n "$addr" ] || { echo "the server did not start:"; cat "$WORK/server.err"; exit 1; }

echo "== $ROOMS rooms x $MOVES moves, thinking $THINK_MS ms, against $addr ($(nproc) cores)"
target/release/examples/room-load "$addr" "$ROOMS" "$MOVES" "$THINK_MS"
echo "server peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}')"
echo "journal on disk: $(du -sh "$WORK/data" | cut -f1)"
if [ -s "$WORK/server.err" ]; then echo "server stderr:"; cat "$WORK/server.err"; fi
