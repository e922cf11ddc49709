"""Fixtures for the end-to-end tests: a real `pushboard serve` on 127.0.0.1, port 0.

Every test talks to loopback only. The binary is the release build made by `make pytest`.
"""
import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
BINARY = Path(os.environ.get("PUSHBOARD_BINARY", ROOT / ".build" / "release" / "pushboard"))
SEEDS = ROOT / "tests" / "fixtures"


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "serial: asserts a latency or a timing bound, so `make pytest` runs it alone after the "
        "tests that run two at a time")
    config.addinivalue_line(
        "markers",
        "migrate_full: issue 30's migrate at full size (1 000 notifications × 5 revisions); "
        "`make bench-migrate` runs it")


def pytest_generate_tests(metafunc):
    """A test module that sets `BACKENDS = ("sqlite", "cluster")` runs each of its tests that
    use a server fixture once per backend (ids `[sqlite]`, `[cluster]`), grouped by backend so
    the module's one cluster is started once. Every other module runs on SQLite only."""
    backends = getattr(metafunc.module, "BACKENDS", None)
    if backends and "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", backends, indirect=True, scope="module")


class Server:
    """A running `pushboard serve` process and a tiny HTTP client for it."""

    def __init__(self, data_dir, extra_args=(), binary=None, env=None, cwd=ROOT):
        self.data_dir = str(data_dir)
        # The server logs every request to stderr: a file, not a pipe nobody drains (a full
        # pipe would block the server after a few hundred requests).
        self.stderr_file = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [str(binary or BINARY), "serve", "--host", "127.0.0.1", "--port", "0", "--data",
             self.data_dir, *extra_args],
            stdout=subprocess.PIPE, stderr=self.stderr_file, text=True, cwd=cwd, env=env)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"serve printed no URL: {line!r} {self.stderr_text()!r}")
        self.port = int(match.group(1))
        self.base = f"http://127.0.0.1:{self.port}"
        # How the CLI names this workspace (`users add … *server.store_args`), on any backend.
        self.store_args = ["--data", self.data_dir]

    def stderr_text(self):
        """Everything the server wrote to stderr so far (its log, unless --log-file)."""
        self.stderr_file.flush()
        self.stderr_file.seek(0)
        return self.stderr_file.read()

    def request(self, method, path, body=None, headers=None, timeout=30):
        """Sends one request; returns (status, headers dict lower-cased, body bytes)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        if isinstance(body, (dict, list)):
            body = json.dumps(body, ensure_ascii=False).encode()
            headers = {"Content-Type": "application/json", **(headers or {})}
        elif isinstance(body, str):
            body = body.encode()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, data
        finally:
            connection.close()

    def json(self, method, path, body=None, headers=None):
        """Like `request`, with the answer body decoded as JSON (None when empty)."""
        status, response_headers, data = self.request(method, path, body, headers)
        return status, response_headers, (json.loads(data) if data else None)

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def binary():
    assert BINARY.exists(), "build the release binary first (make pytest does)"
    return BINARY


@pytest.fixture
def data_dir():
    path = tempfile.mkdtemp(prefix="pushboard-test-")
    yield Path(path)
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def backend(request):
    """"sqlite" (one `serve --data DIR`) or "cluster" (tests/cluster_backend.py): set per module
    by `BACKENDS` (pytest_generate_tests); "sqlite" where a module sets none."""
    return getattr(request, "param", "sqlite")


@pytest.fixture(scope="session")
def shared_postgres():
    """One PostgreSQL per pytest process (each xdist worker has its own), started only when a
    test of the cluster backend first asks; each module's cluster has a database of its own."""
    from postgres_server import PostgresServer
    running = PostgresServer()
    yield running
    running.remove()


@pytest.fixture(scope="module")
def module_cluster(request, backend):
    """The module's cluster (two instances and haproxy on a fresh database), or None on SQLite."""
    if backend != "cluster":
        yield None
        return
    from cluster_backend import ClusterServer
    running = ClusterServer(request.getfixturevalue("shared_postgres"))
    yield running
    running.shutdown()


