#!/usr/bin/env bash
# How evenly the connections of one client pool land on the server's two worker threads: RUNS
# one-second `wrk -t1 -c32` runs of POST /api/v1/validate against a release `pushboard serve
# --threads 2`; per run, the busier worker's share of the workers' CPU time (50 is an even split),
# and how many runs put 90 % or more of the work on one worker. Loopback only.
# Usage: bench/worker-spread.sh [BINARY] [RUNS]   (default .build/release/pushboard, 20 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/pushboard}
runs=${2:-20}
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$binary" serve --host 127.0.0.1 --port "$port" --data "$work/data" --threads 2 >"$work/log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done

worker_ticks() {
    for task in /proc/"$pid"/task/*; do
        # One libmicrohttpd daemon per worker names its thread MHD-single (a pool's: MHD-worker).
        case "$(cat "$task/comm")" in
        MHD-single | MHD-worker) echo "$(basename "$task") $(awk '{print $14 + $15}' "$task/stat")" ;;
        esac
    done | sort
}

lopsided=0
shares=""
for _ in $(seq 1 "$runs"); do
    worker_ticks >"$work/before"
    wrk -t1 -c32 -d1s -s bench/post.lua "http://127.0.0.1:$port/api/v1/validate" >/dev/null
    worker_ticks >"$work/after"
    share=$(join "$work/before" "$work/after" |
        awk '{d = $3 - $2; s += d; if (d > m) m = d} END {printf "%d", (s > 0 ? 100 * m / s : 0)}')
    shares="$shares $share"
    if [ "$share" -ge 90 ]; then lopsided=$((lopsided + 1)); fi
done
echo "busier worker's share of the CPU, per run (%):$shares"
echo "runs with >= 90 % of the work on one worker: $lopsided of $runs"
