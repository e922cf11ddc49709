"""CONTRACT §2: the command line's outputs and exit statuses, and --jsonl streaming."""
import json
import os
import subprocess
from pathlib import Path

from conftest import ROOT, SEEDS

CATEGORIES = str(SEEDS / "categories.json")
CZECH = str(SEEDS / "czech.json")
SUPPORT = str(SEEDS / "support-5441.json")  # the ticket's 5 441-byte payload (issue 25)


def run(binary, *arguments, stdin=None):
    return subprocess.run([str(binary), *arguments], input=stdin, capture_output=True, cwd=ROOT)


def test_validate_valid_payload_exits_0_with_text_report(binary):
    result = run(binary, "validate", "--categories", CATEGORIES, CZECH)
    assert result.returncode == 0, result.stderr
    assert b"valid" in result.stdout.lower()


def test_validate_json_format_is_the_report(binary):
    result = run(binary, "validate", "--format", "json", "-", stdin=b'{"aps":{"badge":"5"}}')
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["valid"] is False
    assert report["size"] == {"bytes": 21, "limit": 4096}
    assert "aps.badge.type" in {d["code"] for d in report["diagnostics"]}


def test_validate_case_mismatch_is_a_warning_and_strict_makes_it_fail(binary):
    payload = open(CZECH, "rb").read().replace(b'"message"', b'"Message"')
    result = run(binary, "validate", "--format", "json", "--categories", CATEGORIES, "-", stdin=payload)
    assert result.returncode == 0
    codes = {d["code"] for d in json.loads(result.stdout)["diagnostics"]}
    assert "category.case-mismatch" in codes
    strict = run(binary, "validate", "--strict", "--categories", CATEGORIES, "-", stdin=payload)
    assert strict.returncode == 1


def test_usage_and_io_errors_exit_2(binary):
    assert run(binary, "validate", "--format", "yaml", CZECH).returncode == 2
    assert run(binary, "validate", "/no/such/file.json").returncode == 2
    assert run(binary, "validate", "--categories", "/no/such/categories.json", CZECH).returncode == 2
    assert run(binary, "frobnicate").returncode == 2


def test_jsonl_one_report_per_line_in_order(binary):
    lines = [b'{"aps":{"alert":"one"}}', b'{"aps":{"badge":-1}}', b'not json', b'{"aps":{"alert":"four"}}']
    result = run(binary, "validate", "--jsonl", "-", stdin=b"\n".join(lines) + b"\n")
    assert result.returncode == 1
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["valid"] for r in reports] == [True, False, False, True]
    assert [r["size"]["bytes"] for r in reports] == [len(line) for line in lines]


def test_jsonl_envelope_uses_each_lines_headers(binary):
    line = b'{"headers":{"apns-push-type":"background","apns-priority":"5"},"payload":{"aps":{"content-available":1}}}'
    result = run(binary, "validate", "--jsonl", "--envelope", "-", stdin=line + b"\n")
    assert result.returncode == 0, result.stdout
    report = json.loads(result.stdout)
    assert report["pushType"] == "background"
    assert report["size"]["bytes"] == len(b'{"aps":{"content-available":1}}')


def test_jsonl_jobs_give_the_same_reports_in_order(binary):
    lines = [b'{"aps":{"alert":"%d","badge":%d}}' % (n, n - 500) for n in range(1000)]
    text = b"\n".join(lines) + b"\n"
    one = run(binary, "validate", "--jsonl", "-", stdin=text)
    four = run(binary, "validate", "--jsonl", "--jobs", "4", "-", stdin=text)
    assert one.returncode == four.returncode == 1
    assert four.stdout == one.stdout
    reports = [json.loads(line) for line in one.stdout.splitlines()]
    assert [r["valid"] for r in reports] == [n >= 500 for n in range(1000)]
    assert run(binary, "validate", "--jsonl", "--jobs", "0", "-", stdin=text).returncode == 2
    assert run(binary, "validate", "--jobs", "2", CZECH).returncode == 2


def peak_rss_kib(binary, path):
    with open(path, "rb") as source, open(os.devnull, "wb") as sink:
        process = subprocess.Popen([str(binary), "validate", "--jsonl", "-"], stdin=source, stdout=sink)
        _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_maxrss


