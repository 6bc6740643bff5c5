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
#   BENCH_DIR=/dev/shm benches/rooms.sh  # the journal on tmpfs: relay latency without the disk
#   RULEHUB=/tmp/old/rulehub benches/rooms.sh  # another build of the server (before/after
#                                      # comparisons; it must take --max-connections-per-address,
#                                      # or set CAP_FLAG= for builds older than it)
#   REDIS=1 ROOMS=200 benches/rooms.sh # two servers over one redis-server (started here on
#                                      # a free port, persistence off); creators on one, guests
#                                      # on the other: every relay crosses servers
#
# The server runs with limits raised for the load (--max-rooms,
# --frames-per-second since every socket moves as fast as it can, and
# --max-connections-per-address 0 since every client is 127.0.0.1); every
# move is fsynced as in production. Client and server share the machine.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOMS=${ROOMS:-1000}
MOVES=${MOVES:-20}
THINK_MS=${THINK_MS:-500}
REDIS=${REDIS:-0}
TARGET=${CARGO_TARGET_DIR:-target}
RULEHUB=${RULEHUB:-$TARGET/release/rulehub}
# Every client connects from 127.0.0.1: no per-address cap.
CAP_FLAG=${CAP_FLAG---max-connections-per-address 0}
# BENCH_DIR=/dev/shm keeps the journal in memory: the fsync then costs
# nothing, and the figures are the relay's alone (on a machine whose disk
# other work keeps busy, the fsync's wait dominates the tail).
WORK=$(mktemp -d "${BENCH_DIR:-/tmp}/rulehub-rooms-bench.XXXXXX")
server="" server2="" redis=""
stop_all() {
    for pid in $server $server2; do kill -INT "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    if [ -n "$redis" ]; then kill "$redis" 2>/dev/null || true; wait "$redis" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap stop_all EXIT

ulimit -n 16384 2>/dev/null || true
cargo build --release -q --bin rulehub
cargo build --release -q -p rulehub-room --example room-load

# Starts `rulehub room` with the given store arguments; prints its address.
start_server() {
    local name=$1
    shift
    # shellcheck disable=SC2086 # CAP_FLAG is a flag and its value, or nothing
    "$RULEHUB" room --listen 127.0.0.1:0 --root "$WORK" "$@" \
        --max-rooms $((ROOMS * 2)) --frames-per-second 1000 $CAP_FLAG >"$WORK/$name.out" 2>"$WORK/$name.err" &
    echo $! >"$WORK/$name.pid"
    for _ in $(seq 100); do
        grep -q 'http://' "$WORK/$name.out" 2>/dev/null && break
        sleep 0.1
    done
    grep -o 'http://[0-9.:]*' "$WORK/$name.out" | head -1 | sed 's|http://||'
}

if [ "$REDIS" = 1 ]; then
    command -v redis-server >/dev/null || { echo "REDIS=1 needs redis-server (apt-get install redis-server)"; exit 1; }
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    redis-server --port "$port" --bind 127.0.0.1 --dir "$WORK" --save "" --appendonly no >"$WORK/redis.out" 2>&1 &
    redis=$!
    for _ in $(seq 100); do
        redis-cli -p "$port" ping >/dev/null 2>&1 && break
        sleep 0.1
    done
    addr=$(start_server server --redis "redis://127.0.0.1:$port/")
    server=$(cat "$WORK/server.pid")
    addr2=$(start_server server2 --redis "redis://127.0.0.1:$port/")
    server2=$(cat "$WORK/server2.pid")
    [ -n "$addr" ] && [ -n "$addr2" ] || { echo "a server did not start:"; cat "$WORK"/server*.err; exit 1; }
    echo "== $ROOMS rooms x $MOVES moves, thinking $THINK_MS ms, across $addr and $addr2 over Redis ($(nproc) cores)"
    "$TARGET/release/examples/room-load" "$addr" "$ROOMS" "$MOVES" "$THINK_MS" "$addr2"
    echo "servers' peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}'), $(grep VmHWM /proc/$server2/status | awk '{print $2, $3}')"
    echo "Redis memory: $(redis-cli -p "$port" info memory | grep '^used_memory_human' | cut -d: -f2 | tr -d '\r')"
else
    addr=$(start_server server --data "$WORK/data")
    server=$(cat "$WORK/server.pid")
    [ -n "$addr" ] || { echo "the server did not start:"; cat "$WORK/server.err"; exit 1; }
    echo "== $ROOMS rooms x $MOVES moves, thinking $THINK_MS ms, against $addr ($(nproc) cores)"
    "$TARGET/release/examples/room-load" "$addr" "$ROOMS" "$MOVES" "$THINK_MS"
    echo "server peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}')"
    echo "journal on disk: $(du -sh "$WORK/data" | cut -f1)"
fi
for err in "$WORK"/server*.err; do
    if [ -s "$err" ]; then echo "$(basename "$err" .err) stderr:"; cat "$err"; fi
done
