#!/usr/bin/env bash
# HTTP benchmark (called by `make bench`): wrk against the release `pushboard serve` and, in the
# same run, against bench/ceiling.c, a tiny C libmicrohttpd server in the same threading mode that
# answers a fixed body with a pool of as many epoll threads: the ceiling this machine and library
# allow. (Pushboard accepts on a thread of its own and hands each connection to a free worker,
# `ConnectionAcceptor`; the C server lets libmicrohttpd's pool accept, which on two cores is the
# faster for a fixed body: a run where one worker happens to take every connection leaves the
# other core to wrk.)
#
# Targets: /healthz, a static file, and POST /api/v1/validate and /api/v1/preview with a realistic
# Czech payload (tests/fixtures/czech.json), each with the registry empty, with 1 category and
# with 500. For each: requests/s, p50 and p99 latency, errors, its share of the C server's
# requests/s (each run paired with a run of the C server just before it; the median pair), and
# the server's CPU time (user + system) per request (the median round); then the server's peak
# RSS (VmHWM) and the issue's goals (validate >= 40 % and preview >= 25 % of the C server, p99 <
# 10 ms, peak RSS < 60 MB, 500 categories within 10 % of 1, judged by CPU time per request,
# which the load of other processes on a shared machine moves far less than requests/s).
# Loopback only. Knobs: BENCH_DURATION (seconds per run, default 3), BENCH_ROUNDS (default 5),
# BENCH_CONNECTIONS (default 32), BENCH_WRK_THREADS (default 1), BENCH_SERVER_THREADS (default:
# core count), BENCH_SKIP_BUILD=1 to use the binaries as they are.
#
# BENCH_AGAINST=PATH also serves an earlier pushboard binary (a build of the previous main) and
# measures it in every pair right after this one: C server, this build, the earlier build. Two
# benches run one after the other on a shared machine differ by more than a change does; in one
# run, each round's three measurements see the same load, so the comparison is taken per round.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${BENCH_DURATION:-3}
rounds=${BENCH_ROUNDS:-5}
connections=${BENCH_CONNECTIONS:-32}
wrk_threads=${BENCH_WRK_THREADS:-1}
server_threads=${BENCH_SERVER_THREADS:-$(nproc)}
static_path=${BENCH_STATIC_PATH:-/static/pushboard.css}
payload=tests/fixtures/czech.json

for tool in wrk curl cc pkg-config python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "bench/http.sh: '$tool' is missing; install it with: apt-get install wrk curl gcc pkg-config python3" >&2
        exit 2
    fi
done

if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
    # The binary as shipped (`make release-build`, the package): with the Swift runtime linked
    # in, a process starts without loading it.
    echo "== building (release, static Swift runtime)"
    swift build -c release --static-swift-stdlib --product pushboard >/dev/null
