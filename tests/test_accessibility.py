"""axe-core 4 on every page and error state, at 1440 and 390 px, in light (every rule) and in
dark (the rules that depend on colours, which is all the dark scheme changes): zero violations
of any impact.

axe.min.js is the copy shipped inside PyPI's axe-playwright-python (installed by
`scripts/install-deps.sh test` without its Playwright dependency); it is injected with Selenium
into Debian's chromium. Nothing is downloaded at test time.
"""
import importlib.util
import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ROOT, SEEDS, Server
from test_pages_composer import control, press, set_value, wait


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec and spec.origin, "pip install --no-deps axe-playwright-python (scripts/install-deps.sh test)"
    path = Path(spec.origin).parent / "axe.min.js"
    source = path.read_text()
    assert source.startswith("/*! axe v4."), "axe-core 4.x expected"
    return source


AXE = axe_source()


@pytest.fixture(scope="module")
def site(binary):
    """A server with the seed registry, a saved notification with two revisions, one in the
    trash, and the support case saved as a draft."""
    path = tempfile.mkdtemp(prefix="pushboard-axe-")
    running = Server(path)
    running.request("PUT", "/api/v1/categories", (SEEDS / "categories.json").read_bytes(),
                    {"Content-Type": "application/json"})
    _, headers, saved = running.json("POST", "/api/v1/notifications", {
        "name": "Kino", "payload": {"aps": {"alert": {"title": "Kino", "body": "Dnes večer"}, "category": "message"}}})
    running.json("PUT", f"/api/v1/notifications/{saved['id']}", {
        "name": "Kino", "payload": {"aps": {"alert": {"title": "Divadlo", "body": "Dnes večer"}}}},
        {"If-Match": headers["etag"]})
    _, _, trashed = running.json("POST", "/api/v1/notifications", {"name": "Old", "payload": {"aps": {"alert": "x"}}})
    running.request("DELETE", f"/api/v1/notifications/{trashed['id']}")
    body = "Ahoj " * 900
    _, _, support = running.json("POST", "/api/v1/notifications", {
        "name": "Ticket 4711", "payload": {"aps": {"alert": {"title": "Nová zpráva", "body": body},
                                                   "category": "Message", "relevance-score": 7}}})
    running.json("PUT", "/api/v1/categories/message", {
        "identifier": "message", "actions": [{"identifier": "reply", "title": "Reply", "options": ["destructive"]}]})
    running.request("DELETE", "/api/v1/categories/tin-nhan")
    running.request("PUT", "/api/v1/activities/DeliveryAttributes",
                    (ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "DeliveryAttributes.swift")
                    .read_bytes(), {"Content-Type": "text/plain"})
    running.request("PUT", "/api/v1/strings",
                    (ROOT / "Tests" / "LocalizationTests" / "Fixtures" / "Shop-1.0.xcstrings").read_bytes(),
                    {"Content-Type": "application/json"})
    # Issue 27: a notification with a Czech and a Vietnamese variant, Czech cut on the lock screen.
    _, _, variants = running.json("POST", "/api/v1/notifications", {
        "name": "Výprodej", "payload": {"aps": {"alert": {"title": "Sale", "body": "Today only"}}},
        "variants": {"cs": {"title": "Výprodej", "body": "Sleva na všechno " * 30},
                     "vi": {"title": "Giảm giá", "body": "Chỉ hôm nay"}}})
    # Issue 28: a template with a sample recipient whose store name is cut on the lock screen.
    _, _, template = running.json("POST", "/api/v1/notifications", {
        "name": "Pickup", "payload": {"aps": {"alert": {"title": "Ready at {{ store }}", "body": "Bring your receipt."}}}})
    running.json("PUT", f"/api/v1/notifications/{template['id']}/variables", {
        "variables": [{"name": "store", "type": "text", "example": "Dubai Mall", "maxLength": 60}],
        "samples": [{"store": "Karlín"}, {"store": "Mall of the Emirates, Dubai, United Arab Emirates"}]})
    running.ids = {"saved": saved["id"], "trashed": trashed["id"], "support": support["id"],
                   "variants": variants["id"], "template": template["id"]}
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


