"""`pushboard serve --database postgresql://…`: the API answers the same on PostgreSQL as on
SQLite (categories, notifications with If-Match, login and logout), two instances share one
workspace, and /readyz follows the database (503 while it is stopped, 200 again after, without
restarting pushboard). PostgreSQL runs from a temporary directory on 127.0.0.1 only.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from conftest import ROOT, SEEDS, Server
from postgres_server import PostgresServer

PASSWORD = "a long enough password"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture(scope="module")
def postgres():
    server = PostgresServer()
    yield server
    server.remove()


@pytest.fixture
def workspace(postgres):
    """A fresh database and a data directory (which, with --database, keeps only the access key)."""
    path = tempfile.mkdtemp(prefix="pushboard-test-")
    yield postgres.fresh_database(), path
    shutil.rmtree(path, ignore_errors=True)


def serve(workspace, *extra):
    url, data = workspace
    return Server(data, ["--database", url, *extra])


def test_categories_and_notifications_with_if_match(workspace):
    server = serve(workspace)
    try:
        category = {"identifier": "promo", "actions": [{"identifier": "open", "title": "Otevřít"}]}
        assert server.json("PUT", "/api/v1/categories/promo", category)[0] == 201
        assert server.json("PUT", "/api/v1/categories/promo", category)[0] == 200
        status, _, listing = server.json("GET", "/api/v1/categories")
        assert status == 200 and [c["identifier"] for c in listing["categories"]] == ["promo"]

        body = {"name": "Kino", "headers": {"apns-push-type": "alert"},
                "payload": {"aps": {"alert": {"title": "Sléva", "body": "Jen dnes"}}}}
        status, headers, stored = server.json("POST", "/api/v1/notifications", body)
        assert status == 201, stored
        nid, etag = stored["id"], headers["etag"]
        update = {**body, "name": "Kino 2"}
        status, headers, _ = server.json("PUT", f"/api/v1/notifications/{nid}", update, {"If-Match": etag})
        assert status == 200 and headers["etag"] != etag
        status, _, _ = server.json("PUT", f"/api/v1/notifications/{nid}", {**update, "name": "stale"},
                                   {"If-Match": etag})
        assert status == 412
        _, _, revisions = server.json("GET", f"/api/v1/notifications/{nid}/revisions")
        assert [r["name"] for r in revisions["revisions"]] == ["Kino 2", "Kino"]
        _, _, found = server.json("GET", "/api/v1/notifications?q=sleva")
        assert [n["id"] for n in found["notifications"]] == [nid]
    finally:
        server.stop()

    # Another instance on the same database sees the same workspace.
    again = serve(workspace)
    try:
        _, _, listing = again.json("GET", "/api/v1/categories")
        assert [c["identifier"] for c in listing["categories"]] == ["promo"]
        _, _, notifications = again.json("GET", "/api/v1/notifications")
        assert [n["name"] for n in notifications["notifications"]] == ["Kino 2"]
    finally:
        again.stop()


def test_login_and_logout_through_a_user_added_with_database(binary, workspace):
    url, _ = workspace
    added = subprocess.run([str(binary), "users", "add", "root", "--role", "admin", "--database", url],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert added.returncode == 0, added.stderr
    server = serve(workspace)
    try:
        login = f"name=root&password={PASSWORD.replace(' ', '+')}"
        assert server.request("POST", "/login", "name=root&password=wrong+password+here", FORM)[0] == 401
        status, headers, _ = server.request("POST", "/login", login, FORM)
        assert status == 303
        cookie = {"Cookie": headers["set-cookie"].split(";")[0]}
        status, _, page = server.request("GET", "/users", None, cookie)
        assert status == 200 and b"root" in page
        csrf = re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()
        status, headers, _ = server.request("POST", "/logout", f"_csrf={csrf}", {**FORM, **cookie})
        assert status == 303 and headers["location"] == "/login"
        status, headers, _ = server.request("GET", "/users", None, cookie)
        assert status == 303 and headers["location"].startswith("/login")
    finally:
        server.stop()


def test_readyz_follows_the_database_and_recovers_without_a_restart(workspace, postgres):
    server = serve(workspace)
    try:
        status, _, ready = server.json("GET", "/readyz")
        assert status == 200 and [c["name"] for c in ready["checks"]] == ["database"]
        postgres.stop()
        try:
            started = time.monotonic()
            status, headers, body = server.json("GET", "/readyz")
            assert status == 503 and headers["retry-after"], body
            assert "checks" in body and body["checks"][0]["passed"] is False, body
            assert time.monotonic() - started < 10
            assert server.request("GET", "/healthz")[0] == 200
        finally:
            postgres.start()
        status, _, _ = server.json("GET", "/readyz")
        assert status == 200
        assert server.json("GET", "/api/v1/categories")[0] == 200
    finally:
        server.stop()


def test_a_database_option_that_is_not_a_postgresql_url_is_a_usage_error(binary):
    result = subprocess.run([str(binary), "serve", "--port", "0", "--database", "./pushboard-data"],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and "postgresql:// URL" in result.stderr


def test_migrate_copies_a_data_directory_and_refuses_a_workspace_unless_forced(binary, postgres, data_dir):
    sqlite = Server(data_dir)
    try:
        category = {"identifier": "promo", "actions": []}
        assert sqlite.json("PUT", "/api/v1/categories/promo", category)[0] == 201
        body = {"name": "Kino", "headers": {}, "payload": {"aps": {"alert": "Sléva"}}}
        status, headers, stored = sqlite.json("POST", "/api/v1/notifications", body)
        assert status == 201
        status, _, _ = sqlite.json("PUT", f"/api/v1/notifications/{stored['id']}", {**body, "name": "Kino 2"},
                                   {"If-Match": headers["etag"]})
        assert status == 200
        reads = ["/api/v1/categories", "/api/v1/notifications", f"/api/v1/notifications/{stored['id']}/revisions"]
        before = [sqlite.json("GET", path)[2] for path in reads]
    finally:
        sqlite.stop()
    url = postgres.fresh_database()

    def migrate(*extra):
        return subprocess.run([str(binary), "migrate", "--from", str(data_dir), "--to", url, *extra],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)

    copied = migrate()
    assert copied.returncode == 0, copied.stderr
    assert re.search(r"^notification_revisions\t2$", copied.stdout, re.M), copied.stdout
    refused = migrate()
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert migrate("--force").returncode == 0
    instance_directory = tempfile.mkdtemp(prefix="pushboard-test-")
    shared = serve((url, instance_directory))
    try:
        assert [shared.json("GET", path)[2] for path in reads] == before
    finally:
        shared.stop()
        shutil.rmtree(instance_directory, ignore_errors=True)


def test_the_workspace_commands_take_database(binary, workspace, tmp_path):
    """Issue 30: `categories`, `activities`, `strings`, `apns-keys` and the commands that read the
    registered categories (`validate`) work on `--database` as on `--data`. The data directory
    given beside it stays without a workspace (it keeps only the key files), so every row went to
    PostgreSQL."""
    url, data = workspace
    fixtures = ROOT / "Tests"
    categories = str(SEEDS / "categories.json")

    def cli(*arguments):
        return subprocess.run([str(binary), *arguments, "--database", url, "--data", data],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)

    imported = cli("categories", "import", categories)
    assert imported.returncode == 0 and "into the PostgreSQL database" in imported.stdout, imported.stderr
    count = len(json.load(open(categories))["categories"])
    dry_run = cli("categories", "import", categories, "--dry-run").stdout
    assert "into the PostgreSQL database" in dry_run and f"({count} unchanged)" in dry_run, dry_run
    exported = cli("categories", "export", "--as", "json")
    assert exported.returncode == 0 and json.loads(exported.stdout) == json.load(open(categories))
    validated = cli("validate", str(SEEDS / "czech.json"))
    assert validated.returncode == 0 and "category.unregistered" not in validated.stdout, validated.stdout

    real = fixtures / "NotificationKitTests" / "Fixtures" / "activities" / "real"
    activities = cli("activities", "import", str(real / "FocusTimerAttributes.swift"),
                     str(real / "FocusCategory.swift"))
    assert activities.returncode == 0 and "into the PostgreSQL database" in activities.stdout, activities.stderr
    listed = json.loads(cli("activities", "export").stdout)
    assert [t["title"] for t in listed["activities"]] == ["FocusTimerAttributes"]

    catalog = fixtures / "LocalizationTests" / "Fixtures" / "Shop-1.0.xcstrings"
    assert cli("strings", "export").returncode == 1  # none stored yet
    strings = cli("strings", "import", str(catalog))
    assert strings.returncode == 0 and "into the PostgreSQL database" in strings.stdout, strings.stderr
    assert json.loads(cli("strings", "export").stdout) == json.loads(catalog.read_text(encoding="utf-8"))
    assert "catalog keys" in cli("strings", "check").stdout

    key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    key_file = tmp_path / "AuthKey_ABCDE12345.p8"
    key_file.write_bytes(key)
    added = cli("apns-keys", "add", "--key", str(key_file), "--key-id", "ABCDE12345", "--team-id", "TEAM123456")
    assert added.returncode == 0, added.stderr
    assert "ABCDE12345" in cli("apns-keys", "list").stdout
    assert cli("apns-keys", "remove", "ABCDE12345").returncode == 0
    assert "ABCDE12345" not in cli("apns-keys", "list").stdout

    # Nothing of it is in the data directory's SQLite file (there is none).
    assert not os.path.exists(os.path.join(data, "pushboard.sqlite3"))
