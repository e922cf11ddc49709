#!/usr/bin/env python3
"""`make soak`: a bounded soak of the release server on 127.0.0.1 (issue 12).

Mixed reads, validations, previews and concurrent revision-checked edits (412 answers are
retried with the fresh ETag) for SOAK_SECONDS (default 600). Then it checks that every
acknowledged write is in the database and in the revisions, that there were zero 5xx answers and
zero connection errors, and that RSS stayed flat: the last minute's maximum within 5 % of the
second minute's (for runs shorter than 5 minutes, the windows are a fifth of the run).
Prints one table and exits 1 when a check fails.
"""
import http.client
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = Path(os.environ.get("PUSHBOARD_BINARY", ROOT / ".build" / "release" / "pushboard"))
SECONDS = int(os.environ.get("SOAK_SECONDS", "600"))
EDITORS = 3
SHARED_DRAFTS = 4

PAYLOADS = [
    b'{"aps":{"alert":{"title":"Nov\xc3\xa1 zpr\xc3\xa1va","body":"Anna: Ahoj! Jak se m\xc3\xa1\xc5\xa1?"},'
    b'"category":"message","sound":"default"}}',
    b'{"aps":{"alert":"' + b"Long body " * 60 + b'","badge":3}}',
    b'{"aps":{"content-available":1},"data":{"id":42}}',
    b'{"aps":{"alert":"bad","badge":"three"}}',
]
CATEGORY = {"identifier": "message", "actions": [
    {"identifier": "reply", "title": "Reply", "textInput": {"buttonTitle": "Send"}},
    {"identifier": "delete", "title": "Delete", "options": ["destructive"]}]}


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = Counter()
        self.server_errors = []
        self.connection_errors = []
        self.retries = 0
        self.acknowledged = []  # (id, revision, name)

    def add(self, kind, status):
        with self.lock:
            self.requests[kind] += 1
            if status >= 500:
                self.server_errors.append((kind, status))


class Client:
    """One keep-alive connection; reconnects (and counts an error) when it breaks."""

    def __init__(self, port, tally):
        self.port, self.tally = port, tally
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def send(self, kind, method, path, body=None, headers=None):
        headers = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            with self.tally.lock:
                self.tally.connection_errors.append((kind, repr(error)))
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return None, {}, b""
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        self.tally.add(kind, response.status)
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def reader(client, stop, rng):
    while not stop.is_set():
        choice = rng.random()
        if choice < 0.4:
            client.send("read: list API", "GET", "/api/v1/notifications?limit=50")
        elif choice < 0.6:
            client.send("read: pages", "GET", rng.choice(["/notifications", "/categories", "/"]))
        elif choice < 0.8:
            client.send("read: categories API", "GET", "/api/v1/categories")
        else:
            client.send("read: healthz/readyz", "GET", rng.choice(["/healthz", "/readyz"]))


def validator(client, stop, rng):
    while not stop.is_set():
        client.send("validate", "POST", "/api/v1/validate", rng.choice(PAYLOADS),
                    {"Content-Type": "application/json", "apns-push-type": "alert"})


def previewer(client, stop, rng):
    while not stop.is_set():
        accept = rng.choice(["application/json", "text/plain"])
        device = rng.choice(["iphone-320", "iphone-393", "watch", "carplay"])
        client.send("preview", "POST", f"/api/v1/preview?device={device}", rng.choice(PAYLOADS[:3]),
                    {"Content-Type": "application/json", "Accept": accept})


def editor(client, stop, rng, drafts, tally, number):
    sequence = 0
    while not stop.is_set():
        draft = rng.choice(drafts)
        status, headers, _ = client.send("edit: read for ETag", "GET", f"/api/v1/notifications/{draft}")
        if status != 200:
            continue
        etag = headers["etag"]
        while not stop.is_set():
            sequence += 1
            name = f"editor{number}-{sequence}"
            body = {"name": name, "headers": {}, "payload": {"aps": {"alert": name}}}
            status, headers, data = client.send(
                "edit: PUT If-Match", "PUT", f"/api/v1/notifications/{draft}", body, {"If-Match": etag})
            if status == 200:
                revision = json.loads(data)["revision"]
                with tally.lock:
                    tally.acknowledged.append((draft, revision, name))
                break
            if status != 412:
                break
            with tally.lock:
                tally.retries += 1
            status, headers, _ = client.send("edit: read for ETag", "GET", f"/api/v1/notifications/{draft}")
            if status != 200:
                break
            etag = headers["etag"]


