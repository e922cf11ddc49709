"""Issue 5: eight writers, one draft, optimistic concurrency through the HTTP API."""
import json
import threading
import time

from conftest import fixture_bytes

WRITERS = 8
UPDATES = 200


def test_every_successful_update_appears_exactly_once(server):
    payload = json.loads(fixture_bytes("czech.json"))
    status, headers, stored = server.json(
        "POST", "/api/v1/notifications", {"name": "start", "headers": {}, "payload": payload})
    assert status == 201
    nid = stored["id"]
    path = f"/api/v1/notifications/{nid}"
    successes, failures = hammer_with_retry(
        server, path, path, lambda name: {"name": name, "headers": {}, "payload": payload})

    assert failures == []
    assert len(successes) == WRITERS * UPDATES
    status, _, revisions = server.json("GET", f"/api/v1/notifications/{nid}/revisions")
    names = [r["name"] for r in revisions["revisions"]]
    assert len(names) == WRITERS * UPDATES + 1
    assert sorted(names[:-1]) == sorted(successes)
    assert names[-1] == "start"


def hammer_with_retry(server, get_path, put_path, body_for):
    """WRITERS threads, each making UPDATES successful If-Match writes, retrying on 412 (someone
    saved first) and on 503 `busy` with `Retry-After` (the write waited its bounded time for the
    lock and nothing was saved: issue 12); answers the names of the successes and any other answer."""
    successes = []
    failures = []
    lock = threading.Lock()

    def writer(number):
        for update in range(UPDATES):
            name = f"w{number}-u{update}"
            for _ in range(10_000):
                status, headers, _ = server.request("GET", get_path)
                if status != 200:
                    failures.append(("get", status))
                    return
                status, _, body = server.json("PUT", put_path, body_for(name), {"If-Match": headers["etag"]})
                if status in (200, 201):
                    with lock:
                        successes.append(name)
                    break
                if status == 503 and body["error"]["code"] == "busy":
                    time.sleep(0.05)
                    continue
                if status != 412:
                    failures.append(("put", status, body))
                    return

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return successes, failures


def category(title):
    return {"identifier": "message", "actions": [{"identifier": "reply", "title": title}]}


def test_revision_checked_category_updates_lose_nothing(server):
    """Issue 9: 8 writers x 200 If-Match updates of one category; every 2xx is in the history."""
    status, _, _ = server.json("PUT", "/api/v1/categories/message", category("start"))
    assert status == 201
    successes, failures = hammer_with_retry(
        server, "/api/v1/categories/message", "/api/v1/categories/message", category)
    assert failures == []
    assert len(successes) == WRITERS * UPDATES
    status, headers, final = server.json("GET", "/api/v1/categories/message")
    assert headers["etag"] == f'"r{WRITERS * UPDATES + 1}"'
    assert final["actions"][0]["title"] in successes
    history = history_titles(server.data_dir)
    assert sorted(history) == sorted(successes + ["start"])


def test_revision_checked_registry_replacements_lose_nothing(server):
    """Issue 9: 8 writers x 200 If-Match replacements of the whole registry; none lost."""
    successes, failures = hammer_with_retry(
        server, "/api/v1/categories", "/api/v1/categories",
        lambda name: {"categories": [category(name)]})
    assert failures == []
    assert len(successes) == WRITERS * UPDATES
    status, headers, _ = server.json("GET", "/api/v1/categories")
    assert headers["etag"] == f'"r{WRITERS * UPDATES}"'
    history = history_titles(server.data_dir)
    assert sorted(history) == sorted(successes)


def history_titles(data_dir):
    """The title of every stored revision of the category "message", read from the database
    file (read-only) because the API has no category history route."""
    import sqlite3
    connection = sqlite3.connect(f"file:{data_dir}/pushboard.sqlite3?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT document FROM category_revisions WHERE identifier = 'message' AND document IS NOT NULL"
        ).fetchall()
    finally:
        connection.close()
    return [json.loads(row[0])["actions"][0]["title"] for row in rows]
