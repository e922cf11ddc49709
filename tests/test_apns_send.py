"""`pushboard send` and `pushboard apns-keys check` against the local APNs (issue 26).

Every send goes to tests/apns_stand_in.py on 127.0.0.1, which checks what APNs checks (the ES256
provider token against the test key, its age and renewals, the path, the apns-* headers, the
body) and records what arrived; nothing contacts Apple.
"""
import base64
import json
import re
import time

import pytest

from apns_fixtures import BUNDLE, KEY_ID, apns  # noqa: F401 (the fixture)

TOKEN = "a1" * 32
PAYLOAD = '{"aps":{"alert":{"title":"Ça marche ✓","body":"Test  push"},"sound":"default"},"n":1}'.encode()

# apns-rules.md §8: every documented reason with its status.
REASONS = {
    400: ["BadCollapseId", "BadDeviceToken", "BadExpirationDate", "BadMessageId", "BadPriority", "BadTopic",
          "DeviceTokenNotForTopic", "DuplicateHeaders", "IdleTimeout", "InvalidPushType", "MissingDeviceToken",
          "MissingTopic", "PayloadEmpty", "TopicDisallowed", "FeatureNotEnabled", "MissingChannelId",
          "BadChannelId", "ChannelNotRegistered", "BadRequestParams", "BadRequestPayload", "MissingPushType",
          "CannotCreateChannelConfig"],
    403: ["BadCertificate", "BadCertificateEnvironment", "ExpiredProviderToken", "Forbidden",
          "InvalidProviderToken", "MissingProviderToken", "UnrelatedKeyIdInToken", "BadEnvironmentKeyInToken",
          "TopicMismatch"],
    404: ["BadPath"], 405: ["MethodNotAllowed"], 410: ["ExpiredToken", "Unregistered"], 413: ["PayloadTooLarge"],
    429: ["TooManyProviderTokenUpdates", "TooManyRequests"], 500: ["InternalServerError"],
    503: ["ServiceUnavailable", "Shutdown"],
}


def device(n):
    return f"{n:02x}" * 32


def line_for(output, token):
    lines = [line for line in output.splitlines() if line.startswith(token + ":")]
    assert len(lines) == 1, output
    return lines[0]


def iat_of(record):
    authorization = dict(record["headers"])["authorization"]
    claims = authorization.split(" ", 1)[1].split(".")[1]
    return json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))["iat"]