fi
# shellcheck disable=SC2046
cc -O2 -Wall -o .build/bench-ceiling bench/ceiling.c $(pkg-config --cflags --libs libmicrohttpd) -lpthread

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_until_up() { # url pid
    for _ in $(seq 1 100); do
        if curl -sf -o /dev/null "$1"; then return 0; fi
        if ! kill -0 "$2" 2>/dev/null; then break; fi
        sleep 0.1
    done
    echo "bench/http.sh: nothing answers $1; server output:" >&2
    cat "$work"/*.log >&2 || true
    exit 1
}

server_port=$(free_port)
.build/release/pushboard serve --host 127.0.0.1 --port "$server_port" --data "$work/data" \
    --threads "$server_threads" >"$work/pushboard.log" 2>&1 &
server_pid=$!
pids+=("$server_pid")

ceiling_port=$(free_port)
.build/bench-ceiling "$ceiling_port" "$server_threads" >"$work/ceiling.log" 2>&1 &
pids+=("$!")

server="http://127.0.0.1:$server_port"
wait_until_up "$server/healthz" "$server_pid"
against=${BENCH_AGAINST:-}
if [ -n "$against" ]; then
    against_port=$(free_port)
    "$against" serve --host 127.0.0.1 --port "$against_port" --data "$work/data-against" \
        --threads "$server_threads" >"$work/against.log" 2>&1 &
    against_pid=$!
    pids+=("$against_pid")
    against_server="http://127.0.0.1:$against_port"
    wait_until_up "$against_server/healthz" "$against_pid"
fi
wait_until_up "http://127.0.0.1:$ceiling_port/" "${pids[1]}"
if ! curl -sf -o /dev/null "$server$static_path"; then
    echo "bench/http.sh: $static_path is not served (is it in Public/?)" >&2
    exit 1
fi

# The registries: empty, the fixture's one "message" category, and that one among 499 others.
echo '{"categories":[]}' >"$work/registry-0.json"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
base = json.load(open("tests/fixtures/categories.json"))
message = [c for c in base["categories"] if c["identifier"] == "message"]
json.dump({"categories": message}, open(f"{work}/registry-1.json", "w"), ensure_ascii=False)
others = [{"identifier": f"campaign-{n:03}", "actions": [
    {"identifier": f"open-{n:03}", "title": f"Otevřít nabídku {n}", "options": ["foreground"]},
    {"identifier": f"later-{n:03}", "title": "Připomenout později"}],
    "options": ["customDismissAction"]} for n in range(499)]
json.dump({"categories": others[:250] + message + others[250:]}, open(f"{work}/registry-500.json", "w"),
          ensure_ascii=False)
PY
use_registry() { # size
    local status base
    for base in "$server" ${against_server:+"$against_server"}; do
        status=$(curl -s -o "$work/put.out" -w '%{http_code}' -X PUT -H 'Content-Type: application/json' \
            --data-binary "@$work/registry-$1.json" "$base/api/v1/categories")
        if [ "$status" != 200 ]; then
            echo "bench/http.sh: PUT /api/v1/categories ($1 categories) on $base answered $status: $(cat "$work/put.out")" >&2
            exit 1
        fi
    done
}

# The wrk script that POSTs the payload, exactly as a pipeline would.
export PAYLOAD="$payload"
post=bench/post.lua
# The same payload must be valid against the registry with its category, or the bench measures
# a different path than pipelines take.
use_registry 1
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
    --data-binary "@$payload" "$server/api/v1/validate")
[ "$status" = 200 ] || { echo "bench/http.sh: the payload is not valid ($status)" >&2; exit 1; }

# The server's CPU time so far (user + system, all threads), in clock ticks.
server_ticks() { awk '{ print $14 + $15 }' "/proc/${1:-$server_pid}/stat"; }
ticks_per_second=$(getconf CLK_TCK)

# Runs wrk and prints "requests_per_second errors p50_ms p99_ms requests"; errors = socket
# errors + answers other than 2xx/3xx (a 422 report would count as an error, and none is
# expected).
measure() { # name url [lua script]
    local out
    if [ $# -ge 3 ]; then
        out=$(wrk -t"$wrk_threads" -c"$connections" -d"${duration}s" --latency -s "$3" "$2")
    else
        out=$(wrk -t"$wrk_threads" -c"$connections" -d"${duration}s" --latency "$2")
    fi
    echo "$out" >"$work/wrk-$1.txt"
    awk 'function ms(v) {
             if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
             if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
             if (v ~ /s$/) return substr(v, 1, length(v) - 1) * 1000
             return v + 0 }
         /^Requests\/sec:/ { rps = $2 }
         / requests in / { requests = $1 }
         /Socket errors:/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
         /Non-2xx or 3xx responses:/ { errors += $5 }
         $1 == "50%" { p50 = ms($2) }
         $1 == "99%" { p99 = ms($2) }
         END { printf "%s %d %.3f %.3f %d\n", rps, errors, p50, p99, requests }' <<<"$out"
}

echo "== warming up"
wrk -t1 -c4 -d1s "$server/healthz" >/dev/null
wrk -t1 -c4 -d1s -s "$post" "$server/api/v1/preview" >/dev/null
wrk -t1 -c4 -d1s "http://127.0.0.1:$ceiling_port/" >/dev/null
if [ -n "$against" ]; then
    wrk -t1 -c4 -d1s "$against_server/healthz" >/dev/null
    wrk -t1 -c4 -d1s -s "$post" "$against_server/api/v1/preview" >/dev/null
fi

# The machine is shared, so load from elsewhere comes and goes, and the C server measured a
# minute earlier says little about the machine now. So each target is measured right after its
# own run of the C server, and its share of the C server is taken from that pair: $rounds rounds,
# and the median share of each target is the one reported (with requests/s, p50 and p99 of its
# best round).
declare -A rps errs p50 p99 shares cpus gains
record() { # name rps errors p50 p99 requests [cpu ticks] [ceiling rps of the pair]
    errs[$1]=$(( ${errs[$1]:-0} + $3 ))
    if awk -v a="${rps[$1]:-0}" -v b="$2" 'BEGIN { exit !(b + 0 > a + 0) }'; then
        rps[$1]=$2 p50[$1]=$4 p99[$1]=$5
    fi
    local share="" cpu_ticks=${7:-}
    if [ $# -ge 8 ]; then
        share=$(awk -v a="$2" -v b="$8" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }')
        shares[$1]="${shares[$1]:-} $share"
        share=$(awk -v s="$share" 'BEGIN { printf "  %5.1f %% of the C server just before", 100 * s }')
    fi
    local cpu=""
    if [ -n "$cpu_ticks" ]; then
        cpu=$(awk -v t="$cpu_ticks" -v n="$6" -v hz="$ticks_per_second" \
            'BEGIN { printf "%.1f", (n > 0 ? 1e6 * t / hz / n : 0) }')
        cpus[$1]="${cpus[$1]:-} $cpu"
        cpu=$(printf '  %6s us CPU/request' "$cpu")
    fi
    printf '   round %s: %-22s %10s/s  p50 %6s ms  p99 %6s ms  (%s errors)%s%s\n' "$round" "$1" "$2" "$4" "$5" "$3" \
        "$share" "$cpu"
}
median() { tr ' ' '\n' <<<"$1" | awk 'NF' | sort -g | awk '{ v[NR] = $1 } END {
    if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
paired() { # name path [lua script]
    local ceiling_result
    local result earlier
    ceiling_result=$(measure "ceiling-$1-$round" "http://127.0.0.1:$ceiling_port/")
    # shellcheck disable=SC2086
    record ceiling $ceiling_result
    if [ -z "$against" ]; then
        result=$(timed_run "$1" "$server_pid" "$server$2" "${@:3}")
    elif ((round % 2)); then
        # The order alternates, so neither build is always the one measured first after the C server.
        result=$(timed_run "$1" "$server_pid" "$server$2" "${@:3}")
        earlier=$(timed_run "earlier-$1" "$against_pid" "$against_server$2" "${@:3}")
    else
        earlier=$(timed_run "earlier-$1" "$against_pid" "$against_server$2" "${@:3}")
        result=$(timed_run "$1" "$server_pid" "$server$2" "${@:3}")
    fi
    # shellcheck disable=SC2086
    record "$1" $result "${ceiling_result%% *}"
    [ -n "$against" ] || return 0
    # shellcheck disable=SC2086
    record "earlier-$1" $earlier "${ceiling_result%% *}"
    gains[$1]="${gains[$1]:-} $(awk -v a="${result%% *}" -v b="${earlier%% *}" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }')"
}
# Runs one measurement and prints measure's fields followed by the server's CPU ticks spent on it.
timed_run() { # name pid url [lua script]
    local before result
    before=$(server_ticks "$2")
    result=$(measure "$1-$round" "${@:3}")
    echo "$result $(($(server_ticks "$2") - before))"
}
targets=(ceiling healthz static)
for size in 0 1 500; do targets+=("validate-$size" "preview-$size"); done
echo "== wrk -t$wrk_threads -c$connections -d${duration}s --latency, server threads $server_threads, $rounds rounds"
for round in $(seq 1 "$rounds"); do
    paired healthz /healthz
    paired static "$static_path"
    for size in 0 1 500; do
        use_registry "$size"
        paired "validate-$size" /api/v1/validate "$post"
        paired "preview-$size" /api/v1/preview "$post"
    done
done
peak_rss_kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$server_pid/status")
rss_mb=$(awk -v k="$peak_rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? 100 * a / b : 0) }'; }
share() { median "${shares[$1]:-}" | awk '{ printf "%.1f", 100 * $1 }'; }
echo
printf '%-26s %12s %9s %9s %8s %10s %10s\n' "target (best round)" "requests/s" "p50 ms" "p99 ms" "errors" "vs C" \
    "CPU us/req"
total_errors=0
for name in "${targets[@]}"; do
    label=$name
    case $name in
        ceiling) label="C server (libmicrohttpd)" ;;
        static) label="static $static_path" ;;
        validate-*) label="validate, ${name#validate-} categories" ;;
        preview-*) label="preview, ${name#preview-} categories" ;;
    esac
    vs_c=100.0 cpu=-
    [ "$name" = ceiling ] || vs_c=$(share "$name") cpu=$(median "${cpus[$name]:-}")
    printf '%-26s %12s %9s %9s %8s %9s%% %10s\n' "$label" "${rps[$name]}" "${p50[$name]}" "${p99[$name]}" \
        "${errs[$name]}" "$vs_c" "$cpu"
    total_errors=$((total_errors + ${errs[$name]}))
done
echo "(vs C: the median over the rounds of the target's requests/s over the C server's just before it;"
echo " CPU us/req: the median over the rounds of the server's user + system time per answered request)"
echo "pushboard peak RSS (VmHWM): ${rss_mb} MB"
if [ -n "$against" ]; then
    echo "== against the earlier build $against (same rounds: in each pair the two builds run one after the other, in alternating order)"
    printf '%-26s %10s %10s %12s %10s %10s\n' target "this vs C" "earlier" "this/earlier" "CPU us/req" "earlier"
    for name in "${targets[@]}"; do
        [ "$name" = ceiling ] && continue
        printf '%-26s %9s%% %9s%% %11s%% %10s %10s\n' "$name" "$(share "$name")" "$(share "earlier-$name")" \
            "$(median "${gains[$name]}" | awk '{ printf "%.1f", 100 * $1 }')" "$(median "${cpus[$name]}")" \
            "$(median "${cpus[earlier-$name]}")"
    done
    echo "(this/earlier: the median over the rounds of this build's requests/s over the earlier build's in the same round)"
fi

verdict=ok
check() { # description condition-awk-expression
    if awk "BEGIN { exit !($2) }"; then echo "   ok    $1"; else echo "   FAIL  $1"; verdict=fail; fi
}
echo "== goals"
validate_share=$(share validate-1) preview_share=$(share preview-1)
check "validate >= 40 % of the C server ($validate_share %)" "$validate_share >= 40"
check "preview >= 25 % of the C server ($preview_share %)" "$preview_share >= 25"
check "p99 < 10 ms for validate and preview (with 1 category ${p99[validate-1]}, ${p99[preview-1]} ms; with 500 ${p99[validate-500]}, ${p99[preview-500]} ms)" \
    "${p99[validate-1]} < 10 && ${p99[preview-1]} < 10 && ${p99[validate-500]} < 10 && ${p99[preview-500]} < 10"
check "peak RSS < 60 MB (${rss_mb} MB)" "$rss_mb < 60"
cpu() { median "${cpus[$1]:-}"; }
for route in validate preview; do
    check "$route with 500 categories within 10 % of 1, CPU per request ($(cpu "$route-500") against $(cpu "$route-1") us; in requests/s $(ratio "$(share "$route-500")" "$(share "$route-1")") %)" \
        "$(cpu "$route-500") <= 1.10 * $(cpu "$route-1")"
done
check "no errors ($total_errors)" "$total_errors == 0"
echo "goals: $verdict"