def test_jsonl_streams_in_constant_memory(binary, tmp_path):
    line = open(CZECH, "rb").read().strip() + b"\n"
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    small.write_bytes(line * 2_000)
    large.write_bytes(line * 200_000)
    small_peak, large_peak = peak_rss_kib(binary, small), peak_rss_kib(binary, large)
    # 100× the lines (about 52 MB of input) may not cost more than a few MB more memory.
    assert large_peak < small_peak + 8 * 1024, (small_peak, large_peak)


def test_preview_prints_the_picture(binary):
    result = run(binary, "preview", "--device", "iphone-393", "--surface", "lockScreen",
                 "--categories", CATEGORIES, CZECH)
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "lockScreen · iphone-393" in text and "│ Nová zpráva" in text
    expanded = run(binary, "preview", "--surface", "expanded", "--categories", CATEGORIES, CZECH)
    assert "[Odpovědět] [Smazat]" in expanded.stdout.decode()
    assert run(binary, "preview", "--device", "nokia", CZECH).returncode == 2


def test_export_only_valid_payloads(binary):
    exported = run(binary, "export", "--as", "json", CZECH)
    assert exported.returncode == 0 and exported.stdout == open(CZECH, "rb").read()
    apns = run(binary, "export", "--as", "apns", "--bundle", "com.example.chat", CZECH)
    assert json.loads(apns.stdout)["Simulator Target Bundle"] == "com.example.chat"
    invalid = run(binary, "export", "--as", "json", "-", stdin=b'{"aps":{"badge":"5"}}')
    assert invalid.returncode == 1 and invalid.stdout == b"" and b"aps.badge.type" in invalid.stderr


