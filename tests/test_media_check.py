"""`pushboard media-check` and `POST /api/v1/media-check` against a local https media host on
loopback (tests/media_server.py). Nothing here ever connects anywhere but 127.0.0.1 and ::1.
"""
import json
import subprocess
import time

import pytest

from conftest import Server
from media_server import MediaServer


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    host = MediaServer(tmp_path_factory.mktemp("media"))
    yield host
    host.close()


def check(binary, media, url, *extra, allow_private=True):
    arguments = [str(binary), "media-check", "--format", "json", "--timeout", "3", "--ca-file", str(media.cert)]
    if allow_private:
        arguments.append("--allow-private-media")
    completed = subprocess.run([*arguments, *extra, url], capture_output=True, text=True, timeout=60)
    assert completed.returncode in (0, 1), completed.stderr
    report = json.loads(completed.stdout)
    assert report["passed"] == (completed.returncode == 0)
    return report


def codes(report, severity=None):
    return [d["code"] for d in report["diagnostics"] if severity is None or d["severity"] == severity]


@pytest.mark.parametrize("path, mime, kind, size", [
    ("/good.jpg", "image/jpeg", "image", (80, 40)),
    ("/good.png", "image/png", "image", (50, 50)),
    ("/animated.gif", "image/gif", "image", (20, 10)),
    ("/video.mp4", "video/mp4", "video", None),
    ("/audio.m4a", "audio/mp4", "audio", None),
])
def test_good_media_passes_with_its_facts(binary, media, path, mime, kind, size):
    report = check(binary, media, media.url(path))
    assert report["passed"], report
    assert codes(report, "error") == []
    assert report["status"] == 200
    assert report["sniffedType"] == mime
    assert report["kind"] == kind
    assert report["address"] == "127.0.0.1"
    if size:
        assert (report["width"], report["height"]) == size
        assert report["aspectRatio"] == pytest.approx(size[0] / size[1], rel=1e-3)
    if path == "/animated.gif":
        assert report["frames"] == 3
        assert any("3 frames" in d["message"] for d in report["diagnostics"])


def test_a_square_image_is_warned_about_its_aspect_but_passes(binary, media):
    square = check(binary, media, media.url("/good.png"))
    assert square["passed"]
    assert "media.check.aspect" in codes(square, "warning")
    assert "media.check.aspect" not in codes(check(binary, media, media.url("/good.jpg")))  # 2:1


@pytest.mark.parametrize("path, limit", [
    ("/huge.jpg", 10 << 20), ("/huge-undeclared.jpg", 10 << 20),
    ("/big.mp3", 5 << 20), ("/big-undeclared.mp3", 5 << 20),
])
def test_over_apples_limit_is_refused_without_reading_it_all(binary, media, path, limit):
    report = check(binary, media, media.url(path))
    assert "media.check.too-large" in codes(report, "error")
    assert report["limit"] == limit
    assert report["bytes"] > limit


def test_a_video_within_its_limit_is_not_downloaded_whole(binary, media):
    """40 MB declared, under the 50 MB video limit: the check reads the first bytes, trusts the
    declared size, and hangs up; the host sees the connection dropped long before the end."""
    report = check(binary, media, media.url("/long.mp4"))
    assert report["passed"], report
    assert report["bytes"] == 40 * 1024 * 1024
    deadline = time.monotonic() + 10
    while "/long.mp4" not in media.aborted and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "/long.mp4" in media.aborted


@pytest.mark.parametrize("path, code", [
    ("/missing.jpg", "media.check.status"),
    ("/loop-a", "media.check.too-many-redirects"),
    ("/hop1", "media.check.too-many-redirects"),
    ("/to-metadata", "media.check.address-refused"),
    ("/to-unspecified", "media.check.address-refused"),
    ("/to-plain-http", "media.check.not-https"),
    ("/lying.jpg", "media.check.type-mismatch"),
    ("/picture.svg", "media.check.type-unsupported"),
    ("/page.jpg", "media.check.type-unsupported"),
])
def test_broken_media_is_reported(binary, media, path, code):
    report = check(binary, media, media.url(path))
    assert not report["passed"]
    assert code in codes(report, "error"), report


def test_redirects_are_followed_and_listed(binary, media):
    report = check(binary, media, media.url("/moved.jpg"))
    assert report["passed"]
    assert report["redirects"] == [media.url("/good.jpg")]
    assert "media.check.redirect" in codes(report, "info")
    loop = check(binary, media, media.url("/loop-a"))
    assert len(loop["redirects"]) == 1


def test_redirect_to_the_metadata_address_never_connects_there(binary, media):
    report = check(binary, media, media.url("/to-metadata"))
    message = next(d["message"] for d in report["diagnostics"] if d["code"] == "media.check.address-refused")
    assert "metadata" in message
    assert report["address"] == "127.0.0.1"  # the last connection made was to the test host


def test_missing_content_type_is_a_warning(binary, media):
    report = check(binary, media, media.url("/untyped.png"))
    assert report["passed"]
    assert "media.check.content-type-unknown" in codes(report, "warning")


def test_a_server_that_never_answers_times_out(binary, media):
    started = time.monotonic()
    report = check(binary, media, media.never_url())
    assert codes(report, "error") == ["media.check.timeout"]
    assert time.monotonic() - started < 15


def test_plain_http_is_refused_before_connecting(binary, media):
    before = len(media.connections)
    report = check(binary, media, f"http://127.0.0.1:{media.port}/good.jpg")
    assert codes(report, "error") == ["media.check.not-https"]
    media.settle()
    assert len(media.connections) == before


def test_an_untrusted_certificate_fails_tls(binary, media):
    completed = subprocess.run(
        [str(binary), "media-check", "--format", "json", "--allow-private-media", media.url("/good.jpg")],
        capture_output=True, text=True, timeout=60)
    assert completed.returncode == 1
    assert "media.check.tls" in codes(json.loads(completed.stdout), "error")


