"""The login page and the composer in a real browser once login is required: the session cookie,
the CSRF token the server adds to every form, and the header composer.js sends with it."""
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, Server
from test_pages_composer import body_lines, button, control, replace_text, wait

PASSWORD = "a long enough password"


@pytest.fixture
def guarded_server(binary):
    path = tempfile.mkdtemp(prefix="pushboard-test-")
    added = subprocess.run([str(binary), "users", "add", "anna", "--role", "editor", "--data", path],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
    assert added.returncode == 0, added.stderr
    running = Server(path)
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


def test_login_then_live_preview_and_save_then_logout(browser, guarded_server):
    browser.delete_all_cookies()
    browser.get(guarded_server.base + "/notifications/new")
    assert "/login?next=" in browser.current_url
    replace_text(control(browser, "Name"), "anna")
    replace_text(control(browser, "Password"), PASSWORD)
    button(browser, "Log in").send_keys(Keys.ENTER)
    wait(browser, lambda: browser.current_url.endswith("/notifications/new"))
    assert "Signed in as anna" in browser.find_element(By.CSS_SELECTOR, "nav[aria-label='Account']").text
    cookie = browser.get_cookie("pushboard_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"

    replace_text(control(browser, "Name"), "Campaign")
    replace_text(control(browser, "Title"), "Nová zpráva")
    replace_text(control(browser, "Body"), "Ahoj")
    wait(browser, lambda: body_lines(browser, "lockScreen") == ["Ahoj"])
    button(browser, "Save").send_keys(Keys.ENTER)
    wait(browser, lambda: "/notifications/" in browser.current_url and "new" not in browser.current_url)
    status, _, body = guarded_server.request(
        "GET", "/api/v1/notifications", headers={"Cookie": "pushboard_session=" + cookie["value"]})
    assert status == 200 and b"Campaign" in body

    button(browser, "Log out").send_keys(Keys.ENTER)
    wait(browser, lambda: browser.current_url.endswith("/login"))
    browser.get(guarded_server.base + "/notifications")
    assert "/login?next=" in browser.current_url
