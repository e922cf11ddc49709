"""Issue 14: composing a Live Activity update in a real browser from the form generated from
the app's imported ActivityAttributes, and seeing the state in the Live Activity preview.

Controls are found by their visible label text, regions by their heading, as people find them.
"""
import json
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ROOT, Server
from test_pages_composer import control, press, region, replace_text, wait

TYPES = ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "DeliveryAttributes.swift"


@pytest.fixture(scope="module")
def server(binary):
    path = tempfile.mkdtemp(prefix="pushboard-live-activity-")
    running = Server(path)
    status, _, body = running.request(
        "PUT", "/api/v1/activities/DeliveryAttributes", TYPES.read_bytes(), {"Content-Type": "text/plain"})
    assert status == 201, body
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


def frame_lines(driver):
    figure = region(driver, "Live Activity preview").find_element(By.CSS_SELECTOR, "figure")
    return [text.text for text in figure.find_elements(By.TAG_NAME, "text")]


def compose_update(driver, server):
    driver.get(server.base + "/notifications/new")
    Select(control(driver, "Push type")).select_by_value("liveactivity")
    replace_text(control(driver, "Title"), "Your order")
    replace_text(control(driver, "Body"), "Arriving in 2 minutes")
    press(driver, "Preview")
    # The form generated from DeliveryAttributes.ContentState is now there.
    wait(driver, lambda: control(driver, "status"))
    Select(control(driver, "Event")).select_by_value("update")
    replace_text(control(driver, "Topic"), "com.example.app.push-type.liveactivity")
    Select(control(driver, "Priority")).select_by_value("5")
    replace_text(control(driver, "Timestamp"), "2026-01-01T00:00:00Z")
    Select(control(driver, "status")).select_by_value("on-the-way")
    replace_text(control(driver, "arrival"), "2026-01-01T00:30:00Z")
    replace_text(control(driver, "driver.name"), "Minh")
    replace_text(control(driver, "progress"), "0.75")
    replace_text(control(driver, "items"), '["pho", "nem"]')
    replace_text(control(driver, "notes"), '{"door": "blue"}')
    press(driver, "Preview")


def test_a_live_activity_update_from_the_generated_form(browser_without_javascript, server):
    driver = browser_without_javascript
    compose_update(driver, server)
    wait(driver, lambda: "status: on-the-way" in frame_lines(driver))
    lines = frame_lines(driver)
    assert lines[0] == "DeliveryAttributes · update"
    assert "arrival: 2026-01-01T00:30:00Z" in lines
    assert "driver.name: Minh" in lines
    assert "progress: 0.75" in lines
    caption = region(driver, "Live Activity preview").find_element(By.TAG_NAME, "figcaption").text
    assert caption.startswith("Schematic, not the app's design: a 365 × 160 pt Lock Screen frame")
    # The update's alert as iOS shows it, in the ordinary previews.
    compact = region(driver, "Compact preview").text
    assert "Your order" in compact and "Arriving in 2 minutes" in compact
    # Raw JSON holds the state exactly as the app's decoder reads it.
    payload = json.loads(control(driver, "Raw JSON").get_attribute("value"))
    state = payload["aps"]["content-state"]
    assert state["arrival"] == 788920200  # seconds since 2001, not Unix time
    assert state["status"] == "on-the-way" and state["items"] == ["pho", "nem"]
    assert state["driver"] == {"name": "Minh"}
    assert payload["aps"]["event"] == "update" and payload["aps"]["timestamp"] == 1767225600
    validation = region(driver, "Validation").text
    assert "liveactivity.key" not in validation and "liveactivity.types.unchecked" not in validation


def test_the_frame_follows_typing_with_javascript(browser, server):
    driver = browser
    compose_update(driver, server)
    wait(driver, lambda: "status: on-the-way" in frame_lines(driver))
    Select(control(driver, "status")).select_by_value("delivered")
    control(driver, "driver.name").send_keys(" Tran")
    wait(driver, lambda: "status: delivered" in frame_lines(driver) and "driver.name: Minh Tran" in frame_lines(driver))


@pytest.mark.parametrize("javascript", [False, True])
def test_the_app_source_imported_on_the_page_drives_the_composer(browser, browser_without_javascript, binary,
                                                               javascript):
    """A developer imports the app's Swift file on /activities (a file upload, no JavaScript
    needed); the composer then builds its content-state form from it, and Delete takes it away."""
    driver = browser if javascript else browser_without_javascript
    path = tempfile.mkdtemp(prefix="pushboard-activity-page-")
    running = Server(path)
    try:
        driver.get(running.base + "/activities")
        assert "No types are imported yet" in driver.page_source
        control(driver, "Swift files or a JSON Schema").send_keys(str(TYPES))
        press(driver, "Import")
        wait(driver, lambda: "Imported DeliveryAttributes." in driver.page_source)
        row = driver.find_element(By.XPATH, "//tbody/tr[th[normalize-space()='DeliveryAttributes']]")
        assert "arrival: Date" in row.text and "driver: Driver?" in row.text
        driver.get(running.base + "/notifications/new")
        Select(control(driver, "Push type")).select_by_value("liveactivity")
        press(driver, "Preview")
        wait(driver, lambda: control(driver, "arrival"))
        driver.get(running.base + "/activities")
        row = driver.find_element(By.XPATH, "//tbody/tr[th[normalize-space()='DeliveryAttributes']]")
        row.find_element(By.XPATH, ".//button[starts-with(normalize-space(), 'Delete')]").send_keys(Keys.ENTER)
        wait(driver, lambda: "Deleted DeliveryAttributes." in driver.page_source)
        assert running.request("GET", "/api/v1/activities/DeliveryAttributes")[0] == 404
    finally:
        running.stop()
        shutil.rmtree(path, ignore_errors=True)
