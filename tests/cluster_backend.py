"""The `cluster` backend of the tests parameterised by backend (conftest's `BACKENDS`): the same
test functions that run against one `pushboard serve --data DIR` run against a cluster —
PostgreSQL, two `pushboard serve --database URL` instances and haproxy round-robin in front
(tests/pushboard_cluster.py) — through an object with conftest `Server`'s interface.

One cluster per test module, on a database of its own; a test that wants a fresh workspace
(conftest's `server`) gets the same cluster emptied: both instances stopped, every table of the
database truncated, both started again, so nothing of the previous test is left in the database
nor in an instance's memory (its registry snapshot, its login throttle).
"""
import signal
import time
from concurrent.futures import ThreadPoolExecutor

from conftest import Server
from pushboard_cluster import Client, Cluster

# Every table but the schema version: TRUNCATE … RESTART IDENTITY also resets the id sequences.
EMPTY_EVERY_TABLE = """
DO $$
DECLARE tables text;
BEGIN
    SELECT string_agg(format('%I', tablename), ', ') INTO tables
    FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'pushboard_schema';
    IF tables IS NOT NULL THEN
        EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
    END IF;
END $$;
"""


class ClusterServer(Server):
    """A `Server` whose address is haproxy's: each request (a new connection, as `Server`
    makes) goes to the next instance round-robin, so consecutive requests of one test are
    answered by different processes that share only the database. `store_args` names the
    workspace for the CLI (`users add … --database URL`), as `--data DIR` does for SQLite."""

    def __init__(self, postgres):  # noqa: D107 - no Server.__init__: nothing is started here
        self.postgres = postgres
        self.cluster = Cluster(postgres)
        self.url = self.cluster.url
        self.port = self.cluster.port
        self.base = f"http://127.0.0.1:{self.port}"
        self.store_args = ["--database", self.url]
        self.instance_port = self.cluster.instances[0].port  # to bypass haproxy (conftest says when)
        self.data_dir = None  # there is none: a test that reads one runs on SQLite only

    def fresh(self, prepare=None):
        """Empties the workspace; `prepare(store_args)` runs (CLI commands) while no instance
        serves, as it would before a single server's start. Returns self."""
        self.empty()
        if prepare is not None:
            prepare(self.store_args)
        return self.start()

    def empty(self, graceful=False):
        """Stops both instances and empties every table; returns the instances' output when
        `graceful` (SIGTERM, which takes an instance about half a second), else kills them
        (nothing of theirs is kept: the tables are emptied next)."""
        running = [i for i in self.cluster.instances if i.process is not None and i.process.poll() is None]
        for instance in running:
            instance.process.send_signal(signal.SIGTERM if graceful else signal.SIGKILL)
        output = ""
        for instance in running:
            instance.stop()  # waits; kills after 10 s
            if graceful:
                output += instance.process.stdout.read() + instance.log_text()
            instance.process.stdout.close()
        self.postgres.sql(self.url, EMPTY_EVERY_TABLE)
        return output

    def start(self, host="127.0.0.1", extra=()):
        """Starts both instances at once (listening on `host`, with `extra` options of `serve`)
        and waits until haproxy sends requests to both. Returns self."""
        for instance in self.cluster.instances:
            instance.host, instance.extra = host, list(extra)
        with ThreadPoolExecutor(len(self.cluster.instances)) as starting:
            list(starting.map(lambda instance: instance.start(), self.cluster.instances))
        for instance in self.cluster.instances:
            wait_until_ready(instance.port)
        self.cluster.wait_until_both_serve()
        return self

    def stderr_text(self):
        """Both instances' logs, a's then b's."""
        return "".join(instance.log_text() for instance in self.cluster.instances if instance.log)

    def stop(self, sig=None):
        """The module's fixture stops the cluster (`shutdown`); a test's end leaves it running."""

    def shutdown(self):
        self.cluster.stop()


def wait_until_ready(port, within=15):
    """Until the instance on `port` answers /readyz 200 (its pool reached the database)."""
    client = Client(port, timeout=5)
    deadline = time.monotonic() + within
    try:
        while time.monotonic() < deadline:
            try:
                if client.request("GET", "/readyz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.02)
    finally:
        client.close()
    raise RuntimeError(f"the instance on port {port} never became ready")
