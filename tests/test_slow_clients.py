"""A client holding 2 000 slow connections from 127.0.0.2 does not stop another client, from
127.0.0.1, from being served (issue 11). All of 127.0.0.0/8 is loopback on Linux.

The attacker opens 2 000 connections, sends a request line and then one header byte per
connection every second, and reopens every connection the server closes, for the whole test.
The server keeps at most 64 per address (MHD_OPTION_PER_IP_CONNECTION_LIMIT) and cuts heads
that take longer than the deadline, so the honest client's requests keep their usual speed.
"""
import http.client
import resource
import selectors
import socket
import threading
import time

import pytest

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
