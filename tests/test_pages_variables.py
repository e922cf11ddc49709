"""Issue 28: the variables page of a notification, with JavaScript on and off — declare a
variable with a maximum length, see the worst-case size and the worst-case cut, type sample
recipients, switch between them, save; and axe finds nothing (light and dark)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from template_pages import field, notification, notification_with_store, page, settle, site  # noqa: F401 (fixtures)
from test_accessibility import violations_in_both_schemes


def test_declare_see_the_worst_case_switch_recipients_and_save(site, page):
    identifier = notification(site)
    page.get(f"{site.base}/notifications/{identifier}")
    page.find_element(By.LINK_TEXT, "Template variables, worst case and sample recipients").click()
    settle(page, lambda d: d.current_url.endswith("/variables"))
    assert page.current_url.endswith(f"/notifications/{identifier}/variables")
    # Without variables the tag is unknown: said with its field, line and column.
    assert "$.aps.alert.title (line 1, column 10): store is not a declared variable" in page.page_source
    field(page, "Variable name").send_keys("store")
    field(page, "Example").send_keys("Dubai Mall")
    field(page, "Maximum length").send_keys("60")
    field(page, "Sample recipients").send_keys(
        '{"store": "Karlín"}\n{"store": "Mall of the Emirates, Dubai, United Arab Emirates"}')
    page.find_element(By.XPATH, "//button[normalize-space()='Save variables']").click()
    settle(page, lambda d: "saved=1" in d.current_url)
    assert "Variables saved." in page.page_source
    summary = page.find_element(By.ID, "worst-summary").text
    assert summary.startswith("example ") and summary.endswith("of 4 096")
    worst = page.find_element(By.XPATH, "//section[@aria-labelledby='worst-title']").text
    assert "With store at 60 characters the title is cut on the Lock Screen" in worst
    assert page.find_element(By.ID, "recipient-title").text == "Ready at Dubai Mall"
    Select(field(page, "Recipient")).select_by_index(2)
    page.find_element(By.XPATH, "//button[normalize-space()='Show recipient']").click()
    settle(page, lambda d: "recipient=1" in d.current_url)
    assert page.find_element(By.ID, "recipient-title").text == "Ready at Mall of the Emirates, Dubai, United Arab Emirates"
    assert "the title is cut after" in page.find_element(By.XPATH, "//ul[@class='recipient-cuts']").text
    # Saved: the declaration reads back over the API.
    _, _, described = site.json("GET", f"/api/v1/notifications/{identifier}/variables")
    assert [(v["name"], v["maxLength"]) for v in described["variables"]] == [("store", 60)]
    assert len(described["samples"]) == 2


def test_a_declaration_that_does_not_fit_is_refused_with_its_row(site, page):
    identifier = notification(site)
    page.get(f"{site.base}/notifications/{identifier}/variables")
    field(page, "Variable name").send_keys("store")
    field(page, "Example").send_keys("A very long example")
    field(page, "Maximum length").send_keys("5")
    page.find_element(By.XPATH, "//button[normalize-space()='Save variables']").click()
    settle(page, lambda d: d.find_elements(By.XPATH, "//*[@role='alert']"))
    alert = page.find_element(By.XPATH, "//*[@role='alert']").text
    assert "Nothing was saved" in alert and "Variable 1:" in alert


def test_no_axe_violations_on_the_variables_page(site, browser):
    identifier = notification_with_store(site, max_length=40)
    browser.set_window_size(1440, 1000)
    browser.set_script_timeout(60)
    browser.get(f"{site.base}/notifications/{identifier}/variables")
    assert browser.find_element(By.ID, "variables-title").text == "Template variables: Pickup"
    assert browser.find_element(By.ID, "worst-summary").text.startswith("example ")
    assert violations_in_both_schemes(browser, "variables") == {}
