"""Access control end to end: the public-bind rule, login-only routes, CLI users and tokens.

The server may bind 0.0.0.0, but every connection here goes to 127.0.0.1 only.
"""
import http.client
import json
import os
import pty
import re
import select
import signal
import subprocess
import tempfile
import termios
import time

import pytest

from conftest import ROOT

PASSWORD = "a long enough password"


def run(binary, *args, stdin=""):
    return subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def add_user(binary, store, name, role):
    result = run(binary, "users", "add", name, "--role", role, *store,
                 stdin=PASSWORD + "\n")
    assert result.returncode == 0, result.stderr
    return result


class PublicServer:
    """`pushboard serve --host 0.0.0.0 --port 0`, talked to through 127.0.0.1 only."""

    def __init__(self, binary, data_dir, *extra):
        # The server logs every request to stderr: a file, not a pipe nobody drains.
        self.stderr_file = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [str(binary), "serve", "--host", "0.0.0.0", "--port", "0", "--data", str(data_dir), *extra],
            stdout=subprocess.PIPE, stderr=self.stderr_file, text=True, cwd=ROOT)
        line = self.process.stdout.readline()
        match = re.search(r"http://0\.0\.0\.0:(\d+)", line)
        assert match, f"no URL: {line!r} {self.stderr_text()!r}"
        self.port = int(match.group(1))

    def stderr_text(self):
        """Everything the server wrote to stderr so far (its log)."""
        self.stderr_file.flush()
        self.stderr_file.seek(0)
        return self.stderr_file.read()

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            out, _ = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
        return out + self.stderr_text()


# The tests that use `store` run on one `serve --data DIR` and on a cluster (conftest
# `pytest_generate_tests`): the CLI then works on the cluster's database (`--database URL`) and
# `serve_public` starts both instances on 0.0.0.0 behind haproxy.
BACKENDS = ("sqlite", "cluster")


class Store(list):
    """The CLI's workspace arguments (`--data DIR` or `--database URL`), and the module's
    cluster (None on SQLite)."""

    def __init__(self, arguments, cluster):
        super().__init__(arguments)
        self.cluster = cluster
        # How the refusal to bind publicly names the workspace: a URL may hold a password.
        self.hint = "--database URL" if cluster else " ".join(arguments)


@pytest.fixture
def store(data_dir, module_cluster):
    if module_cluster is None:
        return Store(["--data", str(data_dir)], None)
    module_cluster.empty()
    return Store(module_cluster.store_args, module_cluster)


class PublicCluster:
    """`PublicServer`'s interface for the cluster: both instances on 0.0.0.0, requests through
    haproxy on 127.0.0.1."""

    def __init__(self, cluster, *extra):
        self.cluster = cluster.start("0.0.0.0", extra)
        self.port = cluster.port

    request = PublicServer.request

    def stop(self):
        return self.cluster.empty(graceful=True)


def serve_public(binary, store, *extra):
    """`serve --host 0.0.0.0` on the store's backend."""
    if store.cluster is not None:
        return PublicCluster(store.cluster, *extra)
    return PublicServer(binary, store[1], *extra)


