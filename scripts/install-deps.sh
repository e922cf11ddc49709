#!/usr/bin/env bash
# Installs what Pushboard needs and is missing, so `make run` and `make test` work on a fresh
# Debian machine that has the Swift toolchain. Usage: scripts/install-deps.sh run|test|bench|deb|fonts
# (`fonts`: what scripts/fonts/make-woff2.py, scripts/fonts/shaping-fixture.py and
# scripts/widths/generate.py read.)
# As root it installs with apt-get/pip; otherwise it prints the exact commands and fails.
set -euo pipefail

want="${1:-run}"
debs=(pkg-config libmicrohttpd-dev libsqlite3-dev libpq-dev libcurl4-openssl-dev libsodium-dev libharfbuzz-dev zlib1g-dev
      libssl-dev       # OpenSSL's libcrypto: APNs provider tokens, keys, certificates (CCrypto)
      ca-certificates  # the USERTrust RSA root APNs' servers chain to since 2025
      fonts-noto-color-emoji)  # the emoji font the previews serve (EmojiFont.swift)
pips=()
case "$want" in
run) ;;
test) debs+=(chromium chromium-driver jq sqlite3 python3-pip) pips+=(selenium schemathesis pytest pytest-xdist) ;;&
test) debs+=(dpkg-dev binutils lintian systemd wrk postgresql haproxy) pips+=(prometheus-client h2 cryptography) ;;  # h2: the local APNs
deb) debs+=(dpkg-dev binutils) ;;
bench) debs+=(wrk jq time gcc valgrind) ;;
fonts) debs+=(fonts-inter fonts-noto-core fonts-noto-color-emoji python3-pip) pips+=(fonttools brotli uharfbuzz) ;;
*) echo "usage: $0 run|test|bench|deb|fonts" >&2; exit 2 ;;
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

# axe-core 4 for the accessibility test: only the axe.min.js inside axe-playwright-python is
# used (injected with Selenium), so its Playwright dependency is not installed.
if [ "$want" = test ] && ! python3 -m pip show -q axe-playwright-python >/dev/null 2>&1; then
    echo "Installing Python test package: axe-playwright-python (without dependencies)"
    python3 -m pip install -q --no-deps --disable-pip-version-check --root-user-action=ignore axe-playwright-python \
        || python3 -m pip install -q --no-deps --break-system-packages axe-playwright-python
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

# A test-only virtual environment with the kalyke-apns Live Activity builder, whose real output
# tests/test_kalyke.py checks (issue 14). Kept apart so its dependencies never meet the tests'.
if [ "$want" = test ]; then
    venv="$(cd "$(dirname "$0")/.." && pwd)/.venv-kalyke"
    if ! "$venv/bin/python" -c 'import kalyke' >/dev/null 2>&1; then
        echo "Installing kalyke-apns 1.5.0 into $venv"
        python3 -m venv "$venv" || { apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$venv"; }
        "$venv/bin/python" -m pip install -q --disable-pip-version-check kalyke-apns==1.5.0
    fi
fi
