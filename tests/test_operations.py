"""Issue 15 "Done when": the access log (combined and JSON) with request ids, the log file and
SIGHUP, /metrics parsed with prometheus-client's parser, the config file, sd_notify, and a
graceful SIGTERM while wrk runs."""
import json
import os
import re
import signal
import socket
import subprocess
import time
import uuid

import pytest
from prometheus_client.parser import text_string_to_metric_families

from conftest import Server, fixture_bytes

COMBINED = re.compile(
    r'^(?P<address>\S+) - - \[(?P<time>[^\]]+)\] "(?P<method>\S+) (?P<path>\S+) HTTP/1\.1" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "(?P<referer>(?:[^"\\]|\\.)*)" "(?P<agent>(?:[^"\\]|\\.)*)" '
    r'(?P<id>\S+) (?P<duration>\d+\.\d+)$')
PAYLOAD = {"aps": {"alert": {"title": "Hi", "body": "There"}, "badge": "three"}}


def wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


def log_lines(path):
    return path.read_text().splitlines() if path.exists() else []


def test_combined_access_log_with_request_ids(binary, data_dir, tmp_path):
    log = tmp_path / "access.log"
    server = Server(data_dir, extra_args=["--log-file", str(log)])
    try:
        status, headers, _ = server.request("GET", "/healthz?token=secret",
                                            headers={"X-Request-ID": "ticket-42:a/b"})
        assert status == 200 and headers["x-request-id"] == "ticket-42:a/b"
        for bad in ["x" * 129, "has space", "quote\"d", "caf\u00e9"]:
            sent = bad.encode("utf-8").decode("latin-1")  # http.client sends latin-1 bytes as they are
            status, headers, _ = server.request("GET", "/", headers={"X-Request-ID": sent})
            assert status == 200
            assert re.fullmatch(r"[0-9a-f]{32}", headers["x-request-id"]), bad
        status, _, _ = server.request("GET", "/no-such-page", headers={"User-Agent": 'evil"agent\xe9'})
        assert status == 404
        assert wait_for(lambda: sum(1 for line in log_lines(log) if COMBINED.match(line)) >= 6), \
            log_lines(log)
    finally:
        server.stop()
    entries = [COMBINED.match(line).groupdict() for line in log_lines(log) if COMBINED.match(line)]
    first = entries[0]
    assert first["path"] == "/healthz" and "secret" not in log.read_text()
    assert first["method"] == "GET" and first["status"] == "200" and first["id"] == "ticket-42:a/b"
    assert int(first["bytes"]) > 0 and first["address"] == "127.0.0.1"
    assert float(first["duration"]) < 5
    assert {entry["status"] for entry in entries} >= {"200", "404"}
    generated = [entry["id"] for entry in entries if entry["path"] == "/"]
    assert len(generated) == 4 and len(set(generated)) == 4
    text = log.read_text()
    assert "pushboard: listening on http://127.0.0.1:" in text  # start, same log
    assert "stopped on signal 15" in text  # stop, same log
    assert '"evil\\"agent\\x' in text  # a hostile User-Agent cannot end its field, bytes escaped


def test_json_log_has_one_object_per_line(binary, data_dir, tmp_path):
    log = tmp_path / "json.log"
    server = Server(data_dir, extra_args=["--log-format", "json", "--log-file", str(log)])
    try:
        status, headers, _ = server.request("POST", "/api/v1/validate?strict=false", PAYLOAD,
                                            headers={"X-Request-ID": "pipeline-7"})
        assert status == 422 and headers["x-request-id"] == "pipeline-7"
        server.request("HEAD", "/")
    finally:
        server.stop()
    records = [json.loads(line) for line in log_lines(log)]
    events = [record["event"] for record in records]
    assert events[0] == "start" and events[-1] == "stop" and "request" in events
    requests = [record for record in records if record["event"] == "request"]
    validate = next(r for r in requests if r["requestId"] == "pipeline-7")
    assert validate["method"] == "POST" and validate["path"] == "/api/v1/validate"
    assert validate["status"] == 422 and validate["bytes"] > 0
    assert isinstance(validate["durationMs"], (int, float)) and validate["durationMs"] >= 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", validate["time"])
    head = next(r for r in requests if r["method"] == "HEAD")
    assert head["bytes"] == 0 and head["status"] == 200


def test_sighup_reopens_the_log_file(binary, data_dir, tmp_path):
    log = tmp_path / "access.log"
    rotated = tmp_path / "access.log.1"
    server = Server(data_dir, extra_args=["--log-file", str(log)])
    try:
        server.request("GET", "/healthz", headers={"X-Request-ID": "before-rotation"})
        assert wait_for(lambda: "before-rotation" in log.read_text())
        log.rename(rotated)
        server.process.send_signal(signal.SIGHUP)
        assert wait_for(log.exists)
        server.request("GET", "/healthz", headers={"X-Request-ID": "after-rotation"})
        assert wait_for(lambda: "after-rotation" in log.read_text())
        assert "reopened" in log.read_text()
        assert server.process.poll() is None
    finally:
        server.stop()
    assert "after-rotation" not in rotated.read_text()
    assert server.process.returncode == 0