LOOPBACK_FORMS = ["https://127.0.0.1:{port}/good.jpg", "https://[::ffff:127.0.0.1]:{port}/good.jpg",
                  "https://localhost:{port}/good.jpg", "https://2130706433:{port}/good.jpg",
                  "https://0177.0.0.1:{port}/good.jpg", "https://[::1]:{port6}/good.jpg"]


@pytest.mark.parametrize("template", LOOPBACK_FORMS)
def test_without_allow_private_loopback_is_refused_and_never_reached(binary, media, template):
    if "{port6}" in template and media.port6 is None:
        pytest.skip("no IPv6 loopback on this machine")
    url = template.format(port=media.port, port6=media.port6)
    before = len(media.connections)
    report = check(binary, media, url, allow_private=False)
    assert codes(report, "error") == ["media.check.address-refused"], report
    media.settle()
    assert len(media.connections) == before, "a refused URL reached the server"


def test_the_recorder_sees_allowed_connections(binary, media):
    """The control for the refusal tests: with --allow-private-media the same host is reached."""
    before = len(media.connections)
    assert check(binary, media, media.url("/good.jpg"))["passed"]
    if media.port6:
        assert check(binary, media, media.url6("/good.jpg"))["passed"]
    media.settle()
    assert len(media.connections) >= before + (2 if media.port6 else 1)


def test_cli_usage_errors_exit_2(binary):
    for arguments in ([], ["--format", "xml", "https://a/"], ["a", "b"]):
        completed = subprocess.run([str(binary), "media-check", *arguments], capture_output=True, text=True)
        assert completed.returncode == 2
    assert "--allow-private-media" in subprocess.run(
        [str(binary), "media-check", "--help"], capture_output=True, text=True).stdout


def test_a_name_is_pinned_to_the_address_it_resolved_to(binary, media):
    report = check(binary, media, f"https://localhost:{media.port}/good.jpg")
    assert report["address"] in ("127.0.0.1", "::1")
    if report["address"] == "127.0.0.1":
        assert report["passed"], report


# ---- the API and the image copies, on a dashboard started with --allow-private-media ----

@pytest.fixture(scope="module")
def media_dashboard(binary, media, tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("dashboard"),
                     ["--allow-private-media", "--media-ca-file", str(media.cert), "--threads", "2"])
    yield running
    running.stop()


def test_api_checks_and_serves_the_image_from_its_own_origin(media_dashboard, media):
    status, _, report = media_dashboard.json("POST", "/api/v1/media-check", {"url": media.url("/good.jpg")})
    assert status == 200, report
    assert report["passed"] and report["width"] == 80 and report["height"] == 40
    path = report["imagePath"]
    assert path.startswith("/media/") and len(path) == len("/media/") + 64
    status, headers, body = media_dashboard.request("GET", path)
    assert status == 200
    assert body == (media_server_fixture("good.jpg"))
    assert headers["content-type"] == "image/jpeg"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["content-security-policy"].startswith("sandbox")


def media_server_fixture(name):
    from media_server import FIXTURES
    return (FIXTURES / name).read_bytes()


@pytest.mark.parametrize("path", ["/picture.svg", "/page.jpg", "/lying.jpg", "/huge.jpg", "/missing.jpg"])
def test_api_refuses_and_keeps_no_copy_of_bad_media(media_dashboard, media, path):
    status, _, report = media_dashboard.json("POST", "/api/v1/media-check", {"url": media.url(path)})
    assert status == 422
    assert not report["passed"]
    assert report["imagePath"] is None


def test_api_reuses_a_recent_result_without_connecting_again(media_dashboard, media):
    url = media.url("/good.png") + "?reuse"
    assert media_dashboard.json("POST", "/api/v1/media-check", {"url": url})[0] == 200
    media.settle()
    before = len(media.connections)
    assert media_dashboard.json("POST", "/api/v1/media-check", {"url": url})[0] == 200
    media.settle()
    assert len(media.connections) == before


@pytest.mark.serial
def test_checks_are_bounded_and_never_hold_every_worker(media_dashboard, media):
    """--threads 2 gives one check slot: while a check waits on a silent host, a second check
    is refused at once with 503 and Retry-After, and the dashboard keeps answering."""
    import threading
    slow = {}
    thread = threading.Thread(target=lambda: slow.update(
        answer=media_dashboard.json("POST", "/api/v1/media-check", {"url": media.never_url()})))
    thread.start()
    time.sleep(0.7)
    started = time.monotonic()
    status, headers, body = media_dashboard.json("POST", "/api/v1/media-check",
                                                 {"url": media.url("/good.png") + "?busy"})
    assert status == 503, body
    assert headers["retry-after"] == "2"
    assert body["error"]["code"] == "media-check-busy"
    assert media_dashboard.request("GET", "/healthz")[0] == 200
    assert time.monotonic() - started < 2
    thread.join(30)
    assert slow["answer"][0] == 422
    assert [d["code"] for d in slow["answer"][2]["diagnostics"]] == ["media.check.timeout"]


@pytest.mark.parametrize("template", LOOPBACK_FORMS)
def test_api_without_allow_private_never_reaches_loopback(server, media, template):
    if "{port6}" in template and media.port6 is None:
        pytest.skip("no IPv6 loopback on this machine")
    before = len(media.connections)
    status, _, report = server.json("POST", "/api/v1/media-check",
                                    {"url": template.format(port=media.port, port6=media.port6)})
    assert status == 422
    assert [d["code"] for d in report["diagnostics"]] == ["media.check.address-refused"]
    media.settle()
    assert len(media.connections) == before
