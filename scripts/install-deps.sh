#!/usr/bin/env bash
# Installs what Pushboard needs and is missing, so `make run` and `make test` work on a fresh
# Debian machine that has the Swift toolchain. Usage: scripts/install-deps.sh run|test|bench
# As root it installs with apt-get/pip; otherwise it prints the exact commands and fails.
set -euo pipefail

want="${1:-run}"
debs=(pkg-config libmicrohttpd-dev libsqlite3-dev libsodium-dev)
pips=()
case "$want" in
run) ;;
test) debs+=(chromium chromium-driver jq sqlite3 python3-pip) pips+=(selenium schemathesis pytest) ;;
bench) debs+=(wrk jq time gcc) ;;
*) echo "usage: $0 run|test|bench" >&2; exit 2 ;;
esac

missing=()
for p in "${debs[@]}"; do
    # python3-pip is only needed when this Python has no pip of its own (the toolchain image has one).
    if [ "$p" = python3-pip ] && python3 -m pip --version >/dev/null 2>&1; then continue; fi
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing Debian packages: ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "Missing Debian packages. Install them with:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

missing_py=()
for p in "${pips[@]}"; do
    python3 -m pip show -q "$p" >/dev/null 2>&1 || missing_py+=("$p")
done
if [ ${#missing_py[@]} -gt 0 ]; then
    echo "Installing Python test packages: ${missing_py[*]}"
    python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore "${missing_py[@]}" \
        || python3 -m pip install -q --break-system-packages "${missing_py[@]}"
fi