def creator(client, stop, rng, tally):
    sequence = 0
    while not stop.is_set():
        sequence += 1
        name = f"created-{sequence}"
        status, _, data = client.send("create", "POST", "/api/v1/notifications",
                                      {"name": name, "headers": {}, "payload": {"aps": {"alert": name}}})
        if status == 201:
            with tally.lock:
                tally.acknowledged.append((json.loads(data)["id"], 1, name))
        time.sleep(0.05)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    if not BINARY.exists():
        sys.exit(f"build the release binary first: {BINARY}")
    data = tempfile.mkdtemp(prefix="pushboard-soak-")
    log = open(Path(data) / "server.log", "w+")
    server = subprocess.Popen([str(BINARY), "serve", "--host", "127.0.0.1", "--port", "0", "--data", data],
                              stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT)
    port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
    tally = Tally()
    setup = Client(port, tally)
    setup.send("setup", "PUT", "/api/v1/categories/message", CATEGORY)
    drafts = []
    for index in range(SHARED_DRAFTS):
        name = f"draft-{index}"
        _, _, body = setup.send("setup", "POST", "/api/v1/notifications",
                                {"name": name, "headers": {}, "payload": {"aps": {"alert": name}}})
        draft = json.loads(body)["id"]
        drafts.append(draft)
        tally.acknowledged.append((draft, 1, name))

    stop = threading.Event()
    rng = random.Random(12)
    workers = [lambda c, r: reader(c, stop, r)] * 2 + [lambda c, r: validator(c, stop, r),
                                                       lambda c, r: previewer(c, stop, r),
                                                       lambda c, r: creator(c, stop, r, tally)]
    workers += [lambda c, r, n=n: editor(c, stop, r, drafts, tally, n) for n in range(EDITORS)]
    threads = [threading.Thread(target=work, args=(Client(port, tally), random.Random(rng.random())))
               for work in workers]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    samples = []  # (seconds since start, RSS KiB)
    while (elapsed := time.monotonic() - started) < SECONDS:
        samples.append((elapsed, rss_kib(server.pid)))
        time.sleep(1)
        if int(elapsed) % 60 == 0 and int(elapsed):
            print(f"  {int(elapsed)} s: {sum(tally.requests.values())} requests, RSS {samples[-1][1]} KiB",
                  flush=True)
    stop.set()
    for thread in threads:
        thread.join()
    server.terminate()
    server.wait(timeout=30)

    window = 60 if SECONDS >= 300 else SECONDS / 5
    second = max((rss for at, rss in samples if window <= at < 2 * window), default=0)
    last = max((rss for at, rss in samples if at >= SECONDS - window), default=0)
    database = sqlite3.connect(Path(data) / "pushboard.sqlite3")
    revisions = set(database.execute("SELECT notification_id, revision, name FROM notification_revisions"))
    current = dict(database.execute("SELECT id, revision FROM notifications"))
    database.close()
    lost = [write for write in tally.acknowledged if write not in revisions]
    newest = {}
    for draft, revision, _ in tally.acknowledged:
        newest[draft] = max(newest.get(draft, 0), revision)
    stale = [draft for draft, revision in newest.items() if current.get(draft) != revision]

    print(f"\nSoak of {SECONDS} s against {BINARY.name} on 127.0.0.1 ({len(threads)} client threads)\n")
    print("| kind | requests |\n|---|---:|")
    for kind, count in sorted(tally.requests.items()):
        print(f"| {kind} | {count} |")
    print(f"| **all** | {sum(tally.requests.values())} |\n")
    print("| check | value |\n|---|---:|")
    print(f"| 412 retries | {tally.retries} |")
    print(f"| acknowledged writes checked (db + revisions) | {len(tally.acknowledged)} |")
    print(f"| acknowledged writes missing | {len(lost)} |")
    print(f"| notifications not at their newest acknowledged revision | {len(stale)} |")
    print(f"| 5xx answers | {len(tally.server_errors)} |")
    print(f"| connection errors | {len(tally.connection_errors)} |")
    print(f"| RSS max, window 2 ({window:.0f} s windows) | {second} KiB |")
    print(f"| RSS max, last window | {last} KiB ({(last / second - 1) * 100 if second else 0:+.1f} %) |")
    failures = []
    if lost or stale:
        failures.append(f"lost writes {lost[:5]} stale {stale[:5]}")
    if tally.server_errors:
        failures.append(f"5xx: {tally.server_errors[:5]}")
    if tally.connection_errors:
        failures.append(f"connection errors: {tally.connection_errors[:5]}")
    if not second or last > second * 1.05:
        failures.append(f"RSS grew: {second} KiB -> {last} KiB")
    log.seek(0)
    # The server's own messages (errors, warnings), not its access log lines.
    logged = [line.rstrip() for line in log
              if line.startswith("pushboard:") and "stopped" not in line and "listening on" not in line]
    if logged:
        print("\nserver log:\n  " + "\n  ".join(logged[:20]))
    shutil.rmtree(data, ignore_errors=True)
    if failures:
        print("\nFAILED: " + "; ".join(failures))
        sys.exit(1)
    print("\nok")


if __name__ == "__main__":
    main()
