"""The workspace side of test sends with the real release binary and the local APNs: a key added
with `pushboard apns-keys add` or on /settings/apns is sealed (no file of the data directory
holds the key's bytes or its base64) and never appears in a page, an API answer, a log line or
an audit line; `POST /api/v1/sends` delivers a saved notification's exact bytes to a user's
device and explains the answer; the send log lists it; a viewer can neither reach the keys nor
send; a lost key file is a clear message."""
import base64
import os
import subprocess
import urllib.parse

import pytest

from apns_fixtures import BUNDLE, KEY_ID, TEAM_ID, apns  # noqa: F401  (the fixture)
from conftest import BINARY, ROOT, Server

TOKEN = "a1b2c3d4" * 8
PAYLOAD = {"aps": {"alert": {"title": "Build 42", "body": "Ready to test."}}}


def cli(*arguments, stdin=None):
    return subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, cwd=ROOT, input=stdin,
                          timeout=60)


def key_needles(apns):
    """The key as it could leak: its DER bytes (the private scalar among them), their base64,
    and the PEM's base64 lines."""
    der = apns.key_der
    pem_body = "".join(line for line in apns.key_pem.decode().splitlines() if not line.startswith("-----"))
    return [der[-32:], der[36:68], base64.b64encode(der)[:40], pem_body[:40].encode(), pem_body[-40:].encode()]


def assert_nowhere(apns, blobs):
    for name, blob in blobs:
        for needle in key_needles(apns):
            assert needle not in blob, f"the key leaked into {name}"


def data_files(directory):
    for root, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as file:
                yield path, file.read()


@pytest.fixture
def sending_server(apns, tmp_path):
    data = tmp_path / "data"
    result = cli("apns-keys", "add", "--key", str(apns.key_file), "--key-id", KEY_ID, "--team-id", TEAM_ID,
                 "--data", str(data))
    assert result.returncode == 0, result.stderr
    assert KEY_ID in result.stdout
    server = Server(data, extra_args=apns.endpoint_flags())
    yield server, data, result
    server.stop()


