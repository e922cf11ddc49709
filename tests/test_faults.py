"""Issue 12: faults and hostile input, against the release binary on 127.0.0.1.

Each test reproduces one fault of the issue and checks the precise answer: a locked, deleted,
full, read-only or corrupt database; request smuggling; terminal escapes; endless CLI input.
"""
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from conftest import Server

NOTE = {"name": "n", "headers": {}, "payload": {"aps": {"alert": "hi"}}}


def write(server, name="n", timeout=30):
    return server.json("POST", "/api/v1/notifications", {**NOTE, "name": name})


def timed(server, method, path):
    started = time.monotonic()
    status, _, _ = server.request(method, path, timeout=10)
    return status, time.monotonic() - started


@pytest.mark.serial
def test_a_foreign_write_lock_for_15_seconds_never_holds_the_server(server):
    assert write(server, "before")[0] == 201
    blocker = sqlite3.connect(Path(server.data_dir) / "pushboard.sqlite3", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    answers = []
    lock = threading.Lock()

    def writer(index):
        started = time.monotonic()
        try:
            status, headers, body = write(server, f"w{index}", timeout=20)
        except OSError as error:  # no answer at all: the fault of the issue
            status, headers, body = None, {}, str(error)
        with lock:
            answers.append((status, headers.get("retry-after"), body, time.monotonic() - started))

    health, reads = [], []
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
            for thread in threads:
                thread.start()
            time.sleep(0.3)  # the writers are now waiting on the lock
            health.append(timed(server, "GET", "/healthz"))
            reads.append(timed(server, "GET", "/api/v1/notifications"))
            for thread in threads:
                thread.join()
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert len(answers) >= 12
    for status, retry_after, body, seconds in answers:
        assert status == 503 and retry_after, (status, body)
        assert body["error"]["code"] == "busy"
        assert seconds < 10  # one 2 s wait, or two when two connections share a worker; bounded
    assert all(status == 200 for status, _ in health + reads)
    worst_health = max(seconds for _, seconds in health)
    worst_read = max(seconds for _, seconds in reads)
    print(f"healthz worst {worst_health * 1000:.1f} ms, list worst {worst_read * 1000:.1f} ms "
          f"with 6 writers waiting; writes answered in at most {max(a[3] for a in answers):.2f} s")
    assert worst_health < 0.1
    assert worst_read < 0.5
    assert write(server, "after")[0] == 201
    names = sorted(n["name"] for n in server.json("GET", "/api/v1/notifications")[2]["notifications"])
    assert names == ["after", "before"]


def test_a_deleted_data_directory_turns_writes_into_503(server):
    assert write(server)[0] == 201
    assert server.json("GET", "/readyz")[0] == 200
    shutil.rmtree(server.data_dir)
    status, headers, body = write(server, "lost")
    assert status == 503 and headers["retry-after"]
    assert body["error"]["code"] == "storage.replaced"
    assert "data directory" in body["error"]["message"]
    status, _, ready = server.json("GET", "/readyz")
    assert status == 503 and ready["status"] == "not-ready"
    assert any(not c["passed"] and c["name"] == "files" for c in ready["checks"])
    assert server.json("GET", "/healthz")[0] == 200


def test_readyz_runs_quick_check_when_asked(server):
    status, _, body = server.json("GET", "/readyz?quickCheck=true")
    assert status == 200 and body["status"] == "ready"
    assert [c["name"] for c in body["checks"]] == ["files", "writable", "integrity"]


@pytest.fixture
def small_disk():
    """A 4 MiB tmpfs (mounting is allowed as root); skipped where it is not."""
    mount_point = tempfile.mkdtemp(prefix="pushboard-tmpfs-")
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount_point],
                            capture_output=True)
    if result.returncode != 0:
        os.rmdir(mount_point)
        pytest.skip(f"cannot mount a tmpfs: {result.stderr.decode().strip()}")
    yield Path(mount_point)
    subprocess.run(["umount", "-l", mount_point])
    os.rmdir(mount_point)


def fill(directory):
    """Fills the file system holding `directory`; returns the filler file."""
    filler = directory / "filler"
    # Unbuffered: a buffered file keeps the bytes of the write that did not fit and fails again
    # when closed, depending on how much room the database left (its size differs by version).
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 65536)
        except OSError:
            pass
    return filler


def test_a_full_disk_answers_507_and_writes_resume_when_space_is_freed(binary, small_disk):
    server = Server(small_disk / "data")
    try:
        assert write(server)[0] == 201
        filler = fill(small_disk)
        big = {"name": "big", "headers": {}, "payload": {"aps": {"alert": "x" * 3000}}}
        statuses = []
        for _ in range(40):
            status, headers, body = server.json("POST", "/api/v1/notifications", big)
            statuses.append(status)
            if status != 201:
                break
        assert status == 507, statuses
        assert body["error"]["code"] == "storage.full" and headers["retry-after"]
        filler.unlink()
        assert write(server, "after")[0] == 201
    finally:
        server.stop()
    assert "full" in server.stderr_text().lower()


