"""Issue 28 in the composer, with JavaScript on and off: a template's faults and its worst
case's findings under their fields like every other finding, the worst-case size beside the
saved version's links, the preview switched between sample recipients, the declarations (made
with a maximum length on the variables page) kept through live updates and saves; and axe finds
nothing (light and dark)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from template_pages import field, notification, notification_with_store, page, settle, site  # noqa: F401 (fixtures)
from test_pages_composer import wait
from test_accessibility import violations_in_both_schemes


def note(driver, name):
    return driver.find_element(By.ID, f"error-{name}").text


def press(driver, text):
    """Activates the first shown button reading `text` with the keyboard (the sticky header
    cannot intercept it)."""
    def activated():
        shown = [b for b in driver.find_elements(By.TAG_NAME, "button")
                 if b.is_displayed() and b.text.strip() == text]
        assert shown, f"no button {text!r} shown"
        shown[0].send_keys(Keys.ENTER)
        return True
    # A live update may replace the buttons while they are read: then read them again.
    wait(driver, activated)


def test_findings_and_worst_case_under_the_fields_through_live_updates_and_saves(site, page):
    identifier = notification(site)
    page.get(f"{site.base}/notifications/{identifier}")
    # Without a declaration the tag is unknown, said under Title with its line and column.
    assert "store is not a declared variable" in note(page, "title")
    assert not page.find_elements(By.ID, "template-worst")

    page.find_element(By.LINK_TEXT, "Template variables, worst case and sample recipients").click()
    settle(page, lambda d: d.current_url.endswith("/variables"))
    field(page, "Variable name").send_keys("store")
    field(page, "Example").send_keys("Dubai Mall")
    field(page, "Maximum length").send_keys("60")
    field(page, "Sample recipients").send_keys(
        '{"store": "Karlín"}\n{"store": "Mall of the Emirates, Dubai, United Arab Emirates"}')
    page.find_element(By.XPATH, "//button[normalize-space()='Save variables']").click()
    settle(page, lambda d: "saved=1" in d.current_url)

    page.get(f"{site.base}/notifications/{identifier}")
    worst = page.find_element(By.ID, "template-worst").text
    assert worst.startswith("Every recipient: example ") and " · worst " in worst and worst.endswith("of 4 096")
    title = note(page, "title")
    assert "With store at 60 characters the title is cut on the Lock Screen" in title
    assert "not a declared variable" not in title

    # The preview switches recipient: the tags as written, then the second sample's values.
    preview = lambda d: d.find_element(By.ID, "composer-preview").text
    assert "Ready at {{ store }}" in preview(page)
    picker = Select(field(page, "Recipient"))
    assert [o.text.split(":")[0] for o in picker.options] == [
        "Tags as written", "Example values", "Recipient 1", "Recipient 2", "Worst case (every text variable at its longest)"]
    picker.select_by_index(3)
    if not page.javascript:
        press(page, "Preview")
    settle(page, lambda d: "Ready at Mall of" in preview(d))
    assert "{{ store }}" not in preview(page)
    Select(field(page, "Recipient")).select_by_visible_text("Example values")
    if not page.javascript:
        press(page, "Preview")
    settle(page, lambda d: "Ready at Dubai Mall" in preview(d))

    if page.javascript:
        # A live update knows the notification's declarations: the new tag alone is unknown.
        field(page, "Body").send_keys(" Ask for {{ clerk }}.")
        settle(page, lambda d: "clerk is not a declared variable" in note(d, "body"))
        assert "store is not a declared variable" not in note(page, "title")
        # Without the unknown tag the template is usable again, and its worst case is back.
        field(page, "Body").clear()
        field(page, "Body").send_keys("Bring your receipt.")
        settle(page, lambda d: "With store at 60 characters the title is cut" in note(d, "title"))
    press(page, "Save")
    settle(page, lambda d: f"/notifications/{identifier}?saved=" in d.current_url)
    assert "With store at 60 characters the title is cut" in note(page, "title")
    assert page.find_element(By.ID, "template-worst").text.startswith("Every recipient: example ")
    # Saving the notification kept its declarations.
    _, _, described = site.json("GET", f"/api/v1/notifications/{identifier}/variables")
    assert [(v["name"], v["maxLength"]) for v in described["variables"]] == [("store", 60)]


def test_a_plain_payload_says_nothing_of_templates(site, page):
    status, _, body = site.json("POST", "/api/v1/notifications", {
        "name": "Plain", "headers": {"apns-push-type": "alert"},
        "payload": {"aps": {"alert": {"title": "Ready", "body": "Bring your receipt."}}}})
    assert status == 201, body
    page.get(f"{site.base}/notifications/{body['id']}")
    assert not page.find_elements(By.ID, "template-worst")
    assert note(page, "title") == ""


def test_no_axe_violations_on_a_composer_with_template_findings(site, browser):
    identifier = notification_with_store(site, max_length=60)
    browser.set_window_size(1440, 1000)
    browser.set_script_timeout(60)
    browser.get(f"{site.base}/notifications/{identifier}")
    assert "With store at 60 characters" in note(browser, "title")
    assert violations_in_both_schemes(browser, "composer-templates") == {}


def recipient_cuts(driver):
    """{recipient: title cell text} of the "Where each recipient cuts" table, and the marked row."""
    rows = driver.find_elements(By.CSS_SELECTOR, "#recipient-cuts tbody tr")
    cells = {r.get_attribute("data-recipient"): r.find_element(By.CSS_SELECTOR, "td[data-field='title']").text
             for r in rows}
    marked = [r.get_attribute("data-recipient") for r in rows if r.get_attribute("aria-current") == "true"]
    return cells, marked


def matrix_titles(driver):
    """The title cell of every device x surface row of "Where each device cuts"."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#matrix-region tr[data-device] td[data-field=\"title\"]')]"
        ".map(c => c.textContent)")


