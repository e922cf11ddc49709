"""A real cluster (tests/pushboard_cluster.py): PostgreSQL, two `pushboard serve --database …`
instances and haproxy round-robin in front, all on 127.0.0.1. Revision checks hold across the
instances (no lost update, no revision number twice) and each instance's registry follows what the
other saved; a session ended or an API token revoked on one instance is refused by the other at
once, because no instance keeps its own copy of sessions or tokens.
"""
import http.client
import random
import re
import subprocess
import threading
import time

import pytest

from conftest import ROOT
from pushboard_cluster import Cluster, cluster  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def postgres(shared_postgres):
    """The process's PostgreSQL (conftest), with a database of its own per cluster: this file
    never stops the server (test_cluster_faults does, so it starts its own)."""
    return shared_postgres

WRITERS = 8
UPDATES = 200



def test_haproxy_spreads_requests_of_one_kept_alive_connection_over_both_instances(cluster):
    client = cluster.client()
    served = [client.request("GET", "/readyz")[1]["x-served-by"] for _ in range(10)]
    client.close()
    assert served.count("a") == 5 and served.count("b") == 5, served


def test_metrics_show_each_instances_pool_and_statement_latency(cluster):
    """Issue 30: /metrics of an instance on PostgreSQL has its pool's connections and waits and a
    histogram of statement durations (SQLite shows none: tests/test_operations.py)."""
    instance = cluster.instances[0]
    client = instance.client()
    try:
        assert client.request("GET", "/api/v1/categories")[0] == 200
        status, _, body = client.request("GET", "/metrics")
    finally:
        client.close()
    assert status == 200
    samples = dict(line.rsplit(" ", 1) for line in body.decode().splitlines() if not line.startswith("#"))
    assert float(samples["pushboard_database_pool_max_connections"]) == 8
    open_connections = float(samples["pushboard_database_pool_open_connections"])
    assert 1 <= open_connections <= 8
    assert open_connections == float(samples["pushboard_database_pool_idle_connections"]) + \
        float(samples["pushboard_database_pool_in_use_connections"])
    assert float(samples["pushboard_database_pool_waits_total"]) >= 0
    assert float(samples["pushboard_database_pool_wait_seconds_total"]) >= 0
    statements = float(samples["pushboard_database_statement_duration_seconds_count"])
    assert statements >= 1
    assert float(samples['pushboard_database_statement_duration_seconds_bucket{le="+Inf"}']) == statements
    assert float(samples["pushboard_database_statement_duration_seconds_sum"]) > 0


