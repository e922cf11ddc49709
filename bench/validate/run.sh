#!/bin/sh
# Times `pushboard validate --jsonl` (parse AND validate) against two parse-only baselines on the
# same file in the same run: `jq -c .` and a CPython loop of `json.loads` per line.
# Prints wall and CPU seconds, payloads/s and MB/s (from the wall time) and the peak RSS of each
# (pushboard's is the one that matters: it must not grow with the number of lines), and the
# CPU-time ratio pushboard/CPython, which must be at most 0.50 (issue 9). pushboard validates on
# every core, so its CPU time can exceed its wall time.
#
# Usage: bench/validate/run.sh [FILE]      (default: generate 100 000 payloads, fixed seed)
# Environment: PUSHBOARD (default .build/release/pushboard), COUNT (default 100000),
#              RUNS (best of N, default 3), ENVELOPE=1 to validate envelope lines.
set -eu
cd "$(dirname "$0")/../.."

PUSHBOARD=${PUSHBOARD:-.build/release/pushboard}
COUNT=${COUNT:-100000}
RUNS=${RUNS:-3}
ENVELOPE=${ENVELOPE:-0}
work=$(mktemp -d "${TMPDIR:-/tmp}/pushboard-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

need() { command -v "$1" >/dev/null 2>&1 || { echo "missing: $1 ($2)" >&2; exit 2; }; }
need jq "apt-get install jq"
need python3 "apt-get install python3"
[ -x /usr/bin/time ] || { echo "missing: /usr/bin/time (apt-get install time)" >&2; exit 2; }

envelope_flag=""
if [ "$ENVELOPE" = 1 ]; then envelope_flag="--envelope"; fi
if [ $# -ge 1 ]; then
    file=$1
else
    file="$work/payloads.jsonl"
    echo "generating $COUNT payloads ..." >&2
    if [ "$ENVELOPE" = 1 ]; then
        python3 bench/validate/generate.py --count "$COUNT" --envelope > "$file"
    else
        python3 bench/validate/generate.py --count "$COUNT" > "$file"
    fi
fi
if [ ! -x "$PUSHBOARD" ]; then
    echo "building $PUSHBOARD ..." >&2
    swift build -c release --static-swift-stdlib --product pushboard >&2
fi

lines=$(wc -l < "$file")
bytes=$(wc -c < "$file")
echo "file: $file  $lines lines  $bytes bytes"
cat > "$work/loads.py" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as lines:
    for line in lines:
        json.loads(line)
PY

# measure NAME COMMAND...: best wall time of $RUNS runs and the peak RSS of that run.
measure() {
    name=$1; shift
    best=""; best_rss=""; best_cpu=""; least_cpu=""
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        # exit status 1 means "some payload is invalid", which the file is meant to contain.
        status=0
        /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" > /dev/null || status=$?
        if [ "$status" -gt 1 ]; then
            echo "FAIL: $* exited with status $status" >&2
            exit 2
        fi
        # time prefixes "Command exited with non-zero status 1" when the command failed.
        read -r seconds rss user system <<TIME
$(tail -n 1 "$work/time")
TIME
        cpu=$(awk "BEGIN { print $user + $system }")
        if [ -z "$best" ] || awk "BEGIN { exit !($seconds < $best) }"; then
            best=$seconds; best_rss=$rss; best_cpu=$cpu
        fi
        if [ -z "$least_cpu" ] || awk "BEGIN { exit !($cpu < $least_cpu) }"; then
            least_cpu=$cpu
        fi
        i=$((i + 1))
    done
    awk -v n="$name" -v s="$best" -v l="$lines" -v b="$bytes" -v r="$best_rss" -v c="$best_cpu" 'BEGIN {
        if (s <= 0) s = 0.001
        printf "%-32s %7.3f s (cpu %6.3f s) %9.0f payloads/s %7.1f MB/s  peak RSS %6.1f MB\n",
            n, s, c, l / s, b / s / 1e6, r / 1024 }'
    echo "$best" > "$work/$name.seconds"
    echo "$least_cpu" > "$work/$name.cpu"
}

# The run must really validate: exactly one report per input line.
reports=$("$PUSHBOARD" validate --jsonl $envelope_flag "$file" | wc -l)
if [ "$reports" -ne "$lines" ]; then
    echo "FAIL: $PUSHBOARD wrote $reports reports for $lines lines" >&2
    exit 1
fi

measure "pushboard validate --jsonl" "$PUSHBOARD" validate --jsonl $envelope_flag "$file"
measure "jq -c . (parse only)" jq -c . "$file"
measure "python json.loads (parse only)" python3 "$work/loads.py" "$file"

# CPU time (user + sys, the least of the runs): wall time hides work spread over several cores.
pbcpu=$(cat "$work/pushboard validate --jsonl.cpu")
pycpu=$(cat "$work/python json.loads (parse only).cpu")
cpu_ok=0
awk -v pb="$pbcpu" -v py="$pycpu" 'BEGIN {
    if (py <= 0) py = 0.001
    printf "CPU time (least of the runs): pushboard %.3f s, CPython json.loads %.3f s: pushboard/CPython = %.2f   (goal <= 0.50)\n",
        pb, py, pb / py
    exit !(pb <= 0.5 * py) }' || cpu_ok=1

pb=$(cat "$work/pushboard validate --jsonl.seconds")
jqs=$(cat "$work/jq -c . (parse only).seconds")
pys=$(cat "$work/python json.loads (parse only).seconds")
awk -v pb="$pb" -v jq="$jqs" -v py="$pys" 'BEGIN {
    if (pb <= 0) pb = 0.001
    printf "pushboard is %.2fx as fast as jq and %.2fx as fast as CPython json.loads\n", jq / pb, py / pb
    exit !(pb < jq && pb < py) }' || { echo "FAIL: pushboard is not faster than both baselines" >&2; exit 1; }
if [ "$cpu_ok" -ne 0 ]; then
    echo "FAIL: pushboard used more than half the CPU time of CPython's json.loads loop" >&2
    exit 1
fi
