#!/usr/bin/env python3
"""`make bench-lists`: lists and search at size (issue 23), against the release server on 127.0.0.1.

1. Fills LISTS_COUNT (default 100 000) notifications with LISTS_WRITERS (default 8) concurrent
   writers through `POST /api/v1/notifications`, and prints the write rate and how many writes
   were answered 503, by error code (each is retried; `busy` wrote nothing, but `audit.failed`
   had saved the notification, so its retry saves one more and the search finds a few extra). Every tenth notification's title
   has "Kino" (10 000 matches at 100 000), exactly one has "Jedinečný"; one category gets
   LISTS_REVISIONS (default 1 000) revisions through `PUT /api/v1/categories/{id}`.
2. Restarts the server and times the start-up (to the "listening on" line) with every row saved.
3. Times each page LISTS_RUNS times (default 7) on one keep-alive connection and prints the
   median and the maximum, with the answer's size: the first page of the list, a deep page, the
   API's page, a search with no match, with one, with 10 000 (page and API), and the category's
   history (page, an API page, and the API's whole history unflagged). A page over 50 ms (median) or 400 KB is flagged, and the script exits 1.

LISTS_COUNT=20000 make bench-lists for a quicker run (the search then has 2 000 matches).
"""
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = Path(os.environ.get("PUSHBOARD_BINARY", ROOT / ".build" / "release" / "pushboard"))
COUNT = int(os.environ.get("LISTS_COUNT", "100000"))
WRITERS = int(os.environ.get("LISTS_WRITERS", "8"))
REVISIONS = int(os.environ.get("LISTS_REVISIONS", "1000"))
RUNS = int(os.environ.get("LISTS_RUNS", "7"))
LIMIT_MS = 50
LIMIT_BYTES = 400 * 1024


def start(data):
    """The server on an ephemeral port, and the seconds it took to listen."""
    started = time.monotonic()
    server = subprocess.Popen(
        [str(BINARY), "serve", "--host", "127.0.0.1", "--port", "0", "--data", data],
        stdout=subprocess.PIPE, stderr=open(Path(data) / "server.log", "a"), text=True, cwd=ROOT)
    line = server.stdout.readline()
    port = int(re.search(r":(\d+)/", line).group(1))
    return server, port, time.monotonic() - started


def stop(server):
    server.terminate()
    server.wait(timeout=60)


class Client:
    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def send(self, method, path, body=None):
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if body is not None:
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        return response.status, response.read()


def payload(index):
    if index == COUNT // 2 + 1:
        title = "Jedinečný večer"
    elif index % 10 == 0:
        title = f"Kino dnes {index}"
    else:
        title = f"Sleva {index}"
    return {"name": f"notification {index}", "headers": {"apns-push-type": "alert"},
            "payload": {"aps": {"alert": {"title": title, "body": "Jen dnes: vstupenky za polovic, číst dál."},
                                "sound": "default"}}}


