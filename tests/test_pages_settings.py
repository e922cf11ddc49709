"""The workspace settings in a real browser: a PNG uploaded on /settings (a multipart form, no
JavaScript needed) is drawn in the composer's compact preview with the app name, served from
the dashboard's own origin. The PNG is made here with zlib and struct."""
import struct
import zlib

from selenium.webdriver.common.by import By

from test_pages_composer import control, region, replace_text, severe_console_messages, wait


def png(width, height):
    """A valid RGB PNG, a diagonal gradient, `width` × `height` pixels."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"".join(bytes([(x * 4) % 256, (y * 4) % 256, 160]) for x in range(width))
                    for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def test_uploaded_icon_and_name_appear_in_the_compact_preview(browser, server, tmp_path):
    icon = tmp_path / "icon.png"
    icon.write_bytes(png(64, 64))
    browser.get(server.base + "/settings")
    replace_text(control(browser, "App name"), "Zprávy")
    control(browser, "App icon").send_keys(str(icon))
    replace_text(control(browser, "App bundle ID"), "cz.example.zpravy")
    control(browser, "App bundle ID").submit()
    wait(browser, lambda: "Settings saved." in browser.find_element(By.TAG_NAME, "main").text)
    assert control(browser, "App name").get_attribute("value") == "Zprávy"

    status, headers, body = server.request("GET", "/settings/icon.png")
    assert status == 200 and body == icon.read_bytes()
    assert headers["content-type"] == "image/png"
    assert headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in headers["content-security-policy"]
    assert server.request("GET", "/settings/icon.png", headers={"If-None-Match": headers["etag"]})[0] == 304

    browser.get(server.base + "/notifications/new")
    replace_text(control(browser, "Body"), "Vlak má zpoždění 5 minut.")
    compact = lambda: region(browser, "Compact preview")
    banner = lambda: compact().find_element(By.CSS_SELECTOR, "[data-surface='banner']")
    wait(browser, lambda: "Vlak má zpoždění" in banner().text)
    image = banner().find_element(By.CSS_SELECTOR, "img.platter-icon")
    assert image.get_attribute("src").startswith(server.base + "/settings/icon.png?v=")
    # Loaded (CSP img-src 'self' allowed it) and drawn at the platter's icon size.
    wait(browser, lambda: browser.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", image) == 64)
    assert image.size["width"] == image.size["height"] > 20
    # No title: iOS shows the app's name in its place.
    assert "Zprávy" in banner().text
    assert compact().find_elements(By.CSS_SELECTOR, "span.platter-icon") == []
    assert severe_console_messages(browser) == []


def test_non_square_icon_is_refused_with_its_limit(browser, server, tmp_path):
    icon = tmp_path / "wide.png"
    icon.write_bytes(png(80, 40))
    browser.get(server.base + "/settings")
    control(browser, "App icon").send_keys(str(icon))
    control(browser, "App name").submit()
    wait(browser, lambda: "must be square; it is 80 × 40 pixels" in browser.find_element(By.TAG_NAME, "main").text)
    assert control(browser, "App icon").get_attribute("aria-invalid") == "true"
