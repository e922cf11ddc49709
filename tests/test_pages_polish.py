"""The smaller page items of issue 25 (point 8), each in a real browser (Debian's chromium through
selenium): names that say what a control does, tables whose buttons are reachable, a viewer's
read-only category form, action notes outside the mock-up, what CarPlay really shows, the
import's dry run where the eye is, the export panel at 1440 px, emoji without an emoji font,
readable times and destructive buttons on the admin pages."""
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ROOT, SEEDS, Server, seeded_server
from test_pages_access import PASSWORD, log_in
from test_pages_composer import button, control, press, region, replace_text, set_value, wait

ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")


@pytest.fixture(scope="module")
def server(binary):
    with seeded_server("pushboard-polish-") as running:
        yield running


def add_user(binary, data_dir, name, role):
    added = subprocess.run([str(binary), "users", "add", name, "--role", role, "--data", str(data_dir)],
                           input=PASSWORD + "\n", capture_output=True, text=True, cwd=ROOT)
    assert added.returncode == 0, added.stderr


@pytest.fixture(scope="module")
def guarded(binary):
    """A server with login required: an admin, an editor and a viewer, the seed registry, and
    an editor's API token (`bearer`, headers for the API)."""
    path = tempfile.mkdtemp(prefix="pushboard-polish-users-")
    for name, role in [("root", "admin"), ("anna", "editor"), ("vera", "viewer")]:
        add_user(binary, path, name, role)
    created = subprocess.run([str(binary), "tokens", "create", "seed", "--role", "editor", "--data", path],
                             capture_output=True, text=True, cwd=ROOT)
    assert created.returncode == 0, created.stderr
    token = re.search(r"pbt_\S+", created.stdout).group(0)
    running = Server(path)
    running.bearer = {"Authorization": "Bearer " + token}
    status, _, body = running.request(
        "PUT", "/api/v1/categories", (SEEDS / "categories.json").read_bytes(),
        {"Content-Type": "application/json", **running.bearer})
    assert status == 200, body
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


def any_button(driver, text):
    """The button whose text is `text`, shown or not."""
    matches = [b for b in driver.find_elements(By.TAG_NAME, "button")
               if " ".join(b.get_attribute("textContent").split()) == text]
    assert matches, f"no button {text!r}"
    return matches[0]


def css_colour(driver, value):
    """`value` (a colour or `var(--x)`) as the browser computes it: `rgb(…)`."""
    return driver.execute_script(
        "const probe = document.createElement('span'); probe.style.color = arguments[0];"
        "document.body.append(probe); const c = getComputedStyle(probe).color; probe.remove(); return c;",
        value)


def visible_rect(driver, element):
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height};",
        element)


# ── 1. At 390 px the page has one "Preview" control, and the jump links say where they go ─────

def test_at_phone_width_one_control_is_called_preview(browser, server):
    browser.set_window_size(390, 844)
    try:
        browser.get(server.base + "/notifications/new")
        controls = browser.find_elements(By.CSS_SELECTOR, "a, button")
        names = [c.get_attribute("textContent").strip() for c in controls if c.is_displayed()]
        assert names.count("Preview") == 1, names
        jump = browser.find_element(By.CSS_SELECTOR, "nav.composer-switch")
        assert jump.is_displayed()
        assert [a.text for a in jump.find_elements(By.TAG_NAME, "a")] == ["Go to form ↑", "Go to previews ↓"]
        preview = button(browser, "Preview")
        assert preview.get_attribute("type") == "submit"
    finally:
        browser.set_window_size(1280, 1000)


# ── 3. A viewer sees the category as it is, without controls that change it ───────────────────