def states(site):
    """Every page, and each error state a person can reach, as (name, path, action)."""
    ids = site.ids

    def bad_category_form(driver):
        press(driver, "Save category")
        wait(driver, lambda: driver.find_elements(By.ID, "form-summary"))

    def import_plan(driver):
        text = control(driver, "Config JSON")
        set_value(driver, text, json.dumps({"categories": [{"identifier": "later", "actions": []}]}))
        press(driver, "Replace the registry")
        wait(driver, lambda: driver.find_elements(By.ID, "import-plan"))

    def import_error(driver):
        set_value(driver, control(driver, "Config JSON"), "{")
        press(driver, "Replace the registry")
        wait(driver, lambda: driver.find_elements(By.ID, "config-text-messages"))

    def activity_import_error(driver):
        set_value(driver, control(driver, "Or paste the source"), "struct Broken {")
        press(driver, "Import")
        wait(driver, lambda: driver.find_elements(By.ID, "activity-source-messages"))

    def strings_import_error(driver):
        set_value(driver, control(driver, "Or paste the catalog"), '{"sourceLanguage": "en",,}')
        press(driver, "Import")
        wait(driver, lambda: driver.find_elements(By.ID, "strings-catalog-messages"))

    def carplay(driver):
        set_value(driver, control(driver, "Title"), "Nová zpráva")
        driver.execute_script(
            "const s = document.getElementById('device'); s.value = 'carplay';"
            "s.dispatchEvent(new Event('change', {bubbles: true}));")
        wait(driver, lambda: "no expanded view" in driver.find_element(By.ID, "expanded-region").text)

    def field_errors(driver):
        control(driver, "Badge").send_keys("five")
        control(driver, "Expiration").send_keys("soon")
        wait(driver, lambda: driver.find_element(By.ID, "error-badge").text)

    def cut_title(driver):
        set_value(driver, control(driver, "Title"), "Vánoční výprodej: sleva 30 % na všechno – jen do neděle!")
        wait(driver, lambda: "cut on" in driver.find_element(By.ID, "counter-title").text)

    def live_activity_findings(driver):
        Select(control(driver, "Push type")).select_by_value("liveactivity")
        wait(driver, lambda: control(driver, "items"))
        set_value(driver, control(driver, "items"), '["pho", ')
        wait(driver, lambda: control(driver, "items").get_attribute("aria-invalid") == "true")

    def variant_tab_and_ticket_text(driver):
        press(driver, "cs")
        wait(driver, lambda: "Výprodej" in driver.find_element(By.ID, "compact-region").text)
        driver.find_element(By.CSS_SELECTOR, ".language-matrix-text summary").click()

    def add_language_error(driver):
        set_value(driver, control(driver, "Language tag"), "cs_CZ")
        press(driver, "Add language")
        wait(driver, lambda: "cannot be added" in driver.find_element(By.TAG_NAME, "main").text)

    def recipient_cuts(driver):
        Select(control(driver, "Recipient")).select_by_value("1")
        wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#recipient-cuts tr[aria-current='true']"))

    return [
        ("overview", "/", None),
        ("categories", "/categories", None),
        ("import plan", "/categories", import_plan),
        ("import error", "/categories", import_error),
        ("category form", "/categories/new", None),
        ("category form errors", "/categories/new", bad_category_form),
        ("category", "/categories/message", None),
        ("category history", "/categories/message/history", None),
        ("category revision", "/categories/message/history/1", None),
        ("deleted category history", "/categories/tin-nhan/history", None),
        ("notifications", "/notifications", None),
        ("search without match", "/notifications?q=nothing-matches", None),
        ("composer", "/notifications/new", None),
        ("composer field errors", "/notifications/new", field_errors),
        ("composer counters and matrix", "/notifications/new", cut_title),
        ("live activity form findings", "/notifications/new", live_activity_findings),
        ("composer on CarPlay", "/notifications/new", carplay),
        ("support case", f"/notifications/{ids['support']}", None),
        ("saved notification", f"/notifications/{ids['saved']}", None),
        ("revision", f"/notifications/{ids['saved']}/revisions/1", None),
        ("trash", "/notifications/trash", None),
        ("purge confirmation", f"/notifications/trash/{ids['trashed']}/purge", None),
        ("validation rules", "/docs/validation-rules", None),
        ("live activity types", "/activities", None),
        ("activity import error", "/activities", activity_import_error),
        ("strings", "/strings", None),
        ("strings import error", "/strings", strings_import_error),
        # Language variants (issue 27): the tabs, each variant's state, the language matrix.
        ("notification with variants", f"/notifications/{ids['variants']}", None),
        ("variant tab and ticket text", f"/notifications/{ids['variants']}", variant_tab_and_ticket_text),
        ("add language error", "/notifications/new", add_language_error),
        ("not found", "/notifications/0000000000000000", None),
        # Payload templates (issue 28): the cut per recipient below the matrix, one recipient chosen.
        ("composer with the cut per recipient", f"/notifications/{ids['template']}", recipient_cuts),
        # Test sends (issue 26): the keys, devices, send and log pages, and their field errors.
        ("apns keys", "/settings/apns", None),
        ("apns key errors", "/settings/apns", lambda driver: submit_button(driver, "Add key")),
        ("test devices", "/devices", None),
        ("test device errors", "/devices", lambda driver: submit_button(driver, "Add device")),
        ("send test", f"/send?notification={ids['saved']}", None),
        ("send log", "/sends", None),
    ]


