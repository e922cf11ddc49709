"""The composer for real work, in a real browser, each flow with JavaScript on and off: the
support case (a wrong-case category and a 4.8 KB body), history (view, diff, restore), the
trash, the import dry run, the unsaved-changes guard and the phone width.

Controls are found by their visible label, regions by their accessible name (CONTRACT §7).
"""
import json

import pytest
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import desktop_page, seeded_server
from test_pages_composer import button, control, plain, press, region, set_value, wait

CZECH_BODY = "Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? " * 76


def support_payload():
    """The ticket's payload: `Message` instead of `message`, a body of 4.8 KB."""
    return json.dumps({"aps": {"alert": {"title": "Nová zpráva", "body": CZECH_BODY},
                               "category": "Message"}}, ensure_ascii=False)


@pytest.fixture(scope="module")
def server(binary):
    with seeded_server("pushboard-work-") as running:
        yield running


@pytest.fixture(params=["javascript", "no-javascript"])
def page(request, browser, browser_without_javascript):
    """The browser with JavaScript, then the one without, at desktop width."""
    return desktop_page(request, browser, browser_without_javascript)


def paste_raw(driver, text):
    """Pastes `text` into Raw JSON: live with JavaScript, with "Preview" without. A paste sets
    the whole value at once (WebDriver's script runs even where the page's own may not): typed
    key by key, the 4.8 KB support payload took a minute."""
    raw = control(driver, "Raw JSON")
    set_value(driver, raw, text)
    if not driver.javascript:
        press(driver, "Preview")


def gone(element):
    """Whether `element` belongs to a page that has been left."""
    try:
        element.tag_name
        return False
    except (StaleElementReferenceException, WebDriverException):
        return True


def save_notification(server, name, payload):
    status, headers, created = server.json("POST", "/api/v1/notifications",
                                           {"name": name, "payload": payload})
    assert status == 201 and headers["location"] == f"/api/v1/notifications/{created['id']}"
    return created, headers["etag"]


def test_support_paste_marks_the_category_and_use_message_fixes_it(page, server):
    page.get(server.base + "/notifications/new")
    paste_raw(page, support_payload())
    category = lambda: control(page, "Category")
    wait(page, lambda: "iOS will show no buttons" in page.find_element(By.ID, "error-category").text)
    assert category().get_attribute("aria-invalid") == "true"
    assert "error-category" in category().get_attribute("aria-describedby")
    assert '"message"' in plain(page.find_element(By.ID, "error-category").text)
    assert "No buttons" in region(page, "Validation").text or "Invalid" in region(page, "Validation").text
    # The byte budget: how far over, and where the bytes go, with characters in Czech.
    budget = page.find_element(By.CSS_SELECTOR, ".byte-budget")
    size = len(support_payload().encode())
    assert f"{size - 4096} bytes over the limit" in budget.text
    rows = [" ".join(r.get_attribute("textContent").split()) for r in budget.find_elements(By.TAG_NAME, "tr")]
    body_row = [r for r in rows if r.startswith("Body")][0]
    assert str(len(json.dumps(CZECH_BODY, ensure_ascii=False).encode())) in body_row
    assert "characters" in budget.text

    use = button(page, "Use message")
    use.send_keys(Keys.ENTER)
    wait(page, lambda: category().get_attribute("value") == "message")
    wait(page, lambda: page.find_element(By.ID, "error-category").text == "")
    assert category().get_attribute("aria-invalid") is None
    wait(page, lambda: '"message"' in control(page, "Raw JSON").get_attribute("value"))
    assert page.find_elements(By.CSS_SELECTOR, "[data-use-category]") == []