def test_a_viewer_gets_a_read_only_category_form(browser, guarded):
    log_in(browser, guarded, "vera", PASSWORD)
    browser.get(guarded.base + "/categories/message")
    texts = [b.get_attribute("textContent").strip() for b in browser.find_elements(By.TAG_NAME, "button")]
    assert not [t for t in texts if t in ("Add action", "Remove action", "Save category", "Delete category")], texts
    assert "Read only" in browser.find_element(By.ID, "read-only-note").text
    fields = browser.find_elements(By.CSS_SELECTOR, "#category-form input[type=text]")
    assert fields and all(f.get_attribute("readonly") for f in fields)
    boxes = browser.find_elements(By.CSS_SELECTOR, "#category-form input[type=checkbox]")
    assert boxes and all(not b.is_enabled() for b in boxes)
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "when you add an action or save" not in main
    from test_accessibility import violations_in_both_schemes
    browser.set_script_timeout(60)
    for width in [1440, 390]:
        browser.set_window_size(width, 1000)
        assert violations_in_both_schemes(browser, f"viewer's category at {width}") == {}
    browser.set_window_size(1280, 1000)
    # The composer's marker tells a viewer the truth: nothing typed here can be saved.
    browser.get(guarded.base + "/notifications/new")
    marker = browser.find_element(By.ID, "unsaved-status")
    text = marker.get_attribute("textContent")
    assert "Save keeps them" not in text and "cannot save" in text
    # An editor still gets the whole form.
    log_in(browser, guarded, "anna", PASSWORD)
    browser.get(guarded.base + "/categories/message")
    assert button(browser, "Add action").is_displayed() and button(browser, "Save category").is_displayed()
    assert not browser.find_elements(By.ID, "read-only-note")
    assert all(not f.get_attribute("readonly")
               for f in browser.find_elements(By.CSS_SELECTOR, "#category-form input[type=text]"))


# ── 9. Admin pages: readable times with the ISO text kept, destructive buttons that ask first ──

def test_admin_pages_show_readable_times_and_destructive_buttons(browser, guarded):
    log_in(browser, guarded, "root", PASSWORD)
    browser.get(guarded.base + "/tokens")
    replace_text(control(browser, "Name"), "deploy")
    press(browser, "Create token")
    wait(browser, lambda: "Token deploy created" in browser.page_source)
    for path in ["/users", "/tokens", "/audit"]:
        browser.get(guarded.base + path)
        table = browser.find_element(By.TAG_NAME, "table")
        assert not ISO_TIME.search(table.text), (path, table.text)
        times = table.find_elements(By.CSS_SELECTOR, "time[datetime]")
        assert times, path
        for moment in times:
            assert ISO_TIME.match(moment.get_attribute("datetime")), path
            assert re.search(r"20\d\d", moment.text) and re.search(r"\d\d:\d\d", moment.text), moment.text
    browser.set_window_size(390, 844)
    try:
        for path in ["/users", "/tokens", "/audit"]:  # at a phone's width: no sideways scroll
            browser.get(guarded.base + path)
            for summary in browser.find_elements(By.CSS_SELECTOR, "details summary"):
                summary.click()
            assert browser.execute_script(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), path
    finally:
        browser.set_window_size(1280, 1000)
    accent = css_colour(browser, "var(--accent)")
    error = css_colour(browser, "var(--error)")
    for path, name in [("/users", "Remove vera"), ("/tokens", "Revoke deploy")]:
        browser.get(guarded.base + path)
        destructive = any_button(browser, name)
        assert not destructive.is_displayed()  # behind "Remove vera…": it asks first
        summary = destructive.find_element(By.XPATH, "ancestor::details/summary")
        assert summary.text == name + "…"
        summary.click()
        wait(browser, lambda: destructive.is_displayed())
        style = browser.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor, s.borderColor];",
            destructive)
        assert style[0] == error and style[2] == error, style
        assert style[1] != accent, style
    # The removal still works, from inside its confirmation.
    browser.get(guarded.base + "/users")
    summary = browser.find_element(By.XPATH, "//summary[normalize-space()='Remove vera…']")
    summary.click()
    wait(browser, lambda: any_button(browser, "Remove vera").is_displayed())
    any_button(browser, "Remove vera").send_keys(Keys.ENTER)
    wait(browser, lambda: "vera" not in browser.find_element(By.TAG_NAME, "table").text)



# ── 6. The import's dry run: at the top, focused, and saying what each change is ──────────────

