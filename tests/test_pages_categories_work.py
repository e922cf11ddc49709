"""The category form for real work, with JavaScript on and off: the button preview as iOS draws
the expanded menu, "Button title" and "Placeholder" only with "Text input", an Options group per
action, and the category history with restore.
"""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import desktop_page, seeded_server
from test_pages_categories import button, check, control, type_into
from test_pages_composer import wait


@pytest.fixture(scope="module")
def server(binary):
    with seeded_server("pushboard-categories-work-") as running:
        yield running


@pytest.fixture(params=["javascript", "no-javascript"])
def page(request, browser, browser_without_javascript):
    """The browser with JavaScript, then the one without, at desktop width."""
    return desktop_page(request, browser, browser_without_javascript)


def menu(driver):
    items = driver.find_elements(By.CSS_SELECTOR, "[data-button-preview] .action-menu-item")
    return [(i.find_element(By.CSS_SELECTOR, ".action-menu-title").text,
             "action-menu-destructive" in i.get_attribute("class"),
             [p.text for p in i.find_elements(By.CSS_SELECTOR, ".action-menu-placeholder")])
            for i in items]


def test_button_preview_and_text_input_fields(page, server):
    page.get(server.base + "/categories/message")
    # The seed: Odpovědět (text input, placeholder), Smazat (destructive, red).
    assert menu(page) == [("Odpovědět", False, ["Zadejte zprávu..."]), ("Smazat", True, [])]
    red = page.find_element(By.CSS_SELECTOR, ".action-menu-destructive .action-menu-title")
    assert red.value_of_css_property("color") in ("rgba(196, 21, 11, 1)", "rgb(196, 21, 11)")
    # Button title and Placeholder show only for the text-input action.
    assert control(page, "Button title", 1).is_displayed()
    assert not control(page, "Button title", 2).is_displayed()
    check(page, "Text input", 2)
    assert control(page, "Button title", 2).is_displayed()  # CSS alone: works without JavaScript
    type_into(page, "Placeholder", "Proč?", 2)
    type_into(page, "Action title", "Smazat vše", 2)
    if page.javascript:
        wait(page, lambda: menu(page)[1] == ("Smazat vše", True, ["Proč?"]))
    else:
        button(page, "Add action").send_keys(Keys.ENTER)  # the form comes back, preview redrawn
        wait(page, lambda: menu(page)[1] == ("Smazat vše", True, ["Proč?"]))
    # Each action's options are one named group.
    groups = page.find_elements(By.CSS_SELECTOR, ".action-row .action-options > legend")
    assert [g.text for g in groups][:2] == ["Options", "Options"]


def test_category_history_view_and_restore(page, server):
    identifier = f"history-{page.javascript}".lower()
    first = {"identifier": identifier, "actions": [{"identifier": "ok", "title": "OK"}]}
    second = {"identifier": identifier, "actions": [{"identifier": "ok", "title": "Fine"}]}
    assert server.json("PUT", f"/api/v1/categories/{identifier}", first)[0] == 201
    assert server.json("PUT", f"/api/v1/categories/{identifier}", second)[0] == 200
    page.get(server.base + f"/categories/{identifier}")
    page.find_element(By.LINK_TEXT, "History").click()
    wait(page, lambda: page.current_url.endswith(f"/categories/{identifier}/history"))
    rows = page.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert "Action ok: title" in rows[0].text and "created" in rows[1].text
    rows[1].find_element(By.PARTIAL_LINK_TEXT, "View").click()
    wait(page, lambda: "Compared with the current revision" in page.page_source)
    assert [i.text for i in page.find_elements(By.CSS_SELECTOR, ".action-menu-title")] == ["OK"]
    assert json.loads(page.find_element(By.CSS_SELECTOR, "pre").text)["actions"][0]["title"] == "OK"
    button(page, "Restore revision 1").send_keys(Keys.ENTER)
    wait(page, lambda: "Revision 1 restored as a new revision" in page.page_source)
    categories = {c["identifier"]: c for c in server.json("GET", "/api/v1/categories")[2]["categories"]}
    assert categories[identifier]["actions"][0]["title"] == "OK"