def test_every_finding_links_its_field_and_its_rule(page, server):
    page.get(server.base + "/notifications/new")
    replace = lambda label, text: (control(page, label).clear(), control(page, label).send_keys(text))
    replace("Title", "Hi")
    replace("Relevance score", "7")
    replace("Expiration", "soon")
    if not page.javascript:
        press(page, "Preview")
    # Both marks in one wait: with JavaScript an answer for the first field alone can arrive
    # before the typing of the second one has started (CI met that once).
    wait(page, lambda: all(control(page, label).get_attribute("aria-invalid") == "true"
                           for label in ["Relevance score", "Expiration"]))
    assert page.find_element(By.ID, "error-relevanceScore").text
    validation = region(page, "Validation")
    link = [a for a in validation.find_elements(By.CSS_SELECTOR, "a.diagnostic-field")
            if a.text == "Relevance score"][0]
    link.send_keys(Keys.ENTER)
    if page.javascript:
        wait(page, lambda: page.switch_to.active_element.get_attribute("id") == "relevanceScore")
    else:
        assert page.current_url.endswith("#relevanceScore")
    # The live analysis may still redraw the region: read the link inside the wait, which
    # treats a stale element as "not yet".
    target = wait(page, lambda: region(page, "Validation").find_element(
        By.CSS_SELECTOR, "a.diagnostic-code").get_attribute("href"))
    assert "/docs/validation-rules#" in target
    page.get(target)
    anchor = target.rsplit("#", 1)[1]
    row = page.find_element(By.ID, anchor)
    assert row.tag_name == "tr" and row.find_element(By.TAG_NAME, "code").get_attribute("textContent") == anchor
    assert len(row.find_elements(By.TAG_NAME, "td")) == 4  # severity, meaning, fix, source


