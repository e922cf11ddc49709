"""Issue 25, points 3 and 5, in a real browser: counters that name the cut each device shows,
the truncation matrix on the page (the API's device=all), and composing a Live Activity
(the form on choosing the push type, lists typed as lists, findings under their fields).

Controls are found by their visible label text, regions by their heading, as people find them.
"""
import json
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ROOT, Server, seeded_server
from test_pages_composer import control, press, region, set_value, wait

SALE = "Vánoční výprodej: sleva 30 % na všechno – jen do neděle!"
BODY = "Jen tento týden v obchodech."
DEVICES = {"iphone-320": "iPhone SE (1st gen.) · 320 pt", "iphone-393": "iPhone 16 · 393 pt",
           "iphone-440": "iPhone 17 Pro Max · 440 pt"}
TYPES = ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "DeliveryAttributes.swift"


@pytest.fixture(scope="module")
def server(binary):
    with seeded_server("pushboard-cuts-") as running:
        status, _, body = running.request(
            "PUT", "/api/v1/activities/DeliveryAttributes", TYPES.read_bytes(), {"Content-Type": "text/plain"})
        assert status == 201, body
        yield running


@pytest.fixture(params=["javascript", "no-javascript"])
def page(request, browser, browser_without_javascript):
    driver = browser if request.param == "javascript" else browser_without_javascript
    driver.set_window_size(1280, 1000)
    driver.javascript = request.param == "javascript"
    return driver


def unisolated(text):
    return text.replace("\u2068", "").replace("\u2069", "")


def counter_groups(driver, field):
    """The counter under `field` as {device name: fragment}."""
    text = unisolated(driver.find_element(By.ID, f"counter-{field}").text)
    assert " — " in text, text
    groups = {}
    for group in text.split(" — ", 1)[1].split("; "):
        names, fragment = group.split(": “", 1)
        names = names.rsplit(" (", 1)[0]
        for name in names.split(", "):
            groups[name] = fragment.rstrip("”")
    return groups


def compose_sale(driver, server):
    driver.get(server.base + "/notifications/new")
    set_value(driver, control(driver, "Title"), SALE)
    set_value(driver, control(driver, "Body"), BODY)
    if driver.javascript:
        wait(driver, lambda: "cut on" in driver.find_element(By.ID, "counter-title").text)
    else:
        press(driver, "Preview")
        wait(driver, lambda: "cut on" in driver.find_element(By.ID, "counter-title").text)


def banner_title(driver):
    """The title line the Compact preview's banner shows, without its "…"."""
    figure = region(driver, "Compact preview").find_element(By.CSS_SELECTOR, "[data-surface='banner']")
    lines = figure.find_elements(By.CSS_SELECTOR, ".platter-title .platter-line")
    assert lines and lines[-1].text.endswith("…")
    return lines[-1].text[:-1]


def show_device(driver, device):
    Select(control(driver, "Device")).select_by_value(device)
    if driver.javascript:
        wait(driver, lambda: region(driver, "Compact preview").find_elements(
            By.CSS_SELECTOR, f".device-{device}"))
    else:
        press(driver, "Preview")
        wait(driver, lambda: Select(control(driver, "Device")).first_selected_option.get_attribute("value") == device)


def test_the_title_counter_names_the_cut_each_device_shows(page, server):
    compose_sale(page, server)
    groups = counter_groups(page, "title")
    fragments = {}
    for device, name in DEVICES.items():
        assert name in groups, (name, groups)
        fragments[device] = groups[name]
    for device, fragment in fragments.items():
        show_device(page, device)
        shown = banner_title(page)
        assert fragment.endswith("…")
        quoted = fragment[:-1]
        inside = quoted.startswith("…")
        quoted = quoted.lstrip("…")
        # The device shows exactly that before its cut, quoted from a word start.
        assert shown.endswith(quoted), (device, fragment, shown)
        before = shown[: len(shown) - len(quoted)]
        assert (before == "" and not inside) or before.endswith(" "), (device, fragment, shown)
    # Three different cuts, so three different statements; none under the field twice.
    assert len(set(fragments.values())) == 3
    note = page.find_element(By.ID, "error-title").text
    assert "cut" not in note, note


def matrix_cells(driver):
    """Every cell of the matrix by (device, surface, field), read in one script call (a
    WebDriver round trip per cell made this the slowest test of the suite)."""
    rows = driver.execute_script("""
        return [...arguments[0].querySelectorAll('tr[data-device]')].flatMap(row =>
            [...row.querySelectorAll('td[data-field]')].map(cell =>
                [row.dataset.device, row.dataset.surface, cell.dataset.field, cell.innerText.trim()]));
        """, region(driver, "Where each device cuts"))
    return {(device, surface, field): text for device, surface, field, text in rows}