def test_public_bind_without_users_refuses_and_says_how(binary, store):
    result = subprocess.run(
        [str(binary), "serve", "--host", "0.0.0.0", "--port", "0", *store],
        capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert result.returncode == 2
    assert "pushboard users add NAME --role admin " + store.hint in result.stderr
    assert result.stdout == ""


def test_public_bind_with_an_editor_only_still_refuses(binary, store):
    add_user(binary, store, "ed", "editor")
    result = subprocess.run(
        [str(binary), "serve", "--host", "0.0.0.0", "--port", "0", *store],
        capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert result.returncode == 2 and "--role admin" in result.stderr


def page_and_api_paths():
    document = json.loads((ROOT / "api" / "openapi.json").read_text())
    operations = []
    for path, item in document["paths"].items():
        concrete = path.replace("{identifier}", "message").replace("{id}", "0123456789abcdef")
        for method in item:
            if method in ("get", "post", "put", "delete"):
                operations.append((method.upper(), concrete))
    pages = ["/", "/categories", "/categories/new", "/categories/message", "/notifications",
             "/notifications/new", "/notifications/0123456789abcdef", "/users", "/tokens", "/audit",
             "/categories/download/config.json", "/account", "/no/such/page"]
    operations += [("GET", page) for page in pages]
    operations += [("POST", page) for page in ["/categories", "/categories/new", "/notifications/new",
                                                "/users", "/tokens", "/logout", "/account/password",
                                                "/users/root/password"]]
    return operations


def test_public_bind_with_an_admin_needs_login_everywhere_but_health_static_and_login(binary, store):
    add_user(binary, store, "root", "admin")
    server = serve_public(binary, store)
    try:
        assert server.request("GET", "/healthz")[0] == 200
        assert server.request("GET", "/static/pushboard.css")[0] == 200
        assert server.request("GET", "/login")[0] == 200
        assert server.request("GET", "/readyz")[0] == 200
        assert server.request("GET", "/preview/geometry.css")[0] == 200
        for method, path in page_and_api_paths():
            if path in ("/healthz", "/readyz"):
                continue
            status, headers, _ = server.request(method, path, body=b"{}" if method != "GET" else None,
                                                headers={"Content-Type": "application/json"})
            assert status in (401, 303), f"{method} {path} answered {status} without login"
            if status == 303:
                assert headers["location"].startswith("/login?next=")
        status, headers, _ = server.request(
            "POST", "/login", body=f"name=root&password={PASSWORD.replace(' ', '+')}",
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303
        cookie = headers["set-cookie"].split(";")[0]
        status, _, body = server.request("GET", "/", headers={"Cookie": cookie})
        assert status == 200 and b"Signed in as <strong>root</strong>" in body
    finally:
        server.stop()


def test_cli_tokens_work_are_revoked_at_once_and_never_logged(binary, store):
    add_user(binary, store, "root", "admin")
    created = run(binary, "tokens", "create", "pipeline", "--role", "editor", *store)
    assert created.returncode == 0, created.stderr
    token = created.stdout.strip()
    assert token.startswith("pbt_") and len(token) == 47
    listed = run(binary, "tokens", "list", *store)
    assert "pipeline\teditor" in listed.stdout and token[4:] not in listed.stdout
    server = serve_public(binary, store)
    try:
        bearer = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
        category = json.dumps({"identifier": "message", "actions": []})
        assert server.request("PUT", "/api/v1/categories/message", category, bearer)[0] == 201
        viewer = run(binary, "tokens", "create", "reader", "--role", "viewer", *store)
        reader = {"Authorization": "Bearer " + viewer.stdout.strip(), "Content-Type": "application/json"}
        assert server.request("GET", "/api/v1/categories", None, reader)[0] == 200
        assert server.request("DELETE", "/api/v1/categories/message", None, reader)[0] == 403
        assert server.request("GET", "/api/v1/categories", None, {"Authorization": "Bearer pbt_nope"})[0] == 401
        revoked = run(binary, "tokens", "revoke", "pipeline", *store)
        assert revoked.returncode == 0
        assert server.request("GET", "/api/v1/categories", None, bearer)[0] == 401
        login = f"name=root&password={PASSWORD.replace(' ', '+')}"
        _, headers, _ = server.request("POST", "/login", login,
                                       {"Content-Type": "application/x-www-form-urlencoded"})
        cookie = {"Cookie": headers["set-cookie"].split(";")[0]}
        for page in ["/tokens", "/audit", "/api/v1/audit"]:
            status, _, body = server.request("GET", page, None, cookie)
            assert status == 200 and token[4:].encode() not in body, page
        _, _, audit = server.request("GET", "/api/v1/audit?user=token:pipeline", None, cookie)
        events = json.loads(audit)["events"]
        assert any(e["action"] == "categories.create" and e["object"] == "/categories/message" for e in events)
    finally:
        output = server.stop()
    assert token[4:] not in output


def test_cli_users_list_role_passwd_remove(binary, store):
    add_user(binary, store, "root", "admin")
    add_user(binary, store, "anna", "viewer")
    assert run(binary, "users", "add", "anna", "--role", "viewer", *store,
               stdin=PASSWORD + "\n").returncode == 1
    assert run(binary, "users", "add", "bob", "--role", "viewer", *store,
               stdin="short\n").returncode == 1
    assert run(binary, "users", "add", "bob", "--role", "boss", *store).returncode == 2
    assert run(binary, "users", "role", "anna", "editor", *store).returncode == 0
    listed = run(binary, "users", "list", *store).stdout
    assert re.search(r"^anna\teditor\t", listed, re.M) and re.search(r"^root\tadmin\t", listed, re.M)
    assert run(binary, "users", "passwd", "anna", *store,
               stdin="another long password\n").returncode == 0
    removed = run(binary, "users", "remove", "root", *store)
    assert removed.returncode == 1 and "no admin" in removed.stderr
    assert run(binary, "users", "remove", "anna", *store).returncode == 0
    assert "anna" not in run(binary, "users", "list", *store).stdout


def test_cli_passwd_ends_the_users_sessions_at_once(binary, store):
    add_user(binary, store, "root", "admin")
    server = serve_public(binary, store)
    try:
        login = f"name=root&password={PASSWORD.replace(' ', '+')}"
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        _, headers, _ = server.request("POST", "/login", login, form)
        cookie = {"Cookie": headers["set-cookie"].split(";")[0]}
        assert server.request("GET", "/users", None, cookie)[0] == 200
        changed = run(binary, "users", "passwd", "root", *store,
                      stdin="another long password\n")
        assert changed.returncode == 0 and "1 session(s) ended" in changed.stdout, changed.stderr
        status, headers, _ = server.request("GET", "/users", None, cookie)
        assert status == 303 and headers["location"].startswith("/login")
        assert server.request("POST", "/login", login, form)[0] == 401
        new_login = "name=root&password=another+long+password"
        status, headers, _ = server.request("POST", "/login", new_login, form)
        assert status == 303
        cookie = {"Cookie": headers["set-cookie"].split(";")[0]}
        _, _, audit = server.request("GET", "/api/v1/audit?object=user:root", None, cookie)
        actions = {(e["action"], e["actor"].startswith("cli:"), e["client"]) for e in json.loads(audit)["events"]}
        assert ("user.add", True, "cli") in actions and ("user.password.reset", True, "cli") in actions
    finally:
        server.stop()


@pytest.mark.parametrize("command", [["users", "add"], ["users", "list"], ["users", "remove"],
                                     ["users", "passwd"], ["users", "role"], ["tokens", "create"],
                                     ["tokens", "list"], ["tokens", "revoke"]])
def test_access_commands_have_help(binary, command):
    result = run(binary, *command, "--help")
    assert result.returncode == 0
    assert "pushboard " + " ".join(command) in result.stdout


def test_a_password_is_never_an_argument(binary, store):
    result = run(binary, "users", "add", "anna", "--role", "admin", "--password", PASSWORD,
                 *store)
    assert result.returncode == 2 and "--password" in result.stderr


def at_a_terminal(binary, args, typed):
    """Runs `pushboard ARGS` with a pseudo-terminal as its standard input, typing each line
    of `typed` once the prompt before it has appeared (a signal number instead of a line is
    sent as that signal, as Ctrl-C sends SIGINT). Returns (exit status, everything the
    terminal showed, whether the terminal echoes input again afterwards)."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([str(binary), *args], stdin=follower, stdout=follower, stderr=follower,
                               cwd=ROOT, close_fds=True)
    os.close(follower)
    shown = b""
    deadline = time.monotonic() + 30

    def read_until(marker):
        nonlocal shown
        while marker not in shown and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the program ended and closed the terminal
                    return
                if not chunk:
                    return
                shown += chunk

    for prompt, line in typed:
        read_until(prompt)
        assert prompt in shown, shown
        if isinstance(line, int):
            process.send_signal(line)
        else:
            os.write(leader, line.encode() + b"\n")
    status = process.wait(timeout=30)
    read_until(b"\0")  # what is left
    echoes = bool(termios.tcgetattr(leader)[3] & termios.ECHO)
    os.close(leader)
    return status, shown.decode(errors="replace"), echoes


def test_at_a_terminal_the_password_is_typed_twice_without_echo(binary, store):
    args = ["users", "add", "anna", "--role", "editor", *store]
    status, shown, echoes = at_a_terminal(
        binary, args, [(b"Password: ", PASSWORD), (b"Password again: ", PASSWORD)])
    assert status == 0, shown
    assert PASSWORD not in shown  # neither typing was echoed
    assert echoes, "the terminal's echo was left off"
    assert re.search(r"^anna\teditor\t", run(binary, "users", "list", *store).stdout, re.M)

    status, shown, echoes = at_a_terminal(
        binary, ["users", "add", "bob", "--role", "viewer", *store],
        [(b"Password: ", PASSWORD), (b"Password again: ", PASSWORD + " but different")])
    assert status == 1 and "The two new passwords differ" in shown, shown
    assert PASSWORD not in shown and echoes
    assert "bob" not in run(binary, "users", "list", *store).stdout

    # Both copies pasted at once, the second ahead of its prompt: still not shown.
    status, shown, echoes = at_a_terminal(
        binary, ["users", "passwd", "anna", *store],
        [(b"Password: ", "another long password\nanother long password")])
    assert status == 0 and "session(s) ended" in shown, shown
    assert "another long password" not in shown and echoes


def test_ctrl_c_at_the_password_prompt_puts_the_echo_back(binary, store):
    for typed in ([(b"Password: ", signal.SIGINT)],
                  [(b"Password: ", PASSWORD), (b"Password again: ", signal.SIGTERM)]):
        status, shown, echoes = at_a_terminal(
            binary, ["users", "add", "anna", "--role", "editor", *store], typed)
        assert status == -typed[-1][1], (status, shown)  # ended by the signal, as it would have been
        assert echoes, "the terminal's echo was left off"
        assert PASSWORD not in shown
    assert "anna" not in run(binary, "users", "list", *store).stdout


def test_a_name_that_cannot_be_used_is_said_before_the_password_is_asked(binary, store):
    add_user(binary, store, "anna", "admin")
    for args, said in ((["users", "add", "anna", "--role", "viewer"], 'already exists'),
                       (["users", "add", "no spaces", "--role", "viewer"], "no spaces"),
                       (["users", "passwd", "ghost"], 'There is no "ghost"')):
        status, shown, echoes = at_a_terminal(binary, [*args, *store], [])
        assert status == 1 and said in shown, (args, shown)
        assert "Password" not in shown, shown  # nothing was asked for
        assert echoes


def test_behind_a_trusted_proxy_clients_are_throttled_apart_and_retention_runs_at_start(
        binary, store, tmp_path):
    add_user(binary, store, "root", "admin")
    config = tmp_path / "pushboard.conf"
    config.write_text("trusted-proxy = 127.0.0.1\naudit-retention = 30\n")
    server = serve_public(binary, store, "--config", str(config))
    form = {"Content-Type": "application/x-www-form-urlencoded"}

    def attempt(name, forwarded_for):
        headers = dict(form, **{"X-Forwarded-For": forwarded_for})
        return server.request("POST", "/login", body=f"name={name}&password=wrong", headers=headers)[0]

    try:
        assert [attempt(f"n{index}", "10.9.9.9, 10.0.0.1") for index in range(5)] == [401] * 5
        assert attempt("n9", "10.0.0.1") == 429
        assert attempt("n9", "10.0.0.2") == 401
    finally:
        log = server.stop()
    assert "retention: deleted 0 audit event(s) older than 30 days and 0 expired session(s)" in log
    assert '10.0.0.2 - - [' in log, "the access log names the client, not the proxy"


@pytest.mark.parametrize("value", ["proxy.example.org", "10.0.0.0/8"])
def test_a_trusted_proxy_must_be_an_address(binary, data_dir, value):
    result = run(binary, "serve", "--port", "0", "--data", str(data_dir), "--trusted-proxy", value)
    assert result.returncode == 2
    assert f"option '--trusted-proxy' must be an IP address, not '{value}'" in result.stderr
