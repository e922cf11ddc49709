"""Issue 2 "Done when": security headers, traversal, 413, the real port, CLI usage errors."""
import socket
import subprocess

import pytest

from conftest import post_oversized


def raw_get(server, path):
    """Sends the path exactly as written (no client normalisation), returns the status code."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                           .encode())
        head = connection.recv(4096).decode("latin-1")
    return int(head.split(" ", 2)[1])


def test_security_headers_on_pages(shared_server):
    for path in ["/", "/no-such-page"]:
        status, headers, _ = shared_server.request("GET", path)
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1]
        assert "frame-ancestors 'self'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"]


@pytest.mark.parametrize("path", [
    "/../Package.swift", "/%2e%2e/Package.swift", "/static/../Package.swift",
    "/static/..%2f..%2fPackage.swift", "/static/%2e%2e/%2e%2e/Package.swift",
    "/static/%252e%252e/Package.swift", "/static/..\\..\\Package.swift",
    "/static/%2e%2e%5c%2e%2e%5cPackage.swift", "/static/pushboard.css%00.txt",
])
def test_traversal_attempts_are_refused(shared_server, path):
    assert raw_get(shared_server, path) in (400, 404)


def test_static_file_then_304(shared_server):
    status, headers, body = shared_server.request("GET", "/static/pushboard.css")
    assert status == 200 and headers["content-type"].startswith("text/css") and body
    status, _, body = shared_server.request("GET", "/static/pushboard.css",
                                            headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""


def test_two_mebibyte_post_gets_413(shared_server):
    assert post_oversized(shared_server, "/api/v1/validate", 2 << 20) == 413


def test_serve_port_zero_prints_real_port(shared_server):
    assert shared_server.port != 0
    assert shared_server.request("GET", "/healthz")[0] == 200


def test_unknown_option_is_usage_error(binary):
    result = subprocess.run([str(binary), "serve", "--prot", "1"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "--prot" in result.stderr


COMMANDS = [["serve"], ["validate"], ["preview"], ["export"], ["media-check"],
            ["categories", "export"], ["categories", "import"], ["activities", "import"],
            ["activities", "export"], ["backup"], ["users", "add"], ["users", "list"],
            ["users", "remove"], ["users", "passwd"], ["users", "role"], ["tokens", "create"],
            ["tokens", "list"], ["tokens", "revoke"], ["render"], ["send"], ["apns-keys", "add"],
            ["apns-keys", "list"], ["apns-keys", "remove"], ["apns-keys", "check"], ["strings", "import"],
            ["strings", "export"], ["strings", "check"], ["migrate"]]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(binary, command):
    result = subprocess.run([str(binary), *command, "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "pushboard " + " ".join(command) in result.stdout


def test_the_overview_names_each_command_once(binary):
    result = subprocess.run([str(binary), "--help"], capture_output=True, text=True)
    synopses = [line for line in result.stdout.splitlines() if line.startswith("  pushboard ")]
    assert len(synopses) == len(set(synopses))
    named = {tuple(words[:1] if words[0] in {"serve", "validate", "preview", "export", "media-check", "backup", "render",
                                             "send", "migrate"}
                   else words[:2]) for words in (line.split()[1:] for line in synopses)}
    assert named == {tuple(command) for command in COMMANDS}
    # Every form of a command is there: validate's --jsonl form too.
    assert any(line.startswith("  pushboard validate --jsonl") for line in synopses)


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_signals_stop_the_server_cleanly(binary, data_dir, sig):
    import signal
    from conftest import Server
    running = Server(data_dir)
    assert running.request("GET", "/healthz")[0] == 200
    running.process.send_signal(getattr(signal, sig))
    assert running.process.wait(timeout=10) == 0
    assert "stopped" in running.stderr_text()


def test_raw_invalid_utf8_in_the_path_is_400_not_repaired(shared_server):
    import socket
    with socket.create_connection(("127.0.0.1", shared_server.port), timeout=10) as connection:
        connection.sendall(b"GET /api/v1/notifications/\xff HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        status = int(connection.recv(4096).split(b" ", 2)[1])
    assert status == 400
    with socket.create_connection(("127.0.0.1", shared_server.port), timeout=10) as connection:
        connection.sendall("GET /api/v1/notifications/café HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                           .encode())
        status = int(connection.recv(4096).split(b" ", 2)[1])
    assert status == 404


def raw_exchange(server, raw):
    """Sends `raw` bytes as they are; answers (status code or None, whether the server closed)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
        connection.sendall(raw)
        received = b""
        try:
            while chunk := connection.recv(4096):
                received += chunk
        except (ConnectionResetError, TimeoutError):
            return (int(received.split(b" ", 2)[1]) if received else None), False
    return (int(received.split(b" ", 2)[1]) if received else None), True


@pytest.mark.parametrize("raw", [
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX\x0bA: b\r\n\r\n",
    b"GET /healthz\x00x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\rb\r\n\r\n",
    b"GET /health z HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:80garbage\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1 garbage\r\n\r\n",
], ids=["vertical-tab-in-name", "nul-in-line", "bare-cr-in-value", "space-in-line", "host-junk-port",
        "host-junk-after-space"])
def test_lenient_heads_are_answered_400_and_closed(shared_server, raw):
    """Issue 23 item 12: each was served, or closed without an answer."""
    assert raw_exchange(shared_server, raw) == (400, True)
