"""Issue 25 in a real browser: the 5 441-byte support payload APNs refuses is "Not delivered"
over the previews and at the top of the text picture, with JavaScript and without; the audit
trail lists a settings change made on /settings and not a dry-run import."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import SEEDS, seeded_server
from test_pages_composer import button, control, region, wait
from test_pages_composer_work import page, paste_raw  # noqa: F401 (page: the fixture, with and without JavaScript)

SENTENCE = "Not delivered: APNs answers 413 PayloadTooLarge"


@pytest.fixture(scope="module")
def server(binary):
    with seeded_server("pushboard-not-delivered-") as running:
        yield running


def text_picture(driver):
    return driver.find_element(By.ID, "text-picture").get_attribute("textContent")


def test_the_support_payload_is_not_delivered_in_the_page_and_the_text_picture(page, server):
    payload = (SEEDS / "support-5441.json").read_text()
    assert len(payload.encode()) == 5441
    page.get(server.base + "/notifications/new")
    paste_raw(page, payload)
    for name in ["Compact preview", "Expanded preview"]:
        wait(page, lambda: SENTENCE in region(page, name).text)
        notice = region(page, name).find_element(By.CSS_SELECTOR, ".not-delivered")
        assert notice.is_displayed()
        # Drawn over the top of the previews, before the first platter.
        platter = region(page, name).find_element(By.CSS_SELECTOR, ".platter")
        assert notice.location["y"] < platter.location["y"]
    lines = text_picture(page).split("\n")
    assert lines[0].startswith("invalid (1 error")
    assert lines[1] == SENTENCE
    assert "[payload.too-large]" in lines[2]
    copy = [b for b in page.find_elements(By.TAG_NAME, "button") if b.get_attribute("id") == "copy-text-picture"]
    assert copy and copy[0].is_displayed() == page.javascript
    # The text picture is there to read without JavaScript too.
    page.find_element(By.CSS_SELECTOR, ".text-picture-details summary").click()
    wait(page, lambda: page.find_element(By.ID, "text-picture").is_displayed())
    if page.javascript:
        button(page, "Copy text picture").click()
        wait(page, lambda: page.find_element(By.ID, "copy-text-picture-status").text != "")
        # Fixing the payload takes the notice away as the person types.
        paste_raw(page, '{"aps":{"alert":{"title":"Your order shipped"}}}')
        wait(page, lambda: SENTENCE not in region(page, "Compact preview").text)
        assert text_picture(page).startswith("valid (")


def test_settings_change_is_in_the_audit_page_and_a_dry_run_is_not(browser_without_javascript, binary):
    with seeded_server("pushboard-audit-") as running:
        page = browser_without_javascript
        page.get(running.base + "/settings")
        name = control(page, "App name")
        name.clear()
        name.send_keys("Zprávy")
        name.submit()
        wait(page, lambda: "Settings saved." in page.find_element(By.TAG_NAME, "main").text)
        page.get(running.base + "/categories")
        config = control(page, "Config JSON")
        config.clear()
        config.send_keys(json.dumps({"categories": [{"identifier": "later", "actions": []}]}))
        button(page, "Replace the registry").send_keys(Keys.ENTER)
        wait(page, lambda: page.find_elements(By.ID, "import-plan"))
        page.get(running.base + "/audit")
        rows = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                for row in page.find_elements(By.CSS_SELECTOR, "tbody tr")]
        # Newest first: the settings change, then the seed registry's import; the dry run of
        # "later" is not there.
        assert [row[2] for row in rows] == ["settings.update", "categories.replace"], rows
        assert rows[0][3] == "/settings" and 'appName: none → "Zprávy"' in rows[0][4]
        assert "adds message, tin-nhan" in rows[1][4]
        assert not any("later" in " ".join(row) for row in rows)
