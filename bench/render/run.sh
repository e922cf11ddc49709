#!/bin/sh
# Times `pushboard render` of a 300-byte template with three variables over COUNT JSON Lines
# recipients against CPython's json.loads + str.replace loop over the same file, in the same run
# (issue 28: pushboard's CPU time must be at most half), and the peak RSS of pushboard at 10 000
# and COUNT lines (it must not grow with the number of lines).
# Usage: bench/render/run.sh   Environment: PUSHBOARD (default .build/release/pushboard),
#        COUNT (default 100000).
set -eu
cd "$(dirname "$0")/../.."
PUSHBOARD=${PUSHBOARD:-.build/release/pushboard}
COUNT=${COUNT:-100000}
work=$(mktemp -d "${TMPDIR:-/tmp}/pushboard-render.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
[ -x /usr/bin/time ] || { echo "missing: /usr/bin/time (apt-get install time)" >&2; exit 2; }
if [ ! -x "$PUSHBOARD" ]; then swift build -c release --product pushboard >&2; fi

python3 bench/render/generate.py "$COUNT" > "$work/all.jsonl"
head -n 10000 "$work/all.jsonl" > "$work/10k.jsonl"
template=bench/render/template.json
printf 'template payload: %s bytes\n' "$(python3 -c 'import json,sys;print(len(json.dumps(json.load(open(sys.argv[1]))["payload"],ensure_ascii=False,separators=(",",":")).encode()))' "$template")"

measure() { # label, command…: prints user+sys CPU seconds, wall seconds and peak RSS
    label=$1; shift
    /usr/bin/time -v -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
    cpu=$(awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.2f", u+s}' "$work/time")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/{print $2}' "$work/time")
    rss=$(awk -F': ' '/Maximum resident set size/{print $2}' "$work/time")
    printf '%-28s cpu %6s s  wall %8s  peak RSS %7s KB\n' "$label" "$cpu" "$wall" "$rss"
    echo "$cpu" > "$work/cpu.$label"
}
measure "pushboard-10k" "$PUSHBOARD" render "$template" --values "$work/10k.jsonl"
measure "pushboard-$COUNT" "$PUSHBOARD" render "$template" --values "$work/all.jsonl"
lines=$(wc -l < "$work/out"); valid=$(grep -c '"valid":true' "$work/out" || true)
echo "pushboard output: $lines lines, $valid valid"
measure "pushboard-$COUNT-1-job" "$PUSHBOARD" render "$template" --values "$work/all.jsonl" --jobs 1
measure "cpython-$COUNT" python3 bench/render/baseline.py "$template" "$work/all.jsonl"
awk -v p="$(cat "$work/cpu.pushboard-$COUNT")" -v c="$(cat "$work/cpu.cpython-$COUNT")" \
    'BEGIN{printf "CPU ratio pushboard/CPython: %.2f (target <= 0.50)\n", p/c}'
