"""The notification composer in a real browser (Debian's chromium + chromium-driver, selenium).

Controls are found by their visible label text, regions by their accessible name, as people
find them (CONTRACT §7). One browser with JavaScript and one without, each started once for
the module; every wait is explicit.
"""
import json
import re

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import seeded_server

CZECH_BODY = (
    "Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené a sraz "
    "je v sedm u vchodu. Potom půjdeme na večeři do té malé vietnamské restaurace za rohem, kde "
    "vaří nejlepší polévku pho ve městě. Dej mi prosím vědět co nejdřív, ať můžu koupit lístek."
)


# Each test runs on one `serve --data DIR` and on a cluster (conftest `pytest_generate_tests`).
BACKENDS = ("sqlite", "cluster")


@pytest.fixture(scope="module")
def server(binary, module_cluster):
    with seeded_server("pushboard-composer-", module_cluster) as running:
        yield running


def wait(driver, condition, timeout=20):
    """Polls `condition` until it is true; a page still loading (no region yet, a stale element,
    a node the browser replaced while it was being read) only means "not yet". The timeout only
    matters when the test fails: a loaded 2-core machine can take seconds over a live update."""
    ignored = (AssertionError, NoSuchElementException, StaleElementReferenceException, WebDriverException)
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored).until(
        lambda _: condition())


# The element lookups by visible text run in the page, in one script call: reading each label's
# or button's text through WebDriver was a round trip per element (the composer has some forty
# labels and fifty buttons), and these lookups run inside waits that poll every 50 ms.
FIND_BY_VISIBLE_TEXT = """
const [selector, wanted] = arguments;
const visibleText = element => element.checkVisibility({visibilityProperty: true})
    ? element.innerText.split(/\\s+/).filter(Boolean).join(' ') : '';
for (const element of document.querySelectorAll(selector)) {
    if (selector === 'section[aria-labelledby]') {
        const heading = document.getElementById(element.getAttribute('aria-labelledby'));
        if (heading && visibleText(heading) === wanted) return element;
    } else if (visibleText(element) === wanted) {
        if (selector !== 'label') return element;
        const target = element.getAttribute('for');
        return target ? document.getElementById(target)
                      : element.querySelector('input, select, textarea');
    }
}
return null;
"""


def find_by_visible_text(driver, selector, text):
    """The first element of `selector` whose visible text, white space collapsed, is `text`
    (for a label, the control it labels; for a section, by its heading), or None."""
    return driver.execute_script(FIND_BY_VISIBLE_TEXT, selector, " ".join(text.split()))


def control(driver, label_text):
    """The control whose visible <label> reads exactly `label_text`."""
    found = find_by_visible_text(driver, "label", label_text)
    assert found, f"no label {label_text!r}"
    return found


def plain(text):
    """Page text without the Unicode isolates (FSI, PDI) the pages set around quoted values."""
    return text.replace("\u2068", "").replace("\u2069", "")


def region(driver, name):
    """The section whose heading (aria-labelledby) is `name`."""
    found = find_by_visible_text(driver, "section[aria-labelledby]", name)
    assert found, f"no region {name!r}"
    return found


def button(driver, text):
    """The first button reading `text`. A live update may replace a region's buttons (the
    matrix's device buttons) while the page is read: the search waits a moment for one."""
    found = wait(driver, lambda: find_by_visible_text(driver, "button", text), timeout=5)
    assert found, f"no button {text!r}"
    return found


def press(driver, text):
    """Activates a button with the keyboard: the sticky header cannot intercept it."""
    button(driver, text).send_keys(Keys.ENTER)


def replace_text(element, text):
    element.clear()
    element.send_keys(text)


def set_value(driver, element, text):
    """Sets a long value at once and fires `input`, as typing would (fast for long text)."""
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", element, text)


def body_lines(driver, surface):
    stage = region(driver, "Compact preview")
    figure = stage.find_element(By.CSS_SELECTOR, f"[data-surface='{surface}']")
    return [line.text for line in figure.find_elements(By.CSS_SELECTOR, ".platter-body .platter-line")]