def test_a_send_delivers_the_exact_bytes_and_headers(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    result = apns.send(PAYLOAD, [TOKEN], "--priority", "5", "--collapse-id", "build-42",
                       "--apns-id", "123e4567-e89b-12d3-a456-4266554400a0", "--expiration", "0")
    assert result.returncode == 0, result.stderr
    [record] = apns.stand_in.seen()
    assert record["status"] == 200
    assert record["body"] == PAYLOAD
    assert record["path"] == f"/3/device/{TOKEN}"
    apns_headers = sorted((name, value) for name, value in record["headers"] if name.startswith("apns-"))
    assert apns_headers == sorted([
        ("apns-push-type", "alert"), ("apns-priority", "5"), ("apns-topic", BUNDLE),
        ("apns-collapse-id", "build-42"), ("apns-id", "123e4567-e89b-12d3-a456-4266554400a0"),
        ("apns-expiration", "0")])
    line = line_for(result.stdout, TOKEN)
    assert "200 OK" in line and "apns-id 123e4567-e89b-12d3-a456-4266554400a0" in line
    assert re.search(r"apns-unique-id [0-9a-f-]{36}", line)
    assert "Delivered to APNs" in line


def test_every_documented_reason_is_explained(apns):
    scripted = []
    for status, reasons in REASONS.items():
        for reason in reasons:
            token = device(len(scripted) + 1)
            apns.stand_in.script(token, status, reason, retry_after=0)
            scripted.append((token, status, reason))
    lines = {}
    for start in range(0, len(scripted), 20):
        batch = scripted[start:start + 20]
        result = apns.send(PAYLOAD, [token for token, _, _ in batch])
        assert result.returncode == 1
        for token, status, reason in batch:
            lines[reason] = line_for(result.stdout, token)
    meanings = set()
    for token, status, reason in scripted:
        line = lines[reason]
        assert f": {status} {reason}," in line
        meaning = line.split(" — ", 1)[1]
        assert "does not document" not in meaning and len(meaning) > 30, line
        meanings.add(meaning)
        if status in (429, 500, 503):
            assert "retried once" in line
        else:
            assert "retried" not in line
    assert len(meanings) == len(scripted)  # one explanation per reason, none shared
    assert "choose Production for this device" in lines["BadDeviceToken"].replace("Choose", "choose")
    assert "(remove this device)" in lines["Unregistered"]


def test_a_sandbox_token_sent_to_production_is_explained(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    result = apns.send(PAYLOAD, [TOKEN], environment="production")
    assert result.returncode == 1
    line = line_for(result.stdout, TOKEN)
    assert "400 BadDeviceToken" in line
    assert "this may be a sandbox token" in line and "Choose Sandbox for this device" in line
    [record] = apns.stand_in.seen()
    assert record["environment"] == "production"


def test_a_key_scoped_to_sandbox_is_refused_before_sending_to_production(apns):
    apns.stand_in.add_key(KEY_ID, "TEAM123456", apns.private_key.public_key(), environments="sandbox")
    apns.stand_in.add_device(TOKEN, "production", BUNDLE)
    result = apns.send(PAYLOAD, [TOKEN], environment="production", key_flags=apns.key_flags(scope="sandbox"))
    assert result.returncode == 1
    assert "[key-environment]" in result.stderr and "BadEnvironmentKeyInToken" in result.stderr
    assert "nothing was sent" in result.stderr
    assert apns.stand_in.seen() == [] and apns.stand_in.connection_count() == 0
    forced = apns.send(PAYLOAD, [TOKEN], "--force", environment="production",
                       key_flags=apns.key_flags(scope="sandbox"))
    assert forced.returncode == 1
    line = line_for(forced.stdout, TOKEN)
    assert "403 BadEnvironmentKeyInToken" in line and "not scoped to production" in line
    # The same key to the sandbox is fine.
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    assert apns.send(PAYLOAD, [TOKEN], key_flags=apns.key_flags(scope="sandbox")).returncode == 0


def test_an_expired_provider_token_is_refused_and_explained(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    now = int(time.time())
    apns.stand_in.set_clock(now)
    result = apns.send(PAYLOAD, [TOKEN], env={"PUSHBOARD_TEST_NOW": str(now - 65 * 60)})
    assert result.returncode == 1
    line = line_for(result.stdout, TOKEN)
    assert "403 ExpiredProviderToken" in line and "more than an hour old" in line


def test_the_provider_token_is_renewed_after_30_minutes_and_never_sooner_than_20(apns):
    devices = [device(n) for n in range(1, 9)]
    for token in devices:
        apns.stand_in.add_device(token, "sandbox", BUNDLE)
    start = int(time.time())
    # Both clocks advance 10 minutes per request: sends at 0, 10, …, 70 minutes.
    apns.stand_in.set_clock(start, 600)
    result = apns.send(PAYLOAD, devices, env={"PUSHBOARD_TEST_NOW": f"{start}+600"})
    assert result.returncode == 0, result.stdout
    records = apns.stand_in.seen()
    assert [r["status"] for r in records] == [200] * 8
    issued = [iat_of(r) for r in records]
    assert sorted(set(issued)) == [start, start + 1800, start + 3600]
    assert apns.stand_in.connection_count() == 1


def test_a_410_shows_its_date_and_offers_removal(apns):
    apns.stand_in.script(TOKEN, 410, "Unregistered", timestamp=1796647481000)
    result = apns.send(PAYLOAD, [TOKEN])
    line = line_for(result.stdout, TOKEN)
    assert "410 Unregistered" in line
    assert "invalid since 2026-12-07 12:44:41 UTC" in line and "2026-12-07 12:44:41 UTC." in line
    assert "(remove this device)" in line


def test_an_invalid_payload_is_never_sent(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    result = apns.send(b'{"aps":{"badge":"5"}}', [TOKEN])
    assert result.returncode == 1
    assert "invalid" in result.stderr and "nothing was sent" in result.stderr
    assert apns.stand_in.seen() == [] and apns.stand_in.connection_count() == 0


def test_twenty_devices_go_over_one_connection_and_twenty_one_are_refused(apns):
    devices = [device(n) for n in range(1, 21)]
    for token in devices:
        apns.stand_in.add_device(token, "sandbox", BUNDLE)
    result = apns.send(PAYLOAD, devices)
    assert result.returncode == 0, result.stdout
    records = apns.stand_in.seen()
    assert len(records) == 20 and {r["status"] for r in records} == {200}
    assert apns.stand_in.connection_count() == 1
    assert len({r["connection"] for r in records}) == 1
    too_many = apns.send(PAYLOAD, devices + [device(21)])
    assert too_many.returncode == 2 and "at most 20 devices" in too_many.stderr


@pytest.mark.serial
def test_a_hung_answer_costs_that_send_its_timeout_and_nothing_else(apns):
    first, hung, last = device(1), device(2), device(3)
    for token in (first, hung, last):
        apns.stand_in.add_device(token, "sandbox", BUNDLE)
    apns.stand_in.hang(hung)
    started = time.monotonic()
    result = apns.send(PAYLOAD, [first, hung, last], "--timeout", "2")
    elapsed = time.monotonic() - started
    assert result.returncode == 1
    assert "200 OK" in line_for(result.stdout, first) and "200 OK" in line_for(result.stdout, last)
    assert "timed out after 2 s" in line_for(result.stdout, hung)
    assert 2 <= elapsed < 6, elapsed


def test_a_503_is_retried_once_after_retry_after_and_a_400_never(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    apns.stand_in.script(TOKEN, 503, "ServiceUnavailable", retry_after=1, times=1)
    result = apns.send(PAYLOAD, [TOKEN])
    assert result.returncode == 0
    assert "200 OK" in line_for(result.stdout, TOKEN) and "retried once" in line_for(result.stdout, TOKEN)
    assert [r["status"] for r in apns.stand_in.seen()] == [503, 200]
    other = device(9)
    apns.stand_in.script(other, 400, "BadTopic", times=1)
    apns.send(PAYLOAD, [other])
    assert [r["status"] for r in apns.stand_in.seen() if r["token"] == other] == [400]


def test_the_key_never_appears_in_the_output(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    outputs = []
    outputs.append(apns.send(PAYLOAD, [TOKEN]))
    outputs.append(apns.send(PAYLOAD, [TOKEN], key_flags=["--key", str(apns.key_file), "--key-id", "abc",
                                                          "--team-id", "TEAM123456"]))
    outputs.append(apns.send(PAYLOAD, [TOKEN, "zz"]))
    outputs.append(apns.send(PAYLOAD, [TOKEN], environment="production"))
    body = b"".join(apns.key_pem.splitlines()[1:-1]).decode()
    secrets = [body, base64.b64encode(apns.key_der).decode(), apns.key_der.hex()]
    secrets += [line.decode() for line in apns.key_pem.splitlines()[1:-1]]
    for result in outputs:
        text = result.stdout + result.stderr
        assert text.strip()
        for secret in secrets:
            assert secret not in text
        assert "BEGIN PRIVATE KEY" not in text
    assert "--key-id: the Key ID has characters other than" in outputs[1].stderr


def test_apns_keys_check_runs_the_doctor(apns):
    base = ["apns-keys", "check", *apns.key_flags(), "--topic", BUNDLE]
    import subprocess
    from conftest import BINARY
    ok = subprocess.run([str(BINARY), *base, "--environment", "sandbox", "--apns-ca", apns.stand_in.ca_file],
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "key ABCDE12345 of team TEAM123456" in ok.stdout
    scoped = subprocess.run(
        [str(BINARY), *base, "--key-scope", "sandbox", "--environment", "production", "--push-type", "liveactivity"],
        capture_output=True, text=True)
    assert scoped.returncode == 1
    assert "[key-environment]" in scoped.stdout and "[topic-suffix]" in scoped.stdout
    assert "com.example.app.push-type.liveactivity" in scoped.stdout


def test_a_certificate_based_send_presents_the_certificate_and_no_token(apns):
    from apns_stand_in import make_client_certificate
    pem = apns.directory / "client.pem"
    pem.write_bytes(make_client_certificate(apns.directory, [BUNDLE, BUNDLE + ".voip"], environments=("sandbox",)))
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    result = apns.send(PAYLOAD, [TOKEN], key_flags=["--certificate", str(pem)])
    assert result.returncode == 0, result.stdout + result.stderr
    [record] = apns.stand_in.seen()
    assert record["status"] == 200 and record["certificate"]["topics"] == [BUNDLE, BUNDLE + ".voip"]
    assert "authorization" not in dict(record["headers"])
    # The certificate is for the sandbox only: the doctor refuses production before sending.
    refused = apns.send(PAYLOAD, [TOKEN], environment="production", key_flags=["--certificate", str(pem)])
    assert refused.returncode == 1 and "[certificate-environment]" in refused.stderr
    assert len(apns.stand_in.seen()) == 1


def test_a_broadcast_goes_to_its_channel_path_without_a_topic(apns):
    channel = "dHN0LXNyY2gtY2hubA=="
    apns.stand_in.add_channel(channel, "sandbox", BUNDLE)
    update = b'{"aps":{"timestamp":1796647481,"event":"update","content-state":{"score":"1:0"}}}'
    flags = ["--push-type", "liveactivity", "--priority", "5", "--expiration", "0", "--channel-id", channel,
             "--bundle", BUNDLE]
    result = apns.send(update, [], *flags, topic=None)
    assert result.returncode == 0, result.stdout + result.stderr
    [record] = apns.stand_in.seen()
    assert record["path"] == f"/4/broadcasts/apps/{BUNDLE}" and record["body"] == update
    assert ("apns-channel-id", channel) in record["headers"]
    assert not any(name == "apns-topic" for name, _ in record["headers"])
    assert line_for(result.stdout, channel).startswith(f"{channel}: 200 OK")
    # A key limited to another app is refused by the doctor before anything is sent.
    limited = apns.send(update, [], *flags, topic=None, key_flags=apns.key_flags() + ["--key-bundle", "com.other"])
    assert limited.returncode == 1 and "[key-topic]" in limited.stderr
    assert len(apns.stand_in.seen()) == 1


def test_answers_are_escaped_for_the_terminal(apns):
    apns.stand_in.script(TOKEN, 400, "Bad\x1b[2J\u202eThing")
    result = apns.send(PAYLOAD, [TOKEN])
    line = line_for(result.stdout, TOKEN)
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "\\u{1B}" in line and "does not document" in line


def test_a_long_retry_after_is_reported_not_waited_for(apns):
    apns.stand_in.script(TOKEN, 429, "TooManyRequests", retry_after=30)
    started = time.monotonic()
    result = apns.send(PAYLOAD, [TOKEN])
    assert time.monotonic() - started < 5
    line = line_for(result.stdout, TOKEN)
    assert "429 TooManyRequests" in line and "retried" not in line
    assert "APNs asks to wait 30 s before sending again" in line
    assert len(apns.stand_in.seen()) == 1


def test_an_untrusted_server_is_a_tls_failure_naming_ca_certificates(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    import subprocess
    from conftest import BINARY
    # Without --apns-ca the system's store is used, which does not hold the test CA.
    result = subprocess.run(
        [str(BINARY), "send", "--apns-sandbox", apns.stand_in.sandbox_url, "--apns-production",
         apns.stand_in.production_url, *apns.key_flags(), "--environment", "sandbox", "--topic", BUNDLE,
         "--device", TOKEN, apns.payload_file(PAYLOAD)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    line = line_for(result.stdout, TOKEN)
    assert "no answer" in line and "TLS connection to APNs failed" in line and "ca-certificates" in line
    assert apns.stand_in.seen() == []


def test_the_endpoints_can_come_from_the_serve_config_file(apns):
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    config = apns.directory / "pushboard.conf"
    config.write_text(f"# serve's file\nport = 8080\napns-sandbox = {apns.stand_in.sandbox_url}\n"
                      f"apns-production = {apns.stand_in.production_url}\napns-ca = {apns.stand_in.ca_file}\n")
    import subprocess
    from conftest import BINARY
    result = subprocess.run(
        [str(BINARY), "send", "--config", str(config), *apns.key_flags(), "--environment", "sandbox",
         "--topic", BUNDLE, "--device", TOKEN, apns.payload_file(PAYLOAD)], capture_output=True, text=True,
        timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert len(apns.stand_in.seen()) == 1
    bad = apns.directory / "bad.conf"
    bad.write_text("apns-sandbox = https://127.0.0.1:1/3/device\n")
    refused = subprocess.run([str(BINARY), "send", "--config", str(bad), *apns.key_flags(), "--environment",
                              "sandbox", "--device", TOKEN, apns.payload_file(PAYLOAD)], capture_output=True,
                             text=True)
    assert refused.returncode == 2 and "no path" in refused.stderr
