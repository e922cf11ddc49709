"""CONTRACT §3, row by row, against a live server on 127.0.0.1."""
import json

from conftest import fixture_bytes, post_oversized

CZECH = fixture_bytes("czech.json")
VIETNAMESE = fixture_bytes("vietnamese.json")
SUPPORT = fixture_bytes("support-5441.json")  # the ticket's 5 441-byte payload (issue 25)
CATEGORIES = json.loads(fixture_bytes("categories.json"))

# Each test runs on one `serve --data DIR` and on a cluster (conftest `pytest_generate_tests`).
BACKENDS = ("sqlite", "cluster")


def put_categories(server):
    status, _, body = server.json("PUT", "/api/v1/categories", CATEGORIES)
    assert status == 200, body
    return body


def test_healthz(shared_server):
    status, headers, body = shared_server.json("GET", "/healthz")
    assert status == 200
    assert body["status"] == "ok"  # CONTRACT §3; "version" is an additive field (issue 15)
    assert set(body) == {"status", "version"} and body["version"]
    assert headers["content-type"].startswith("application/json")


def test_validate_valid_payload_is_200_with_exact_byte_size(server):
    put_categories(server)
    status, _, report = server.json("POST", "/api/v1/validate", CZECH,
                                    {"Content-Type": "application/json"})
    assert status == 200, report
    assert report["valid"] is True
    assert report["pushType"] == "alert"
    assert report["size"] == {"bytes": len(CZECH), "limit": 4096}


def test_validate_reports_case_mismatch_against_registry(server):
    put_categories(server)
    payload = CZECH.replace(b'"category":"message"', b'"category":"Message"')
    status, _, report = server.json("POST", "/api/v1/validate", payload)
    assert status == 200
    codes = {d["code"]: d for d in report["diagnostics"]}
    assert codes["category.case-mismatch"]["severity"] == "warning"
    assert codes["category.case-mismatch"]["path"] == "$.aps.category"
    assert '"message"' in codes["category.case-mismatch"]["message"]


def test_validate_strict_turns_warnings_into_errors(server):
    put_categories(server)
    payload = CZECH.replace(b'"category":"message"', b'"category":"Message"')
    status, _, report = server.json("POST", "/api/v1/validate?strict=true", payload)
    assert status == 422
    assert report["valid"] is False


def test_validate_invalid_is_422_with_line_and_column(server):
    status, _, report = server.json("POST", "/api/v1/validate", b'{"aps":{"badge":1,"badge":2}}')
    assert status == 422
    assert report["valid"] is False
    duplicate = [d for d in report["diagnostics"] if d["code"] == "json.duplicate-key"]
    assert duplicate and duplicate[0]["line"] == 1 and duplicate[0]["column"] > 1


def test_validate_uses_apns_headers(server):
    body = b'{"aps":{"alert":"hi","content-available":1}}'
    status, _, report = server.json("POST", "/api/v1/validate", body,
                                    {"apns-push-type": "background", "apns-priority": "10"})
    assert status == 422
    assert report["pushType"] == "background"
    codes = {d["code"] for d in report["diagnostics"]}
    assert "header:apns-priority" in {d["path"] for d in report["diagnostics"]}
    assert any(code.startswith("background.") for code in codes)


def test_preview_json_and_text(server):
    put_categories(server)
    status, _, preview = server.json("POST", "/api/v1/preview?device=iphone-393", CZECH)
    assert status == 200, preview
    assert preview["device"]["id"] == "iphone-393"
    assert preview["report"]["valid"] is True
    surfaces = {s["surface"]: s for s in preview["surfaces"]}
    assert set(surfaces) == {"banner", "lockScreen", "notificationCenter", "expanded"}
    assert surfaces["lockScreen"]["title"]["lines"] == ["Nová zpráva"]
    assert surfaces["banner"]["actions"] == []
    titles = [a["title"] for a in surfaces["expanded"]["actions"]]
    assert titles == ["Odpovědět", "Smazat"]
    status, headers, text = server.request("POST", "/api/v1/preview?surface=lockScreen", CZECH,
                                           {"Accept": "text/plain"})
    assert status == 200
    assert headers["content-type"].startswith("text/plain")
    assert "lockScreen" in text.decode() and "Nová zpráva" in text.decode()