def fill(port):
    """Creates COUNT notifications with WRITERS threads; answers (seconds, 503s, other errors)."""
    counter = iter(range(COUNT))
    lock = threading.Lock()
    tally = {"503": Counter(), "errors": []}

    def writer():
        client = Client(port)
        while True:
            with lock:
                index = next(counter, None)
            if index is None:
                return
            while True:
                status, body = client.send("POST", "/api/v1/notifications", payload(index))
                if status == 503:
                    code = json.loads(body).get("error", {}).get("code", "?") if body else "?"
                    with lock:
                        tally["503"][code] += 1
                    time.sleep(0.05)
                    continue
                if status != 201:
                    with lock:
                        tally["errors"].append((status, body[:200]))
                break

    started = time.monotonic()
    threads = [threading.Thread(target=writer) for _ in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - started, tally["503"], tally["errors"]


def revise_category(port):
    client = Client(port)
    for number in range(REVISIONS):
        category = {"identifier": "history", "actions": [
            {"identifier": "reply", "title": f"Odpovědět {number}", "textInput": {"buttonTitle": "Poslat"}},
            {"identifier": "delete", "title": "Smazat", "options": ["destructive"]}]}
        status, body = client.send("PUT", "/api/v1/categories/history", category)
        assert status in (200, 201), (status, body[:200])


def measure(port, path):
    client = Client(port)
    client.send("GET", path)  # warm the caches once
    times, size, status = [], 0, 0
    for _ in range(RUNS):
        started = time.perf_counter()
        status, body = client.send("GET", path)
        times.append((time.perf_counter() - started) * 1000)
        size = len(body)
    return status, statistics.median(times), max(times), size, body


def main():
    sys.stdout.reconfigure(line_buffering=True)  # progress as it comes, also into a file
    if not BINARY.exists():
        sys.exit(f"build the release binary first: {BINARY}")
    data = tempfile.mkdtemp(prefix="pushboard-lists-")
    server, port, _ = start(data)
    try:
        seconds, busy, errors = fill(port)
        codes = ", ".join(f"{code} {count}" for code, count in busy.most_common())
        print(f"fill: {COUNT} notifications by {WRITERS} writers over HTTP in {seconds:.1f} s: "
              f"{COUNT / seconds:.0f} writes/s, {sum(busy.values())} answered 503 (retried; {codes or 'none'}), "
              f"{len(errors)} other errors")
        for error in errors[:5]:
            print("  error:", error)
        started = time.monotonic()
        revise_category(port)
        print(f"category: {REVISIONS} revisions in {time.monotonic() - started:.1f} s")
    finally:
        stop(server)
    server, port, startup = start(data)
    flagged = []
    try:
        print(f"start-up with {COUNT} notifications: {startup * 1000:.0f} ms to listen")
        deep = max(0, COUNT - 100)
        targets = [
            ("list, first page", "/notifications"),
            (f"list, deep page (offset {deep})", f"/notifications?offset={deep}"),
            ("API list", "/api/v1/notifications"),
            ("API list, deep page", f"/api/v1/notifications?offset={deep}"),
            ("search, no match", "/notifications?q=zzzzneni"),
            ("search, one match", "/notifications?q=jedinecny"),
            (f"search, {COUNT // 10} matches", "/notifications?q=kino"),
            (f"search, {COUNT // 10} matches, last page", f"/notifications?q=kino&offset={COUNT // 10 - 100}"),
            (f"API search, {COUNT // 10} matches", "/api/v1/notifications?q=kino"),
            (f"search, {COUNT} matches", "/notifications?q=jen"),
            (f"category history, {REVISIONS} revisions", "/categories/history/history"),
            (f"API category revisions, {REVISIONS}, a page", "/api/v1/categories/history/revisions?limit=100"),
        ]
        # Not a page: CONTRACT §3's whole history (no limit), printed for its size, not flagged.
        unpaged = [(f"API category revisions, all {REVISIONS}", "/api/v1/categories/history/revisions")]
        print(f"{'page':44} {'status':>6} {'median ms':>10} {'max ms':>8} {'KB':>7}")
        for label, path in targets:
            status, median, slowest, size, body = measure(port, path)
            flag = median > LIMIT_MS or size > LIMIT_BYTES or status != 200
            if flag:
                flagged.append(label)
            print(f"{label:44} {status:>6} {median:>10.1f} {slowest:>8.1f} {size / 1024:>7.1f}"
                  + ("  OVER" if flag else ""))
            if path == "/api/v1/notifications?q=kino":
                answer = json.loads(body)
                print(f"{'':44} total {answer['total']}, next {answer.get('next')}")
        for label, path in unpaged:
            status, median, slowest, size, _ = measure(port, path)
            print(f"{label:44} {status:>6} {median:>10.1f} {slowest:>8.1f} {size / 1024:>7.1f}  (whole, not a page)")
    finally:
        stop(server)
    if flagged:
        print("over 50 ms or 400 KB (or not 200):", ", ".join(flagged))
        sys.exit(1)
    print("every page under 50 ms and 400 KB")


if __name__ == "__main__":
    main()
