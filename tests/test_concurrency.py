"""Issue 5: eight writers, one draft, optimistic concurrency through the HTTP API."""
import json
import threading

from conftest import fixture_bytes

WRITERS = 8
UPDATES = 200


def test_every_successful_update_appears_exactly_once(server):
    payload = json.loads(fixture_bytes("czech.json"))
    status, headers, stored = server.json(
        "POST", "/api/v1/notifications", {"name": "start", "headers": {}, "payload": payload})
    assert status == 201
    nid = stored["id"]
    successes = []
    failures = []
    lock = threading.Lock()

    def writer(number):
        for update in range(UPDATES):
            name = f"w{number}-u{update}"
            for _ in range(10_000):
                status, headers, _ = server.request("GET", f"/api/v1/notifications/{nid}")
                if status != 200:
                    failures.append(("get", status))
                    return
                status, headers, body = server.json(
                    "PUT", f"/api/v1/notifications/{nid}",
                    {"name": name, "headers": {}, "payload": payload},
                    {"If-Match": headers["etag"]})
                if status == 200:
                    with lock:
                        successes.append(name)
                    break
                if status != 412:
                    failures.append(("put", status, body))
                    return

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert failures == []
    assert len(successes) == WRITERS * UPDATES
    status, _, revisions = server.json("GET", f"/api/v1/notifications/{nid}/revisions")
    names = [r["name"] for r in revisions["revisions"]]
    assert len(names) == WRITERS * UPDATES + 1
    assert sorted(names[:-1]) == sorted(successes)
    assert names[-1] == "start"
