"""`pushboard migrate --from DIR --to postgresql://…` on a workspace with history, then every
GET answered the same by both backends (issue 30): a workspace is built on SQLite through the API
and the CLI (notifications with revisions and trash, categories with revisions and trash, a Live
Activity type, a string catalog, settings, users, API tokens, the audit trail they leave), moved,
and served from both; each GET route's status, ETag and body must be equal, every list at every
window.

`make test` runs a small workspace (100 notifications × 5 revisions, 200 categories); the size of
issue 30 (1 000 × 5) is marked `migrate_full` and runs in `make bench-migrate`.

Nothing is ignored in the JSON answers (equal once decoded) nor in the pages /users, /tokens and
/audit, but the time of the last audit pruning the /audit page shows: each server prunes at its
start, so each database records its own server's start. The CLI's `users list` and `tokens list`
print the same on both. Not compared: /readyz (it names each backend's check), /metrics (each
process's own counters) and /healthz.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import ROOT, Server
from pushboard_cluster import Client

PASSWORD = "a long enough password"
WRITERS = 8
ACTIVITY = ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "DeliveryAttributes.swift"
CATALOG = ROOT / "Tests" / "LocalizationTests" / "Fixtures" / "Shop-1.0.xcstrings"
DELETED_CATEGORIES = range(5, 200, 40)
WORDS = ["kino", "sleva", "zpráva", "giảm giá", "večeře", "lístek", "pho", "sraz"]


def cli(binary, *arguments, stdin=""):
    result = subprocess.run([str(binary), *arguments], input=stdin, capture_output=True, text=True,
                            cwd=ROOT, timeout=300)
    assert result.returncode == 0, (arguments, result.stderr)
    return result.stdout


def in_parallel(work, items):
    """Runs `work(client, item)` for every item of `items` = (port, list) on WRITERS threads,
    each with a kept-alive client to that port; returns the results (grouped by thread)."""
    def run(chunk):
        client = Client(chunk[0], timeout=60)
        try:
            return [work(client, item) for item in chunk[1]]
        finally:
            client.close()

    port, listed = items
    chunks = [(port, listed[index::WRITERS]) for index in range(WRITERS)]
    with ThreadPoolExecutor(WRITERS) as pool:
        done = list(pool.map(run, chunks))
    return [result for chunk in done for result in chunk]


def written(client, method, path, body, headers):
    """One write, sent again after a 503 `busy` (SQLite's write lock was held past its wait by
    the other writers: nothing was written, and the answer says to try again)."""
    for _ in range(50):
        status, answered, answer = client.request(method, path, body, headers)
        if status != 503:
            return status, answered, answer
        time.sleep(0.05)
    raise AssertionError(f"{method} {path}: busy 50 times")


def build_workspace(binary, server, notifications, token):
    """Fills the SQLite workspace of `server` through the API (as the admin API token `token`)
    and the CLI; returns the ids of the notifications kept and of those in the trash."""
    auth = {"Authorization": "Bearer " + token}
    client = Client(server.port)
    categories = {"categories": [
        {"identifier": f"cat-{index:03}", "actions": [{"identifier": "open", "title": f"Otevřít {index}"}]}
        for index in range(200)]}
    status, _, answer = client.request("PUT", "/api/v1/categories", categories, auth)
    assert status == 200, answer
    for index in range(0, 200, 10):  # revisions of every tenth, then trash for some
        for turn in range(2):
            body = {"identifier": f"cat-{index:03}", "actions": [{"identifier": "open", "title": f"t{turn}"}]}
            assert client.request("PUT", f"/api/v1/categories/cat-{index:03}", body, auth)[0] == 200
    for index in DELETED_CATEGORIES:
        assert client.request("DELETE", f"/api/v1/categories/cat-{index:03}", None, auth)[0] == 204
    status, _, answer = client.request("PUT", "/api/v1/settings", {"appName": "Zprávy"}, auth)
    assert status == 200, answer
    client.close()
    for path, data, media in (("/api/v1/activities/DeliveryAttributes", ACTIVITY, "text/plain"),
                              ("/api/v1/strings", CATALOG, "application/json")):
        status, _, answer = server.request("PUT", path, data.read_bytes(), {"Content-Type": media, **auth})
        assert status in (200, 201), answer

    def one_notification(client, index):
        word = WORDS[index % len(WORDS)]
        body = {"name": f"{word} {index}", "headers": {"apns-push-type": "alert"},
                "payload": {"aps": {"alert": {"title": f"{word} {index}", "body": f"verze 0 {word}"},
                                    "category": f"cat-{index % 200:03}"}}}
        status, headers, stored = written(client, "POST", "/api/v1/notifications", body, auth)
        assert status == 201, stored
        for revision in range(1, 5):
            body["payload"]["aps"]["alert"]["body"] = f"verze {revision} {word}"
            status, headers, answer = written(
                client, "PUT", f"/api/v1/notifications/{stored['id']}", body, {"If-Match": headers["etag"], **auth})
            assert status == 200, answer
        return stored["id"]

    ids = in_parallel(one_notification, (server.port, list(range(notifications))))
    client = Client(server.port)
    for trashed in ids[::50]:
        assert client.request("DELETE", f"/api/v1/notifications/{trashed}", None, auth)[0] == 204
    client.close()
    cli(binary, "users", "add", "anna", "--role", "editor", *server.store_args, stdin=PASSWORD + "\n")
    cli(binary, "users", "add", "vera", "--role", "viewer", *server.store_args, stdin=PASSWORD + "\n")
    cli(binary, "tokens", "create", "pipeline", "--role", "editor", *server.store_args)
    cli(binary, "tokens", "create", "old", "--role", "viewer", *server.store_args)
    cli(binary, "tokens", "revoke", "old", *server.store_args)
    return [i for i in ids if i not in ids[::50]], ids[::50]


def get_paths(client, auth, ids, trashed):
    """Every GET to compare, read from `client` (the SQLite server): each list at every window."""
    paths = ["/api/v1/openapi.json", "/api/v1/categories", "/api/v1/categories?format=swift",
             "/api/v1/trash/categories", "/api/v1/trash/notifications", "/api/v1/settings",
             "/api/v1/activities", "/api/v1/activities/DeliveryAttributes",
             "/api/v1/activities/DeliveryAttributes/revisions", "/api/v1/strings", "/api/v1/sends",
             "/users", "/tokens", "/audit", "/audit?user=cli"]
    for index in range(200):
        paths += [f"/api/v1/categories/cat-{index:03}", f"/api/v1/categories/cat-{index:03}/revisions",
                  f"/api/v1/categories/cat-{index:03}/revisions?limit=1&offset=1"]
    status, _, listed = client.request("GET", "/api/v1/notifications?limit=1", None, auth)
    assert status == 200, listed
    total = len(ids)
    for limit in (1, 7, 50, 200):
        paths += [f"/api/v1/notifications?limit={limit}&offset={offset}" for offset in range(0, total + limit, limit)
                  if limit > 1 or offset < 60]
    paths += [f"/api/v1/notifications?q={quote(word)}" for word in WORDS]
    paths += [f"/api/v1/notifications?q={quote(word)}&limit=5&offset=5" for word in WORDS]
    for identifier in ids:
        paths += [f"/api/v1/notifications/{identifier}", f"/api/v1/notifications/{identifier}/revisions",
                  f"/api/v1/notifications/{identifier}/revisions?limit=2&offset=2",
                  f"/api/v1/notifications/{identifier}/export?format=json",
                  f"/api/v1/notifications/{identifier}/variables"]
        paths += [f"/api/v1/notifications/{identifier}/revisions/{revision}" for revision in range(1, 6)]
    paths += [f"/api/v1/notifications/{identifier}" for identifier in trashed]  # 404 on both
    status, _, audit = client.request("GET", "/api/v1/audit?limit=1", None, auth)
    assert status == 200, audit
    paths += [f"/api/v1/audit?limit=500&offset={offset}" for offset in range(0, 20000, 500)]
    paths += ["/api/v1/audit?user=cli", "/api/v1/audit?object=/settings", "/api/v1/audit?limit=3&offset=7"]
    return paths


# What must differ: on /audit the time of the last pruning, which each server did at its own
# start (after the move). The CSRF tokens are the same: the same session and access key.
PER_SERVER = re.compile(rb'The last pruning \(<time datetime="[^"]+" data-local-time>[^<]+</time>')


def answer(client, path, auth):
    status, headers, body = client.request("GET", path, None, auth)
    if isinstance(body, bytes):
        body = PER_SERVER.sub(b"(per server)", body)
    return status, headers.get("etag"), body


def compare(binary, shared_postgres, notifications):
    directory = Path(tempfile.mkdtemp(prefix="pushboard-migrate-"))
    instance_directory = tempfile.mkdtemp(prefix="pushboard-migrate-pg-")
    try:
        cli(binary, "users", "add", "root", "--role", "admin", "--data", str(directory), stdin=PASSWORD + "\n")
        token = cli(binary, "tokens", "create", "builder", "--role", "admin", "--data", str(directory)).strip()
        sqlite = Server(directory)
        try:
            status, headers, _ = sqlite.request(
                "POST", "/login", f"name=root&password={PASSWORD.replace(' ', '+')}",
                {"Content-Type": "application/x-www-form-urlencoded"})
            assert status == 303
            cookie = headers["set-cookie"].split(";")[0]
            started = time.monotonic()
            ids, trashed = build_workspace(binary, sqlite, notifications, token)
            print(f"\nmigrate: workspace of {notifications} × 5 built in {time.monotonic() - started:.1f} s")
        finally:
            sqlite.stop()
        url = shared_postgres.fresh_database()
        started = time.monotonic()
        moved = subprocess.run([str(binary), "migrate", "--from", str(directory), "--to", url],
                               capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert moved.returncode == 0, moved.stderr
        print(f"migrate: moved in {time.monotonic() - started:.1f} s")
        assert re.search(rf"^notification_revisions\t{notifications * 5}$", moved.stdout, re.M), moved.stdout
        # The instance shares the SQLite server's access key, as a second instance would: the
        # session cookie (its row was moved) and the pages' CSRF tokens then mean the same.
        shutil.copy(directory / "access.key", instance_directory)
        sqlite, postgres = Server(directory), Server(instance_directory, ["--database", url])
        try:
            auth = {"Cookie": cookie}  # reads with the session (the pages take no token)
            reader = Client(sqlite.port, timeout=60)
            paths = get_paths(reader, auth, ids, trashed)
            reader.close()

            started = time.monotonic()
            results = in_parallel_pairs(sqlite.port, postgres.port, paths, auth)
            print(f"migrate: {len(paths)} GETs compared on both backends in {time.monotonic() - started:.1f} s")
            differ = [(path, a, b) for path, a, b in results if a != b]
            assert not differ, [(path, a[:2], b[:2], str(a[2])[:300], str(b[2])[:300]) for path, a, b in differ[:3]]
            statuses = {a[0] for _, a, _ in results}
            assert statuses <= {200, 404}, statuses
            missing = {f"/api/v1/notifications/{identifier}" for identifier in trashed} | {
                f"/api/v1/categories/cat-{index:03}" for index in DELETED_CATEGORIES}
            assert {path for path, a, _ in results if a[0] == 404} == missing
            cli_lists = [(["users", "list"]), (["tokens", "list"])]
            for words in cli_lists:
                assert cli(binary, *words, "--data", str(directory)) == cli(binary, *words, "--database", url)
        finally:
            sqlite.stop()
            postgres.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
        shutil.rmtree(instance_directory, ignore_errors=True)


def in_parallel_pairs(first_port, second_port, paths, auth):
    """(path, SQLite's answer, PostgreSQL's answer) of every path, on WRITERS threads each with a
    kept-alive connection to both servers."""
    def run(chunk):
        clients = (Client(first_port, 60), Client(second_port, 60))
        try:
            return [(path, answer(clients[0], path, auth), answer(clients[1], path, auth)) for path in chunk]
        finally:
            for client in clients:
                client.close()

    chunks = [paths[index::WRITERS] for index in range(WRITERS)]
    with ThreadPoolExecutor(WRITERS) as pool:
        return [result for chunk in pool.map(run, chunks) for result in chunk]


def test_a_migrated_workspace_answers_every_get_the_same(binary, shared_postgres):
    compare(binary, shared_postgres, 100)


@pytest.mark.migrate_full
@pytest.mark.skipif(not os.environ.get("PUSHBOARD_MIGRATE_FULL"), reason="make bench-migrate runs it")
def test_a_migrated_workspace_of_a_thousand_notifications_answers_every_get_the_same(binary, shared_postgres):
    compare(binary, shared_postgres, 1000)
