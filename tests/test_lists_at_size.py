"""Issue 23, "Search at size": search by an index, and every list that can grow paged with
`total`, `nextOffset` and a `next` link (the audit trail's shape), on pages and in the API.

2 000 notifications are written through the API (every tenth titled "Kino"), so the paging is
real; `bench/lists.py` measures the same pages at 100 000."""
import html
import http.client
import json
import re
import shutil
import tempfile
import threading
import urllib.parse

import pytest

from conftest import Server

COUNT = 2000


def note(index):
    title = f"Kino {index}" if index % 10 == 0 else f"Sléva {index}"
    return {"name": f"n{index}", "headers": {},
            "payload": {"aps": {"alert": {"title": title, "body": "Jen dnes"}}}}


def fill(server, count):
    indexes = iter(range(count))
    lock = threading.Lock()
    failures = []

    def writer():
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        while True:
            with lock:
                index = next(indexes, None)
            if index is None:
                return
            connection.request("POST", "/api/v1/notifications", json.dumps(note(index)).encode(),
                               {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status != 201:
                failures.append(response.status)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


@pytest.fixture(scope="module")
def big(binary):
    path = tempfile.mkdtemp(prefix="pushboard-lists-")
    running = Server(path)
    fill(running, COUNT)
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


def follow(server, first):
    """Every page from `first` on, by the `next` links; answers the pages."""
    pages, address = [], first
    while address:
        status, _, page = server.json("GET", address)
        assert status == 200, page
        pages.append(page)
        address = page.get("next")
    return pages


def test_the_api_list_carries_total_and_a_next_link(big):
    status, _, page = big.json("GET", "/api/v1/notifications")
    assert status == 200
    assert page["total"] == COUNT and len(page["notifications"]) == 100
    assert page["nextOffset"] == 100 and page["next"] == "/api/v1/notifications?offset=100"
    last = big.json("GET", f"/api/v1/notifications?offset={COUNT - 10}")[2]
    assert len(last["notifications"]) == 10 and "next" not in last and "nextOffset" not in last


def test_a_search_is_paged_by_next_links_and_counts_every_match(big):
    pages = follow(big, "/api/v1/notifications?q=kino&limit=50")
    assert [p["total"] for p in pages] == [COUNT // 10] * 4
    assert pages[0]["next"] == "/api/v1/notifications?q=kino&offset=50&limit=50"
    names = [n["name"] for p in pages for n in p["notifications"]]
    assert len(names) == len(set(names)) == COUNT // 10
    assert all(int(name[1:]) % 10 == 0 for name in names)
    # Most recently saved first: the last written comes first.
    numbers = [int(name[1:]) for name in names]
    assert numbers[0] == max(numbers)


@pytest.mark.parametrize("query, total", [
    ("KÍNO", COUNT // 10),   # case and accents folded
    ("sleva", COUNT - COUNT // 10),
    ("kin", COUNT // 10),    # the start of a word
    ("ino", 0),              # not the middle of one
    ("kino jen", COUNT // 10),
    ("kino sleva", 0),       # every word must match
    ("zzzz", 0),
    ('"', 0),                # no word: nothing, and no error
])
def test_search_folds_case_and_accents_and_needs_every_word(big, query, total):
    status, _, page = big.json("GET", "/api/v1/notifications?q=" + urllib.parse.quote(query))
    assert status == 200 and page["total"] == total


def test_an_offset_past_the_end_is_an_empty_page_with_the_total(big):
    status, _, page = big.json("GET", "/api/v1/notifications?q=kino&offset=5000")
    assert status == 200 and page["notifications"] == [] and page["total"] == COUNT // 10
    assert big.json("GET", "/api/v1/notifications?q=kino&limit=0")[0] == 400


def test_the_search_page_shows_n_of_m_and_links_to_the_next_page(big):
    status, _, body = big.request("GET", "/notifications?q=kino")
    text = body.decode()
    assert status == 200 and len(body) < 400 * 1024
    assert f"1–100 of {COUNT // 10}" in text
    assert 'href="/notifications?q=kino&amp;offset=100" rel="next"' in text
    status, _, body = big.request("GET", "/notifications?q=kino&offset=100")
    text = body.decode()
    assert f"101–200 of {COUNT // 10}" in text and 'href="/notifications?q=kino" rel="prev"' in text
    assert 'rel="next"' not in text
    status, _, body = big.request("GET", "/notifications?q=opera")
    assert status == 200 and "No notification matches" in body.decode()


def test_revision_histories_are_whole_or_paged_in_the_api_and_paged_on_the_pages(binary, data_dir):
    server = Server(data_dir)
    try:
        status, headers, created = server.json("POST", "/api/v1/notifications", note(1))
        etag = headers["etag"]
        for number in range(120):
            status, headers, _ = server.json(
                "PUT", f"/api/v1/notifications/{created['id']}", {**note(1), "name": f"r{number}"},
                {"If-Match": etag})
            assert status == 200
            etag = headers["etag"]
            category = {"identifier": "message", "actions": [{"identifier": "a", "title": f"T{number}"}]}
            assert server.json("PUT", "/api/v1/categories/message", category)[0] in (200, 201)
        # Without limit or offset, every version in one answer, as CONTRACT §3 promises.
        whole = follow(server, f"/api/v1/notifications/{created['id']}/revisions")
        assert len(whole) == 1 and len(whole[0]["revisions"]) == 121 and whole[0]["total"] == 121
        assert "limit" not in whole[0] and "next" not in whole[0]
        pages = follow(server, f"/api/v1/notifications/{created['id']}/revisions?limit=100")
        assert [p["total"] for p in pages] == [121, 121]
        assert pages[0]["next"] == f"/api/v1/notifications/{created['id']}/revisions?offset=100"
        revisions = [r["revision"] for p in pages for r in p["revisions"]]
        assert revisions == list(range(121, 0, -1))
        # The last of a page still says what changed against the one before it (on the next page).
        assert pages[0]["revisions"][-1]["changes"] == ["Name"]
        pages = follow(server, "/api/v1/categories/message/revisions?limit=50")
        assert [len(p["revisions"]) for p in pages] == [50, 50, 20] and pages[0]["total"] == 120
        _, _, body = server.request("GET", "/categories/message/history")
        text = body.decode()
        assert "1–100 of 120" in text and 'href="/categories/message/history?offset=100" rel="next"' in text
        assert "Revision 120 (current)" in text and "Revision 20<" not in text
        _, _, body = server.request("GET", "/categories/message/history?offset=100")
        assert "(current)" not in body.decode() and "101–120 of 120" in body.decode()
        _, _, body = server.request("GET", f"/notifications/{created['id']}")
        text = html.unescape(body.decode())
        assert "1–100 of 121" in text and f"/notifications/{created['id']}?offset=100#history-title" in text
    finally:
        server.stop()


def test_readyz_names_no_path(big):
    status, _, body = big.request("GET", "/readyz?quickCheck=true")
    assert status == 200
    assert big.data_dir.encode() not in body and b"pushboard.sqlite3" not in body
    checks = {c["name"]: c for c in json.loads(body)["checks"]}
    assert checks["writable"]["passed"] and checks["integrity"]["passed"]


def test_a_changed_notification_is_found_by_its_new_words_only(big):
    status, headers, created = big.json("POST", "/api/v1/notifications", note(7))
    assert big.json("GET", "/api/v1/notifications?q=divadlo")[2]["total"] == 0
    changed = {**note(7), "payload": {"aps": {"alert": {"title": "Divadlo", "body": "zítra"}}}}
    assert big.json("PUT", f"/api/v1/notifications/{created['id']}", changed,
                    {"If-Match": headers["etag"]})[0] == 200
    assert [n["id"] for n in big.json("GET", "/api/v1/notifications?q=divadlo%20zitra")[2]["notifications"]] \
        == [created["id"]]
    assert big.json("DELETE", f"/api/v1/notifications/{created['id']}")[0] == 204
    assert big.json("GET", "/api/v1/notifications?q=divadlo")[2]["total"] == 0
    assert re.fullmatch(r"[0-9a-f]{16}", created["id"])
