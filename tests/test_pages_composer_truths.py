"""The composer tells the truth in every state (issue 25, points 1, 2, 4 and the thumbnail of
point 8), in a real browser with a local media host:

* a media check is not an edit: after Save and on opening a saved notification with a Media
  URL, "Unsaved changes" stays hidden and the leave guard is off; a save says "Saved as
  revision N." at the top of the page;
* a checked image stays drawn for the life of the page and the URL, past the server's reuse
  window (shortened here with `serve --media-reuse`), re-checked quietly; a host this server
  cannot reach is "could not check from this server", with the image drawn, labelled;
* no preview text is clipped by the page at 1440 px, on any device, in the compact, expanded
  and side-by-side previews; the side-by-side platters draw the checked image;
* the compact thumbnail fills its square like iOS's aspect fill (a 2:1 image is not squashed).
"""
import shutil
import socket
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import Server
from test_pages_composer import control, press, region, replace_text, wait
from test_pages_media import drawn_images, media  # noqa: F401 (media is the local media host fixture)

REUSE_SECONDS = 2


@pytest.fixture(scope="module")
def server(binary, media):
    path = tempfile.mkdtemp(prefix="pushboard-composer-truths-")
    running = Server(path, ["--allow-private-media", "--media-ca-file", str(media.cert),
                            "--media-reuse", str(REUSE_SECONDS)])
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def page(browser):
    browser.set_window_size(1440, 900)
    return browser


def unsaved_shown(driver):
    return driver.find_element(By.ID, "unsaved-status").is_displayed()


def leave_guard_armed(driver):
    """Whether leaving would ask "Leave site?": composer.js cancels beforeunload then."""
    return driver.execute_script(
        "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
        "return e.defaultPrevented;")


def settled(driver):
    """The live update is done: no "Updating…" and no check in flight."""
    status = driver.find_element(By.ID, "live-status").text
    checking = "Checking the media" in driver.find_element(By.ID, "media-check-region").text
    return status == "" and not checking


def media_notification(server, media, path="/good.jpg"):
    payload = {"aps": {"alert": {"title": "Photo", "body": "A new picture"}, "mutable-content": 1},
               "media-url": media.url(path)}
    status, _, created = server.json("POST", "/api/v1/notifications", {"name": "Photo", "payload": payload})
    assert status == 201, created
    return created["id"]


def closed_port():
    """A loopback port nothing listens on: a host this server cannot reach."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        return closed.getsockname()[1]  # nothing listens once the socket is closed


def compose_with_media(driver, server, title, url):
    """A new notification with `title`, Mutable content on and the Media URL `url` typed."""
    driver.get(server.base + "/notifications/new")
    replace_text(control(driver, "Title"), title)
    control(driver, "Mutable content").click()
    replace_text(control(driver, "Media URL"), url)


def test_saving_with_media_says_saved_and_never_marks_the_page_unsaved(page, server, media):
    compose_with_media(page, server, "Photo", media.url("/good.jpg"))
    wait(page, lambda: len(drawn_images(page, "Expanded preview", "img.platter-media-image")) == 1)
    assert unsaved_shown(page)  # the typing was an edit

    press(page, "Save")
    wait(page, lambda: "?saved=1" in page.current_url)
    assert "Saved as revision 1." in page.find_element(By.ID, "main").text
    # The page checks its Media URL on open and redraws the previews: not an edit.
    wait(page, lambda: len(drawn_images(page, "Expanded preview", "img.platter-media-image")) == 1)
    wait(page, lambda: settled(page))
    time.sleep(1)
    assert not unsaved_shown(page)
    assert not leave_guard_armed(page)

    # A real edit still marks it.
    control(page, "Body").send_keys("!")
    wait(page, lambda: unsaved_shown(page))
    assert leave_guard_armed(page)


def test_opening_a_saved_notification_with_media_stays_saved(page, server, media):
    notification = media_notification(server, media, "/good.png")
    page.get(server.base + f"/notifications/{notification}")
    wait(page, lambda: len(drawn_images(page, "Expanded preview", "img.platter-media-image")) == 1)
    wait(page, lambda: settled(page))
    time.sleep(1)
    assert not unsaved_shown(page)
    assert not leave_guard_armed(page)


# What the page shows of the media at one moment, read in one script (no stale elements).
DRAWN = """
const decoded = (css) => Array.from(document.querySelectorAll(css))
  .filter((image) => image.complete && image.naturalWidth > 0).length;