def test_preview_unknown_device_is_400(server):
    status, _, body = server.json("POST", "/api/v1/preview?device=nokia-3310", CZECH)
    assert status == 400
    assert "device" in body["error"]["message"]


def test_export_formats(server):
    status, headers, data = server.request("POST", "/api/v1/export?format=json", CZECH)
    assert status == 200
    assert data == CZECH.rstrip(b"\n") or data == CZECH
    status, _, data = server.request("POST", "/api/v1/export?format=apns&bundle=com.example.chat",
                                     CZECH)
    assert status == 200
    assert json.loads(data)["Simulator Target Bundle"] == "com.example.chat"
    status, _, data = server.request(
        "POST", "/api/v1/export?format=curl&deviceToken=" + "ab" * 32, CZECH,
        {"apns-topic": "com.example.chat", "apns-priority": "10"})
    assert status == 200
    text = data.decode()
    assert text.startswith("curl") and "--http2" in text and "apns-topic: com.example.chat" in text


def test_export_of_invalid_payload_is_422_report(server):
    status, _, body = server.json("POST", "/api/v1/export?format=json", b'{"aps":{"badge":"5"}}')
    assert status == 422
    assert body["valid"] is False


def test_categories_round_trip_and_swift(server):
    put_categories(server)
    status, _, config = server.json("GET", "/api/v1/categories")
    assert status == 200
    assert config == CATEGORIES
    status, headers, swift = server.request("GET", "/api/v1/categories?format=swift")
    assert status == 200
    assert b"UNTextInputNotificationAction" in swift and b"customDismissAction" in swift


def test_categories_put_invalid_changes_nothing(server):
    put_categories(server)
    broken = {"categories": [{"identifier": "", "actions": []}]}
    status, _, body = server.json("PUT", "/api/v1/categories", broken)
    assert status == 422
    assert body["diagnostics"]
    assert server.json("GET", "/api/v1/categories")[2] == CATEGORIES


def test_one_category_create_replace_delete(server):
    category = {"identifier": "promo", "actions": [
        {"identifier": "open", "title": "Otevřít", "options": ["foreground"]}],
        "intentIdentifiers": [], "options": []}
    status, _, _ = server.json("PUT", "/api/v1/categories/promo", category)
    assert status == 201
    status, _, _ = server.json("PUT", "/api/v1/categories/promo", category)
    assert status == 200
    status, _, _ = server.json("PUT", "/api/v1/categories/promo", {**category, "identifier": "x"})
    assert status == 422
    assert server.request("DELETE", "/api/v1/categories/promo")[0] == 204
    assert server.request("DELETE", "/api/v1/categories/promo")[0] == 404


def create_notification(server, name="Kino", payload=None):
    body = {"name": name, "headers": {"apns-push-type": "alert"},
            "payload": payload or json.loads(CZECH)}
    status, headers, stored = server.json("POST", "/api/v1/notifications", body)
    assert status == 201, stored
    assert headers["etag"]
    return stored, headers["etag"]


def test_notifications_crud_etag_and_revisions(server):
    stored, etag = create_notification(server)
    nid = stored["id"]
    assert stored["name"] == "Kino"
    status, _, listing = server.json("GET", "/api/v1/notifications")
    assert status == 200
    assert [n["id"] for n in listing["notifications"]] == [nid]
    assert set(listing["notifications"][0]) >= {"id", "name", "updatedAt"}

    status, headers, got = server.json("GET", f"/api/v1/notifications/{nid}")
    assert status == 200 and headers["etag"] == etag
    assert got["payload"] == json.loads(CZECH)

    update = {"name": "Kino 2", "headers": {}, "payload": json.loads(VIETNAMESE)}
    status, headers, updated = server.json("PUT", f"/api/v1/notifications/{nid}", update,
                                           {"If-Match": etag})
    assert status == 200, updated
    new_etag = headers["etag"]
    assert new_etag != etag

    status, _, body = server.json("PUT", f"/api/v1/notifications/{nid}",
                                  {**update, "name": "stale"}, {"If-Match": etag})
    assert status == 412
    assert body["error"]["code"]
    assert server.json("GET", f"/api/v1/notifications/{nid}")[2]["name"] == "Kino 2"

    status, _, revisions = server.json("GET", f"/api/v1/notifications/{nid}/revisions")
    assert status == 200
    names = [r["name"] for r in revisions["revisions"]]
    assert names == ["Kino 2", "Kino"]
    assert all("updatedAt" in r and "updatedBy" in r for r in revisions["revisions"])

    assert server.request("DELETE", f"/api/v1/notifications/{nid}")[0] == 204
    assert server.request("GET", f"/api/v1/notifications/{nid}")[0] == 404
    assert server.request("DELETE", f"/api/v1/notifications/{nid}")[0] == 404