def expected_cells(server, title):
    payload = {"aps": {"alert": {"title": title, "body": BODY}}}
    status, _, answer = server.json("POST", "/api/v1/preview?device=all", payload)
    assert status == 200
    cells = {}
    for row in answer["rows"]:
        for field in ["title", "subtitle", "body"]:
            data = row[field]
            lines, limit = data["lines"], data["lineLimit"]
            used = f"{lines}/{limit} lines" if limit is not None else f"{lines} line{'' if lines == 1 else 's'}"
            if lines == 0:
                text = "–"
            elif data["truncated"]:
                text = f"{used} · cut after “{data['lastShown']}…”"
            else:
                text = f"{used} · ends “{data['lastShown']}”"
            cells[(row["device"], row["surface"], field)] = text
    return cells


def test_the_matrix_on_the_page_is_the_apis_device_all(page, server):
    compose_sale(page, server)
    expected = expected_cells(server, SALE)
    assert len(expected) == 53 * 3
    assert matrix_cells(page) == expected
    # It follows the text: live with JavaScript, on Preview without.
    shorter = "Výprodej: sleva 30 %"
    set_value(page, control(page, "Title"), shorter)
    if not page.javascript:
        press(page, "Preview")
    expected = expected_cells(server, shorter)
    wait(page, lambda: matrix_cells(page) == expected)


def test_a_device_in_the_matrix_shows_its_preview(page, server):
    compose_sale(page, server)
    table = region(page, "Where each device cuts")
    table.find_element(By.CSS_SELECTOR, "[data-show-device='iphone-440']").send_keys(Keys.ENTER)
    wait(page, lambda: Select(control(page, "Device")).first_selected_option.get_attribute("value") == "iphone-440")
    wait(page, lambda: region(page, "Compact preview").find_elements(By.CSS_SELECTOR, ".device-iphone-440"))
    assert control(page, "Title").get_attribute("value") == SALE


def raw_json(driver):
    return control(driver, "Raw JSON").get_attribute("value")


def test_the_live_activity_form_appears_on_choosing_the_push_type(browser, server):
    browser.get(server.base + "/notifications/new")
    assert not browser.find_elements(By.NAME, "la-state:items")
    Select(control(browser, "Push type")).select_by_value("liveactivity")
    wait(browser, lambda: control(browser, "items").is_displayed())
    panel = browser.find_element(By.ID, "live-activity-panel")
    assert panel.is_displayed() and region(browser, "Live Activity preview")
    Select(control(browser, "Push type")).select_by_value("alert")
    wait(browser, lambda: not browser.find_elements(By.NAME, "la-state:items"))
    assert not panel.is_displayed()


def test_without_javascript_the_push_type_says_to_press_preview(browser_without_javascript, server):
    driver = browser_without_javascript
    driver.get(server.base + "/notifications/new")
    hint = driver.find_element(By.ID, "hint-pushType")
    assert "press Preview" in hint.text
    assert "hint-pushType" in control(driver, "Push type").get_attribute("aria-describedby")


def start_live_activity(driver, server):
    driver.get(server.base + "/notifications/new")
    Select(control(driver, "Push type")).select_by_value("liveactivity")
    if not driver.javascript:
        press(driver, "Preview")
    wait(driver, lambda: control(driver, "items"))


def test_a_typed_list_is_kept_and_goes_in_as_a_list(page, server):
    start_live_activity(page, server)
    set_value(page, control(page, "items"), "pho, nem")
    if not page.javascript:
        press(page, "Preview")
    wait(page, lambda: json.loads(raw_json(page))["aps"].get("content-state", {}).get("items") == ["pho", "nem"])
    assert control(page, "items").get_attribute("value") == "pho, nem"
    assert "comma-separated" in page.find_element(By.ID, "hint-la-state-items").text
    # Raw JSON is pretty-printed, one member a line.
    assert "\n" in raw_json(page) and '"content-state": {' in raw_json(page)


def test_an_unreadable_list_is_kept_and_flagged_at_its_field(page, server):
    start_live_activity(page, server)
    set_value(page, control(page, "items"), '["pho", ')
    if not page.javascript:
        press(page, "Preview")
    field = lambda: control(page, "items")
    wait(page, lambda: field().get_attribute("value") == '["pho", ')
    wait(page, lambda: field().get_attribute("aria-invalid") == "true")
    assert "error-la-state-items" in field().get_attribute("aria-describedby")
    assert page.find_element(By.ID, "error-la-state-items").text
    assert "items" not in page.find_element(By.ID, "error-rawJSON").text