return {status: document.getElementById("media-check-region").textContent,
        expanded: decoded("#expanded-region img.platter-media-image"),
        thumbnails: decoded("#compact-region img.platter-thumbnail")};
"""


def test_a_checked_image_stays_drawn_past_the_servers_reuse_window(page, server, media):
    url = media.url("/good.jpg")
    compose_with_media(page, server, "Photo", url)
    wait(page, lambda: len(drawn_images(page, "Expanded preview", "img.platter-media-image")) == 1)
    checked_at = time.monotonic()
    fetched = media.requests.count("/good.jpg")
    body = control(page, "Body")
    # Several reuse windows go by; each keystroke is a live update that must keep the image.
    while time.monotonic() - checked_at < 4 * REUSE_SECONDS + 1:
        time.sleep(REUSE_SECONDS / 2)
        body.send_keys("a")
        wait(page, lambda: settled(page))
        drawn = page.execute_script(DRAWN)
        assert "Not checked yet" not in drawn["status"], drawn
        assert "iOS will attach it" in drawn["status"], drawn
        assert drawn["expanded"] == 1 and drawn["thumbnails"] >= 1, drawn
    # The page checked again quietly while it stayed open.
    assert media.requests.count("/good.jpg") > fetched

    # A new URL is "not checked" until its own check answers.
    replace_text(control(page, "Media URL"), media.url("/picture.svg"))
    wait(page, lambda: "will not attach" in page.find_element(By.ID, "media-check-region").text)
    assert not region(page, "Compact preview").find_elements(By.CSS_SELECTOR, ".platter-thumbnail")


def test_side_by_side_draws_the_checked_image_and_thumbnails_fill_their_square(page, server, media):
    compose_with_media(page, server, "Photo", media.url("/good.jpg"))  # 80 × 40 px, 2:1
    wait(page, lambda: len(drawn_images(page, "Side by side", "img.platter-thumbnail")) == 3)
    assert not region(page, "Side by side").find_elements(By.CSS_SELECTOR, "span.platter-thumbnail")
    # Read in one script: a live update may redraw the region between two WebDriver calls,
    # leaving an element found by the first stale for the second.
    shapes = page.execute_script(THUMBNAIL_SHAPES)
    assert shapes
    for fit, width, height in shapes:
        assert fit == "cover"
        assert width == pytest.approx(height, abs=1)


THUMBNAIL_SHAPES = """
return [...document.querySelectorAll("#compact-region img.platter-thumbnail")].map((image) => {
  const box = image.getBoundingClientRect();
  return [getComputedStyle(image).objectFit, box.width, box.height];
});
"""


def test_a_host_this_server_cannot_reach_is_drawn_labelled(page, server, media):
    port = closed_port()
    compose_with_media(page, server, "Offline", f"https://127.0.0.1:{port}/photo.jpg")
    wait(page, lambda: "Could not check from this server" in page.find_element(By.ID, "media-check-region").text)
    assert "media.check.connect" in page.find_element(By.ID, "media-check-region").text
    assert "will not attach" not in page.find_element(By.ID, "media-check-region").text
    expanded = region(page, "Expanded preview").find_element(By.CSS_SELECTOR, ".platter-media-unfetched")
    assert "not fetched from this server" in expanded.get_attribute("aria-label")
    assert "not fetched from this server" in expanded.text
    thumbnails = region(page, "Compact preview").find_elements(By.CSS_SELECTOR, ".platter-thumbnail")
    assert thumbnails and all("not fetched" in t.get_attribute("aria-label") for t in thumbnails)


CLIPPED = """
const failures = [];
const lines = document.querySelectorAll(
  "#compact-region .platter-line, #expanded-region .platter-line, #side-by-side-region .platter-line");