def test_put_without_if_match_is_rejected(server):
    stored, _ = create_notification(server)
    status, _, body = server.json("PUT", f"/api/v1/notifications/{stored['id']}",
                                  {"name": "x", "headers": {}, "payload": {"aps": {}}})
    assert status == 428
    assert "If-Match" in body["error"]["message"]


def test_payload_text_is_kept_exactly(server):
    raw = ('{"name":"exact","headers":{},"payload":{"aps":{"alert":"Ahoj 👋🏽"},'
           '"n":1.50,"e":"\\u00e9"}}').encode()
    status, _, stored = server.json("POST", "/api/v1/notifications", raw,
                                    {"Content-Type": "application/json"})
    assert status == 201
    status, _, exported = server.request("POST", "/api/v1/export?format=json",
                                         b'{"aps":{"alert":"Ahoj \xf0\x9f\x91\x8b\xf0\x9f\x8f\xbd"},"n":1.50,"e":"\\u00e9"}')
    assert status == 200
    assert b'"n":1.50' in exported and b'"\\u00e9"' in exported


def test_error_answers(server):
    status, _, body = server.json("GET", "/api/v1/notifications/does-not-exist")
    assert status == 404 and body["error"]["code"]
    status, headers, body = server.json("DELETE", "/api/v1/categories")
    assert status == 405
    assert "GET" in headers["allow"] and "PUT" in headers["allow"]
    status, _, body = server.json("POST", "/api/v1/notifications", b"<xml/>",
                                  {"Content-Type": "application/xml"})
    assert status == 415
    status, _, body = server.json("POST", "/api/v1/notifications", b'{"name": ',
                                  {"Content-Type": "application/json"})
    assert status == 400 and body["error"]["code"]
    status, _, body = server.json("POST", "/api/v1/notifications", {"name": 5, "payload": {}})
    assert status == 422 and "name" in body["error"]["message"]
    status, _, body = server.request("POST", "/api/v1/validate", b"{" * 5000 + b"}" * 5000)
    assert status == 422
    assert post_oversized(server, "/api/v1/validate", 2 * 1024 * 1024) == 413


def test_cross_origin_writes_are_refused(server):
    status, _, body = server.json("PUT", "/api/v1/categories", CATEGORIES,
                                  {"Origin": "https://evil.example"})
    assert status == 403
    assert server.json("GET", "/api/v1/categories")[2] == {"categories": []}


def test_openapi_document_lists_every_route(shared_server):
    status, _, spec = shared_server.json("GET", "/api/v1/openapi.json")
    assert status == 200
    assert spec["openapi"].startswith("3.0")
    paths = spec["paths"]
    for path, methods in {
        "/healthz": {"get"}, "/api/v1/validate": {"post"}, "/api/v1/preview": {"post"},
        "/api/v1/export": {"post"}, "/api/v1/categories": {"get", "put"},
        "/api/v1/categories/{identifier}": {"put", "delete"},
        "/api/v1/notifications": {"get", "post"},
        "/api/v1/notifications/{id}": {"get", "put", "delete"},
        "/api/v1/notifications/{id}/revisions": {"get"},
    }.items():
        assert methods <= set(paths[path]), path


def test_category_identifiers_are_compared_byte_for_byte(server):
    nfc = {"identifier": "caf\u00e9", "actions": [{"identifier": "a", "title": "A"}]}
    assert server.json("PUT", "/api/v1/categories", {"categories": [nfc]})[0] == 200
    nfd = {**nfc, "identifier": "cafe\u0301"}
    status, _, body = server.json("PUT", "/api/v1/categories/caf%C3%A9", nfd)
    assert status == 422 and "differs" in body["error"]["message"]
    stored = server.json("GET", "/api/v1/categories")[2]["categories"]
    assert [c["identifier"] for c in stored] == ["caf\u00e9"]


