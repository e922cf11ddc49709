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


@pytest.fixture
def server(binary, data_dir):
    running = Server(data_dir)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def shared_server(binary):
    """One server for read-mostly tests of a module (faster than one per test)."""
    path = tempfile.mkdtemp(prefix="pushboard-test-")
    running = Server(path)
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def seeded_server(prefix):
    """A server of its own on a fresh data directory, with the seed category registry loaded;
    stopped and removed on exit."""
    path = tempfile.mkdtemp(prefix=prefix)
    running = Server(path)
    try:
        status, _, body = running.request(
            "PUT", "/api/v1/categories", (SEEDS / "categories.json").read_bytes(),
            {"Content-Type": "application/json"})
        assert status == 200, body
        yield running
    finally:
        running.stop()
        shutil.rmtree(path, ignore_errors=True)


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
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
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
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1280, 1000)
    driver.set_script_timeout(30)
    driver.get_log("browser")  # read, so the module's console checks see only their own pages
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
def browser(_browser_of_this_process):
    """A browser with JavaScript for the tests of a module."""
    return fresh(_browser_of_this_process)


@pytest.fixture(scope="module")
def browser_without_javascript(_browser_without_javascript_of_this_process):
    """A browser without JavaScript for the tests of a module."""
    return fresh(_browser_without_javascript_of_this_process)