def test_revision_view_diff_and_restore(page, server):
    created, etag = save_notification(server, "Kino", {"aps": {"alert": {"title": "Kino", "body": "Dnes"}}})
    nid = created["id"]
    status, _, _ = server.json("PUT", f"/api/v1/notifications/{nid}",
                               {"name": "Kino", "payload": {"aps": {"alert": {"title": "Divadlo", "body": "Dnes"},
                                                                "category": "message"}}},
                               {"If-Match": etag})
    assert status == 200
    page.get(server.base + f"/notifications/{nid}")
    history = region(page, "History")
    rows = history.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [r.find_element(By.TAG_NAME, "th").text for r in rows] == ["Revision 2 (current)", "Revision 1"]
    assert "Title, Category" in rows[0].text and "created" in rows[1].text
    rows[1].find_element(By.PARTIAL_LINK_TEXT, "View").click()
    wait(page, lambda: page.current_url.endswith(f"/notifications/{nid}/revisions/1"))
    diff = region(page, "Compared with the current revision (2)")
    cells = [[c.text for c in r.find_elements(By.CSS_SELECTOR, "th, td")]
             for r in diff.find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert ["Title", "Kino", "Divadlo"] in cells and ["Category", "", "message"] in cells
    assert "Kino" in region(page, "Compact preview").text
    assert json.loads(region(page, "JSON of revision 1").find_element(By.TAG_NAME, "pre").text) == \
        {"aps": {"alert": {"title": "Kino", "body": "Dnes"}}}
    button(page, "Restore revision 1").send_keys(Keys.ENTER)
    wait(page, lambda: "Revision 1 restored as revision 3" in page.page_source)
    assert control(page, "Title").get_attribute("value") == "Kino"
    revisions = server.json("GET", f"/api/v1/notifications/{nid}/revisions")[2]["revisions"]
    assert [r["revision"] for r in revisions] == [3, 2, 1]


def test_delete_goes_to_the_trash_and_restores(page, server):
    created, _ = save_notification(server, f"Trash me {page.javascript}", {"aps": {"alert": "x"}})
    page.get(server.base + f"/notifications/{created['id']}")
    button(page, "Move to trash").send_keys(Keys.ENTER)
    wait(page, lambda: "/notifications/trash" in page.current_url)
    assert "is in the trash" in page.page_source
    assert server.request("GET", f"/api/v1/notifications/{created['id']}")[0] == 404
    row = [r for r in page.find_elements(By.CSS_SELECTOR, "tbody tr") if created["name"] in r.text][0]
    row.find_element(By.XPATH, ".//button[starts-with(normalize-space(), 'Restore')]").send_keys(Keys.ENTER)
    wait(page, lambda: page.current_url.startswith(server.base + f"/notifications/{created['id']}"))
    assert "Restored from the trash" in page.page_source
    # Purging is separate and explicit: a confirmation page first.
    assert server.request("DELETE", f"/api/v1/notifications/{created['id']}")[0] == 204
    page.get(server.base + "/notifications/trash")
    row = [r for r in page.find_elements(By.CSS_SELECTOR, "tbody tr") if created["name"] in r.text][0]
    row.find_element(By.PARTIAL_LINK_TEXT, "Erase for good").click()
    wait(page, lambda: "cannot be undone" in page.page_source)
    assert any(n["id"] == created["id"] for n in server.json("GET", "/api/v1/trash/notifications")[2]["notifications"])
    button(page, "Erase for good").send_keys(Keys.ENTER)
    wait(page, lambda: page.current_url.endswith("/notifications/trash"))
    assert all(n["id"] != created["id"] for n in server.json("GET", "/api/v1/trash/notifications")[2]["notifications"])


def test_import_shows_a_dry_run_and_needs_confirmation(page, server):
    before = server.json("GET", "/api/v1/categories")[2]
    page.get(server.base + "/categories")
    one = json.dumps({"categories": [{"identifier": "tin-nhan", "actions": []}]})
    text = control(page, "Config JSON")
    text.clear()
    text.send_keys(one)
    button(page, "Replace the registry").send_keys(Keys.ENTER)
    wait(page, lambda: page.find_elements(By.ID, "import-plan"))
    plan = page.find_element(By.ID, "import-plan").text
    assert "removes message" in plan and "changes tin-nhan" in plan
    assert server.json("GET", "/api/v1/categories")[2] == before  # nothing written yet
    page.find_element(By.LINK_TEXT, "Cancel").click()
    wait(page, lambda: not page.find_elements(By.ID, "import-plan"))
    assert server.json("GET", "/api/v1/categories")[2] == before
    # The API dry run says the same and writes nothing.
    status, _, answer = server.json("PUT", "/api/v1/categories?dryRun=true", json.loads(one))
    assert status == 200 and answer["dryRun"]["removes"] == ["message"]
    assert server.json("GET", "/api/v1/categories")[2] == before


def test_import_confirmation_replaces_the_registry(browser_without_javascript, binary):
    with seeded_server("pushboard-import-") as running:
        page = browser_without_javascript
        page.get(running.base + "/categories")
        text = control(page, "Config JSON")
        text.clear()
        text.send_keys(json.dumps({"categories": [{"identifier": "later", "actions": []}]}))
        button(page, "Replace the registry").send_keys(Keys.ENTER)
        wait(page, lambda: page.find_elements(By.ID, "import-plan"))
        assert "adds later; removes message, tin-nhan" in page.find_element(By.ID, "import-plan").text
        button(page, "Confirm: replace the registry").send_keys(Keys.ENTER)
        wait(page, lambda: page.current_url.endswith("/categories?imported=1"))
        assert [c["identifier"] for c in running.json("GET", "/api/v1/categories")[2]["categories"]] == ["later"]


def test_unsaved_changes_are_marked_and_guarded(page, server):
    created, _ = save_notification(server, "Unsaved", {"aps": {"alert": {"title": "A"}}})
    page.get(server.base + f"/notifications/{created['id']}")
    marker = lambda: page.find_element(By.ID, "unsaved-status")
    assert not marker().is_displayed()
    title = control(page, "Title")
    title.clear()
    title.send_keys("B")
    if page.javascript:
        wait(page, lambda: marker().is_displayed())
        prevented = page.execute_script(
            "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
            "return e.defaultPrevented;")
        assert prevented is True
    else:
        press(page, "Preview")
        wait(page, lambda: marker().is_displayed())
    before = page.find_element(By.TAG_NAME, "html")
    press(page, "Save")
    wait(page, lambda: gone(before))
    wait(page, lambda: control(page, "Title").get_attribute("value") == "B" and not marker().is_displayed())
    if page.javascript:
        assert page.execute_script(
            "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
            "return e.defaultPrevented;") is False


def test_export_fields_fill_the_curl_command(page, server):
    page.get(server.base + "/notifications/new")
    control(page, "Title").send_keys("Hi")
    control(page, "Bundle ID").send_keys("com.example.chat")
    control(page, "Device token").send_keys("ab12cd" + "0" * 58)
    from selenium.webdriver.support.ui import Select
    Select(control(page, "APNs environment")).select_by_value("production")
    if not page.javascript:
        press(page, "Preview")
    curl = lambda: control(page, "curl command").get_attribute("value")
    # Each choice sends its own live update: wait for the last one (the environment) too.
    wait(page, lambda: "apns-topic: com.example.chat" in curl() and "api.push.apple.com" in curl())
    assert "https://api.push.apple.com/3/device/ab12cd" + "0" * 58 in curl()
    assert "APNS_AUTH_TOKEN" in page.find_element(By.CSS_SELECTOR, ".token-help").get_attribute("textContent")
    assert "--topic" not in page.page_source


def test_the_list_shows_verdict_search_and_duplicate(page, server):
    word = "Cena" if page.javascript else "Sleva"
    save_notification(server, "Bad badge", {"aps": {"alert": {"title": word, "body": "Jen dnes"}, "badge": "x"}})
    page.get(server.base + f"/notifications?q={word.upper()}%20jen%20DNES")
    rows = page.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [r.find_element(By.TAG_NAME, "th").text for r in rows] == ["Bad badge"]
    assert "Invalid" in rows[0].text and f"{word} Jen dnes" in rows[0].text
    rows[0].find_element(By.XPATH, ".//button[starts-with(normalize-space(), 'Duplicate')]").send_keys(Keys.ENTER)
    wait(page, lambda: page.find_element(By.TAG_NAME, "h1").text == "Copy of Bad badge")


@pytest.mark.parametrize("path", ["/notifications/new", "/notifications", "/categories/new",
                                  "/docs/validation-rules"])
def test_phone_width_has_no_sideways_scroll(page, server, path):
    page.set_window_size(390, 844)
    try:
        page.get(server.base + path)
        if path == "/notifications/new":
            paste_raw(page, support_payload())
            wait(page, lambda: "bytes over the limit" in page.page_source)
        width = page.execute_script("return document.documentElement.clientWidth")
        assert width <= 390
        assert page.execute_script("return document.documentElement.scrollWidth") <= width
        if path == "/notifications/new":
            # The switch reaches the preview, and the stages take keyboard focus.
            assert page.find_element(By.LINK_TEXT, "Go to previews ↓").is_displayed()
            stage = page.find_element(By.ID, "compact-region")
            assert stage.get_attribute("tabindex") == "0"
            if page.javascript:
                # The default iPhone 16 (393 pt) is drawn small enough to show whole; an iPad
                # stops at 0.6x and scrolls in its region rather than shrink past reading.
                fits = ("return ['compact-region', 'expanded-region'].map(id => "
                        "document.getElementById(id)).map(r => [r.scrollWidth, r.clientWidth, "
                        "getComputedStyle(r.querySelector('.preview-stage')).zoom])")
                for scrolled, shown, zoom in page.execute_script(fits):
                    assert scrolled <= shown and 0.6 <= float(zoom) <= 0.8
                set_value(page, control(page, "Device"), "ipad")
                wait(page, lambda: "iPad" in region(page, "Compact preview").text)
                scrolled, shown, zoom = page.execute_script(fits)[0]
                assert scrolled > shown and float(zoom) == 0.6
    finally:
        page.set_window_size(1280, 1000)


def test_a_revision_at_phone_width_shows_its_diff_and_previews_whole(page, server):
    created, etag = save_notification(server, "Kino v sedm", {"aps": {"alert": {"title": "Kino", "body": "Dnes"}}})
    nid = created["id"]
    server.json("PUT", f"/api/v1/notifications/{nid}",
                {"name": "Kino v sedm", "payload": {"aps": {"alert": {"title": "Divadlo", "body": "Dnes"}}}},
                {"If-Match": etag})
    page.set_window_size(390, 844)
    try:
        page.get(server.base + f"/notifications/{nid}/revisions/1")
        # The field column gives way: each value column holds a word like "Divadlo" whole.
        widths = page.execute_script(
            "return [...document.querySelectorAll('.diff-table thead th')].map(th => th.offsetWidth)")
        assert len(widths) == 3 and min(widths[1:]) >= 100, widths
        assert page.execute_script("return document.documentElement.scrollWidth") <= 390
        if page.javascript:
            spills = page.execute_script(
                "return [...document.querySelectorAll('.live-region')].filter(r => "
                "r.querySelector(':scope > .preview-stage') && r.scrollWidth > r.clientWidth).length")
            assert spills == 0
    finally:
        page.set_window_size(1280, 1000)
