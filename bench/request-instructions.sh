#!/usr/bin/env bash
# Instructions one whole served request costs (libmicrohttpd, the middleware, the route and the
# access log), counted by callgrind in a running `pushboard serve`: after 20 warm-up requests the
# counters are zeroed, COUNT requests go over one keep-alive connection, and the total over COUNT
# is printed. Stable on a shared machine, where CPU time per request under wrk is not, so it is
# the measure to compare two builds with (bench/http.sh's BENCH_AGAINST compares them under load).
# Usage: bench/request-instructions.sh BINARY [BINARY…]   (COUNT=200 by default; ROUTES to choose
# among /healthz /static/pushboard.css /api/v1/validate /api/v1/preview, which POST the Czech
# payload with the fixture's "message" category registered)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bench/request-instructions.sh BINARY [BINARY…]" >&2; exit 2; }
for tool in valgrind callgrind_control curl python3; do
    command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install valgrind curl python3" >&2; exit 2; }
done
count=${COUNT:-200}
routes=${ROUTES:-/healthz /static/pushboard.css /api/v1/validate /api/v1/preview}
payload=tests/fixtures/czech.json
work=$(mktemp -d)
vpid=""
cleanup() {
    [ -z "$vpid" ] || kill "$vpid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 - >"$work/registry.json" <<'PY'
import json
base = json.load(open("tests/fixtures/categories.json"))
print(json.dumps({"categories": [c for c in base["categories"] if c["identifier"] == "message"]}))
PY

# Sends $2 requests to route $1 over one connection (curl reuses it for every URL it is given).
requests() { # route count
    local urls=() i
    for ((i = 0; i < $2; i++)); do urls+=("http://127.0.0.1:$port$1"); done
    if [[ $1 == /api/* ]]; then
        curl -s -X POST -H 'Content-Type: application/json' --data-binary "@$payload" "${urls[@]}" >/dev/null
    else
        curl -s "${urls[@]}" >/dev/null
    fi
}

printf '%-50s %-24s %14s\n' binary route instructions/request
for binary in "$@"; do
    for route in $routes; do
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        rm -rf "$work/data" "$work"/callgrind.*
        valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.%p" \
            "$binary" serve --host 127.0.0.1 --port "$port" --data "$work/data" --threads 2 \
            >"$work/server.log" 2>&1 &
        vpid=$!
        for _ in $(seq 1 300); do
            curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break
            sleep 0.2
        done
        curl -sf -o /dev/null -X PUT -H 'Content-Type: application/json' \
            --data-binary "@$work/registry.json" "http://127.0.0.1:$port/api/v1/categories"
        requests "$route" 20
        callgrind_control -z "$vpid" >/dev/null 2>&1
        requests "$route" "$count"
        callgrind_control -d "$vpid" >/dev/null 2>&1
        kill "$vpid"
        wait "$vpid" 2>/dev/null || true
        vpid=""
        # The dump asked for holds the counts since the zeroing; the one written at exit, more.
        dump=$(ls "$work"/callgrind.*.1 2>/dev/null | head -1)
        total=$(awk '/^(summary|totals):/ { print $2; exit }' "$dump")
        printf '%-50s %-24s %14d\n' "$binary" "$route" $((total / count))
    done
done