@pytest.mark.parametrize("width", [1440, 390])
def test_the_import_dry_run_is_where_the_eye_is_and_lists_each_change(browser_without_javascript, server, width):
    page = browser_without_javascript
    page.set_window_size(width, 900)
    try:
        config = json.loads((SEEDS / "categories.json").read_text())
        message = config["categories"][0]
        message["actions"][1]["title"] = "Vymazat"
        message["options"] = []
        config["categories"] = [message, {"identifier": "later", "actions": [
            {"identifier": "snooze", "title": "Odložit", "options": []}]}]
        page.get(server.base + "/categories")
        set_value(page, control(page, "Config JSON"), json.dumps(config, ensure_ascii=False))
        press(page, "Replace the registry")
        wait(page, lambda: page.find_elements(By.ID, "import-plan"))
        plan = page.find_element(By.ID, "import-plan")
        rect = visible_rect(page, plan)
        height = page.execute_script("return innerHeight")
        assert 0 <= rect["top"] < height / 2, rect  # in view, near the top
        heading = plan.find_element(By.TAG_NAME, "h2")
        assert page.execute_script(  # and not under the sticky header
            "const r = arguments[0].getBoundingClientRect();"
            "return arguments[0].contains(document.elementFromPoint(r.left + 5, r.top + r.height / 2));", heading)
        assert page.execute_script("return document.activeElement.id") == "import-plan"
        text = " ".join(plan.text.split())
        assert "adds later; changes message; removes tin-nhan" in text
        assert "Adds later, with “Odložit”" in text
        assert "Action delete: title: Smazat → Vymazat" in text
        assert 'options: ["customDismissAction"] → []' in text
        assert "Action delete: options" not in text  # unchanged members are not listed
        assert "Removes tin-nhan" in text
        # Confirming from the top still replaces the registry with the pasted text.
        press(page, "Confirm: replace the registry")
        wait(page, lambda: page.current_url.endswith("/categories?imported=2"))
        status, _, registry = server.json("GET", "/api/v1/categories")
        assert [c["identifier"] for c in registry["categories"]] == ["message", "later"]
        assert registry["categories"][0]["actions"][1]["title"] == "Vymazat"
        server.request("PUT", "/api/v1/categories", (SEEDS / "categories.json").read_bytes(),
                       {"Content-Type": "application/json"})
    finally:
        page.set_window_size(1280, 1000)


# ── 4. What each action does is said beside the mock-up, readable ──────────────────────────────