def scrape(server):
    status, headers, body = server.request("GET", "/metrics")
    assert status == 200 and headers["content-type"].startswith("text/plain; version=0.0.4")
    samples = {}
    for family in text_string_to_metric_families(body.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_counters_move(server):
    before = scrape(server)
    assert server.json("POST", "/api/v1/validate", PAYLOAD)[0] == 422
    assert server.request("POST", "/api/v1/preview?device=iphone-375", PAYLOAD)[0] == 200
    assert server.request("GET", "/api/v1/notifications/does-not-exist")[0] == 404
    assert server.request("GET", "/static/pushboard.css")[0] == 200
    after = scrape(server)
    route = "/api/v1/validate"
    assert value(after, "pushboard_http_requests_total", route=route, method="POST", status="422") == \
        value(before, "pushboard_http_requests_total", route=route, method="POST", status="422") + 1
    assert value(after, "pushboard_http_requests_total", route="/api/v1/notifications/{id}",
                 method="GET", status="404") >= 1
    assert value(after, "pushboard_http_requests_total", route="/static/*", method="GET",
                 status="200") >= 1
    assert value(after, "pushboard_http_request_duration_seconds_count", route=route) == \
        value(before, "pushboard_http_request_duration_seconds_count", route=route) + 1
    assert value(after, "pushboard_http_request_duration_seconds_bucket", route=route, le="+Inf") >= 1
    codes = {labels for (name, labels) in after if name == "pushboard_diagnostics_total"}
    assert codes, "no diagnostic counted"
    assert value(after, "pushboard_validations_total", result="invalid") == \
        value(before, "pushboard_validations_total", result="invalid") + 2
    assert value(after, "pushboard_previews_total", device="iphone-375") == 1
    assert value(after, "pushboard_open_connections") >= 1
    assert value(after, "process_resident_memory_bytes") > 1_000_000
    assert ("pushboard_database_busy_total", ()) in after
    # The pool and statement figures are PostgreSQL's (tests/test_cluster.py); SQLite has no pool.
    database_figures = ("pushboard_database_pool", "pushboard_database_statement")
    assert not [name for (name, _) in after if name.startswith(database_figures)]
    assert value(after, "pushboard_http_requests_total", route="/metrics", method="GET",
                 status="200") >= 1


def test_config_file_is_read_and_flags_win(binary, data_dir, tmp_path):
    config = tmp_path / "pushboard.conf"
    log = tmp_path / "from-config.log"
    config.write_text(f"# a comment\nhost = 127.0.0.1\nport = 1\nlog-format = json\n"
                      f"log-file = {log}\n")
    server = Server(data_dir, extra_args=["--config", str(config)])  # --port 0 on the command line wins
    try:
        assert server.request("GET", "/healthz")[0] == 200
    finally:
        server.stop()
    assert all(json.loads(line) for line in log_lines(log))
    config.write_text("prot = 80\n")
    result = subprocess.run([str(binary), "serve", "--config", str(config)], capture_output=True,
                            text=True, timeout=10)
    assert result.returncode == 2 and f"{config}:1: unknown setting 'prot'" in result.stderr


@pytest.mark.parametrize("abstract", [True, False])
def test_systemd_notify_ready_and_stopping(binary, data_dir, tmp_path, abstract):
    name = f"pushboard-test-{uuid.uuid4().hex}"
    address = "\0" + name if abstract else str(tmp_path / "notify.sock")
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    receiver.bind(address)
    receiver.settimeout(10)
    env = {**os.environ, "NOTIFY_SOCKET": "@" + name if abstract else address}
    server = Server(data_dir, env=env)
    try:
        ready = receiver.recv(4096).decode()
        assert "READY=1" in ready.split("\n") and f"MAINPID={server.process.pid}" in ready
        server.process.send_signal(signal.SIGTERM)
        assert receiver.recv(4096).decode() == "STOPPING=1"
        assert server.process.wait(timeout=15) == 0
    finally:
        server.stop()
        receiver.close()


@pytest.mark.serial
def test_sigterm_under_load_finishes_accepted_requests_and_exits_0(binary, data_dir):
    server = Server(data_dir)
    body = json.dumps(PAYLOAD).encode()
    wrk = subprocess.Popen(["wrk", "-t2", "-c16", "-d6s", "--latency", f"{server.base}/healthz"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # One request accepted and half sent when SIGTERM arrives: it must still be answered.
        slow = socket.create_connection(("127.0.0.1", server.port), timeout=15)
        slow.sendall(f"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                     .encode() + body[:10])
        time.sleep(2)
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
        assert server.process.poll() is None  # still draining: our request is in flight
        slow.sendall(body[10:])
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < 20:
            chunk = slow.recv(65536)
            if not chunk:
                break
            answer += chunk
        slow.close()
        head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
        assert head.startswith("http/1.1 422"), answer[:200]
        assert "connection: close" in head
        assert server.process.wait(timeout=15) == 0
    finally:
        output = wrk.communicate(timeout=30)[0]
        server.stop()
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    assert requests > 100, output
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    # After SIGTERM new connections are refused: wrk connects without blocking, so it counts
    # those as connect or write errors. No request that was accepted is cut off: no read
    # errors (a reset or a half answer), no timeouts, no non-2xx answers.
    if errors:
        assert errors.group(2) == "0" and errors.group(4) == "0", output
    assert "Non-2xx" not in output, output
    assert "stopped on signal 15; every request finished" in server.stderr_text()
