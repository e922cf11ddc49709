"""Language variants of a notification in the composer (issue 27), with JavaScript and without:
add a Czech and a Vietnamese variant, see each tab preview its language, each variant's state,
the language matrix (Czech cut, Vietnamese fitting) and its ticket text; save, and export one
payload per language through the API."""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import desktop_page
from test_pages_composer import control, press, region, set_value, wait

CZECH_BODY = ("Vánoční výprodej pokračuje: sleva třicet procent na všechno zboží v obchodě, doprava zdarma "
              "a k tomu dárek ke každé objednávce nad tisíc korun, jen do neděle do půlnoci. ") * 2


@pytest.fixture(params=["javascript", "no-javascript"])
def page(request, browser, browser_without_javascript):
    """The browser with JavaScript, then the one without, at desktop width."""
    return desktop_page(request, browser, browser_without_javascript)


def add_language(page, tag):
    set_value(page, control(page, "Language tag"), tag)
    press(page, "Add language")
    wait(page, lambda: control(page, f"Title ({tag})").is_displayed())


def refresh(page):
    """Without JavaScript the previews follow a "Preview" post; with it they follow the typing."""
    if not page.javascript:
        press(page, "Preview")


def test_variant_tabs_states_and_the_language_matrix(page, server):
    page.get(server.base + "/notifications/new")
    set_value(page, control(page, "Name"), "Sale")
    set_value(page, control(page, "Title"), "Christmas sale")
    set_value(page, control(page, "Body"), "30 % off everything until Sunday.")

    set_value(page, control(page, "Language tag"), "cs_CZ")
    press(page, "Add language")
    wait(page, lambda: "cannot be added" in page.find_element(By.TAG_NAME, "main").text)
    assert "ASCII letters, digits" in page.find_element(By.TAG_NAME, "main").text

    add_language(page, "cs")
    states = lambda: page.find_element(By.ID, "variant-status-region").text
    assert "missing title, body" in states()
    set_value(page, control(page, "Title (cs)"), "Vánoční výprodej")
    set_value(page, control(page, "Body (cs)"), CZECH_BODY)
    add_language(page, "vi")  # a post: the Czech texts typed so far go with it
    set_value(page, control(page, "Title (vi)"), "Giảm giá")
    set_value(page, control(page, "Body (vi)"), "Giảm 30%.")
    refresh(page)
    wait(page, lambda: "vi: complete and valid" in states())
    assert "cs: complete and valid" in states()

    summary = lambda tag: page.find_element(By.CSS_SELECTOR, f"[data-language-summary='{tag}']").text
    wait(page, lambda: "cut on" in summary("cs"))
    assert "fits on every device and surface" in summary("vi")
    assert "fits on every device and surface" in summary("base")
    matrix = page.find_element(By.ID, "language-matrix-region")
    czech_rows = matrix.find_element(By.CSS_SELECTOR, "tbody[data-language='cs']")
    assert czech_rows.find_elements(By.CSS_SELECTOR, "td.matrix-cut")
    assert not matrix.find_element(By.CSS_SELECTOR, "tbody[data-language='vi']").find_elements(
        By.CSS_SELECTOR, "td.matrix-cut")
    page.find_element(By.CSS_SELECTOR, ".language-matrix-text summary").click()
    ticket = control(page, "The language matrix as text").get_attribute("value")
    assert "[cs]" in ticket and "[vi]" in ticket and "[base]" in ticket

    # A tab previews its language: the text changes, and the cut moves with it.
    compact = lambda: region(page, "Compact preview").text
    assert "Giảm giá" in compact()  # the variant added last is the tab shown
    press(page, "Base texts")
    wait(page, lambda: "Christmas sale" in compact())
    cut_before = page.find_element(By.ID, "matrix-region").text
    press(page, "cs")
    wait(page, lambda: "Vánoční výprodej" in compact())
    assert page.find_element(By.ID, "matrix-region").text != cut_before
    press(page, "vi")
    wait(page, lambda: "Giảm giá" in compact())
    press(page, "Base texts")
    wait(page, lambda: "Christmas sale" in compact())

    press(page, "Save")
    wait(page, lambda: "Saved as revision 1." in page.find_element(By.TAG_NAME, "main").text)
    identifier = page.current_url.split("/notifications/")[1].split("?")[0]
    _, _, saved = server.json("GET", f"/api/v1/notifications/{identifier}")
    assert saved["variants"]["vi"] == {"title": "Giảm giá", "body": "Giảm 30%."}
    assert saved["variantReports"]["cs"]["valid"] is True
    status, _, body = server.request("GET", f"/api/v1/notifications/{identifier}/export?format=json&language=all")
    assert status == 200
    exported = json.loads(body)
    assert exported["cs"]["aps"]["alert"]["title"] == "Vánoční výprodej"
    assert exported["vi"]["aps"]["alert"]["body"] == "Giảm 30%."


def test_compose_a_localized_push_and_switch_languages(page, server):
    from selenium.webdriver.support.ui import Select
    from test_strings import CATALOG
    page.get(server.base + "/strings")
    control(page, "Localizable.xcstrings").send_keys(str(CATALOG))
    press(page, "Import")
    wait(page, lambda: "Imported 10 keys." in page.find_element(By.TAG_NAME, "main").text)

    page.get(server.base + "/notifications/new")
    options = page.find_elements(By.CSS_SELECTOR, "datalist#loc-key-options option")
    weekend = next(o for o in options if o.get_attribute("value") == "promo.weekend")
    assert "Push title of the weekend campaign." in weekend.get_attribute("label")
    assert control(page, "Title key").get_attribute("list") == "loc-key-options"
    set_value(page, control(page, "Title key"), "promo.weekend")
    set_value(page, control(page, "Body key"), "courier.arriving")
    set_value(page, control(page, "Body arguments"), "Eva\n9:30")
    refresh(page)
    compact = lambda: region(page, "Compact preview").text
    wait(page, lambda: "Eva will bring your order at 9:30." in compact())
    assert "Weekend offer" in compact()
    raw = control(page, "Raw JSON").get_attribute("value")
    assert json.loads(raw)["aps"]["alert"] == {
        "title-loc-key": "promo.weekend", "loc-key": "courier.arriving", "loc-args": ["Eva", "9:30"]}
    # The language matrix of a localized push: every language of the catalog.
    summary = lambda tag: page.find_element(By.CSS_SELECTOR, f"[data-language-summary='{tag}']").text
    wait(page, lambda: summary("cs"))
    assert summary("vi")
    english_cuts = page.find_element(By.ID, "matrix-region").text

    Select(control(page, "Language")).select_by_value("cs")
    refresh(page)
    wait(page, lambda: "V 9:30 k vám dorazí kurýr Eva." in compact())
    assert "Víkendová nabídka" in compact()
    assert page.find_element(By.ID, "matrix-region").text != english_cuts  # the cut moves
