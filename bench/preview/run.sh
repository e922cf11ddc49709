#!/bin/sh
# The preview engine's speed in a release build: the matrix of every device × surface must
# answer in under 5 ms (issue 8). Usage: bench/preview/run.sh   (RUNS=N batches, default 9)
set -eu
cd "$(dirname "$0")/../.."
swift build -c release --product preview-bench >&2
exec .build/release/preview-bench