def test_readyz_says_a_full_disk_is_not_writable_and_ready_again_once_freed(binary, small_disk):
    server = Server(small_disk / "data")
    try:
        assert server.json("GET", "/readyz")[0] == 200
        filler = fill(small_disk)
        time.sleep(2.2)  # the write probe's answer is reused for 2 s
        status, headers, body = server.json("GET", "/readyz")
        assert status == 503 and headers["retry-after"]
        writable = next(c for c in body["checks"] if c["name"] == "writable")
        assert not writable["passed"] and "full" in writable["message"]
        assert str(small_disk) not in json.dumps(body)
        filler.unlink()
        time.sleep(2.2)
        assert server.json("GET", "/readyz")[0] == 200
    finally:
        server.stop()


@pytest.fixture
def read_only_view(data_dir):
    """`data_dir` seen through a bind mount that is read-only until the test makes it writable
    again (a file system remounted read-only under a running server needs no open writers, so
    the server starts on the read-only view instead); skipped where mounting is impossible."""
    server = Server(data_dir)
    assert write(server, "before")[0] == 201
    server.stop()
    # A WAL database opens read-only only where its -shm file exists: another reader keeps it.
    keeper = sqlite3.connect(Path(data_dir) / "pushboard.sqlite3")
    keeper.execute("SELECT COUNT(*) FROM notifications").fetchone()
    view = Path(tempfile.mkdtemp(prefix="pushboard-ro-"))
    if subprocess.run(["mount", "--bind", str(data_dir), str(view)], capture_output=True).returncode:
        view.rmdir()
        pytest.skip("cannot bind-mount")
    subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], check=True)
    yield view
    subprocess.run(["umount", "-l", str(view)])
    view.rmdir()
    keeper.close()


def test_a_read_only_database_answers_503_and_writes_resume_without_restart(binary, read_only_view):
    server = Server(read_only_view)
    try:
        status, headers, body = write(server, "refused")
        assert status == 503 and headers["retry-after"], body
        assert body["error"]["code"] == "storage.read-only"
        status, _, ready = server.json("GET", "/readyz")
        assert status == 503
        assert any(c["name"] == "writable" and not c["passed"] for c in ready["checks"])
        assert str(read_only_view) not in json.dumps(ready)  # /readyz answers anonymous clients
        assert [n["name"] for n in server.json("GET", "/api/v1/notifications")[2]["notifications"]] == ["before"]
        subprocess.run(["mount", "-o", "remount,bind,rw", str(read_only_view)], check=True)
        assert write(server, "after")[0] == 201
        assert server.json("GET", "/readyz")[0] == 200
    finally:
        server.stop()
    assert "readonly database" in server.stderr_text()  # logged with SQLite's words


def corrupt(data_dir, from_offset):
    """Overwrites every page from `from_offset` on (the data written after the migrations), so
    the schema still reads and `quick_check` finds the damage."""
    database = Path(data_dir) / "pushboard.sqlite3"
    size = database.stat().st_size
    assert size > from_offset, "the writes did not reach the database file"
    page = 4096
    with open(database, "r+b") as handle:
        for offset in range(from_offset, size, page):
            handle.seek(offset)
            handle.write(os.urandom(page))


def test_a_corrupt_database_refuses_to_start_unless_allowed_and_then_serves_read_only(binary, data_dir):
    Server(data_dir).stop()  # migrated and checkpointed: the schema's pages
    schema_size = (Path(data_dir) / "pushboard.sqlite3").stat().st_size
    server = Server(data_dir)
    for index in range(60):
        assert write(server, f"n{index}" + "x" * 150)[0] == 201
    server.stop()
    corrupt(data_dir, from_offset=schema_size)
    refused = subprocess.run(
        [str(binary), "serve", "--port", "0", "--data", str(data_dir)],
        capture_output=True, text=True, timeout=30)
    assert refused.returncode == 2
    assert "damaged" in refused.stderr and "pushboard backup" in refused.stderr
    assert "--allow-damaged" in refused.stderr
    damaged = Server(data_dir, ["--allow-damaged"])
    try:
        assert damaged.json("GET", "/healthz")[0] == 200
        status, headers, body = write(damaged, "refused")
        assert status == 503 and body["error"]["code"] == "storage.read-only"
        assert damaged.json("GET", "/readyz")[0] == 503
    finally:
        damaged.stop()


def raw(server, data, timeout=5):
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        connection.sendall(data)
        chunks = []
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        except socket.timeout:
            pass
    return b"".join(chunks)


