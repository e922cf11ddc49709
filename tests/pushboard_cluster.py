"""A real Pushboard cluster on loopback for the tests: one PostgreSQL (tests/postgres_server.py),
two `pushboard serve --database …` instances on ports of their own, and Debian's haproxy in front
of them, round-robin, with its configuration written to a temporary directory. Everything listens
on 127.0.0.1 only and is removed by `stop()`.

Every answer through haproxy carries `X-Served-By: a|b` (the instance that answered), so a test
can check that its requests really were spread over both instances.
"""
import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

from conftest import BINARY, ROOT
from postgres_server import PostgresServer, free_port

HAPROXY = "/usr/sbin/haproxy"

HAPROXY_CONFIG = """\
global
    maxconn 512

defaults
    mode http
    timeout connect 2s
    # A health check may take this long before it counts as failed. Without it haproxy uses
    # `inter` (300 ms below, so that a killed instance is taken out at once), and on a loaded
    # machine one slow /readyz then took a healthy instance out of the rotation.
    timeout check 3s
    timeout client 60s
    timeout server 60s
    timeout http-keep-alive 60s
    # An instance that refuses the connection (killed) is tried once more on the other one;
    # a request already sent is never resent (it may have been written).
    retries 1
    option redispatch
    retry-on conn-failure

frontend pushboard
    bind 127.0.0.1:{port}
    default_backend instances

backend instances
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    http-response set-header X-Served-By %[srv_name]
{servers}
"""


class Instance:
    """One `pushboard serve --database URL` on a fixed port (so haproxy's configuration stays
    right across a restart), with its own data directory (it holds only the access key)."""

    def __init__(self, name, url, data_dir, port, extra=()):
        self.name, self.url, self.data_dir, self.port = name, url, data_dir, port
        self.extra = list(extra)
        # 0.0.0.0 for the public-bind rule's tests; the tests still connect to 127.0.0.1 only.
        self.host = "127.0.0.1"
        self.process = None
        self.log = None

    def start(self):
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--host", self.host, "--port", str(self.port), "--data", self.data_dir,
             "--database", self.url, *self.extra],
            stdout=subprocess.PIPE, stderr=self.log, text=True, cwd=ROOT)
        line = self.process.stdout.readline()
        if f"{self.host}:{self.port}" not in line:
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"instance {self.name} printed no URL: {line!r} {self.log_text()!r}")

    def log_text(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def kill(self):
        """`kill -9`: no shutdown of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def client(self, timeout=30):
        return Client(self.port, timeout)


class Client:
    """A kept-alive HTTP connection (one per thread); reconnects once when the peer closed it."""

    def __init__(self, port, timeout=30):
        self.port, self.timeout = port, timeout
        self.connection = None

    def request(self, method, path, body=None, headers=None):
        """(status, lower-cased headers, JSON body or None); raises OSError when no answer came."""
        data = None
        headers = dict(headers or {})
        if body is not None:
            data = json.dumps(body, ensure_ascii=False).encode()
            headers.setdefault("Content-Type", "application/json")
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                self.close()
                # A kept-alive connection the peer closed while idle: the request never arrived.
                if attempt == 0 and isinstance(error, (http.client.RemoteDisconnected, BrokenPipeError)) \
                        and method == "GET":
                    continue
                raise
            except OSError:
                self.close()
                raise
            answer = {k.lower(): v for k, v in response.getheaders()}
            if answer.get("connection", "").lower() == "close":
                self.close()
            try:
                decoded = json.loads(raw) if raw else None
            except ValueError:
                decoded = raw
            return response.status, answer, decoded
        raise AssertionError("unreachable")

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


class Cluster:
    """Two instances on one fresh database of `postgres`, haproxy in front (`port`)."""

    def __init__(self, postgres, extra=()):
        self.directory = tempfile.mkdtemp(prefix="pushboard-cluster-")
        self.url = postgres.fresh_database()
        self.instances = []
        self.haproxy = None
        try:
            for name in ("a", "b"):
                data = os.path.join(self.directory, name)
                os.mkdir(data)
                self.instances.append(Instance(name, self.url, data, free_port(), extra))
            # The first instance migrates the database and makes the access key; the second then
            # shares that key, so each accepts the other's device cookies.
            self.instances[0].start()
            shutil.copy(os.path.join(self.instances[0].data_dir, "access.key"), self.instances[1].data_dir)
            os.chmod(os.path.join(self.instances[1].data_dir, "access.key"), 0o600)
            self.instances[1].start()
            self.port = free_port()
            self._start_haproxy()
        except BaseException:
            self.stop()
            raise

    def _start_haproxy(self):
        servers = "\n".join(
            f"    server {i.name} 127.0.0.1:{i.port} check inter 300ms fall 2 rise 1" for i in self.instances)
        config = os.path.join(self.directory, "haproxy.cfg")
        with open(config, "w", encoding="utf-8") as file:
            file.write(HAPROXY_CONFIG.format(port=self.port, servers=servers))
        self.haproxy_log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        # -db: stay in the foreground (the fixture owns the process); -W: master-worker off.
        self.haproxy = subprocess.Popen([HAPROXY, "-db", "-f", config], stdout=self.haproxy_log,
                                        stderr=subprocess.STDOUT, cwd=self.directory)
        self.wait_until_both_serve()

    def wait_until_both_serve(self, within=15):
        """Until haproxy has sent requests to both instances (its health checks passed)."""
        deadline = time.monotonic() + within
        seen = set()
        client = self.client()
        try:
            while time.monotonic() < deadline:
                if self.haproxy.poll() is not None:
                    raise RuntimeError("haproxy exited: " + self.haproxy_text())
                try:
                    status, headers, _ = client.request("GET", "/readyz")
                except OSError:
                    status, headers = 0, {}
                if status == 200:
                    seen.add(headers.get("x-served-by"))
                if seen >= {"a", "b"}:
                    return
                time.sleep(0.05)
        finally:
            client.close()
        raise RuntimeError(f"haproxy never reached both instances (saw {seen}): {self.haproxy_text()}")

    def haproxy_text(self):
        self.haproxy_log.flush()
        self.haproxy_log.seek(0)
        return self.haproxy_log.read()

    def client(self, timeout=30):
        """A kept-alive connection to haproxy."""
        return Client(self.port, timeout)

    def stop(self):
        if self.haproxy is not None and self.haproxy.poll() is None:
            self.haproxy.terminate()
            try:
                self.haproxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.haproxy.kill()
                self.haproxy.wait()
        for instance in self.instances:
            instance.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


# The fixtures of the cluster test files: one PostgreSQL and one cluster per test file.

@pytest.fixture(scope="module")
def postgres():
    server = PostgresServer()
    yield server
    server.remove()


@pytest.fixture(scope="module")
def cluster(postgres):
    running = Cluster(postgres)
    yield running
    running.stop()
