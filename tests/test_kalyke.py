"""Issue 14: real Live Activity payloads from the `kalyke-apns` builder (PyPI) go through the
checks, and its known gap (no `attributes-type` or `attributes` on start) is reported.

`scripts/install-deps.sh test` installs kalyke-apns into the test-only virtual environment
`.venv-kalyke`; the committed fixture is that script's output, regenerated and compared here.
"""
import json
import subprocess

from conftest import ROOT, SEEDS

VENV_PYTHON = ROOT / ".venv-kalyke" / "bin" / "python"
FIXTURE = SEEDS / "kalyke-live-activity.jsonl"
TYPES = ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "DeliveryAttributes.swift"


def test_the_fixture_is_what_kalyke_produces():
    assert VENV_PYTHON.exists(), "run scripts/install-deps.sh test (it makes .venv-kalyke with kalyke-apns)"
    generated = subprocess.run(
        [str(VENV_PYTHON), str(ROOT / "tests" / "kalyke" / "generate.py")],
        capture_output=True, text=True, check=True, timeout=60).stdout
    assert generated == FIXTURE.read_text(encoding="utf-8")
    version = subprocess.run(
        [str(VENV_PYTHON), "-c", "import kalyke; print(kalyke.__version__)"],
        capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    assert version == "1.5.0"


def test_kalyke_payloads_go_through_the_live_activity_checks(binary):
    result = subprocess.run(
        [str(binary), "validate", "--jsonl", "--envelope", "--activities", str(TYPES),
         "--activity", "DeliveryAttributes", str(FIXTURE)],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr  # the start is invalid
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(reports) == 4
    update, unix_date, start, end = reports

    assert update["valid"] and update["diagnostics"] == []
    assert end["valid"] and end["diagnostics"] == []

    # The Date mistake kalyke users make: Unix time where the app reads seconds since 2001.
    (date,) = unix_date["diagnostics"]
    assert date["code"] == "liveactivity.date.unix-time"
    assert date["path"] == "$.aps.content-state.arrival"
    assert "decodes to 2057-01-01 00:30:00 UTC; as Unix time it is 2026-01-01 00:30:00 UTC" in date["message"]
    assert date["line"] == 2

    # kalyke's gap: it demands attributes_type and attributes for a start, then drops them.
    assert not start["valid"]
    (gap,) = [d for d in start["diagnostics"] if d["severity"] == "error"]
    assert gap["code"] == "liveactivity.start.incomplete"
    assert '"attributes-type", "attributes"' in gap["message"]


def test_a_kalyke_state_with_a_renamed_key_is_caught(binary):
    line = FIXTURE.read_text(encoding="utf-8").splitlines()[0].replace('"arrival"', '"eta"')
    result = subprocess.run(
        [str(binary), "validate", "--jsonl", "--envelope", "--activities", str(TYPES),
         "--activity", "DeliveryAttributes", "-"],
        input=line + "\n", capture_output=True, text=True, timeout=60)
    report = json.loads(result.stdout)
    codes = sorted(d["code"] for d in report["diagnostics"])
    assert codes == ["liveactivity.key.missing", "liveactivity.key.undeclared"]
    assert result.returncode == 1
