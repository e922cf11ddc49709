"""Issue 5: SIGKILL in the middle of a stream of writes loses nothing that was answered 2xx."""
import signal
import sqlite3
import threading
import time
from pathlib import Path

from conftest import Server


def test_sigkill_mid_stream_keeps_every_acknowledged_write(binary, data_dir):
    server = Server(data_dir)
    acknowledged = []
    stop = threading.Event()

    def stream(number):
        index = 0
        while not stop.is_set():
            name = f"s{number}-{index}"
            try:
                status, _, body = server.json(
                    "POST", "/api/v1/notifications",
                    {"name": name, "headers": {}, "payload": {"aps": {"alert": name}}})
            except OSError:
                return
            if status == 201:
                acknowledged.append((body["id"], name))
            index += 1

    threads = [threading.Thread(target=stream, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()
    stop.set()
    for thread in threads:
        thread.join()
    assert len(acknowledged) > 20

    database = Path(data_dir) / "pushboard.sqlite3"
    connection = sqlite3.connect(database)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    connection.close()

    restarted = Server(data_dir)
    try:
        present, offset = set(), 0
        while offset is not None:  # the list is paginated (issue 12)
            status, _, listing = restarted.json("GET", f"/api/v1/notifications?limit=500&offset={offset}")
            assert status == 200
            present |= {(n["id"], n["name"]) for n in listing["notifications"]}
            offset = listing.get("nextOffset")
        missing = [write for write in acknowledged if write not in present]
        assert missing == []
    finally:
        restarted.stop()


def test_a_database_locked_by_another_process_answers_503_and_recovers(server):
    assert server.json("POST", "/api/v1/notifications",
                       {"name": "first", "headers": {}, "payload": {"aps": {}}})[0] == 201
    blocker = sqlite3.connect(Path(server.data_dir) / "pushboard.sqlite3", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        status, headers, body = server.json(
            "POST", "/api/v1/notifications", {"name": "blocked", "headers": {}, "payload": {"aps": {}}})
        assert status == 503, body
        assert body["error"]["code"] == "busy" and headers["retry-after"] == "1"
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    status, _, _ = server.json("POST", "/api/v1/notifications",
                               {"name": "after", "headers": {}, "payload": {"aps": {}}})
    assert status == 201
    names = [n["name"] for n in server.json("GET", "/api/v1/notifications")[2]["notifications"]]
    assert sorted(names) == ["after", "first"]
