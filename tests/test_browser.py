"""Pages in a real browser (Debian's chromium + chromium-driver, driven by selenium)."""

from selenium.webdriver.common.by import By


def severe_console_messages(browser):
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def test_overview_page_renders_with_styles_and_navigation(browser, shared_server):
    browser.get(shared_server.base + "/")
    assert "Pushboard" in browser.title
    heading = browser.find_element(By.TAG_NAME, "h1")
    assert heading.text
    links = {a.text: a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "nav a")}
    assert links["Categories"].endswith("/categories")
    assert links["Notifications"].endswith("/notifications")
    # The stylesheet loaded (a CSP or path mistake would leave the default font and margins).
    margin = browser.execute_script("return getComputedStyle(document.body).margin")
    assert margin == "0px"
    assert severe_console_messages(browser) == []


def test_not_found_page_is_inside_the_layout(browser, shared_server):
    browser.get(shared_server.base + "/no/such/page")
    assert browser.find_element(By.CSS_SELECTOR, "nav a")
    assert "404" in browser.find_element(By.TAG_NAME, "main").text
    messages = [m for m in severe_console_messages(browser) if "404" not in m]
    assert messages == []


def test_hostile_text_in_the_url_is_shown_as_text(browser, shared_server):
    browser.get(shared_server.base + "/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    main = browser.find_element(By.TAG_NAME, "main")
    assert browser.find_elements(By.CSS_SELECTOR, "main script") == []
    assert "404" in main.text
