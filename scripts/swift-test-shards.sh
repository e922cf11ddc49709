#!/usr/bin/env bash
# Runs the Swift test bundle in SHARDS processes at once, each given a share of the suites.
# Usage: scripts/swift-test-shards.sh SHARDS BUNDLE [--filter REGEX]
#
# Why: Swift Testing runs tests on the concurrency pool, which is one thread per core. A test
# that waits (a live server's deadline, a child process, PostgreSQL starting) holds one of the
# two threads of a 2-core machine, so one process leaves the cores idle while tests wait. Each
# shard is its own process with its own pool. The bundle is run directly: `swift test` would
# serialize the shards on its lock of the build directory.
#
# Every suite runs in exactly one shard (checked: the shards' test counts must add up to the
# bundle's). Each shard's output is printed whole once it ends; the run fails if any shard does.
set -uo pipefail

shards="${1:?shard count}"
bundle="${2:?test bundle}"
shift 2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bundle" --testing-library swift-testing --list-tests "$@" 2>/dev/null >"$work/tests" \
    || { echo "swift-test-shards: cannot list the tests of $bundle" >&2; exit 2; }
total=$(wc -l <"$work/tests")
[ "$total" -gt 0 ] || { echo "swift-test-shards: no tests listed" >&2; exit 2; }

# Suites (the test ID up to its first slash), dealt round-robin in name order.
sed -E 's#/.*##' "$work/tests" | sort -u >"$work/suites"
for ((i = 0; i < shards; i++)); do
    awk -v n="$shards" -v i="$i" '(NR - 1) % n == i { gsub(/\./, "\\."); print }' "$work/suites" \
        | paste -sd'|' >"$work/pattern.$i"
done

pids=()
for ((i = 0; i < shards; i++)); do
    pattern="$(cat "$work/pattern.$i")"
    [ -n "$pattern" ] || continue
    "$bundle" --testing-library swift-testing --filter "^($pattern)/" >"$work/out.$i" 2>&1 &
    pids[i]=$!
done

failed=0
counted=0
for i in "${!pids[@]}"; do
    wait "${pids[i]}" || failed=1
    echo "== shard $((i + 1)) of $shards"
    cat "$work/out.$i"
    n=$(grep -aoE 'Test run with [0-9]+ tests' "$work/out.$i" | grep -oE '[0-9]+' | tail -1)
    counted=$((counted + ${n:-0}))
done
if [ "$counted" -ne "$total" ]; then
    echo "swift-test-shards: the shards ran $counted tests of $total" >&2
    failed=1
fi
[ "$failed" -eq 0 ] && echo "swift-test-shards: $total tests in $shards processes passed"
exit "$failed"