def contend(cluster, path, make_body):
    """WRITERS threads, each saving UPDATES revision-checked versions of `path` through haproxy
    (GET for the ETag, PUT with If-Match, again from the GET on 412, and after a pause on 503
    with Retry-After). Returns each thread's acknowledged bodies, the counts of 412s and of 503s,
    and who served the writes."""
    acknowledged = [[] for _ in range(WRITERS)]
    refused = [0] * WRITERS
    busy = [0] * WRITERS
    served = [set() for _ in range(WRITERS)]
    failures = []

    def writer(index):
        client = cluster.client()
        try:
            for update in range(UPDATES):
                body = make_body(index, update)
                while True:
                    status, headers, _ = client.request("GET", path)
                    assert status == 200, status
                    status, headers, answer = client.request("PUT", path, body, {"If-Match": headers["etag"]})
                    if status == 412:
                        refused[index] += 1
                        time.sleep(random.uniform(0, 0.004))  # as a person re-reading would, briefly
                        continue
                    if status == 503 and "retry-after" in headers:
                        # The write lock waited past lock_timeout (a loaded machine): nothing was
                        # written, and the client is told to come back; it does.
                        busy[index] += 1
                        time.sleep(0.05)
                        continue
                    assert status == 200, (status, answer)
                    acknowledged[index].append(body)
                    served[index].add(headers["x-served-by"])
                    break
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            failures.append(error)
        finally:
            client.close()

    threads = [threading.Thread(target=writer, args=(index,)) for index in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[:3]
    return acknowledged, sum(refused), sum(busy), set().union(*served)


def all_revisions(client, path):
    status, _, answer = client.request("GET", path + "/revisions?limit=500")
    assert status == 200, answer
    revisions = list(answer["revisions"])
    while answer.get("nextOffset") is not None:
        status, _, answer = client.request("GET", f"{path}/revisions?limit=500&offset={answer['nextOffset']}")
        assert status == 200, answer
        revisions.extend(answer["revisions"])
    return revisions


def test_revision_checked_updates_across_instances_lose_nothing_and_number_each_revision_once(cluster):
    client = cluster.client()
    try:
        category = {"identifier": "race", "actions": [{"identifier": "open", "title": "start"}]}
        assert client.request("PUT", "/api/v1/categories/race", category)[0] == 201
        status, _, stored = client.request("POST", "/api/v1/notifications", {
            "name": "start", "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "start"}}})
        assert status == 201, stored
        notification = f"/api/v1/notifications/{stored['id']}"

        started = time.monotonic()
        results = {}

        def run(key, path, make):
            try:
                results[key] = contend(cluster, path, make)
            except BaseException as error:  # noqa: BLE001 - raised below, in the test's thread
                results[key] = error

        both = [threading.Thread(target=run, args=arguments) for arguments in [
            ("category", "/api/v1/categories/race",
             lambda w, u: {"identifier": "race", "actions": [{"identifier": "open", "title": f"w{w}u{u}"}]}),
            ("notification", notification,
             lambda w, u: {"name": f"w{w}u{u}", "headers": {"apns-push-type": "alert"},
                           "payload": {"aps": {"alert": f"w{w}u{u}"}}})]]
        for thread in both:
            thread.start()
        for thread in both:
            thread.join()
        seconds = time.monotonic() - started
        for outcome in results.values():
            if isinstance(outcome, BaseException):
                raise outcome
        category_writes, category_refusals, category_busy, category_served = results["category"]
        notification_writes, notification_refusals, notification_busy, notification_served = results["notification"]
        print(f"\ncontention: {WRITERS}x{UPDATES} updates of one category and, at the same time, of one "
              f"notification through haproxy in {seconds:.1f} s ({category_refusals} and "
              f"{notification_refusals} answered 412, {category_busy} and {notification_busy} answered 503; "
              f"each retried)")
        assert category_served == {"a", "b"} and notification_served == {"a", "b"}

        listed = time.monotonic()
        revisions = all_revisions(client, "/api/v1/categories/race")
        numbers = [r["revision"] for r in revisions]
        assert len(numbers) == len(set(numbers)) == 1 + WRITERS * UPDATES
        titles = [r["category"]["actions"][0]["title"] for r in revisions]
        assert sorted(titles) == sorted(["start"] + [b["actions"][0]["title"] for w in category_writes for b in w])
        for writes in category_writes:  # each writer's saves are in its own order in the history
            order = [b["actions"][0]["title"] for b in writes]
            mine = set(order)
            assert [t for t in reversed(titles) if t in mine] == order

        revisions = all_revisions(client, notification)
        numbers = [r["revision"] for r in revisions]
        assert len(numbers) == len(set(numbers)) == 1 + WRITERS * UPDATES
        names = [r["name"] for r in revisions]
        assert sorted(names) == sorted(["start"] + [b["name"] for w in notification_writes for b in w])
        print(f"history of both read and checked in {time.monotonic() - listed:.1f} s")
        status, _, current = client.request("GET", notification)
        assert current["name"] == names[0] and current["revision"] == max(numbers)
    finally:
        client.close()


def test_a_category_saved_on_one_instance_is_in_the_other_instances_validation_within_a_second(cluster):
    first, second = (instance.client() for instance in cluster.instances)
    payload = {"aps": {"alert": "Kino", "category": "fresh-on-a"}}

    def codes():
        status, _, report = second.request("POST", "/api/v1/validate", payload, {"apns-push-type": "alert"})
        assert status == 200, report
        return {d["code"] for d in report["diagnostics"]}

    try:
        assert "category.unregistered" in codes()
        category = {"identifier": "fresh-on-a", "actions": [{"identifier": "open", "title": "Otevřít"}]}
        assert first.request("PUT", "/api/v1/categories/fresh-on-a", category)[0] == 201
        saved = time.monotonic()
        while "category.unregistered" in codes():
            assert time.monotonic() - saved < 1, "instance b still validates against the old registry"
            time.sleep(0.01)
        print(f"\nregistry: instance b validated against a's category after {time.monotonic() - saved:.3f} s")
        assert first.request("DELETE", "/api/v1/categories/fresh-on-a")[0] == 204
        deleted = time.monotonic()
        while "category.unregistered" not in codes():
            assert time.monotonic() - deleted < 1, "instance b still knows the deleted category"
            time.sleep(0.01)
    finally:
        first.close()
        second.close()


PASSWORD = "a long enough password"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
def access_cluster(binary, postgres):
    """A cluster of its own (on the same PostgreSQL) with an admin, so its pages need a login."""
    running = Cluster(postgres)
    added = subprocess.run([str(binary), "users", "add", "root", "--role", "admin", "--database", running.url],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert added.returncode == 0, added.stderr
    yield running
    running.stop()


def form_request(instance, method, path, body=None, headers=None):
    """One request straight to `instance` (not through haproxy): (status, headers, body bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=30)
    try:
        connection.request(method, path, body=body.encode() if isinstance(body, str) else body,
                           headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def log_in(instance):
    status, headers, _ = form_request(instance, "POST", "/login",
                                      f"name=root&password={PASSWORD.replace(' ', '+')}", FORM)
    assert status == 303, status
    return {"Cookie": headers["set-cookie"].split(";")[0]}


def csrf_of(instance, path, cookie):
    status, _, page = form_request(instance, "GET", path, None, cookie)
    assert status == 200, status
    return re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()


def test_a_session_ended_on_one_instance_is_refused_by_the_other_at_once(access_cluster):
    a, b = access_cluster.instances
    cookie = log_in(a)
    assert form_request(b, "GET", "/users", None, cookie)[0] == 200
    csrf = csrf_of(a, "/users", cookie)
    status, headers, _ = form_request(a, "POST", "/logout", f"_csrf={csrf}", {**FORM, **cookie})
    assert status == 303 and headers["location"] == "/login"
    status, headers, _ = form_request(b, "GET", "/users", None, cookie)
    assert status == 303 and headers["location"].startswith("/login")


def test_an_api_token_revoked_on_one_instance_is_refused_by_the_other_at_once(access_cluster):
    a, b = access_cluster.instances
    cookie = log_in(a)
    csrf = csrf_of(a, "/tokens", cookie)
    status, _, page = form_request(a, "POST", "/tokens", f"_csrf={csrf}&name=pipeline&role=editor",
                                   {**FORM, **cookie})
    assert status == 200, page
    token = re.search(rb"pbt_[A-Za-z0-9_-]+", page).group(0).decode()
    bearer = {"Authorization": "Bearer " + token}
    assert form_request(b, "GET", "/api/v1/categories", None, bearer)[0] == 200
    csrf = csrf_of(a, "/tokens", cookie)
    status, _, _ = form_request(a, "POST", "/tokens/pipeline/revoke", f"_csrf={csrf}", {**FORM, **cookie})
    assert status in (200, 303), status
    assert form_request(b, "GET", "/api/v1/categories", None, bearer)[0] == 401
    assert form_request(a, "GET", "/api/v1/categories", None, bearer)[0] == 401


def test_failed_logins_spread_over_both_instances_count_together(access_cluster):
    """Issue 30: the login throttle counts in the database, so the 5 free failures are 5 for the
    cluster, not 5 per instance: spread 3 + 2 over the instances, the next attempt is slowed on
    both (each alone saw fewer than 5), and a success after the wait clears it for both."""
    a, b = access_cluster.instances
    wrong = "name=root&password=not+the+password"
    for attempt in range(5):
        status, _, _ = form_request((a, b)[attempt % 2], "POST", "/login", wrong, FORM)
        assert status == 401, (attempt, status)
    right = f"name=root&password={PASSWORD.replace(' ', '+')}"
    waits = []
    for instance in (b, a):
        status, headers, _ = form_request(instance, "POST", "/login", right, FORM)
        assert status == 429, (instance.name, status)
        waits.append(int(headers["retry-after"]))
    time.sleep(max(waits) + 0.2)
    status, _, _ = form_request(b, "POST", "/login", right, FORM)
    assert status == 303, status
    assert log_in(a)
