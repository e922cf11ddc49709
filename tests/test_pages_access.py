"""The login page and the composer in a real browser once login is required: the session cookie,
the CSRF token the server adds to every form, and the header composer.js sends with it."""
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, fresh_server
from test_pages_composer import body_lines, button, control, replace_text, wait

PASSWORD = "a long enough password"


# Each test runs on one `serve --data DIR` and on a cluster (conftest `pytest_generate_tests`).
BACKENDS = ("sqlite", "cluster")


@pytest.fixture
def guarded_server(binary, module_cluster):
    def add_anna(store_args):
        added = subprocess.run([str(binary), "users", "add", "anna", "--role", "editor", *store_args],
                               input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
        assert added.returncode == 0, added.stderr

    with fresh_server(module_cluster, prepare=add_anna) as running:
        yield running


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


def log_in(browser, server, name, password):
    browser.delete_all_cookies()
    browser.get(server.base + "/login")
    replace_text(control(browser, "Name"), name)
    replace_text(control(browser, "Password"), password)
    button(browser, "Log in").send_keys(Keys.ENTER)
    wait(browser, lambda: "/login" not in browser.current_url)


def other_session(server, name, password):
    """A second session of `name`, as on another computer: its cookie header."""
    form = f"name={name}&password={password.replace(' ', '+')}"
    status, headers, _ = server.request(
        "POST", "/login", body=form, headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303
    return {"Cookie": headers["set-cookie"].split(";")[0]}


NEW_PASSWORD = "correct horse battery"


def test_a_user_changes_their_own_password_and_their_other_sessions_end(browser, guarded_server):
    laptop = other_session(guarded_server, "anna", PASSWORD)
    log_in(browser, guarded_server, "anna", PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "nav[aria-label='Account'] a[href='/account']").click()
    wait(browser, lambda: browser.current_url.endswith("/account"))

    replace_text(control(browser, "Current password"), "not my password")
    replace_text(control(browser, "New password"), NEW_PASSWORD)
    replace_text(control(browser, "New password again"), NEW_PASSWORD)
    button(browser, "Change password").send_keys(Keys.ENTER)
    wait(browser, lambda: "nothing was changed" in browser.page_source)
    current = control(browser, "Current password")
    assert current.get_attribute("aria-invalid") == "true"
    message = browser.find_element(By.ID, current.get_attribute("aria-describedby"))
    assert "current password is wrong" in message.text
    assert control(browser, "New password").get_attribute("value") == "", "never written back"

    replace_text(control(browser, "Current password"), PASSWORD)
    replace_text(control(browser, "New password"), NEW_PASSWORD)
    replace_text(control(browser, "New password again"), NEW_PASSWORD + "!")
    button(browser, "Change password").send_keys(Keys.ENTER)
    wait(browser, lambda: "differ" in browser.page_source)
    assert control(browser, "New password again").get_attribute("aria-invalid") == "true"
    assert guarded_server.request("GET", "/notifications", headers=laptop)[0] == 200

    replace_text(control(browser, "Current password"), PASSWORD)
    replace_text(control(browser, "New password"), NEW_PASSWORD)
    replace_text(control(browser, "New password again"), NEW_PASSWORD)
    button(browser, "Change password").send_keys(Keys.ENTER)
    wait(browser, lambda: "Your password was changed; 1 other session was signed out." in browser.page_source)
    assert "Signed in as anna" in browser.find_element(By.CSS_SELECTOR, "nav[aria-label='Account']").text
    status, headers, _ = guarded_server.request("GET", "/notifications", headers=laptop)
    assert status == 303 and headers["location"].startswith("/login")

    button(browser, "Log out").send_keys(Keys.ENTER)
    wait(browser, lambda: browser.current_url.endswith("/login"))
    log_in(browser, guarded_server, "anna", NEW_PASSWORD)
    assert "Signed in as anna" in browser.find_element(By.CSS_SELECTOR, "nav[aria-label='Account']").text


def test_an_admin_resets_a_password_from_the_users_page(browser, guarded_server, binary):
    added = subprocess.run([str(binary), "users", "add", "root", "--role", "admin",
                            *guarded_server.store_args],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
    assert added.returncode == 0, added.stderr
    anna = other_session(guarded_server, "anna", PASSWORD)
    log_in(browser, guarded_server, "root", PASSWORD)
    browser.get(guarded_server.base + "/users")
    summary = [s for s in browser.find_elements(By.TAG_NAME, "summary")
               if s.text == "Reset the password of anna"]
    assert summary, "no reset for anna"
    summary[0].click()
    replace_text(control(browser, "New password for anna"), NEW_PASSWORD)
    replace_text(control(browser, "New password for anna, again"), NEW_PASSWORD)
    button(browser, "Set the new password of anna").send_keys(Keys.ENTER)
    wait(browser, lambda: "Set a new password for anna; 1 session(s) of theirs ended." in browser.page_source)
    status, headers, _ = guarded_server.request("GET", "/notifications", headers=anna)
    assert status == 303 and headers["location"].startswith("/login")
    assert guarded_server.request("GET", "/users", headers={
        "Cookie": "pushboard_session=" + browser.get_cookie("pushboard_session")["value"]})[0] == 200
    browser.get(guarded_server.base + "/audit?user=root")
    assert "user.password.reset" in browser.page_source and "user:anna" in browser.page_source
    other_session(guarded_server, "anna", NEW_PASSWORD)


def test_upload_forms_save_when_logged_in(browser, guarded_server, binary):
    """The two multipart forms carry the session's CSRF token like every other form: the admin's
    settings and an editor's Live Activity import both save (both were refused with 403)."""
    added = subprocess.run([str(binary), "users", "add", "boss", "--role", "admin",
                            *guarded_server.store_args],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
    assert added.returncode == 0, added.stderr
    log_in(browser, guarded_server, "boss", PASSWORD)
    browser.get(guarded_server.base + "/settings")
    replace_text(control(browser, "App name"), "Zprávy")
    button(browser, "Save settings").send_keys(Keys.ENTER)
    wait(browser, lambda: "Settings saved." in browser.page_source)

    log_in(browser, guarded_server, "anna", PASSWORD)
    browser.get(guarded_server.base + "/activities")
    control(browser, "Swift files or a JSON Schema").send_keys(
        str(ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "DeliveryAttributes.swift"))
    button(browser, "Import").send_keys(Keys.ENTER)
    wait(browser, lambda: "Imported DeliveryAttributes." in browser.page_source)
    browser.get(guarded_server.base + "/notifications/new")
    assert "Zprávy" in browser.page_source  # the platters draw the saved app name


def test_a_viewer_sees_no_control_they_may_not_use(browser, guarded_server, binary):
    """A viewer previews and downloads but changes nothing: Save, Replace the registry and the
    Live Activity import are not shown to them (the server would refuse them with 403); an
    editor sees them."""
    added = subprocess.run([str(binary), "users", "add", "vera", "--role", "viewer",
                            *guarded_server.store_args],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
    assert added.returncode == 0, added.stderr

    def shown(path, text):
        browser.get(guarded_server.base + path)
        return [b.is_displayed() for b in browser.find_elements(By.TAG_NAME, "button")
                if b.get_attribute("textContent").strip() == text]

    log_in(browser, guarded_server, "vera", PASSWORD)
    assert "read only" in browser.find_element(By.CSS_SELECTOR, "nav[aria-label='Account']").text
    assert shown("/notifications/new", "Save") == [False]
    assert shown("/notifications/new", "Preview") == [True]
    assert shown("/categories", "Replace the registry") == [False]
    assert shown("/activities", "Import") == [False]
    log_in(browser, guarded_server, "anna", PASSWORD)
    assert shown("/notifications/new", "Save") == [True]
    assert shown("/categories", "Replace the registry") == [True]
    # Settings is an admin's page: in the navigation for admins only.
    settings = browser.find_element(By.CSS_SELECTOR, "nav.site-nav a[href='/settings']")
    assert not settings.is_displayed()


@pytest.mark.parametrize("width", [1440, 390])
def test_the_access_pages_have_no_axe_violations(browser, guarded_server, binary, width):
    """axe-core on the login, account, users, tokens and audit pages and their error states,
    each loaded once and checked in light and in dark."""
    import json as json_module

    from test_accessibility import prefer_color_scheme, violations_in_both_schemes
    added = subprocess.run([str(binary), "users", "add", "root", "--role", "admin",
                            *guarded_server.store_args],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
    assert added.returncode == 0, added.stderr
    browser.set_window_size(width, 1000)
    browser.set_script_timeout(60)
    prefer_color_scheme(browser, "light")

    def wrong_login():
        replace_text(control(browser, "Name"), "root")
        replace_text(control(browser, "Password"), "not the password")
        button(browser, "Log in").send_keys(Keys.ENTER)
        wait(browser, lambda: "is wrong" in browser.page_source)

    def refused_change():
        replace_text(control(browser, "Current password"), PASSWORD)
        replace_text(control(browser, "New password"), "short")
        replace_text(control(browser, "New password again"), "shorter")
        button(browser, "Change password").send_keys(Keys.ENTER)
        wait(browser, lambda: "not changed" in browser.page_source)

    def open_reset():
        for summary in browser.find_elements(By.TAG_NAME, "summary"):
            summary.click()

    def created_token():
        replace_text(control(browser, "Name"), "deploy")
        button(browser, "Create token").send_keys(Keys.ENTER)
        wait(browser, lambda: "Token deploy created" in browser.page_source)

    found = {}
    try:
        browser.delete_all_cookies()
        for name, path, action in [("login", "/login", None), ("login refused", "/login", wrong_login)]:
            browser.get(guarded_server.base + path)
            if action:
                action()
            found |= violations_in_both_schemes(browser, name)
        log_in(browser, guarded_server, "root", PASSWORD)
        for name, path, action in [("account", "/account", None), ("account errors", "/account", refused_change),
                                   ("users", "/users", open_reset), ("tokens", "/tokens", None),
                                   ("token created", "/tokens", created_token), ("audit", "/audit", None)]:
            browser.get(guarded_server.base + path)
            if action:
                action()
            found |= violations_in_both_schemes(browser, name)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.set_window_size(1280, 1000)
    assert found == {}, json_module.dumps(found, indent=1, ensure_ascii=False)
