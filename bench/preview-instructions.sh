#!/bin/sh
# Instructions and heap allocations one served preview costs after validation (what
# POST /api/v1/preview computes: the content from the analysis, one device's preview and its
# document with the report), counted by callgrind: the release preview-bench runs 10 and then 110
# calls, and the difference over 100 is the steady-state cost, without start-up or the one-time
# tables. Stable on a shared machine, where CPU time per request is not.
# Usage: bench/preview-instructions.sh [PAYLOAD-FILE]   (BENCH=<preview-bench binary> measures that
# build instead of building this one, e.g. an older one kept for comparison)
set -eu
cd "$(dirname "$0")/.."
payload=${1:-tests/fixtures/czech.json}
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 2; }
bench=${BENCH:-}
if [ -z "$bench" ]; then
    swift build -c release --product preview-bench >&2
    bench=.build/release/preview-bench
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for count in 2 22; do
    PAYLOAD="$payload" SERVED=1 RUNS=1 COUNT=$count valgrind --tool=callgrind \
        --callgrind-out-file="$work/out.$count" "$bench" >/dev/null 2>&1
done
total() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
# Calls of malloc: the "(Nx)" of each caller listed above malloc's line in the caller tree.
mallocs() {
    callgrind_annotate --tree=caller --threshold=100 "$1" 2>/dev/null | awk '
        /^ *[0-9,]+ .* < / { if (match($0, /\(([0-9,]+)x\)/)) { n = substr($0, RSTART + 1, RLENGTH - 3); gsub(",", "", n); sum += n } next }
        /\*  .*malloc\.c:malloc / { print sum; exit }
        { sum = 0 }'
}
instructions=$(( ($(total "$work/out.22") - $(total "$work/out.2")) / 100 ))
allocations=$(( ($(mallocs "$work/out.22") - $(mallocs "$work/out.2")) / 100 ))
echo "$payload: $instructions instructions, $allocations allocations per served preview"
