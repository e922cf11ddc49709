"""`pushboard preview --device all`: where every device × surface cuts the text."""
import json
import subprocess

from conftest import BINARY

PAYLOAD = json.dumps({"aps": {"alert": {
    "title": "Děti byly nadšené z výletu do Krkonoš a chtějí jet znovu",
    "body": "Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené a sraz je "
            "v sedm u vchodu. Příliš žluťoučký kůň úpěl ďábelské ódy, tak nezapomeň deštník."}}},
    ensure_ascii=False)


def run(*arguments):
    return subprocess.run([str(BINARY), "preview", *arguments, "-"], input=PAYLOAD.encode(),
                          capture_output=True, timeout=60)


def test_table_has_a_row_per_device_and_surface_and_names_the_cut(binary):
    done = run("--device", "all", "--format", "table")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert lines[0] == "iOS 17–18"
    assert lines[1].split() == ["device", "surface", "title", "subtitle", "body"]
    rows = lines[2:]
    assert len(rows) == 53
    assert rows[0].startswith("iphone-320  banner")
    assert "1/1 cut after “" in rows[0]
    assert any(row.startswith("watch-42    shortLook") for row in rows)
    assert any(row.startswith("carplay     carPlayBanner") for row in rows)
    stderr = done.stderr.decode()
    assert "preview.cut" in stderr and "Apple Watch 42 mm" in stderr


def test_json_matches_the_api_shape(binary):
    done = run("--device", "all", "--format", "json")
    assert done.returncode == 0, done.stderr
    matrix = json.loads(done.stdout)
    assert matrix["ios"] == "17–18"
    assert len(matrix["rows"]) == 53
    codes = [d["code"] for d in matrix["report"]["diagnostics"]]
    assert codes.count("preview.cut") == 2
    banner = matrix["rows"][0]
    assert banner["body"]["truncated"] is True and banner["body"]["lines"] == 2


def test_text_format_is_refused_for_all(binary):
    done = run("--device", "all", "--format", "text")
    assert done.returncode == 2
    assert b"table or json" in done.stderr
