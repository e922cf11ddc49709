"""A throwaway PostgreSQL server for the tests: Debian's PostgreSQL initialised in a temporary
directory, listening on 127.0.0.1 only on a port of its own, trusting local connections, and
removed when stopped. PostgreSQL refuses to run as root, so under root (CI) its tools run as the
`postgres` user the package creates.
"""
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid


def binaries():
    """The newest installed PostgreSQL's bin directory, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda path: int(path.split("/")[4]) if path.split("/")[4].isdigit() else 0)
    return os.path.dirname(found[-1]) if found else None


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """initdb + pg_ctl start in a temporary directory; `url(name)` for a database on it."""

    def __init__(self):
        self.bin = binaries()
        if self.bin is None:
            raise RuntimeError("PostgreSQL is not installed (scripts/install-deps.sh test installs it)")
        self.directory = tempfile.mkdtemp(prefix="pushboard-pg-")
        if os.getuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
        self.port = free_port()
        self.data = os.path.join(self.directory, "data")
        self._tool("initdb", "-D", self.data, "-U", "pushboard", "-A", "trust", "-E", "UTF8",
                   "--no-sync", "--locale=C")
        self.start()

    def _tool(self, name, *arguments):
        command = [os.path.join(self.bin, name), *arguments]
        if os.getuid() == 0:
            command = ["/usr/sbin/runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                stdin=subprocess.DEVNULL)
        if result.returncode != 0:
            raise RuntimeError(f"{name} failed: {result.stdout}{result.stderr}")

    def start(self):
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.directory} "
                   "-c fsync=off -c max_connections=100")
        self._tool("pg_ctl", "-D", self.data, "-o", options, "-l", os.path.join(self.directory, "log"),
                   "-w", "-t", "30", "start")

    def stop(self, mode="fast"):
        self._tool("pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")

    def fresh_database(self):
        """A new empty database's postgresql:// URL."""
        name = "test_" + uuid.uuid4().hex[:12]
        self._tool("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "pushboard", name)
        return self.url(name)

    def sql(self, url, statement):
        """Runs `statement` with psql on the database of `url` (one of `url(name)`)."""
        self._tool("psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement)

    def url(self, name):
        return f"postgresql://pushboard@127.0.0.1:{self.port}/{name}"

    def remove(self):
        try:
            self.stop("immediate")
        except RuntimeError:
            pass
        shutil.rmtree(self.directory, ignore_errors=True)
