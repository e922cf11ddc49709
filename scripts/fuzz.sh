#!/usr/bin/env bash
# Builds the libFuzzer targets (AddressSanitizer + coverage) and runs each for SECONDS.
# Usage: scripts/fuzz.sh SECONDS [TARGET…]   (default: every target in Fuzz/corpus/)
#        scripts/fuzz.sh --build-only         (only the build; `make test` runs it beside the others)
# The seed corpora in Fuzz/corpus/ are read only; new inputs go to .build-fuzz/corpus/TARGET,
# crashes to .build-fuzz/artifacts/TARGET/ (and the run fails). Prints executions per target.
set -euo pipefail

seconds="${1:-60}"
shift || true
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for dir in Fuzz/corpus/*/; do targets+=("$(basename "$dir")"); done
fi

# SwiftPM links executables with `main` aliased to the module's entry point, so the fuzzer's own
# main cannot be used: link libFuzzer without main and call LLVMFuzzerRunDriver (FuzzMain.swift).
swiftc_path="$(command -v swiftc)"
fuzzer_lib="$(dirname "$(readlink -f "$swiftc_path")")/../lib/swift/clang/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a"
[ -f "$fuzzer_lib" ] || { echo "fuzz.sh: no libFuzzer in the toolchain ($fuzzer_lib)" >&2; exit 2; }
${SWIFT:-swift} build --scratch-path .build-fuzz --product PushboardFuzz \
    -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xswiftc -DFUZZING -Xlinker "$fuzzer_lib" -Xlinker -lstdc++
binary=.build-fuzz/debug/PushboardFuzz
[ "$seconds" = --build-only ] && exit 0

failed=0
for target in "${targets[@]}"; do
    work=".build-fuzz/corpus/$target"
    artifacts=".build-fuzz/artifacts/$target/"
    mkdir -p "$work" "$artifacts"
    log=".build-fuzz/$target.log"
    # The Swift backtracer would symbolicate each crash at length; libFuzzer reports it already.
    if SWIFT_BACKTRACE=enable=no PUSHBOARD_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=1 \
        "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$artifacts" "$work" "Fuzz/corpus/$target" >"$log" 2>&1; then
        runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
        echo "fuzz $target: ${runs} executions in ${seconds} s, no crash"
    else
        echo "fuzz $target: FAILED, see $log and $artifacts" >&2
        tail -30 "$log" >&2
        failed=1
    fi
done
exit "$failed"