def submit_button(driver, text):
    """Clicks the button reading `text` and waits for the page it posts to."""
    driver.find_element(By.XPATH, f"//button[normalize-space()='{text}']").click()
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "[aria-invalid='true']"))


# The rules whose outcome depends on colours: all that can change between the light and the
# dark scheme, which differ only in colours (test_the_dark_scheme_changes_only_colours).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def run_axe(driver, rules=None):
    """axe's violations on the page as it is now: every rule, or only `rules`. axe is injected
    once per page."""
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    if not driver.execute_script("return typeof axe === 'object'"):
        driver.execute_script(AXE)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then("
        "  r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        "    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' ' + (n.failureSummary || ''))}))),"
        "  e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));", options)


def prefer_color_scheme(driver, scheme):
    """The page's `prefers-color-scheme`, applied at once to the page already loaded."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def violations_in_both_schemes(driver, name):
    """The page as it is now, with every rule in light and with COLOUR_RULES in dark (the
    media query applies without a reload): {"name (scheme)": violations} for each scheme with
    any. Leaves the page in light."""
    found = {}
    for scheme in ["light", "dark"]:
        prefer_color_scheme(driver, scheme)
        assert driver.execute_script(f"return matchMedia('(prefers-color-scheme: {scheme})').matches"), scheme
        violations = run_axe(driver, None if scheme == "light" else COLOUR_RULES)
        if violations:
            found[f"{name} ({scheme})"] = violations
    prefer_color_scheme(driver, "light")
    return found


class _AxeOverEveryOtherState:
    """Each state in light and in dark: the page is loaded and brought to its state once,
    checked with every rule in light, then with the colour rules in dark (the media query
    applies without a reload).

    Every other state at one width per class: `make test` runs pytest with xdist's loadscope,
    which gives each class its own worker, so the four parts run side by side instead of
    keeping one worker busy for minutes (each worker starts its own server and browser)."""
    width = 0
    half = 0

    def test_no_axe_violations(self, browser, site):
        browser.set_window_size(self.width, 1000)
        browser.set_script_timeout(60)
        found = {}
        try:
            for name, path, action in states(site)[self.half::2]:
                prefer_color_scheme(browser, "light")
                browser.get(site.base + path)
                if action:
                    action(browser)
                found |= violations_in_both_schemes(browser, name)
        finally:
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            browser.set_window_size(1280, 1000)
        assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


class TestAxeAt1440PxPart1(_AxeOverEveryOtherState):
    width, half = 1440, 0


class TestAxeAt1440PxPart2(_AxeOverEveryOtherState):
    width, half = 1440, 1


class TestAxeAt390PxPart1(_AxeOverEveryOtherState):
    width, half = 390, 0


class TestAxeAt390PxPart2(_AxeOverEveryOtherState):
    width, half = 390, 1


def test_the_dark_scheme_changes_only_colours():
    """What lets the dark pass above check only COLOUR_RULES: every declaration inside a
    `prefers-color-scheme: dark` block of the served style sheets is a colour, a custom
    property holding colours or a shadow, or `color-scheme` itself. A layout change there
    (a size, a display) fails this test, and then the dark pass must run every rule again."""
    colour_value = re.compile(r"^(#[0-9a-f]{3,8}|rgba?\([^)]*\)|hsla?\([^)]*\)|transparent|currentcolor"
                              r"|light|dark|var\(--[a-z-]+\)|[\s,]|0|[0-9.]+px|[0-9.]+rem)+$", re.I)
    colour_property = re.compile(r"^(--[a-z-]+|color|background(-color)?|border(-[a-z]+)?-color"
                                 r"|outline-color|fill|stroke|box-shadow|color-scheme|caret-color)$")
    blocks = 0
    for sheet in sorted((ROOT / "Public").glob("*.css")):
        css = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)
        for match in re.finditer(r"@media[^{]*prefers-color-scheme:\s*dark[^{]*\{", css):
            depth, end = 1, match.end()
            while depth:
                depth += {"{": 1, "}": -1}.get(css[end], 0)
                end += 1
            blocks += 1
            for declaration in re.findall(r"([^{};]+):([^{};]+)(?=;|\})", css[match.end():end - 1]):
                name, value = declaration[0].strip(), declaration[1].strip()
                assert colour_property.match(name), f"{sheet.name}: {name}: {value} in a dark block"
                assert colour_value.match(value), f"{sheet.name}: {name}: {value} in a dark block"
    assert blocks > 0, "no dark scheme found in Public/*.css"