def add_device(server, token=TOKEN, environment="sandbox", name="Anna's iPhone"):
    form = urllib.parse.urlencode({"name": name, "token": f"Device token: <{token}>", "environment": environment,
                                   "bundleID": BUNDLE, "platform": "iOS"})
    status, headers, _ = server.request("POST", "/devices", form,
                                        {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303, status


def device_ids(server):
    status, _, page = server.request("GET", "/devices")
    assert status == 200
    text = page.decode()
    return [part.split("/remove")[0] for part in text.split('action="/devices/')[1:]]


def test_a_saved_notification_reaches_the_device_with_its_exact_bytes_and_nothing_leaks(apns, sending_server):
    server, data, added = sending_server
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    add_device(server)
    [device] = device_ids(server)
    status, _, saved = server.json("POST", "/api/v1/notifications", {"name": "Build 42", "payload": PAYLOAD})
    assert status == 201, saved
    status, _, sent = server.json("POST", "/api/v1/sends", {"notification": saved["id"], "devices": [device]})
    assert status == 200, sent
    [result] = sent["results"]
    assert result["status"] == 200 and result["credential"] == KEY_ID
    assert len(result["apnsID"]) == 36 and len(result["apnsUniqueID"]) == 36
    assert result["meaning"] and result["roundTripMilliseconds"] >= 0
    [record] = apns.stand_in.seen()
    status, _, exported = server.request("GET", f"/notifications/{saved['id']}/export.json")
    assert status == 200 and record["body"] == exported
    assert ("apns-topic", BUNDLE) in record["headers"]

    status, _, log = server.json("GET", "/api/v1/sends")
    assert status == 200 and log["total"] == 1
    assert log["sends"][0]["notification"] == saved["id"] and log["sends"][0]["status"] == 200
    pages = [(path, server.request("GET", path)[2]) for path in
             ["/settings/apns", "/devices", "/sends", f"/send?notification={saved['id']}", "/api/v1/sends",
              "/audit"]]
    server.stop()
    assert_nowhere(apns, pages + [("server log", server.stderr_text().encode()),
                                  ("apns-keys add output", (added.stdout + added.stderr).encode())]
                   + list(data_files(data)))
    assert oct(os.stat(data / "secret.key").st_mode & 0o777) == "0o600"


def test_a_sandbox_token_sent_to_production_is_explained(apns, sending_server):
    server, _, _ = sending_server
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    add_device(server, environment="production")
    [device] = device_ids(server)
    status, _, sent = server.json("POST", "/api/v1/sends", {
        "payload": '{"aps":{"alert":"Hi"}}', "headers": {"apns-push-type": "alert"}, "devices": [device]})
    assert status == 200, sent
    [result] = sent["results"]
    assert result["status"] == 400 and result["reason"] == "BadDeviceToken"
    assert "Sandbox" in result["advice"] or "sandbox" in result["advice"]


def test_an_invalid_payload_is_not_sent(apns, sending_server):
    server, _, _ = sending_server
    add_device(server)
    [device] = device_ids(server)
    status, _, answer = server.json("POST", "/api/v1/sends", {"payload": '{"aps":{"badge":"5"}}', "devices": [device]})
    assert status == 422 and answer["error"]["code"] == "invalid-send-payload"
    assert apns.stand_in.seen() == [] and apns.stand_in.connection_count() == 0


def test_a_lost_key_file_is_a_clear_message(apns, sending_server):
    server, data, _ = sending_server
    add_device(server)
    [device] = device_ids(server)
    os.remove(data / "secret.key")
    status, _, sent = server.json("POST", "/api/v1/sends", {"payload": '{"aps":{"alert":"Hi"}}', "devices": [device]})
    assert status == 200
    assert "secret key file" in sent["results"][0]["failure"] and "missing" in sent["results"][0]["failure"]
    assert apns.stand_in.seen() == []
    assert server.process.poll() is None


def test_a_viewer_cannot_reach_the_keys_or_send(tmp_path):
    data = tmp_path / "data"
    assert cli("users", "add", "root", "--role", "admin", "--data", str(data),
               stdin="a long enough password\n").returncode == 0
    viewer = cli("tokens", "create", "look", "--role", "viewer", "--data", str(data)).stdout.strip()
    server = Server(data)
    try:
        auth = {"Authorization": f"Bearer {viewer}"}
        for path in ["/settings/apns", "/send", "/devices"]:
            assert server.request("GET", path, headers=auth)[0] == 403, path
        status, _, answer = server.json("POST", "/api/v1/sends", {"payload": "{}", "devices": []}, auth)
        assert status == 403
    finally:
        server.stop()


def test_apns_keys_list_and_remove_print_no_secret(apns, tmp_path):
    data = tmp_path / "data"
    added = cli("apns-keys", "add", "--key", str(apns.key_file), "--key-id", KEY_ID, "--team-id", TEAM_ID,
                "--key-scope", "sandbox", "--key-bundle", BUNDLE, "--data", str(data))
    assert added.returncode == 0, added.stderr
    again = cli("apns-keys", "add", "--key", str(apns.key_file), "--key-id", KEY_ID, "--team-id", TEAM_ID,
                "--data", str(data))
    assert again.returncode == 1 and "stored already" in again.stderr
    listed = cli("apns-keys", "list", "--data", str(data))
    assert KEY_ID in listed.stdout and "sandbox" in listed.stdout and BUNDLE in listed.stdout
    removed = cli("apns-keys", "remove", KEY_ID, "--data", str(data))
    assert removed.returncode == 0 and cli("apns-keys", "list", "--data", str(data)).stdout == ""
    assert cli("apns-keys", "remove", KEY_ID, "--data", str(data)).returncode == 1
    assert_nowhere(apns, [("cli", (added.stdout + added.stderr + listed.stdout + removed.stdout).encode())]
                   + list(data_files(data)))


def test_apns_keys_check_runs_the_doctor_on_a_stored_key(apns, tmp_path):
    data = tmp_path / "data"
    assert cli("apns-keys", "add", "--key", str(apns.key_file), "--key-id", KEY_ID, "--team-id", TEAM_ID,
               "--key-scope", "sandbox", "--data", str(data)).returncode == 0
    wrong = cli("apns-keys", "check", "--stored", KEY_ID, "--data", str(data), "--environment", "production",
                "--topic", BUNDLE)
    assert wrong.returncode == 1 and "BadEnvironmentKeyInToken" in wrong.stdout
    right = cli("apns-keys", "check", "--stored", KEY_ID, "--data", str(data), "--environment", "sandbox",
                "--topic", BUNDLE, *apns.endpoint_flags())
    assert right.returncode == 0, right.stdout + right.stderr
    os.remove(data / "secret.key")
    lost = cli("apns-keys", "check", "--stored", KEY_ID, "--data", str(data), "--environment", "sandbox",
               "--topic", BUNDLE)
    assert lost.returncode == 1 and "secret key file" in lost.stderr and "missing" in lost.stderr
    assert "Traceback" not in lost.stderr and "Fatal" not in lost.stderr
    assert_nowhere(apns, [("check", (wrong.stdout + right.stdout + lost.stderr).encode())])