for (const line of lines) {
  // The box that would clip the line: its closest ancestor that does not show overflow.
  let box = line.parentElement;
  while (box && box !== document.body) {
    const style = getComputedStyle(box);
    if (style.overflowX !== "visible" && !box.classList.contains("platter")
        && !box.classList.contains("platter-field")) break;
    box = box.parentElement;
  }
  const range = document.createRange();
  range.selectNodeContents(line);
  const drawn = range.getBoundingClientRect();
  const shown = box.getBoundingClientRect();
  if (drawn.width === 0) continue;
  if (drawn.right > shown.left + box.clientWidth + 0.5 || drawn.left < shown.left - 0.5
      || drawn.right > window.innerWidth) {
    failures.push(line.closest(".live-region").id + " " + line.textContent.slice(0, 30) + " "
                  + drawn.right.toFixed(1) + " > " + (shown.left + box.clientWidth).toFixed(1));
  }
}
return failures;
"""


def devices(server):
    status, _, document = server.json("GET", "/api/v1/openapi.json")
    assert status == 200
    parameters = document["paths"]["/api/v1/preview"]["post"]["parameters"]
    device = next(p for p in parameters if p.get("name") == "device")
    return [d for d in device["schema"]["enum"] if d != "all"]


def test_no_preview_text_is_clipped_by_the_page_at_1440_px(page, server):
    all_devices = devices(server)
    page.get(server.base + "/notifications/new")
    replace_text(control(page, "Title"), "Your order has shipped and is on its way to you today")
    replace_text(control(page, "Body"), "Good news! Your order #48213 has shipped and is on its way. "
                 "Track the parcel in the app, change the delivery slot, or ask the courier to leave it "
                 "with a neighbour if you are out when it arrives this afternoon.")
    wait(page, lambda: settled(page))
    failures = []
    compared = [Select(control(page, f"Side by side {n}")) for n in (1, 2, 3)]
    for index, device in enumerate(all_devices):
        Select(control(page, "Device")).select_by_value(device)
        # Every device also takes its turn in a side-by-side slot, the widest in the third.
        compared[index % 3].select_by_value(device)
        wait(page, lambda: page.find_elements(By.CSS_SELECTOR, f"#expanded-region .device-{device}"))
        wait(page, lambda: settled(page))
        time.sleep(0.2)  # the fit runs on the redraw
        failures += [f"{device}: {failure}" for failure in page.execute_script(CLIPPED)]
    for slot in compared:
        slot.select_by_value("ipad")
    wait(page, lambda: len(page.find_elements(By.CSS_SELECTOR, "#side-by-side-region .device-ipad")) == 3)
    wait(page, lambda: settled(page))
    time.sleep(0.2)
    failures += [f"three iPads: {failure}" for failure in page.execute_script(CLIPPED)]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("width", [1440, 390])
def test_the_new_states_have_no_axe_violations(browser, server, width):
    """An image this server could not fetch, and an iPad's previews that must scroll at phone
    width ("scroll →"), in light and dark."""
    from test_accessibility import violations_in_both_schemes
    port = closed_port()
    browser.set_window_size(width, 1000)
    browser.set_script_timeout(60)
    try:
        browser.get(server.base + "/notifications/new")
        replace_text(control(browser, "Title"), "Offline")
        control(browser, "Mutable content").click()
        replace_text(control(browser, "Media URL"), f"https://127.0.0.1:{port}/photo.jpg")
        Select(control(browser, "Device")).select_by_value("ipad")
        wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#expanded-region .platter-media-unfetched"))
        wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#expanded-region .device-ipad"))
        wait(browser, lambda: settled(browser))
        if width == 390:
            wait(browser, lambda: any(hint.is_displayed() for hint in
                                      browser.find_elements(By.CSS_SELECTOR, ".preview-scroll-hint")))
        found = violations_in_both_schemes(browser, f"unfetched media on an iPad at {width} px")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.set_window_size(1440, 900)
    assert found == {}, found