@contextlib.contextmanager
def fresh_server(cluster, prefix="pushboard-test-", prepare=None, directory=None):
    """A server with an empty workspace on the module's backend: a new `serve --data DIR` on
    SQLite (in `directory`, left in place, or in a new one removed after), or the module's
    cluster emptied (`cluster` from `module_cluster`). `prepare` gets the CLI's workspace
    arguments before the server starts (to add users)."""
    if cluster is not None:
        yield cluster.fresh(prepare)
        return
    path = str(directory) if directory is not None else tempfile.mkdtemp(prefix=prefix)
    if prepare is not None:
        prepare(["--data", path])
    running = Server(path)
    try:
        yield running
    finally:
        running.stop()
        if directory is None:
            shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def server(binary, data_dir, module_cluster):
    """A server of the test's own: on SQLite in `data_dir` (a test may read its files)."""
    with fresh_server(module_cluster, directory=data_dir) as running:
        yield running


@pytest.fixture(scope="module")
def shared_server(binary, module_cluster):
    """One server for read-mostly tests of a module (faster than one per test)."""
    with fresh_server(module_cluster) as running:
        yield running


@contextlib.contextmanager
def seeded_server(prefix, cluster=None):
    """A server with an empty workspace (`fresh_server`) and the seed category registry loaded;
    stopped and removed on exit."""
    with fresh_server(cluster, prefix) as running:
        status, _, body = running.request(
            "PUT", "/api/v1/categories", (SEEDS / "categories.json").read_bytes(),
            {"Content-Type": "application/json"})
        assert status == 200, body
        yield running


def desktop_page(request, browser, browser_without_javascript):
    """For a fixture parametrized over "javascript" and "no-javascript": that browser at desktop
    width, marked with `.javascript`."""
    driver = browser if request.param == "javascript" else browser_without_javascript
    driver.set_window_size(1280, 1000)
    driver.javascript = request.param == "javascript"
    return driver


def fixture_bytes(name):
    return (SEEDS / name).read_bytes()


def post_oversized(server, path, size):
    """POSTs `size` bytes the way curl does: headers first, then the body until the server
    answers early (413) and closes; returns the status line's code."""
    import socket
    # On the cluster backend, straight to one instance: haproxy does forward the early 413 (its
    # log shows it), but closes the client's connection while the body is still arriving, and
    # the reset makes the client's kernel drop the answer unread. That is the proxy's front.
    port = getattr(server, "instance_port", server.port)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                           f"Content-Length: {size}\r\n\r\n".encode())
        try:
            chunk = b" " * 65536
            for _ in range(size // len(chunk)):
                connection.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            head = connection.recv(4096).decode("latin-1")
        except ConnectionResetError:
            return None
    return int(head.split(" ", 2)[1])


def make_driver(javascript=True):
    """Headless Debian chromium through chromium-driver; with `javascript=False` the browser runs
    no script at all, for the no-JavaScript paths of the pages."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = shutil.which("chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Leaving a page with unsaved edits asks "Leave site?" (beforeunload); tests that navigate
    # on leave, as a person who confirms would.
    options.set_capability("unhandledPromptBehavior", "accept")
    # Without both Debian binaries Selenium would start selenium-manager, which downloads a
    # browser and reports usage to a host on the internet: tests talk to loopback only.
    chromedriver = shutil.which("chromedriver")
    assert chromedriver and options.binary_location, "apt-get install chromium chromium-driver"
    return webdriver.Chrome(service=Service(chromedriver), options=options)


def fresh(driver):
    """`driver` as a new browser would be for the next module: a blank page, no cookies (they
    ignore the port, so another module's server would get them), no emulated media, the default
    size and script timeout, an empty console log."""
    driver.get("about:blank")
    # What the last pages logged (leaving one with unsaved edits logs a refused beforeunload) is
    # not the next module's: reading the log empties it.
    driver.get_log("browser")
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1280, 1000)
    driver.set_script_timeout(30)
    return driver


# One browser of each kind per pytest process (an xdist worker runs many modules), made fresh for
# each module: starting Chromium costs about a CPU-second, and the modules started some seventy.
@pytest.fixture(scope="session")
def _browser_of_this_process():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def _browser_without_javascript_of_this_process():
    driver = make_driver(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def browser(_browser_of_this_process, backend):
    """A browser with JavaScript for the tests of a module, made fresh again for each backend
    (conftest `BACKENDS`): the tests of the second start as those of the first did."""
    return fresh(_browser_of_this_process)


@pytest.fixture(scope="module")
def browser_without_javascript(_browser_without_javascript_of_this_process, backend):
    """A browser without JavaScript for the tests of a module (fresh for each backend)."""
    return fresh(_browser_without_javascript_of_this_process)