def test_the_matrix_shows_the_cut_per_recipient(site, page):
    identifier = notification_with_store(site, max_length=60, samples=(
        "Karlín", "Mall of the Emirates, Dubai, United Arab Emirates"))
    page.get(f"{site.base}/notifications/{identifier}")
    cells, marked = recipient_cuts(page)
    assert list(cells) == ["example", "0", "1", "worst"]
    assert cells["0"] == "fits every device"
    assert "Lock Screen" in cells["1"] and "cut after" in cells["1"]
    assert "Lock Screen" in cells["worst"]
    assert marked == []
    assert "Tags as written" in page.find_element(By.ID, "matrix-recipient").text
    assert not any("cut after" in t for t in matrix_titles(page))

    def choose(value):
        Select(field(page, "Recipient")).select_by_value(value)
        if not page.javascript:
            press(page, "Preview")

    # The long sample: its row is marked and the device matrix above cuts its title.
    choose("1")
    wait(page, lambda: recipient_cuts(page)[1] == ["1"])
    assert "Recipient 2" in page.find_element(By.ID, "matrix-recipient").text
    assert any("cut after" in t for t in matrix_titles(page))
    # The short one: nothing is cut, and the table marks its row instead.
    choose("0")
    wait(page, lambda: recipient_cuts(page)[1] == ["0"])
    assert not any("cut after" in t for t in matrix_titles(page))
    assert any("Karlín" in t for t in matrix_titles(page))
    # The worst case can be laid out too.
    choose("worst")
    wait(page, lambda: recipient_cuts(page)[1] == ["worst"])
    assert any("cut after" in t for t in matrix_titles(page))


def test_samples_are_edited_from_the_composer_and_imported_from_a_file(site, page, tmp_path):
    identifier = notification_with_store(site, max_length=60)
    page.get(f"{site.base}/notifications/{identifier}")
    page.find_element(By.ID, "edit-samples").send_keys(Keys.ENTER)
    settle(page, lambda d: d.current_url.endswith(f"/notifications/{identifier}/variables#variables-samples"))
    # A CSV file replaces the samples; the declaration stays as saved.
    upload = tmp_path / "samples.csv"
    upload.write_text('store\n"Mall of the Emirates, Dubai"\nVinohrady\n', encoding="utf-8")
    field(page, "CSV or JSON Lines file").send_keys(str(upload))
    press(page, "Import samples")
    settle(page, lambda d: "saved=1" in d.current_url)
    _, _, described = site.json("GET", f"/api/v1/notifications/{identifier}/variables")
    assert described["samples"] == [{"store": "Mall of the Emirates, Dubai"}, {"store": "Vinohrady"}]
    assert [(v["name"], v["maxLength"]) for v in described["variables"]] == [("store", 60)]
    # A file that does not read changes nothing and says why.
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"store": \n', encoding="utf-8")
    field(page, "CSV or JSON Lines file").send_keys(str(broken))
    press(page, "Import samples")
    settle(page, lambda d: "Nothing was saved" in d.find_element(By.TAG_NAME, "main").text)
    assert "Sample recipients:" in page.find_element(By.TAG_NAME, "main").text
    _, _, again = site.json("GET", f"/api/v1/notifications/{identifier}/variables")
    assert again["samples"] == described["samples"]
    # Back in the composer, the Recipient menu offers the imported recipients.
    page.get(f"{site.base}/notifications/{identifier}")
    labels = [o.text for o in Select(field(page, "Recipient")).options]
    assert any("Vinohrady" in label for label in labels)
