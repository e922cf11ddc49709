"""Faults under load in a real cluster (tests/pushboard_cluster.py): one instance `kill -9`ed
during a write storm, and PostgreSQL stopped for 5 s during one. Nothing acknowledged (2xx) is
ever lost, and with PostgreSQL away every request is still answered (2xx or 503) within its bound,
and the service comes back without restarting Pushboard. An instance started while PostgreSQL is
down runs with /readyz 503 and serves once it is up. Each test prints the figures it saw.
"""
import shutil
import tempfile
import threading
import time

import pytest

from postgres_server import free_port
from pushboard_cluster import Cluster, Instance, cluster, postgres  # noqa: F401 (fixtures)

WRITERS = 6
# A request may wait for a pooled connection (2 s), open one (connect_timeout 5 s) and run a
# statement (statement_timeout 5 s); nothing should take longer than those together.
REQUEST_BOUND_SECONDS = 12



class Storm:
    """WRITERS threads saving new notifications through haproxy, each with a name of its own,
    until `stop()`; what each request got back is kept."""

    def __init__(self, cluster, label):
        self.cluster, self.label = cluster, label
        self.acknowledged = {}  # id → name
        self.statuses = {}
        self.unanswered = []
        self.slowest = {}  # status → the longest it took
        self.began = time.monotonic()
        self.slowest_request = (0.0, "")  # for the figures: when it began, who answered
        self.lock = threading.Lock()
        self.running = threading.Event()
        self.running.set()
        self.threads = [threading.Thread(target=self._write, args=(index,)) for index in range(WRITERS)]
        for thread in self.threads:
            thread.start()

    def _write(self, index):
        client = self.cluster.client(timeout=REQUEST_BOUND_SECONDS * 2)
        count = 0
        while self.running.is_set():
            count += 1
            name = f"{self.label}-w{index}-{count}"
            body = {"name": name, "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": name}}}
            started = time.monotonic()
            try:
                status, headers, answer = client.request("POST", "/api/v1/notifications", body)
            except OSError as error:
                with self.lock:  # a connection haproxy closed without an answer
                    self.unanswered.append(f"{name}: {error!r}")
                time.sleep(0.05)
                continue
            elapsed = time.monotonic() - started
            with self.lock:
                self.slowest[status] = max(self.slowest.get(status, 0.0), elapsed)
                if elapsed > self.slowest_request[0]:
                    self.slowest_request = (elapsed, f"{status} from {headers.get('x-served-by', 'haproxy')}, "
                                                     f"sent at {started - self.began:.2f} s")
                self.statuses[status] = self.statuses.get(status, 0) + 1
                if 200 <= status < 300:
                    self.acknowledged[answer["id"]] = name
            if status >= 500:
                time.sleep(0.05)  # as a client honouring Retry-After would, briefly

    def successes(self):
        with self.lock:
            return len(self.acknowledged)

    def stop(self):
        self.running.clear()
        for thread in self.threads:
            thread.join()

    def figures(self):
        slowest = ", ".join(f"{status} {seconds:.2f} s" for status, seconds in sorted(self.slowest.items()))
        return (f"{sum(self.statuses.values())} answered {dict(sorted(self.statuses.items()))}, "
                f"{len(self.unanswered)} unanswered (connection closed by haproxy), slowest: {slowest} "
                f"(the slowest: {self.slowest_request[1]})")


def wait_for_successes(storm, count, within=20):
    deadline = time.monotonic() + within
    while storm.successes() < count:
        assert time.monotonic() < deadline, "the storm made no progress: " + storm.figures()
        time.sleep(0.02)