def severe_console_messages(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_every_control_has_its_label(browser, server):
    browser.get(server.base + "/notifications/new")
    for label in ["Name", "Push type", "Priority", "Title", "Subtitle", "Body", "Category", "Thread ID",
                  "Badge", "Sound", "Interruption level", "Relevance score", "Media URL",
                  "Mutable content", "Custom data (JSON)", "Raw JSON", "Device"]:
        assert control(browser, label).is_displayed() or label == "Mutable content", label
    for text in ["Save", "Preview", "Export", "Download JSON", "Download .apns", "Copy curl command"]:
        button(browser, text)
    for name in ["Compact preview", "Expanded preview", "Validation"]:
        region(browser, name)
    devices = [o.get_attribute("value") for o in Select(control(browser, "Device")).options]
    assert devices == ["iphone-320", "iphone-375", "iphone-390", "iphone-393", "iphone-402",
                       "iphone-414", "iphone-420", "iphone-428", "iphone-430", "iphone-440", "ipad",
                       "mac", "carplay", "watch", "watch-42"]
    assert severe_console_messages(browser) == []


def test_typing_updates_previews_and_validation_live(browser, server):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Title"), "Nová zpráva")
    set_value(browser, control(browser, "Body"), CZECH_BODY)
    wait(browser, lambda: body_lines(browser, "lockScreen") and body_lines(browser, "lockScreen")[-1].endswith("…"))
    lines = body_lines(browser, "lockScreen")
    assert lines[0].startswith("Anna: Ahoj!")
    # The live answer also wrote the payload into Raw JSON, built from the fields.
    raw = json.loads(control(browser, "Raw JSON").get_attribute("value"))
    assert raw["aps"]["alert"] == {"title": "Nová zpráva", "body": CZECH_BODY}

    # Registered category: its buttons, in order, in the expanded preview only.
    replace_text(control(browser, "Category"), "message")
    expanded = lambda: region(browser, "Expanded preview")
    wait(browser, lambda: len(expanded().find_elements(By.CSS_SELECTOR, ".platter-action-title")) == 2)
    titles = [b.text for b in expanded().find_elements(By.CSS_SELECTOR, ".platter-action-title")]
    assert titles == ["Odpovědět", "Smazat"]
    assert region(browser, "Compact preview").find_elements(By.CSS_SELECTOR, ".platter-action") == []

    # A case mismatch: warned in Validation, and iOS shows no buttons.
    replace_text(control(browser, "Category"), "Message")
    wait(browser, lambda: "category.case-mismatch" in region(browser, "Validation").text)
    assert '"message"' in plain(region(browser, "Validation").text)
    assert expanded().find_elements(By.CSS_SELECTOR, ".platter-action") == []

    # A narrower device shows more lines of the same text.
    expanded_lines = lambda: [e.text for e in expanded().find_elements(By.CSS_SELECTOR, ".platter-body .platter-line")]
    wide = len(expanded_lines())
    Select(control(browser, "Device")).select_by_value("iphone-320")
    wait(browser, lambda: region(browser, "Compact preview").find_elements(
        By.CSS_SELECTOR, ".preview-stage.device-iphone-320"))
    assert len(expanded_lines()) > wide

    # Hidden previews: the title becomes "Notification".
    control(browser, "Previews hidden").click()
    wait(browser, lambda: region(browser, "Compact preview").find_element(
        By.CSS_SELECTOR, ".platter-title").text == "Notification")

    # Editing Raw JSON refills the fields as the person types.
    payload = json.loads(control(browser, "Raw JSON").get_attribute("value"))
    payload["aps"]["alert"]["title"] = "Z Raw JSON"
    payload["aps"]["badge"] = 9
    set_value(browser, control(browser, "Raw JSON"), json.dumps(payload, ensure_ascii=False, indent=2))
    wait(browser, lambda: control(browser, "Title").get_attribute("value") == "Z Raw JSON")
    assert control(browser, "Badge").get_attribute("value") == "9"
    assert severe_console_messages(browser) == []


def test_bad_number_and_bad_raw_json_show_next_to_their_fields(browser, server):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Badge"), "five")
    error = lambda: browser.find_element(By.ID, "error-badge").text
    wait(browser, lambda: "whole number" in error())
    replace_text(control(browser, "Badge"), "5")
    wait(browser, lambda: error() == "")
    set_value(browser, control(browser, "Raw JSON"), '{"aps": {"alert": "x",}}')
    raw_error = lambda: browser.find_element(By.ID, "error-rawJSON").text
    wait(browser, lambda: "Line 1, column" in raw_error())
    assert "json.trailing-comma" in region(browser, "Validation").text


def test_hostile_text_is_shown_as_text(browser, server):
    browser.get(server.base + "/notifications/new")
    hostile = '<script>window.pwned=1</script>"\u0301 <\u0338 \u202eRTL 👩‍👩‍👧'
    set_value(browser, control(browser, "Title"), hostile)
    wait(browser, lambda: "window.pwned" in region(browser, "Compact preview").text)
    assert browser.execute_script("return window.pwned === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "main section script") == []
    deep = "[" * 5000 + "]" * 5000
    set_value(browser, control(browser, "Custom data (JSON)"), '{"deep": ' + deep + "}")
    wait(browser, lambda: "Custom data" in browser.find_element(By.ID, "error-customData").text)
    assert "Custom data (JSON): Custom data must be a JSON object" in region(browser, "Validation").text


def test_text_in_other_scripts_is_drawn_in_the_served_fonts(browser, server):
    """Devanagari typed into Name (shown in no preview) is drawn with the served Noto face, so
    it shows as text and not as boxes on a machine without Devanagari fonts."""
    browser.get(server.base + "/notifications/new")
    control(browser, "Name").send_keys("नमस्ते दुनिया")
    devanagari = """return [...document.fonts].filter(face => face.family.includes("Pushboard Device")
        && face.unicodeRange.startsWith("U+900") && face.weight === "400").map(face => face.status)"""
    wait(browser, lambda: browser.execute_script(devanagari) == ["loaded"])


# Where the browser draws, on one unwrapped left-to-right line, the characters at `marks`
# (indexes into `text`) and the Arabic letters before the last of them: Chromium's own bidi
# algorithm decides the order.
DRAWN_AROUND_THE_TAIL = """
const [text, marks] = arguments;
const line = document.createElement("p");
line.dir = "ltr";
line.style.whiteSpace = "nowrap";
line.textContent = text;
document.body.append(line);
const box = i => { const r = document.createRange(); r.setStart(line.firstChild, i);
    r.setEnd(line.firstChild, i + 1); return r.getBoundingClientRect(); };
const letters = [];
for (let i = 0; i < Math.max(...marks); i++) if (/\\p{Script=Arabic}/u.test(text[i])) letters.push(box(i));
const drawn = {lettersLeft: Math.min(...letters.map(r => r.left)),
    lettersRight: Math.max(...letters.map(r => r.right)), letters: letters.length,
    marks: marks.map(i => { const r = box(i); return {left: r.left, right: r.right}; })};
line.remove();
return drawn;
"""


def test_a_right_to_left_cut_tail_stays_inside_its_quotes(browser, server):
    """An Arabic title cut on small iPhones. In the counter and the validation panel, the
    closing quote is drawn after the Arabic letters (not in the middle of the sentence) and the
    "…" where the shown text ends at their left end, where iOS cuts
    right-to-left text. The API keeps the message plain."""
    title = "مرحبا بكم في متجرنا الجديد " * 4
    browser.get(server.base + "/notifications/new")
    control(browser, "Title").send_keys(title)
    counter = browser.find_element(By.CSS_SELECTOR, "[data-counter-for=title]")
    wait(browser, lambda: "cut on" in counter.text)
    panel = re.search(r"The title is cut first[^\n]*?combinations\)\.",
                      region(browser, "Validation").get_attribute("textContent"))
    assert panel, region(browser, "Validation").text
    # The counter is the one statement under Title (issue 25): the note does not repeat the cut.
    assert "cut" not in browser.find_element(By.ID, "error-title").text
    # The counter quotes one cut per group of devices; its last group is measured.
    last_group = counter.get_attribute("textContent").rsplit("; ", 1)[-1]
    for text, quote in ((last_group, "”"), (panel.group(0), '"')):
        ellipsis = text.rindex("…")
        drawn = browser.execute_script(DRAWN_AROUND_THE_TAIL, text, [ellipsis, text.index(quote, ellipsis)])
        assert drawn["letters"] > 0, text
        assert drawn["marks"][0]["right"] <= drawn["lettersLeft"] + 0.5, (text, drawn)
        assert drawn["marks"][1]["left"] >= drawn["lettersRight"] - 0.5, (text, drawn)

    payload = {"aps": {"alert": {"title": title, "body": "نص"}}}
    status, _, answer = server.json("POST", "/api/v1/preview?device=all", payload)
    assert status == 200
    message = next(d["message"] for d in answer["report"]["diagnostics"] if d["code"] == "preview.cut")
    assert "\u2068" not in message and "\u2069" not in message


def test_without_javascript_preview_save_edit_and_download(browser_without_javascript, server):
    browser = browser_without_javascript
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Name"), "Kino <script>")
    replace_text(control(browser, "Title"), "<script>alert(1)</script>")
    control(browser, "Body").send_keys(CZECH_BODY)
    replace_text(control(browser, "Badge"), "3")
    press(browser, "Preview")
    wait(browser, lambda: body_lines(browser, "lockScreen") and body_lines(browser, "lockScreen")[-1].endswith("…"))
    assert browser.current_url.endswith("/notifications/new")
    assert "<script>alert(1)</script>" in region(browser, "Compact preview").text
    assert "Valid" in region(browser, "Validation").text
    names = [n["name"] for n in server.json("GET", "/api/v1/notifications")[2]["notifications"]]
    assert "Kino <script>" not in names  # Preview saves nothing

    press(browser, "Save")
    wait(browser, lambda: re.search(r"/notifications/[0-9a-f]{16}\?saved=1$", browser.current_url))
    notification_id = re.search(r"/notifications/([0-9a-f]{16})", browser.current_url).group(1)
    assert "Saved as revision 1." in browser.find_element(By.ID, "main").text
    assert control(browser, "Title").get_attribute("value") == "<script>alert(1)</script>"
    assert browser.find_element(By.TAG_NAME, "h1").text == "Kino <script>"

    # Edit Raw JSON: it wins, and the fields are refilled from it.
    raw = control(browser, "Raw JSON")
    payload = json.loads(raw.get_attribute("value"))
    payload["aps"]["alert"]["title"] = "Z raw JSON"
    payload["aps"]["badge"] = 7
    raw.clear()
    raw.send_keys(json.dumps(payload, ensure_ascii=False))
    press(browser, "Save")
    wait(browser, lambda: control(browser, "Title").get_attribute("value") == "Z raw JSON")
    assert control(browser, "Badge").get_attribute("value") == "7"
    history = region(browser, "History").text
    assert "Revision 2" in history and "Revision 1" in history

    # Download JSON answers exactly the bytes that validate.
    status, headers, stored = server.request("GET", f"/notifications/{notification_id}/export.json")
    assert status == 200
    assert headers["content-disposition"].startswith("attachment")
    shown = control(browser, "Raw JSON").get_attribute("value").encode()
    assert stored == shown
    status, _, _ = server.request("POST", "/api/v1/validate", stored, {"Content-Type": "application/json"})
    assert status == 200

    # The list links to it by name and offers a new one.
    browser.get(server.base + "/notifications")
    link = browser.find_element(By.LINK_TEXT, "Kino <script>")
    assert link.get_attribute("href").endswith(f"/notifications/{notification_id}")
    assert browser.find_element(By.LINK_TEXT, "New notification").get_attribute("href").endswith(
        "/notifications/new")


def test_stale_save_keeps_the_input(browser_without_javascript, server):
    browser = browser_without_javascript
    status, headers, created = server.json(
        "POST", "/api/v1/notifications", {"name": "Shared", "payload": {"aps": {"alert": "a"}}})
    assert status == 201
    browser.get(server.base + f"/notifications/{created['id']}")
    status, _, _ = server.json(
        "PUT", f"/api/v1/notifications/{created['id']}",
        {"name": "Shared", "payload": {"aps": {"alert": "theirs"}}}, {"If-Match": headers["etag"]})
    assert status == 200
    replace_text(control(browser, "Title"), "Mine")
    press(browser, "Save")
    wait(browser, lambda: "Someone saved this notification since you opened it" in browser.page_source)
    assert control(browser, "Title").get_attribute("value") == "Mine"
