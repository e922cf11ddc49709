"""Slow clients do not starve others (issues 11 and 23). All of 127.0.0.0/8 is loopback on Linux,
so 127.0.0.2… are other client addresses.

Issue 11: a client holding 2 000 slow connections from 127.0.0.2 does not stop another client,
from 127.0.0.1, from being served.

The attacker opens 2 000 connections, sends a request line and then one header byte per
connection every second, and reopens every connection the server closes, for the whole test.
The server keeps at most 64 per address (the rest are answered 503 with Retry-After and closed)
and cuts heads that take longer than the deadline, so the honest client's requests keep their
usual speed.
"""
import http.client
import resource
import selectors
import socket
import threading
import time

import pytest

from conftest import Server

pytestmark = pytest.mark.serial

ATTACKER = "127.0.0.2"
CONNECTIONS = 2000


def rss_megabytes(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class SlowAttacker(threading.Thread):
    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.sockets = []
        self.stop = threading.Event()
        self.opened = 0
        self.peak_open = 0

    def connect(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.bind((ATTACKER, 0))
        try:
            sock.connect_ex(("127.0.0.1", self.port))
        except OSError:
            sock.close()
            return None
        self.opened += 1
        return sock

    def run(self):
        self.sockets = [s for s in (self.connect() for _ in range(CONNECTIONS)) if s]
        started = [False] * len(self.sockets)
        while not self.stop.is_set():
            alive = 0
            for index, sock in enumerate(self.sockets):
                try:
                    sock.send(b"X" if started[index] else b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                    started[index] = True
                    alive += 1
                except (BlockingIOError, InterruptedError):
                    alive += 1
                except OSError:
                    sock.close()
                    replacement = self.connect()
                    if replacement:
                        self.sockets[index] = replacement
                        started[index] = False
            self.peak_open = max(self.peak_open, alive)
            self.stop.wait(1.0)
        for sock in self.sockets:
            sock.close()


def test_2000_slow_connections_do_not_starve_another_client(server):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    attacker = SlowAttacker(server.port)
    attacker.start()
    time.sleep(3)
    latencies = []
    peak_rss = 0.0
    try:
        deadline = time.monotonic() + 12
        while time.monotonic() < deadline:
            began = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            response.read()
            connection.close()
            latencies.append(time.perf_counter() - began)
            assert response.status == 200
            peak_rss = max(peak_rss, rss_megabytes(server.process.pid))
            time.sleep(0.02)
    finally:
        attacker.stop.set()
        attacker.join(timeout=10)
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    print(f"\n{len(latencies)} requests from 127.0.0.1, p50 {latencies[len(latencies) // 2] * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms; attacker opened {attacker.opened} "
          f"connections; server RSS peak {peak_rss:.1f} MB")
    assert attacker.opened >= CONNECTIONS
    assert len(latencies) >= 100
    assert p99 < 0.100, f"p99 {p99 * 1000:.1f} ms"
    assert peak_rss < 100, f"server RSS {peak_rss:.1f} MB"


# Issue 23: slow request bodies, from many addresses, with small limits so the test is quick.
SLOW_BODY_ADDRESSES = [f"127.0.0.{n}" for n in range(2, 12)]
DEADLINE = 2


class SlowBodies:
    """`per_address` connections from each of 10 addresses, each announcing a body of `length`
    bytes, then sending `first_bytes` of it as fast as the server takes them and one byte per
    `step()` after that."""

    def __init__(self, port, per_address, length, first_bytes):
        head = (f"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n").encode()
        self.sockets = []
        for address in SLOW_BODY_ADDRESSES:
            for _ in range(per_address):
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.bind((address, 0))
                sock.settimeout(5)
                sock.connect(("127.0.0.1", port))
                sock.sendall(head)
                sock.setblocking(False)
                self.sockets.append(sock)
        self.pending = [first_bytes] * len(self.sockets)
        # What each connection received: b"" while nothing, None if closed with no answer.
        self.answers = [b""] * len(self.sockets)

    def step(self):
        """Reads what arrived, then sends the rest of the first bytes or one more byte."""
        for index, sock in enumerate(self.sockets):
            if self.answers[index] != b"":
                continue
            try:
                data = sock.recv(4096)
                self.answers[index] = data if data else None
                continue
            except BlockingIOError:
                pass
            except OSError:
                self.answers[index] = None
                continue
            try:
                if self.pending[index] > 0:
                    self.pending[index] -= sock.send(b" " * min(self.pending[index], 65536))
                else:
                    sock.send(b" ")
            except BlockingIOError:
                pass
            except OSError:
                pass  # Closed by the server: the next step reads its answer or its end.

    def close(self):
        for sock in self.sockets:
            sock.close()


def probe(port):
    began = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
    connection.request("GET", "/healthz")
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, time.perf_counter() - began


def test_200_slow_bodies_from_10_addresses_leave_probes_answered_and_are_cut(binary, data_dir):
    running = Server(data_dir, ["--request-deadline", str(DEADLINE)])
    bodies = None
    try:
        bodies = SlowBodies(running.port, per_address=20, length=100_000, first_bytes=10)
        slowest = 0.0
        started = time.monotonic()
        while time.monotonic() - started < DEADLINE + 2:
            bodies.step()
            status, latency = probe(running.port)
            assert status == 200
            slowest = max(slowest, latency)
            time.sleep(0.1)
        bodies.step()
        cut = [answer for answer in bodies.answers if answer != b""]
        timed_out = [answer for answer in cut if answer and answer.startswith(b"HTTP/1.1 408")]
        print(f"\nslowest probe {slowest * 1000:.0f} ms; {len(cut)} of {len(bodies.sockets)} slow bodies "
              f"cut, {len(timed_out)} told 408")
        assert slowest < 1.0
        assert len(cut) == len(bodies.sockets), "slow bodies were never cut"
        assert len(timed_out) >= len(bodies.sockets) * 0.9
    finally:
        if bodies:
            bodies.close()
        running.stop()


def test_fat_slow_bodies_cannot_grow_memory_past_the_budget(binary, data_dir):
    budget_mib = 8
    running = Server(data_dir, ["--body-budget", str(budget_mib), "--request-deadline", "10"])
    bodies = None
    try:
        assert running.request("GET", "/healthz")[0] == 200
        baseline = rss_megabytes(running.process.pid)
        # 200 bodies of 512 KiB sent at once and then trickled: 100 MiB held without a budget.
        bodies = SlowBodies(running.port, per_address=20, length=1 << 20, first_bytes=512 << 10)
        peak = baseline
        for _ in range(20):
            bodies.step()
            peak = max(peak, rss_megabytes(running.process.pid))
            time.sleep(0.15)
        refused = [a for a in bodies.answers if a and a.startswith(b"HTTP/1.1 503") and b"Retry-After: 1" in a]
        print(f"\nRSS {baseline:.1f} MB before, peak {peak:.1f} MB with 200 fat slow bodies; "
              f"{len(refused)} told 503, {sum(1 for p in bodies.pending if p == 0)} sent their 512 KiB")
        assert peak - baseline < budget_mib + 24, f"RSS grew by {peak - baseline:.1f} MB"
        assert refused
        assert running.request("GET", "/healthz")[0] == 200
    finally:
        if bodies:
            bodies.close()
        running.stop()
