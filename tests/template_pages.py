"""What the browser tests of payload templates share (issue 28): a server of their own, the page
with JavaScript on and off, a notification whose title is a template, and the waits and field
lookups of its pages."""
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, desktop_page
from test_pages_composer import wait


@pytest.fixture(scope="module")
def site(binary):
    path = tempfile.mkdtemp(prefix="pushboard-templates-")
    running = Server(path)
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(params=["javascript", "no-javascript"])
def page(request, browser, browser_without_javascript):
    return desktop_page(request, browser, browser_without_javascript)


def notification(site):
    """Saves "Ready at {{ store }}" and gives its id."""
    status, _, body = site.json("POST", "/api/v1/notifications", {
        "name": "Pickup", "headers": {"apns-push-type": "alert"},
        "payload": {"aps": {"alert": {"title": "Ready at {{ store }}", "body": "Bring your receipt."}}}})
    assert status == 201, body
    return body["id"]


def notification_with_store(site, max_length, samples=("Karlín",)):
    """`notification` with its `store` variable declared (example "Dubai Mall", at most
    `max_length` characters) and one sample recipient per value of `samples`; gives its id."""
    identifier = notification(site)
    status, _, body = site.json("PUT", f"/api/v1/notifications/{identifier}/variables", {
        "variables": [{"name": "store", "type": "text", "example": "Dubai Mall", "maxLength": max_length}],
        "samples": [{"store": value} for value in samples]})
    assert status == 200, body
    return identifier


def settle(driver, condition):
    """Waits for `condition` on the page as live updates redraw it (a replaced node is "not yet")."""
    wait(driver, lambda: condition(driver))


def field(driver, label):
    """The control after the label reading `label`."""
    return driver.find_element(By.XPATH, f"//label[normalize-space()='{label}']/following::*"
                                         "[self::input or self::select or self::textarea][1]")