def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first, second):
    lighter, darker = sorted([luminance(first), luminance(second)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def parse_rgba(text):
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    return numbers[:3], (numbers[3] if len(numbers) > 3 else 1.0)


def over(colour, alpha, backdrop):
    return [alpha * c + (1 - alpha) * b for c, b in zip(colour, backdrop)]


# The wallpaper's stops (preview.css), light and dark: the annotations sit on any of them.
WALLPAPER = [(0x6f, 0x7b, 0xf7), (0x9b, 0x6b, 0xd9), (0xe0, 0x8a, 0xa8),
             (0x1f, 0x23, 0x50), (0x3b, 0x23, 0x57), (0x5a, 0x2a, 0x44)]


def test_action_notes_sit_outside_the_mock_up_at_readable_contrast(browser, server):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Title"), "Anna")
    replace_text(control(browser, "Body"), "Ahoj")
    replace_text(control(browser, "Category"), "message")
    expanded = region(browser, "Expanded preview")
    wait(browser, lambda: expanded.find_elements(By.CSS_SELECTOR, ".platter-actions li"))
    actions = expanded.find_element(By.CSS_SELECTOR, ".platter-actions")
    # Inside the mock-up only what iOS draws: the titles (and Dismiss on a watch).
    assert [" ".join(li.text.split()) for li in actions.find_elements(By.TAG_NAME, "li")] == ["Odpovědět", "Smazat"]
    notes = expanded.find_element(By.CSS_SELECTOR, ".action-annotations")
    text = " ".join(notes.text.split())
    assert "Odpovědět: text field “Zadejte zprávu...” with “Odeslat” · opens the app" in text
    assert "Smazat: destructive (red)" in text
    assert visible_rect(browser, notes)["top"] >= visible_rect(browser, actions)["bottom"]
    colour, _ = parse_rgba(notes.value_of_css_property("color"))
    background, alpha = parse_rgba(notes.value_of_css_property("background-color"))
    for stop in WALLPAPER:
        ratio = contrast(colour, over(background, alpha, stop))
        assert ratio >= 4.5, (stop, ratio)


# ── 2. Lists and histories: every action in view, at 390 and 1440 px ───────────────────────────

@pytest.fixture(scope="module")
def history(server):
    """A saved notification with a long text and three revisions, and one in the trash."""
    body = "Dnes večer jdeme do kina https://example.com/a/very/long/address/that/does/not/break " * 3
    _, headers, saved = server.json("POST", "/api/v1/notifications", {
        "name": "Kino s dlouhým názvem kampaně", "payload": {"aps": {"alert": {"title": "Kino", "body": body}}}})
    for title in ["Divadlo", "Koncert"]:
        _, headers, _ = server.json("PUT", f"/api/v1/notifications/{saved['id']}", {
            "name": "Kino s dlouhým názvem kampaně", "payload": {"aps": {"alert": {"title": title, "body": body}}}},
            {"If-Match": headers["etag"]})
    _, _, trashed = server.json("POST", "/api/v1/notifications", {"name": "Old", "payload": {"aps": {"alert": "x"}}})
    server.request("DELETE", f"/api/v1/notifications/{trashed['id']}")
    server.json("PUT", "/api/v1/categories/message", json.loads((SEEDS / "categories.json").read_text())["categories"][0])
    return saved["id"]


@pytest.mark.parametrize("width", [1440, 390])
def test_lists_and_histories_show_every_action_without_sideways_scrolling(browser, server, history, width):
    browser.set_window_size(width, 1000)
    try:
        for path, actions in [("/notifications", ["Duplicate", "Delete"]),
                              (f"/notifications/{history}", ["Restore", "View and compare"]),
                              ("/notifications/trash", ["Restore", "Erase for good…"]),
                              ("/categories/message/history", ["View"])]:
            browser.get(server.base + path)
            wrap = browser.find_element(By.CSS_SELECTOR, ".table-wrap")
            browser.execute_script("arguments[0].scrollIntoView()", wrap)
            box = visible_rect(browser, wrap)
            assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", wrap), path
            cells = wrap.find_elements(By.CSS_SELECTOR, ".revision-actions a, .revision-actions button")
            names = [" ".join(c.text.split()) for c in cells]
            for action in actions:
                assert any(n.startswith(action) for n in names), (path, action, names)
            for cell in cells:
                rect = visible_rect(browser, cell)
                assert box["left"] <= rect["left"] and rect["right"] <= box["right"] + 0.5, (path, cell.text, rect, box)
    finally:
        browser.set_window_size(1280, 1000)


# ── 5. CarPlay: no empty strip, and what the region says is true ───────────────────────────────

def test_carplay_says_it_has_no_expanded_view_instead_of_an_empty_strip(browser, server):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Title"), "Nová zpráva")
    replace_text(control(browser, "Body"), "Ahoj")
    replace_text(control(browser, "Category"), "tin-nhan")  # allowInCarPlay, one text-input action
    Select(control(browser, "Device")).select_by_value("carplay")
    expanded = region(browser, "Expanded preview")
    wait(browser, lambda: "CarPlay" in region(browser, "Compact preview").text)
    wait(browser, lambda: "no expanded view" in expanded.text)
    text = " ".join(expanded.text.split())
    assert "CarPlay has no expanded view." in text
    assert "at most 2, never a text-input action" in text
    stage = expanded.find_element(By.CSS_SELECTOR, ".preview-stage")
    assert stage.find_elements(By.CSS_SELECTOR, "figure"), "an empty strip"
    caption = stage.find_element(By.CSS_SELECTOR, "figcaption").text
    assert "text" not in caption.lower() and "no expanded view" in caption
    # The compact region still draws the banner, without buttons: this category's only action
    # is a text field, which CarPlay never shows.
    banner = region(browser, "Compact preview").find_element(By.CSS_SELECTOR, "[data-surface='carPlayBanner']")
    assert not banner.find_elements(By.CSS_SELECTOR, ".platter-actions li")


# ── 7. The export panel at 1440 px: every field shows its whole value ─────────────────────────

def test_export_fields_show_their_whole_value_at_desktop_width(browser, server):
    browser.set_window_size(1440, 1000)
    try:
        browser.get(server.base + "/notifications/new")
        replace_text(control(browser, "Bundle ID"), "com.example.chat.notifications")
        replace_text(control(browser, "Device token"), "a1b2c3d4" * 8)
        Select(control(browser, "APNs environment")).select_by_value("production")
        for label in ["Bundle ID", "Device token"]:
            field = control(browser, label)
            assert browser.execute_script(
                "return arguments[0].scrollWidth <= arguments[0].clientWidth", field), label
        select = control(browser, "APNs environment")
        needed, room = browser.execute_script(
            "const s = arguments[0], style = getComputedStyle(s);"
            "const c = document.createElement('canvas').getContext('2d'); c.font = style.font;"
            "const text = c.measureText(s.options[s.selectedIndex].text).width;"
            "return [text + 24, s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];",
            select)
        assert needed <= room, (needed, room)  # the text and the arrow
        for hint in browser.find_elements(By.CSS_SELECTOR, "#export .field-hint"):
            assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", hint)
    finally:
        browser.set_window_size(1280, 1000)


# ── 8. Emoji on a desktop without an emoji font: drawn in colour, never as boxes ──────────────

def png_pixels(data):
    """(width, height, rows of (r, g, b)) of an 8-bit, non-interlaced RGB or RGBA PNG (what
    Chromium's screenshots are), without an imaging library."""
    import struct
    import zlib
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(chunks), width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


@pytest.fixture(scope="module")
def browser_without_emoji_font(tmp_path_factory):
    """Chromium that sees only the DejaVu fonts (fontconfig told so), as a desktop without an
    emoji font."""
    folder = tmp_path_factory.mktemp("fonts")
    config = folder / "fonts.conf"
    config.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>'
                      f"<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{folder}/cache</cachedir>"
                      "</fontconfig>\n")
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium")
    service = Service(shutil.which("chromedriver"), env={**os.environ, "FONTCONFIG_FILE": str(config)})
    driver = webdriver.Chrome(service=service, options=options)
    yield driver
    driver.quit()


def colourful_pixels(element):
    _, _, rows = png_pixels(element.screenshot_as_png)
    return sum(1 for row in rows for r, g, b in row if max(r, g, b) - min(r, g, b) > 90)


def test_emoji_are_drawn_in_colour_without_an_emoji_font_on_the_desktop(browser_without_emoji_font, server):
    assert Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf").exists(), \
        "scripts/install-deps.sh run installs fonts-noto-color-emoji"
    page = browser_without_emoji_font
    page.get(server.base + "/notifications/new")
    replace_text(control(page, "Title"), "Sleva 🎉")
    replace_text(control(page, "Body"), "Jen dnes 🍕🍕")
    compact = region(page, "Compact preview")
    wait(page, lambda: compact.find_elements(By.CSS_SELECTOR, "[data-surface='lockScreen'] .r-emoji"))
    page.execute_script("return document.fonts.ready")
    emoji = compact.find_elements(By.CSS_SELECTOR, "[data-surface='lockScreen'] .r-emoji")
    assert len(emoji) == 3
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", emoji[0])
    wait(page, lambda: all(colourful_pixels(e) > 20 for e in emoji), timeout=20)
    loaded = page.execute_script(
        "return [...document.fonts].filter(f => f.family.includes('Pushboard Emoji') && f.status === 'loaded').length")
    assert loaded >= 1
