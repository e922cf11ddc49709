"""Issue 28: `pushboard render TEMPLATE --values FILE.jsonl` — one result line per recipient, in
input order, on several threads; values escaped into their strings; the template's findings
and worst case on stderr; exit status 1 when a template or a line is invalid."""
import json
import re
import subprocess

from conftest import ROOT

TEMPLATE = str(ROOT / "bench" / "render" / "template.json")


def run(binary, *arguments, stdin=None):
    return subprocess.run([str(binary), *arguments], input=stdin, capture_output=True, cwd=ROOT)


def recipients(count):
    lines = []
    for index in range(count):
        lines.append(json.dumps({"first_name": "Anna %d" % index, "order_id": "A-%d" % index, "store": "Mall"}))
    return "\n".join(lines).encode() + b"\n"


def test_render_writes_one_line_per_recipient_in_order_on_every_thread(binary, tmp_path):
    values = tmp_path / "values.jsonl"
    values.write_bytes(recipients(20000))
    result = run(binary, "render", TEMPLATE, "--values", str(values), "--jobs", "4")
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.decode().splitlines()
    assert len(lines) == 20000
    for number in (1, 4097, 12345, 20000):
        line = json.loads(lines[number - 1])
        assert line["line"] == number and line["valid"] is True
        assert line["payload"]["aps"]["alert"]["title"] == "Anna %d, your order is ready" % (number - 1)
        assert line["headers"]["apns-collapse-id"] == "order-A-%d" % (number - 1)
    assert re.search(r"template\.json: example \d+ B · worst \d+ B of 4 096\n", result.stderr.decode())


def test_values_cannot_break_the_payload_and_bad_lines_are_answered_in_place(binary):
    stdin = (
        json.dumps({"first_name": "A\"},\"evil\":{\"", "order_id": "1", "store": "x\\"}).encode() + b"\n"
        + b"not json\n"
        + json.dumps({"first_name": "B", "order_id": "2"}).encode() + b"\n"
        + json.dumps({"first_name": "C" * 31, "order_id": "3", "store": "s"}).encode() + b"\n"
    )
    result = run(binary, "render", TEMPLATE, "--values", "-", stdin=stdin)
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [line["line"] for line in lines] == [1, 2, 3, 4]
    assert lines[0]["valid"] is True
    assert list(lines[0]["payload"]) == ["aps", "data"]
    assert lines[0]["payload"]["aps"]["alert"]["title"].startswith('A"},"evil":{"')
    assert [d["code"] for d in lines[1]["report"]["diagnostics"]][0] == "json.syntax"
    assert lines[2]["report"]["diagnostics"][0]["code"] == "template.value.missing"
    assert lines[2]["report"]["diagnostics"][0]["path"] == "values:store"
    assert lines[3]["report"]["diagnostics"][0]["code"] == "template.value.invalid"


def test_a_template_with_an_unknown_variable_names_field_line_and_column(binary, tmp_path):
    template = tmp_path / "t.json"
    template.write_text(json.dumps({
        "payload": {"aps": {"alert": {"body": "Hi\n  {{ nmae }}"}}},
        "variables": [{"name": "name", "type": "text", "example": "Anna", "maxLength": 10}],
    }))
    result = run(binary, "render", str(template), "--values", "-", stdin=b"")
    assert result.returncode == 1
    assert b"$.aps.alert.body:2:3: error: nmae is not a declared variable" in result.stderr
    assert b"[template.variable.unknown]" in result.stderr


def test_a_worst_case_over_the_limit_is_said_with_the_variable_that_adds_most(binary, tmp_path):
    template = tmp_path / "t.json"
    template.write_text(json.dumps({
        "payload": {"aps": {"alert": {"title": "{{ city }}", "body": "{{ note }}"}}},
        "variables": [
            {"name": "note", "type": "text", "example": "Thanks", "maxLength": 1500},
            {"name": "city", "type": "text", "example": "Oslo", "maxLength": 20},
        ],
    }))
    result = run(binary, "render", str(template), "--values", "-", stdin=b'{"note":"ok","city":"Rome"}\n')
    assert result.returncode == 0
    assert b"[template.worst.too-large]" in result.stderr
    assert b"Most comes from note" in result.stderr
    assert json.loads(result.stdout)["valid"] is True