def assert_all_present(cluster, acknowledged):
    """Every acknowledged notification is there, with the name it was saved with, on each instance."""
    for instance in cluster.instances:
        client = instance.client()
        try:
            listed = {}
            offset = 0
            while offset is not None:
                status, _, page = client.request("GET", f"/api/v1/notifications?limit=500&offset={offset}")
                assert status == 200, page
                listed.update({n["id"]: n["name"] for n in page["notifications"]})
                offset = page.get("nextOffset")
            missing = {nid: name for nid, name in acknowledged.items() if listed.get(nid) != name}
            assert not missing, f"instance {instance.name} lacks {len(missing)} acknowledged writes"
        finally:
            client.close()


def test_kill_9_of_one_instance_during_a_write_storm_loses_no_acknowledged_write(cluster):
    acknowledged = {}
    for round_number in range(3):
        victim = cluster.instances[round_number % 2]
        storm = Storm(cluster, f"kill{round_number}")
        try:
            wait_for_successes(storm, 30)
            victim.kill()
            killed_at = storm.successes()
            wait_for_successes(storm, killed_at + 30)  # the other instance carries on alone
            victim.start()
            cluster.wait_until_both_serve()
            wait_for_successes(storm, storm.successes() + 30)
        finally:
            storm.stop()
        print(f"\nkill -9 round {round_number + 1} (instance {victim.name}): {storm.figures()}")
        assert storm.statuses.get(201, 0) == len(storm.acknowledged) > 90
        acknowledged.update(storm.acknowledged)
    assert_all_present(cluster, acknowledged)


def test_postgresql_stopped_for_5_s_during_a_storm_every_request_answered_nothing_lost(cluster, postgres):
    storm = Storm(cluster, "pgstop")
    try:
        wait_for_successes(storm, 30)
        stopping = time.monotonic()
        postgres.stop()
        stopped = time.monotonic()
        time.sleep(5)
        postgres.start()
        started = time.monotonic()
        wait_for_successes(storm, storm.successes() + 1, within=30)
        recovered = time.monotonic() - started
        wait_for_successes(storm, storm.successes() + 30)
    finally:
        storm.stop()
    print(f"\nPostgreSQL stopping at {stopping - storm.began:.2f} s, stopped at {stopped - storm.began:.2f} s "
          f"for {started - stopped:.1f} s: {storm.figures()}; "
          f"first acknowledged write {recovered:.2f} s after it started")
    assert not storm.unanswered, storm.unanswered[:3]
    assert set(storm.statuses) <= {201, 503}, storm.statuses
    assert storm.statuses.get(503, 0) > 0, "the stop was not seen"
    assert max(storm.slowest.values()) < REQUEST_BOUND_SECONDS
    assert_all_present(cluster, storm.acknowledged)


def test_an_instance_started_while_postgresql_is_down_runs_not_ready_and_serves_once_it_is_up(postgres):
    url = postgres.fresh_database()
    data = tempfile.mkdtemp(prefix="pushboard-test-")
    instance = Instance("late", url, data, free_port())
    postgres.stop()
    try:
        try:
            instance.start()  # before: "cannot start: …", exit 1
            client = instance.client()
            assert client.request("GET", "/healthz")[0] == 200
            status, headers, body = client.request("GET", "/readyz")
            assert status == 503 and headers["retry-after"], body
            assert body["checks"][0]["name"] == "database" and body["checks"][0]["passed"] is False
            status, headers, body = client.request("GET", "/api/v1/categories")
            assert status == 503 and headers["retry-after"] and body["error"]["code"] == "busy", body
        finally:
            postgres.start()
        started = time.monotonic()
        while client.request("GET", "/readyz")[0] != 200:
            assert time.monotonic() - started < 20, instance.log_text()
            time.sleep(0.1)
        print(f"\nstarted without PostgreSQL: ready {time.monotonic() - started:.2f} s after it started")
        category = {"identifier": "late", "actions": []}
        assert client.request("PUT", "/api/v1/categories/late", category)[0] == 201, instance.log_text()
        assert instance.process.poll() is None
        assert "waiting for the database: PostgreSQL is unavailable" in instance.log_text()
        client.close()
    finally:
        instance.stop()
        shutil.rmtree(data, ignore_errors=True)