def test_curl_export_survives_a_shell(binary, tmp_path):
    payload = b'{"aps":{"alert":"it\'s $(rm -rf /) `id` \\"quoted\\" \xc5\xa1"}}'
    result = run(binary, "export", "--as", "curl", "--topic", "com.example.chat", "-", stdin=payload)
    assert result.returncode == 0, result.stderr
    fake_curl = tmp_path / "curl"
    fake_curl.write_text('#!/bin/sh\nwhile [ "$1" != "--data-binary" ]; do shift; done\nprintf %s "$2"\n')
    fake_curl.chmod(0o755)
    echoed = subprocess.run(["sh", "-c", result.stdout.decode()], capture_output=True,
                            env={**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"})
    assert echoed.stdout == payload


def test_categories_import_export_round_trip(binary, tmp_path):
    data = str(tmp_path / "data")
    assert run(binary, "categories", "import", CATEGORIES, "--data", data).returncode == 0
    exported = run(binary, "categories", "export", "--as", "json", "--data", data)
    assert exported.returncode == 0
    assert json.loads(exported.stdout) == json.load(open(CATEGORIES))
    swift = run(binary, "categories", "export", "--as", "swift", "--data", data)
    assert b"UNTextInputNotificationAction" in swift.stdout
    validated = run(binary, "validate", "--data", data, CZECH)
    assert validated.returncode == 0 and b"category.unregistered" not in validated.stdout
    broken = tmp_path / "broken.json"
    broken.write_text('{"categories":[{"identifier":"a","actions":[]},{"identifier":"a","actions":[]}]}')
    assert run(binary, "categories", "import", str(broken), "--data", data).returncode == 1
    again = run(binary, "categories", "export", "--as", "json", "--data", data)
    assert json.loads(again.stdout) == json.load(open(CATEGORIES))


def test_backup_while_serving(binary, server, tmp_path):
    for index in range(5):
        server.json("POST", "/api/v1/notifications",
                    {"name": f"n{index}", "headers": {}, "payload": {"aps": {"alert": "x"}}})
    target = tmp_path / "copy.sqlite3"
    result = run(binary, "backup", "--data", server.data_dir, str(target))
    assert result.returncode == 0, result.stderr
    import sqlite3
    connection = sqlite3.connect(target)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert connection.execute("SELECT count(*) FROM notifications").fetchone()[0] == 5
    assert run(binary, "backup", "--data", server.data_dir, str(target)).returncode == 2


def test_api_swift_code_matches_the_cli_export(binary, server):
    status, _, _ = server.json("PUT", "/api/v1/categories", json.load(open(CATEGORIES)))
    assert status == 200
    status, _, from_api = server.request("GET", "/api/v1/categories?format=swift")
    assert status == 200
    from_cli = run(binary, "categories", "export", "--as", "swift", "--data", server.data_dir)
    assert from_cli.returncode == 0, from_cli.stderr
    assert from_cli.stdout == from_api
    from_file = run(binary, "categories", "export", "--as", "swift", CATEGORIES)
    assert from_file.stdout == from_api



def test_validate_and_preview_say_not_delivered(binary):
    """Issue 25: the CLI says APNs refuses the 5 441-byte payload, with the status and reason."""
    validated = run(binary, "validate", "-", stdin=open(SUPPORT, "rb").read())
    assert validated.returncode == 1
    assert b"-: Not delivered: APNs answers 413 PayloadTooLarge\n" in validated.stdout + validated.stderr
    previewed = run(binary, "preview", "--surface", "lockScreen", "-", stdin=open(SUPPORT, "rb").read())
    assert previewed.returncode == 1
    assert previewed.stderr.decode().startswith("Not delivered: APNs answers 413 PayloadTooLarge\n")
    assert b"Not delivered" not in run(binary, "validate", CZECH).stdout


def test_jsonl_reports_name_their_line(binary):
    lines = b'{"aps":{"alert":"a"}}\n{"aps":{"badge":"5"}}\n\n{"aps":{"alert":"b"}}\n'
    result = run(binary, "validate", "--jsonl", "-", stdin=lines)
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in reports] == [1, 2, 3, 4]
    assert [r["valid"] for r in reports] == [True, False, False, True]
    assert result.stdout.startswith(b'{"line":1,"valid":true,')


def test_categories_import_dry_run_changes_nothing(binary, tmp_path):
    data = str(tmp_path / "data")
    dry = run(binary, "categories", "import", CATEGORIES, "--dry-run", "--data", data)
    assert dry.returncode == 0, dry.stderr
    text = dry.stdout.decode()
    assert text.startswith("Dry run:") and "adds message" in text and "nothing was changed" in text
    assert not (tmp_path / "data").exists()  # nothing was written, not even the data directory
    assert run(binary, "categories", "import", CATEGORIES, "--data", data).returncode == 0
    again = run(binary, "categories", "import", CATEGORIES, "--dry-run", "--data", data)
    assert "changes nothing" in again.stdout.decode()


def test_categories_import_dry_run_says_what_each_change_is(binary, tmp_path):
    data = str(tmp_path / "data")
    assert run(binary, "categories", "import", CATEGORIES, "--data", data).returncode == 0
    config = json.loads(Path(CATEGORIES).read_text())
    message = next(c for c in config["categories"] if c["identifier"] == "message")
    action = message["actions"][0]
    old_title, action["title"] = action["title"], "Odpovědět hned"
    config["categories"].append({"identifier": "invite", "actions": [
        {"identifier": "accept", "title": "Přijmout"}, {"identifier": "decline", "title": "Odmítnout"}]})
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(config, ensure_ascii=False))
    dry = run(binary, "categories", "import", str(changed), "--dry-run", "--data", data)
    assert dry.returncode == 0, dry.stderr
    lines = dry.stdout.decode().splitlines()
    assert "  adds invite: Přijmout, Odmítnout" in lines, lines
    detail = f"  changes message: Action {action['identifier']}: title: {old_title} → Odpovědět hned"
    assert detail in lines, lines


def test_curl_export_checks_the_device_token_shape(binary):
    short = run(binary, "export", "--as", "curl", "--topic", "com.example.chat", "--device-token", "a1b2c3", CZECH)
    assert short.returncode == 1 and short.stdout == b""
    assert b"is 3 bytes (6 hexadecimal digits)" in short.stderr
    good = run(binary, "export", "--as", "curl", "--topic", "com.example.chat", "--device-token", "ab" * 32, CZECH)
    assert good.returncode == 0 and ("/3/device/" + "ab" * 32).encode() in good.stdout


def test_apns_export_without_bundle_says_what_to_pass(binary):
    result = run(binary, "export", "--as", "apns", CZECH)
    assert result.returncode == 0
    assert "Simulator Target Bundle" not in json.loads(result.stdout)
    assert b"xcrun simctl push booted com.example.app FILE" in result.stderr
    with_bundle = run(binary, "export", "--as", "apns", "--bundle", "com.example.chat", CZECH)
    assert b"simctl" not in with_bundle.stderr
