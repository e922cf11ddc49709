#!/bin/sh
# Instructions one served preview costs after validation (what POST /api/v1/preview computes:
# the content from the analysis, one device's preview and its document with the report), counted
# by callgrind: the release preview-bench runs 10 and then 110 calls, and the difference over 100
# is the steady-state cost, without start-up or the one-time tables. Stable on a shared machine,
# where CPU time per request is not. Usage: bench/preview-instructions.sh [PAYLOAD-FILE]
set -eu
cd "$(dirname "$0")/.."
payload=${1:-tests/fixtures/czech.json}
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 2; }
swift build -c release --product preview-bench >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for count in 2 22; do
    PAYLOAD="$payload" SERVED=1 RUNS=1 COUNT=$count valgrind --tool=callgrind \
        --callgrind-out-file="$work/out.$count" .build/release/preview-bench >/dev/null 2>&1
done
total() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
echo "$payload: $(( ($(total "$work/out.22") - $(total "$work/out.2")) / 100 )) instructions per served preview"
