"""The category pages in a real browser (Debian's chromium + chromium-driver, driven by selenium).

Controls are found the way people find them: by the text of their visible label (CONTRACT §7),
the Nth one for the repeated action rows. "Add action" is tried with JavaScript on (a row is
added in place) and off (the form is posted and shown again with one more row).
"""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SEEDS

SEED_MESSAGE = {
    "identifier": "message",
    "actions": [
        {"identifier": "reply", "title": "Odpovědět", "options": ["foreground"],
         "textInput": {"buttonTitle": "Odeslat", "placeholder": "Zadejte zprávu..."}},
        {"identifier": "delete", "title": "Smazat", "options": ["destructive"],
         "icon": {"systemImageName": "trash"}},
    ],
    "intentIdentifiers": [],
    "options": ["customDismissAction"],
    "hiddenPreviewsBodyPlaceholder": "%u nových zpráv",
}

# Each test runs on one `serve --data DIR` and on a cluster (conftest `pytest_generate_tests`).
BACKENDS = ("sqlite", "cluster")


def severe_console_messages(driver):
    """Errors in the console (a CSP violation, a script error), except the 422 of a refused form,
    which the browser logs as a failed load."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "status of 422" not in entry["message"]]


def control(driver, label, nth=1):
    """The control whose visible <label> reads `label` (the nth such label on the page)."""
    labels = driver.find_elements(By.XPATH, f"//label[normalize-space()='{label}']")
    assert len(labels) >= nth, f"no label {label!r} number {nth} (found {len(labels)})"
    return driver.find_element(By.ID, labels[nth - 1].get_attribute("for"))


def button(driver, text, nth=1):
    buttons = driver.find_elements(By.XPATH, f"//button[normalize-space()='{text}']")
    assert len(buttons) >= nth, f"no button {text!r} number {nth}"
    return buttons[nth - 1]


def type_into(driver, label, text, nth=1):
    field = control(driver, label, nth)
    field.clear()
    field.send_keys(text)


def check(driver, label, nth=1):
    box = control(driver, label, nth)
    if not box.is_selected():
        box.click()


def click_and_wait_for_load(driver, element):
    """Clicks a submit button or link and waits until a new page replaced this one."""
    old_root = driver.find_element(By.TAG_NAME, "html")
    element.click()
    WebDriverWait(driver, 10).until(lambda d: not is_attached(old_root))


def is_attached(element):
    try:
        element.tag_name
        return True
    except Exception:
        return False


def registry(server):
    status, _, body = server.json("GET", "/api/v1/categories")
    assert status == 200
    return {category["identifier"]: category for category in body["categories"]}


def fill_seed_rows(driver):
    type_into(driver, "Action identifier", "reply", 1)
    type_into(driver, "Action title", "Odpovědět", 1)
    check(driver, "Foreground", 1)
    check(driver, "Text input", 1)
    type_into(driver, "Button title", "Odeslat", 1)
    type_into(driver, "Placeholder", "Zadejte zprávu...", 1)
    type_into(driver, "Action identifier", "delete", 2)
    type_into(driver, "Action title", "Smazat", 2)
    check(driver, "Destructive", 2)
    type_into(driver, "Icon (SF Symbol name)", "trash", 2)


def test_seed_message_category_is_created_through_the_form_with_javascript(browser, shared_server):
    browser.get(shared_server.base + "/categories")
    click_and_wait_for_load(browser, browser.find_element(By.LINK_TEXT, "New category"))
    type_into(browser, "Identifier", "message")
    browser.execute_script("window.pushboardMarker = 42")
    for _ in range(3):
        button(browser, "Add action").click()
    type_into(browser, "Action title", "to be removed", 1)
    button(browser, "Remove action", 1).click()
    # Rows were added and removed in place: the page was not reloaded, so the marker is still there.
    assert browser.execute_script("return window.pushboardMarker") == 42
    assert len(browser.find_elements(By.XPATH, "//label[normalize-space()='Action title']")) == 2
    assert control(browser, "Action title", 1).get_attribute("value") == ""
    legends = [legend.text for legend in browser.find_elements(By.CSS_SELECTOR, ".action-row > legend")]
    assert legends == ["Action 1", "Action 2"]
    # Focus moved to the row that took the removed one's place.
    assert browser.switch_to.active_element.get_attribute("id") == control(
        browser, "Action identifier", 1).get_attribute("id")
    fill_seed_rows(browser)
    check(browser, "Custom dismiss action")
    type_into(browser, "Hidden previews placeholder", "%u nových zpráv")
    click_and_wait_for_load(browser, button(browser, "Save category"))
    assert browser.current_url.endswith("/categories/message?saved=1")
    assert "Saved." in browser.find_element(By.CSS_SELECTOR, "main .message-success").text
    assert registry(shared_server)["message"] == SEED_MESSAGE
    # The form shows what was saved, row by row.
    assert control(browser, "Action title", 2).get_attribute("value") == "Smazat"
    assert control(browser, "Text input", 1).is_selected()
    assert not control(browser, "Text input", 2).is_selected()
    assert severe_console_messages(browser) == []


def test_add_and_remove_action_work_without_javascript(browser_without_javascript, shared_server):
    driver = browser_without_javascript
    driver.get(shared_server.base + "/categories/new")
    type_into(driver, "Identifier", "bez-skriptu")
    click_and_wait_for_load(driver, button(driver, "Add action"))
    assert control(driver, "Identifier").get_attribute("value") == "bez-skriptu"
    assert len(driver.find_elements(By.XPATH, "//label[normalize-space()='Action title']")) == 1
    type_into(driver, "Action identifier", "zahodit", 1)
    type_into(driver, "Action title", "Zahodit", 1)
    click_and_wait_for_load(driver, button(driver, "Add action"))
    assert control(driver, "Action title", 1).get_attribute("value") == "Zahodit"
    type_into(driver, "Action identifier", "archivovat", 2)
    type_into(driver, "Action title", "Archivovat", 2)
    check(driver, "Requires authentication", 2)
    click_and_wait_for_load(driver, button(driver, "Remove action", 1))
    assert len(driver.find_elements(By.XPATH, "//label[normalize-space()='Action title']")) == 1
    assert control(driver, "Action title", 1).get_attribute("value") == "Archivovat"
    assert control(driver, "Requires authentication", 1).is_selected()
    assert "bez-skriptu" not in registry(shared_server), "row buttons save nothing"
    click_and_wait_for_load(driver, button(driver, "Save category"))
    assert driver.current_url.endswith("/categories/bez-skriptu?saved=1")
    assert registry(shared_server)["bez-skriptu"]["actions"] == [
        {"identifier": "archivovat", "title": "Archivovat", "options": ["authenticationRequired"]}]


def test_a_case_colliding_identifier_is_refused_next_to_identifier(browser, shared_server):
    status, _, _ = shared_server.json("PUT", "/api/v1/categories/message", SEED_MESSAGE)
    assert status in (200, 201)
    browser.get(shared_server.base + "/categories/new")
    type_into(browser, "Identifier", "Message")
    button(browser, "Add action").click()
    type_into(browser, "Action identifier", "answer")
    type_into(browser, "Action title", "Answer")
    # Enter in a field saves (the form's default button), it does not add or remove a row.
    old_root = browser.find_element(By.TAG_NAME, "html")
    control(browser, "Action title").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: not is_attached(old_root))
    assert len(browser.find_elements(By.XPATH, "//label[normalize-space()='Action title']")) == 1
    identifier = control(browser, "Identifier")
    assert identifier.get_attribute("value") == "Message"
    assert identifier.get_attribute("aria-invalid") == "true"
    described = identifier.get_attribute("aria-describedby").split()
    texts = " ".join(browser.find_element(By.ID, name).text for name in described)
    assert "differs only in case" in texts
    # Next to the field: inside the same field group as the input.
    group = identifier.find_element(By.XPATH, "..")
    assert "differs only in case" in group.text
    assert control(browser, "Action title").get_attribute("value") == "Answer"
    assert "Message" not in registry(shared_server)


def test_download_links_return_the_config_and_the_swift_code(browser, shared_server):
    browser.get(shared_server.base + "/categories")
    config_link = browser.find_element(By.LINK_TEXT, "Download category config")
    swift_link = browser.find_element(By.LINK_TEXT, "Download Swift code")
    base = len(shared_server.base)
    status, headers, body = shared_server.request("GET", config_link.get_attribute("href")[base:])
    assert status == 200
    assert headers["content-disposition"] == 'attachment; filename="categories.json"'
    _, _, api = shared_server.json("GET", "/api/v1/categories")
    assert json.loads(body) == api
    status, headers, body = shared_server.request("GET", swift_link.get_attribute("href")[base:])
    assert status == 200
    assert headers["content-disposition"] == 'attachment; filename="Categories.swift"'
    _, _, swift = shared_server.request("GET", "/api/v1/categories?format=swift")
    assert body == swift
    assert b"UNTextInputNotificationAction" in body


def test_a_script_title_is_shown_as_text(browser, shared_server):
    hostile = "<script>window.pwned = 1</script>\"'"
    browser.get(shared_server.base + "/categories/new")
    type_into(browser, "Identifier", "hostile<b>")
    button(browser, "Add action").click()
    type_into(browser, "Action identifier", "danger")
    type_into(browser, "Action title", hostile)
    click_and_wait_for_load(browser, button(browser, "Save category"))
    assert control(browser, "Action title").get_attribute("value") == hostile
    assert browser.execute_script("return window.pwned") is None
    scripts = browser.find_elements(By.CSS_SELECTOR, "main script")
    assert [s.get_attribute("src") for s in scripts] == [shared_server.base + "/static/categories.js"]
    assert registry(shared_server)["hostile<b>"]["actions"][0]["title"] == hostile
    browser.get(shared_server.base + "/categories")
    assert "hostile<b>" in browser.find_element(By.TAG_NAME, "table").text
    assert browser.find_elements(By.CSS_SELECTOR, "table b") == []
    assert severe_console_messages(browser) == []


def test_import_reads_a_chosen_file_and_replaces_the_registry(browser, shared_server):
    browser.get(shared_server.base + "/categories")
    # With JavaScript the file picker is shown and fills the text area; without it, people paste.
    control(browser, "Config file").send_keys(str(SEEDS / "categories.json"))
    text = control(browser, "Config JSON")
    WebDriverWait(browser, 10).until(lambda d: text.get_attribute("value"))
    assert json.loads(text.get_attribute("value")) == json.loads((SEEDS / "categories.json").read_text())
    click_and_wait_for_load(browser, button(browser, "Replace the registry"))
    assert "Dry run: this import" in browser.find_element(By.ID, "import-plan").text
    click_and_wait_for_load(browser, button(browser, "Confirm: replace the registry"))
    assert browser.current_url.endswith("/categories?imported=2")
    assert list(registry(shared_server)) == ["message", "tin-nhan"]
    # A config with an error changes nothing and comes back as pasted, with its diagnostics.
    broken = '{"categories": [{"identifier": "x", "actions": [{"identifier": "a"}]}]}'
    browser.execute_script("arguments[0].value = arguments[1]", control(browser, "Config JSON"), broken)
    click_and_wait_for_load(browser, button(browser, "Replace the registry"))
    assert control(browser, "Config JSON").get_attribute("value") == broken
    assert control(browser, "Config JSON").get_attribute("aria-invalid") == "true"
    assert 'The action has no "title".' in browser.find_element(By.ID, "config-text-messages").text
    assert list(registry(shared_server)) == ["message", "tin-nhan"]