def test_a_smuggled_delete_behind_a_space_before_the_colon_never_runs(server):
    category = {"identifier": "message", "actions": [{"identifier": "r", "title": "Reply"}]}
    assert server.json("PUT", "/api/v1/categories/message", category)[0] == 201
    smuggled = b"DELETE /api/v1/categories/message HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    reply = raw(server, b"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        b"Content-Type: application/json\r\n"
                        + f"Content-Length : {len(smuggled)}\r\n\r\n".encode() + smuggled)
    assert reply.startswith(b"HTTP/1.1 400")
    assert reply.count(b"HTTP/1.1 ") == 1
    assert server.json("GET", "/api/v1/categories")[2]["categories"][0]["identifier"] == "message"


@pytest.mark.parametrize("head,status", [
    (b"POST /api/v1/validate HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}", 400),
    (b"POST /api/v1/validate HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n"
     b"Transfer-Encoding: chunked\r\n\r\n{}", 400),
    (b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    (b"POST /api/v1/validate HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n{}", 501),
])
def test_ambiguous_framing_is_refused_at_once(shared_server, head, status):
    started = time.monotonic()
    reply = raw(shared_server, head)
    assert reply.startswith(f"HTTP/1.1 {status}".encode()), reply[:200]
    assert time.monotonic() - started < 3


HOSTILE = '{"aps":{"alert":"a\\u001b]0;PWNED\\u0007b\\u202Ec","category":"c\\u001b]0;PWNED\\u0007"}}'


def test_text_output_shows_controls_as_escapes_and_json_stays_exact(binary, tmp_path, shared_server):
    text = subprocess.run([str(binary), "validate", "-"], input=HOSTILE.encode(), capture_output=True)
    assert b"\x1b" not in text.stdout + text.stderr and "\u202e".encode() not in text.stdout
    assert b"\\u{1B}" in text.stdout
    picture = subprocess.run([str(binary), "preview", "-"], input=HOSTILE.encode(), capture_output=True)
    assert picture.returncode == 0
    assert b"\x1b" not in picture.stdout and "\u202e".encode() not in picture.stdout
    assert b"\\u{1B}" in picture.stdout and b"\\u{202E}" in picture.stdout
    exported = subprocess.run([str(binary), "export", "--as", "json", "-"], input=HOSTILE.encode(),
                              capture_output=True)
    assert exported.stdout.rstrip(b"\n") == HOSTILE.encode()
    status, _, body = shared_server.request(
        "POST", "/api/v1/preview", HOSTILE, {"Content-Type": "application/json", "Accept": "text/plain"})
    assert status == 200
    assert b"\x1b" not in body and "\u202e".encode() not in body and b"\\u{202E}" in body


def test_header_values_are_checked_as_bytes(shared_server, binary):
    reply = raw(shared_server, b"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               b"Content-Type: application/json\r\napns-collapse-id: ab\xff\xfe\r\n"
                               b"Content-Length: 10\r\n\r\n{\"aps\":{}}")
    assert reply.startswith(b"HTTP/1.1 422"), reply[:300]
    assert b"header.value.invalid" in reply
    cli = subprocess.run([str(binary), "validate", "--collapse-id", b"ab\xff", "-"],
                         input=b'{"aps":{}}', capture_output=True)
    assert cli.returncode == 1 and b"header.value.invalid" in cli.stdout


def test_endless_stdin_exits_2_promptly(binary):
    started = time.monotonic()
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run([str(binary), "validate", "-"], stdin=zero, capture_output=True, timeout=30)
    assert result.returncode == 2
    assert b"larger than 1048576 bytes" in result.stderr and b"--max-bytes" in result.stderr
    assert time.monotonic() - started < 10


def test_max_bytes_fifos_and_strerror(binary, tmp_path):
    payload = b'{"aps":{"alert":"hi"}}'
    small = subprocess.run([str(binary), "validate", "--max-bytes", "5", "-"], input=payload,
                           capture_output=True)
    assert small.returncode == 2 and b"larger than 5 bytes" in small.stderr
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    feeder = threading.Thread(target=lambda: fifo.write_bytes(payload))
    feeder.start()
    through_fifo = subprocess.run([str(binary), "validate", str(fifo)], capture_output=True, timeout=30)
    feeder.join()
    assert through_fifo.returncode == 0, through_fifo.stderr
    missing = subprocess.run([str(binary), "validate", str(tmp_path / "absent.json")], capture_output=True)
    assert missing.returncode == 2 and b"No such file or directory" in missing.stderr
    directory = subprocess.run([str(binary), "validate", str(tmp_path)], capture_output=True)
    assert directory.returncode == 2 and b"Is a directory" in directory.stderr


def test_the_notification_list_is_paginated(server):
    ids = [write(server, f"p{index}")[2]["id"] for index in range(7)]
    status, _, first = server.json("GET", "/api/v1/notifications?limit=3")
    assert status == 200 and first["total"] == 7 and first["nextOffset"] == 3
    assert [n["id"] for n in first["notifications"]] == ids[::-1][:3]
    last = server.json("GET", "/api/v1/notifications?limit=3&offset=6")[2]
    assert [n["id"] for n in last["notifications"]] == [ids[0]] and "nextOffset" not in last
    status, _, error = server.json("GET", "/api/v1/notifications?limit=100000")
    assert status == 400 and "500" in error["error"]["message"]
    status, _, page = server.request("GET", "/notifications?limit=3&offset=3")
    assert status == 200 and b"4\xe2\x80\x936 of 7" in page and b"Next page" in page


def test_a_stored_category_that_no_longer_reads_is_logged_and_shown(binary, data_dir):
    server = Server(data_dir)
    category = {"identifier": "message", "actions": [{"identifier": "r", "title": "Reply"}]}
    assert server.json("PUT", "/api/v1/categories/message", category)[0] == 201
    server.stop()
    database = sqlite3.connect(Path(data_dir) / "pushboard.sqlite3")
    database.execute("UPDATE categories SET document = '{\"identifier\":' WHERE identifier = 'message'")
    database.commit()
    database.close()
    restarted = Server(data_dir)
    try:
        status, _, page = restarted.request("GET", "/categories")
        assert status == 200 and b"Stored categories that no longer read" in page and b"message" in page
    finally:
        restarted.stop()
    assert 'stored category "message"' in restarted.stderr_text()


@pytest.mark.parametrize("head", [
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: ab\x00cd\r\nAccept: */*\r\n\r\n",
    b"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Content-Length: 10\r\napns-collapse-id: ab\x00\x00cd\r\n\r\n{\"aps\":{}}",
])
def test_a_nul_in_a_header_value_is_refused_with_400(shared_server, head):
    # libmicrohttpd 0.9.75 would hand the handler "ab" and drop the rest; the server refuses.
    reply = raw(shared_server, head)
    assert reply.startswith(b"HTTP/1.1 400"), reply[:300]
    assert b"request.header-value" in reply and b"NUL" in reply
    assert reply.count(b"HTTP/1.1 ") == 1


def test_a_stored_notification_that_no_longer_reads_is_named_and_the_rest_still_listed(binary, data_dir):
    server = Server(data_dir)
    good = write(server, "Spring sale")[2]["id"]
    bad = write(server, "Broken draft")[2]["id"]
    # Damaged through a foreign connection while the server runs, as a sqlite3 shell would.
    database = sqlite3.connect(Path(data_dir) / "pushboard.sqlite3", timeout=10)
    database.execute("UPDATE notifications SET payload = '{\"aps\":{\"alert\":' WHERE id = ?", (bad,))
    database.commit()
    database.close()
    try:
        status, _, listing = server.json("GET", "/api/v1/notifications")
        assert status == 200 and listing["total"] == 2
        assert [n["id"] for n in listing["notifications"]] == [good]
        assert [(u["id"], u["name"]) for u in listing["unreadable"]] == [(bad, "Broken draft")]
        assert "not JSON" in listing["unreadable"][0]["reason"]
        status, _, page = server.request("GET", "/notifications")
        assert status == 200 and b"Stored notifications that no longer read" in page
        assert f"<code>{bad}</code>".encode() in page and f'href="/notifications/{good}"'.encode() in page
    finally:
        server.stop()
    restarted = Server(data_dir)
    restarted.stop()
    assert f"stored notification {bad}" in restarted.stderr_text()


def test_an_oversized_identifier_gets_an_answer_that_names_the_limit(shared_server):
    # Issue 12: a 31 KB identifier used to be saved, then its redirect overflowed the connection
    # buffer (an empty reply) and every later request for it was a 414.
    long = "x" * 31_000
    category = {"identifier": long, "actions": [{"identifier": "r", "title": "Reply"}]}
    reply = raw(shared_server, b"PUT /api/v1/categories/" + long.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nConnection: close\r\n"
                + f"Content-Length: {len(json.dumps(category))}\r\n\r\n".encode() + json.dumps(category).encode())
    assert reply.startswith(b"HTTP/1.1 4"), reply[:200]
    status, _, body = shared_server.json("PUT", "/api/v1/categories", {"categories": [category]})
    assert status == 422 and b"at most 256 bytes" in json.dumps(body).encode()
    form = f"identifier={long}&actions%5B0%5D%5Bidentifier%5D=a&actions%5B0%5D%5Btitle%5D=A&intent=save"
    status, _, page = shared_server.request(
        "POST", "/categories/new", form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 422 and b"at most 256 bytes" in page
    assert all(c["identifier"] != long for c in shared_server.json("GET", "/api/v1/categories")[2]["categories"])
