"""Issue 23 items 1, 2 and 9 against a live release server: each crash-shaped or exploding Live
Activity type file is answered 422 with its code, quickly and without growing the server's
memory, and the server still answers afterwards (on main the first of them killed it, and the
2^n chain took 33.8 s and 9.8 GB).

The bounds are generous for a loaded 2-core CI machine: each answer within ELAPSED_LIMIT, and
VmHWM (the peak resident size) growing by less than 50 MB over all of them. Measured on the
2-core development machine (print with -s): 1-25 ms per file, VmHWM +5 MB over all."""
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "hostile"
ELAPSED_LIMIT = 0.5
MEMORY_LIMIT_KB = 50 * 1024

pytestmark = pytest.mark.serial


def status_kb(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/{pid}/status")


def nested(levels):
    return ("struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var x: "
            + "[" * levels + "Int" + "]" * levels + " }\n}\n")


def struct_chain(levels):
    text = "struct A: ActivityAttributes {\n struct ContentState: Codable, Hashable { var t: T0 }\n}\n"
    text += "".join(f"struct T{i}: Codable, Hashable {{ var t: T{i + 1} }}\n" for i in range(levels))
    return text + f"struct T{levels}: Codable, Hashable {{ var v: Int }}\n"


def nested_schema(levels):
    return ('{"title":"A","properties":{"attributes":{"type":"object"},"content-state":'
            '{"type":"object","properties":{"x":' + '{"type":"array","items":' * levels
            + '{"type":"integer"}' + "}" * levels + "}}}}")


CASES = [
    ("self-recursive", (HOSTILE / "self-recursive.swift.txt").read_bytes(), "text/plain",
     "activities.swift.recursive"),
    ("mutual-recursion", (HOSTILE / "mutual-recursion.swift.txt").read_bytes(), "text/plain",
     "activities.swift.recursive"),
    ("int-max", (HOSTILE / "int-max-raw-value.swift.txt").read_bytes(), "text/plain",
     "activities.swift.raw-value-range"),
    ("2^n swift", (HOSTILE / "doubling-chain.swift.txt").read_bytes(), "text/plain",
     "activities.too-large"),
    ("2^n $ref", (HOSTILE / "doubling-chain.schema.json").read_bytes(), "application/json",
     "activities.too-large"),
    ("20000 brackets", nested(20_000).encode(), "text/plain", "activities.too-deep"),
    # 2 000 structs is 90 KB; 20 000 (1 MB, the body cap's size) is refused in about 0.3 s, the
    # time it takes to tokenize a megabyte, so it is left to the unit test.
    ("2000 structs", struct_chain(2_000).encode(), "text/plain", "activities.too-deep"),
    ("600 structs", struct_chain(600).encode(), "text/plain", "activities.too-deep"),
    ("200-deep schema", nested_schema(200).encode(), "application/json", "activities.too-deep"),
]


def test_hostile_types_are_refused_fast_and_small(server):
    pid = server.process.pid
    # Warm up: the first requests page in code and build caches that are not the attack's cost.
    assert server.request("GET", "/api/v1/activities")[0] == 200
    baseline = status_kb(pid, "VmHWM")
    for name, body, media, code in CASES:
        started = time.monotonic()
        status, _, data = server.json("PUT", "/api/v1/activities/A", body, {"Content-Type": media})
        elapsed = time.monotonic() - started
        print(f"{name}: {len(body)} bytes -> {status} in {elapsed * 1000:.1f} ms, "
              f"VmRSS {status_kb(pid, 'VmRSS')} kB")
        assert status == 422, (name, data)
        assert data["diagnostics"][0]["code"] == code, (name, data)
        assert elapsed < ELAPSED_LIMIT, (name, elapsed)
    growth = status_kb(pid, "VmHWM") - baseline
    print(f"VmHWM growth over all: {growth} kB")
    assert growth < MEMORY_LIMIT_KB
    assert server.request("GET", "/healthz")[0] == 200
    assert server.request("GET", "/api/v1/activities/A")[0] == 404
    assert server.process.poll() is None
