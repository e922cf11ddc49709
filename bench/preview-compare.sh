#!/bin/bash
# Whether two builds answer POST /api/v1/preview with the same bytes: every payload of
# bench/preview-payloads (or DIR) with ten query strings and two Accept headers (620 requests for
# the 31 payloads) is posted to both, on loopback, first with no category registered, then with
# the categories of tests/fixtures/categories.json (1240 requests in all), and the bodies are
# compared byte for byte. A speed change to the preview must leave this at "0 differ".
# Usage: bench/preview-compare.sh OLD-BINARY NEW-BINARY [DIR]
set -u
cd "$(dirname "$0")/.."
old=$1; new=$2; dir=${3:-bench/preview-payloads}
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start() {
    "$1" serve --host 127.0.0.1 --port "$2" --data "$work/$3" --threads 2 >"$work/$3.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$2/healthz" && return; sleep 0.1; done
    echo "$1 did not start" >&2; exit 2
}
porta=$(port); start "$old" "$porta" a
portb=$(port); start "$new" "$portb" b
n=0; diffs=0
for registry in none tests/fixtures/categories.json; do
if [ "$registry" != none ]; then
    for p in "$porta" "$portb"; do
        curl -sf -o /dev/null -X PUT -H "Content-Type: application/json" --data-binary "@$registry" \
            "http://127.0.0.1:$p/api/v1/categories" || { echo "could not register $registry" >&2; exit 2; }
    done
fi
for f in "$dir"/*.json; do
    for q in "" "?device=all" "?device=ipad" "?device=watch" "?device=carplay" "?hiddenPreviews=true" \
        "?ios=10-14" "?device=mac&surface=expanded" "?format=text" "?device=all&format=table"; do
        for accept in application/json text/plain; do
            post() {
                curl -s -X POST -H "Content-Type: application/json" -H "apns-push-type: alert" \
                    -H "Accept: $accept" --data-binary "@$f" "http://127.0.0.1:$1/api/v1/preview$q"
            }
            post "$porta" >"$work/a.out"; post "$portb" >"$work/b.out"
            n=$((n + 1))
            if ! cmp -s "$work/a.out" "$work/b.out"; then
                diffs=$((diffs + 1))
                echo "DIFF $f $q $accept (registry: $registry)"
            fi
        done
    done
done
done
echo "compared $n responses, $diffs differ"
[ "$diffs" -eq 0 ]
