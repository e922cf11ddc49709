#!/usr/bin/env bash
# Runs COMMAND and then prints its wall time and the CPU time of everything it waited for, so
# `make test` shows where its minutes go and how busy the cores were.
# Usage: scripts/timed.sh NAME COMMAND…
set -uo pipefail
name=$1
shift
TIMEFORMAT="== $name: %R s wall, %U s user + %S s system CPU"
time "$@"