def test_dns_rebinding_host_is_refused(server):
    status, _, body = server.json("GET", "/api/v1/notifications", headers={"Host": "rebind.example:8080"})
    assert status == 421 and body["error"]["code"] == "unknown-host"


def test_if_match_star_and_lists(server):
    stored, etag = create_notification(server)
    path = f"/api/v1/notifications/{stored['id']}"
    body = {"name": "star", "headers": {}, "payload": {"aps": {"alert": "x"}}}
    status, headers, _ = server.json("PUT", path, body, {"If-Match": "*"})
    assert status == 200
    current = headers["etag"]
    status, _, _ = server.json("PUT", path, {**body, "name": "list"}, {"If-Match": f'"r999", {current}'})
    assert status == 200
    status, _, _ = server.json("PUT", path, {**body, "name": "stale"}, {"If-Match": f'"r999", {etag}'})
    assert status == 412
    assert server.json("GET", path)[2]["name"] == "list"


def test_preview_varies_on_accept(server):
    status, headers, _ = server.request("POST", "/api/v1/preview", CZECH)
    assert status == 200 and "Accept" in headers.get("vary", "")



def test_text_picture_puts_not_delivered_and_every_error_first(shared_server):
    """Issue 25: the 5 441-byte payload APNs refuses says so at the top of the text picture,
    with every error, and in headers a pipeline can read without parsing the picture."""
    payload = SUPPORT
    assert len(payload) == 5441
    status, headers, body = shared_server.request(
        "POST", "/api/v1/preview", payload,
        {"Content-Type": "application/json", "Accept": "text/plain", "apns-priority": "7"})
    assert status == 200
    assert headers["pushboard-valid"] == "false"
    assert headers["apns-refusal"] == "413 PayloadTooLarge"
    lines = body.decode().split("\n")
    assert lines[0].startswith("invalid (2 errors")
    assert lines[1] == "Not delivered: APNs answers 413 PayloadTooLarge"
    assert "[payload.too-large]" in lines[2] and "5441" in lines[2]
    assert "[header.priority.value]" in lines[3]
    assert lines[5].startswith("── ")
    status, headers, body = shared_server.request(
        "POST", "/api/v1/preview", CZECH, {"Content-Type": "application/json", "Accept": "text/plain"})
    assert headers["pushboard-valid"] == "true" and "apns-refusal" not in headers
    assert body.decode().startswith("valid (") and "Not delivered" not in body.decode()


def test_export_errors_name_headers_and_parameters_not_cli_options(shared_server):
    status, _, body = shared_server.json("POST", "/api/v1/export?format=curl", CZECH)
    assert status == 400 and body["error"]["code"] == "invalid-export"
    message = body["error"]["message"]
    assert "apns-topic request header" in message and "bundle=" in message and "--" not in message


def test_export_refuses_a_device_token_of_the_wrong_shape(shared_server):
    status, _, body = shared_server.json(
        "POST", "/api/v1/export?format=curl&bundle=com.example.chat&deviceToken=a1b2c3", CZECH)
    assert status == 400 and body["error"]["code"] == "invalid-device-token"
    assert "3 bytes (6 hexadecimal digits)" in body["error"]["message"]
    status, _, command = shared_server.request(
        "POST", "/api/v1/export?format=curl&bundle=com.example.chat&deviceToken=" + "ab" * 32, CZECH)
    assert status == 200 and ("/3/device/" + "ab" * 32).encode() in command


def test_settings_change_is_audited_by_name_and_a_dry_run_is_not(server):
    """Issue 25: a settings change made through the API is in the audit trail as
    settings.update with what changed; a dry-run import records nothing."""
    status, _, _ = server.json("PUT", "/api/v1/settings", {"appName": "Chat Pro"})
    assert status == 200
    status, _, plan = server.json("PUT", "/api/v1/categories?dryRun=true", CATEGORIES)
    assert status == 200 and "dryRun" in plan
    status, _, trail = server.json("GET", "/api/v1/audit")
    assert status == 200, trail
    events = trail["events"]
    assert [e["action"] for e in events] == ["settings.update"], events
    assert events[0]["object"] == "/settings" and 'appName: none → "Chat Pro"' in events[0]["detail"]
