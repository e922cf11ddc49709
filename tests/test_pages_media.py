"""The real image in the composer's previews (issue 13), in a real browser: a checked image
from the local media host shows as the compact thumbnail and across the expanded platter at its
own aspect ratio, and disappears once Mutable content is off, as on the device.
"""
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import Server
from media_server import MediaServer
from test_pages_composer import control, press, region, replace_text, wait


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    host = MediaServer(tmp_path_factory.mktemp("media"))
    yield host
    host.close()


@pytest.fixture(scope="module")
def server(binary, media):
    path = tempfile.mkdtemp(prefix="pushboard-media-pages-")
    running = Server(path, ["--allow-private-media", "--media-ca-file", str(media.cert)])
    yield running
    running.stop()
    shutil.rmtree(path, ignore_errors=True)


def drawn_images(driver, name, css):
    """The images in region `name` matching `css` that the browser really decoded."""
    return [image for image in region(driver, name).find_elements(By.CSS_SELECTOR, css)
            if driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image)]


def test_checked_image_shows_in_both_previews_until_mutable_content_is_off(browser, server, media):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Title"), "Photo")
    replace_text(control(browser, "Body"), "A new picture")
    control(browser, "Mutable content").click()
    replace_text(control(browser, "Media URL"), media.url("/good.jpg"))
    wait(browser, lambda: len(drawn_images(browser, "Compact preview", "img.platter-thumbnail")) == 3)
    wait(browser, lambda: len(drawn_images(browser, "Expanded preview", "img.platter-media-image")) == 1)
    thumbnail = drawn_images(browser, "Compact preview", "img.platter-thumbnail")[0]
    assert thumbnail.get_attribute("src").startswith(server.base + "/media/")
    assert browser.execute_script("return arguments[0].naturalWidth", thumbnail) == 80
    expanded = drawn_images(browser, "Expanded preview", "img.platter-media-image")[0]
    width = float(expanded.get_attribute("width"))
    height = float(expanded.get_attribute("height"))
    assert width / height == pytest.approx(2.0, rel=0.01)  # 80 × 40, the real ratio
    rendered = expanded.size
    assert rendered["width"] / rendered["height"] == pytest.approx(2.0, rel=0.05)
    assert "iOS will attach it" in browser.find_element(By.ID, "media-check-region").text

    control(browser, "Mutable content").click()
    wait(browser, lambda: region(browser, "Compact preview").find_elements(By.CSS_SELECTOR, ".platter-thumbnail") == [])
    assert region(browser, "Expanded preview").find_elements(By.CSS_SELECTOR, ".platter-media-box") == []
    assert "Mutable content" in browser.find_element(By.ID, "media-check-region").text


def test_a_square_image_changes_the_expanded_shape(browser, server, media):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Title"), "Logo")
    control(browser, "Mutable content").click()
    replace_text(control(browser, "Media URL"), media.url("/good.png"))
    wait(browser, lambda: len(drawn_images(browser, "Expanded preview", "img.platter-media-image")) == 1)
    expanded = drawn_images(browser, "Expanded preview", "img.platter-media-image")[0]
    assert float(expanded.get_attribute("width")) / float(expanded.get_attribute("height")) == pytest.approx(1.0, rel=0.01)
    assert expanded.size["width"] / expanded.size["height"] == pytest.approx(1.0, rel=0.05)


def test_broken_media_shows_no_thumbnail_and_says_why(browser, server, media):
    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Title"), "Broken")
    control(browser, "Mutable content").click()
    replace_text(control(browser, "Media URL"), media.url("/picture.svg"))
    wait(browser, lambda: "will not attach" in browser.find_element(By.ID, "media-check-region").text)
    assert region(browser, "Compact preview").find_elements(By.CSS_SELECTOR, ".platter-thumbnail") == []
    assert "media.check.type-unsupported" in browser.find_element(By.ID, "media-check-region").text


def test_check_media_works_without_javascript(browser_without_javascript, server, media):
    driver = browser_without_javascript
    driver.get(server.base + "/notifications/new")
    replace_text(control(driver, "Title"), "No script")
    control(driver, "Mutable content").click()
    replace_text(control(driver, "Media URL"), media.url("/animated.gif"))
    press(driver, "Check media")
    wait(driver, lambda: len(drawn_images(driver, "Compact preview", "img.platter-thumbnail")) == 3)
    assert "3 frames" in driver.find_element(By.ID, "media-check-region").text
