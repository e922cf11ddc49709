"""Issue 28: a saved notification as a payload template over the API — declared variables,
the worst case, one recipient rendered to the exact validated bytes and headers, and a JSON
Lines stream of 1 000 recipients where the one too large is answered 422 on its own line."""
import json

NOTE_MAX = 2000


def create(server):
    status, _, body = server.json("POST", "/api/v1/notifications", {
        "name": "Order ready",
        "headers": {"apns-push-type": "alert", "apns-collapse-id": "order-{{ order.id }}"},
        "payload": {"aps": {"alert": {"title": "{{ first_name | capitalize }}, it is ready",
                                      "body": "Order #{{ order.id }}. {{ note }}"}},
                    "data": {"order": "{{ order.id }}"}},
    })
    assert status == 201, body
    identifier = body["id"]
    status, _, body = server.json("PUT", f"/api/v1/notifications/{identifier}/variables", {
        "variables": [
            {"name": "first_name", "type": "text", "example": "anna", "maxLength": 20},
            {"name": "order.id", "type": "text", "example": "A-7731", "maxLength": 10},
            {"name": "note", "type": "text", "example": "Thanks!", "maxLength": NOTE_MAX},
        ],
        "samples": [{"first_name": "zoë", "order": {"id": "B-1"}, "note": "Hi"}],
    })
    assert status == 200, body
    return identifier, body


def test_variables_answer_the_worst_case_over_the_limit(server):
    _, described = create(server)
    assert described["worstCase"]["worst"] > 4096 > described["worstCase"]["example"]
    assert described["worstCase"]["summary"].startswith("example ")
    codes = [d["code"] for d in described["diagnostics"]]
    assert "template.worst.too-large" in codes
    assert described["samples"][0]["first_name"] == "zoë"
    assert [v["name"] for v in described["variables"]] == ["first_name", "order.id", "note"]


def test_render_one_recipient_gives_the_exact_payload_and_headers(server):
    identifier, _ = create(server)
    status, _, body = server.request(
        "POST", f"/api/v1/notifications/{identifier}/render",
        {"first_name": "zoë", "order": {"id": "B-\"1"}, "note": "}}{%"})
    assert status == 200, body
    answer = json.loads(body)
    assert answer["valid"] is True
    assert answer["headers"] == {"apns-collapse-id": 'order-B-"1', "apns-push-type": "alert"}
    assert answer["payload"] == {"aps": {"alert": {"title": "Zoë, it is ready", "body": 'Order #B-"1. }}{%'}},
                                 "data": {"order": 'B-"1'}}
    status, _, body = server.json(
        "POST", f"/api/v1/notifications/{identifier}/render", {"first_name": "x", "order": {"id": "1"}})
    assert status == 422
    assert body["report"]["diagnostics"][0]["code"] == "template.value.missing"


def test_a_stream_of_a_thousand_answers_each_line_in_order(server):
    identifier, _ = create(server)
    lines = []
    for index in range(1000):
        note = "ẞ" * NOTE_MAX if index == 617 else "n%d" % index  # 6 000 bytes: over 4 096
        lines.append(json.dumps({"first_name": "p%d" % index, "order.id": "O-%d" % index, "note": note},
                                ensure_ascii=False))
    status, headers, body = server.request(
        "POST", f"/api/v1/notifications/{identifier}/render", "\n".join(lines) + "\n",
        {"Content-Type": "application/x-ndjson"})
    assert status == 200
    assert headers["content-type"] == "application/x-ndjson"
    results = [json.loads(line) for line in body.decode().splitlines()]
    assert [r["line"] for r in results] == list(range(1, 1001))
    refused = [r for r in results if r["status"] == 422]
    assert [r["line"] for r in refused] == [618]
    assert "payload.too-large" in [d["code"] for d in refused[0]["report"]["diagnostics"]]
    assert results[0]["payload"]["data"]["order"] == "O-0" and results[999]["valid"] is True


def test_a_template_with_an_unknown_variable_is_422_with_its_place(server):
    status, _, body = server.json("POST", "/api/v1/notifications", {
        "name": "Broken", "headers": {"apns-push-type": "alert"},
        "payload": {"aps": {"alert": {"body": "Hi {{ nobody }}"}}}})
    assert status == 201
    status, _, body = server.json("POST", f"/api/v1/notifications/{body['id']}/render", {})
    assert status == 422
    assert body["error"]["code"] == "invalid-template"
    assert body["diagnostics"][0]["path"] == "$.aps.alert.body"
    assert (body["diagnostics"][0]["line"], body["diagnostics"][0]["column"]) == (1, 4)


def test_a_declaration_whose_example_does_not_fit_is_refused_and_not_stored(server):
    identifier, _ = create(server)
    status, _, body = server.json("PUT", f"/api/v1/notifications/{identifier}/variables", {
        "variables": [{"name": "first_name", "type": "text", "example": "far too long", "maxLength": 3}]})
    assert status == 422
    assert body["error"]["code"] == "invalid-template"
    assert body["diagnostics"][0]["path"] == "variables:first_name"
    _, _, kept = server.json("GET", f"/api/v1/notifications/{identifier}/variables")
    assert [v["name"] for v in kept["variables"]] == ["first_name", "order.id", "note"]


def test_a_stream_whose_answer_would_pass_its_bound_is_413_and_the_server_stays_small(server):
    """A 1 MiB body of ten-byte lines against 3 800 bytes of fixed text made a 412 MB answer
    (and an 850 MB server) when the answer was unbounded; now it is refused past 64 MiB."""
    status, _, body = server.json("POST", "/api/v1/notifications", {
        "name": "Long", "headers": {"apns-push-type": "alert"},
        "payload": {"aps": {"alert": {"title": "{{ a }}", "body": "x" * 3800}}}})
    assert status == 201, body
    identifier = body["id"]
    status, _, body = server.json("PUT", f"/api/v1/notifications/{identifier}/variables", {
        "variables": [{"name": "a", "type": "text", "example": "x", "maxLength": 10}], "samples": []})
    assert status == 200, body
    lines = '{"a":"x"}\n' * (1_000_000 // 10)
    status, _, body = server.request(
        "POST", f"/api/v1/notifications/{identifier}/render", lines, {"Content-Type": "application/x-ndjson"})
    assert status == 413, body[:200]
    error = json.loads(body)
    assert error["error"]["code"] == "request.too-large"
    assert "pushboard render" in error["error"]["message"]
    # Within the bound the same template streams as before.
    status, _, body = server.request(
        "POST", f"/api/v1/notifications/{identifier}/render", '{"a":"x"}\n' * 100,
        {"Content-Type": "application/x-ndjson"})
    assert status == 200 and body.count(b"\n") == 100
