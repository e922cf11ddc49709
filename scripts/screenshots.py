#!/usr/bin/env python3
"""Take the README's screenshots of the preview (docs/screenshots/*.png) with headless Chromium.

Usage (from the package root, after `swift build -c release`): python3 scripts/screenshots.py
It starts `pushboard serve` on 127.0.0.1 (a free port, a temporary data directory), registers a
category, types a Czech message into the composer and photographs the preview regions.
Needs what the browser tests need (chromium, chromium-driver, selenium).
"""
import base64
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
TITLE = "Děti byly nadšené z výletu do Krkonoš"
SUBTITLE = "Rodina"
BODY = ("Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené a "
        "sraz je v sedm u vchodu. Příliš žluťoučký kůň úpěl ďábelské ódy, tak nezapomeň deštník.")
CATEGORY = {"identifier": "message", "options": ["allowInCarPlay"], "actions": [
    {"identifier": "reply", "title": "Odpovědět", "options": ["foreground"],
     "textInput": {"buttonTitle": "Odeslat", "placeholder": "Zadejte zprávu..."}},
    {"identifier": "later", "title": "Připomenout později", "options": []},
    {"identifier": "delete", "title": "Smazat", "options": ["destructive"]}]}


def start():
    data = tempfile.mkdtemp(prefix="pushboard-shots-")
    process = subprocess.Popen(
        [str(ROOT / ".build/release/pushboard"), "serve", "--host", "127.0.0.1", "--port", "0",
         "--data", data], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    port = int(re.search(r"127\.0\.0\.1:(\d+)", process.stdout.readline()).group(1))
    base = f"http://127.0.0.1:{port}"
    request = urllib.request.Request(
        base + "/api/v1/categories/message", data=json.dumps(CATEGORY).encode(), method="PUT",
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request).read()
    return process, data, base


def save_with_variants(base):
    """A saved sale with a Czech and a Vietnamese variant (issue 27's language matrix): Czech is
    cut on the smaller phones' lock screens, Vietnamese fits."""
    notification = {
        "name": "Winter sale", "headers": {"apns-push-type": "alert"},
        "payload": {"aps": {"alert": {"title": "Winter sale", "body": "30 % off everything until Sunday."}}},
        "variants": {
            "cs": {"title": "Zimní výprodej", "body": "Sleva 30 % na všechno až do neděle, i na zboží, "
                   "které už je zlevněné, v kamenných prodejnách i na e-shopu."},
            "vi": {"title": "Giảm giá mùa đông", "body": "Giảm 30% mọi mặt hàng đến Chủ nhật."}}}
    request = urllib.request.Request(
        base + "/api/v1/notifications", data=json.dumps(notification).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(request).read())["id"]


def save_template_with_samples(base):
    """A saved pickup notice whose title is a template (issue 28's cut per recipient): a short
    store name fits every device, a long one is cut on the lock screens, and the worst case (the
    store at its 60 characters) is cut everywhere."""
    def send(method, path, body):
        request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method=method,
                                         headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(request).read())
    identifier = send("POST", "/api/v1/notifications", {
        "name": "Pickup", "headers": {"apns-push-type": "alert"},
        "payload": {"aps": {"alert": {"title": "Ready at {{ store }}",
                                      "body": "Bring your receipt, {{ first_name | default: \"friend\" }}."}}}})["id"]
    send("PUT", f"/api/v1/notifications/{identifier}/variables", {
        "variables": [
            {"name": "store", "type": "text", "example": "Karlín", "maxLength": 60},
            {"name": "first_name", "type": "text", "example": "Jana", "maxLength": 30, "optional": True}],
        "samples": [{"store": "Karlín", "first_name": "Jana"},
                    {"store": "Mall of the Emirates, Dubai", "first_name": "Aisha"},
                    {"store": "Vinohrady"}]})
    return identifier


def driver(width):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     f"--window-size={width},2400", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium")
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def fill(browser, base, **choices):
    browser.get(base + "/notifications/new")
    for label, text in [("title", TITLE), ("subtitle", SUBTITLE), ("body", BODY), ("category", "message")]:
        field = browser.find_element(By.ID, label)
        field.clear()
        field.send_keys(text)
    for name, value in choices.items():
        if name == "previewDark":
            box = browser.find_element(By.ID, name)
            if box.is_selected() != value:
                box.click()
        else:
            Select(browser.find_element(By.ID, name)).select_by_value(value)
    time.sleep(1.5)  # the live update (250 ms debounce) and the fonts
    browser.execute_script("return document.fonts.ready")


# A photograph shows the content, not how the page scrolls: the sticky site header (and the
# composer's sticky side column) would otherwise lie over the top of a region scrolled to the top.
# Set through the CSSOM: the page's Content-Security-Policy refuses an injected <style>.
UNSTICK = """
for (const element of document.querySelectorAll(".site-header, .composer-side")) {
  element.style.setProperty("position", "static", "important");
}
"""


def shoot(element, name):
    element.parent.execute_script(UNSTICK)
    element.parent.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
    time.sleep(0.3)
    element.screenshot(str(OUT / name))
    print("wrote", OUT / name)


def shoot_top(element, name, height):
    """Photographs the first `height` CSS pixels of `element` (the language matrix runs to 159
    rows; its summary and first rows are what the README shows)."""
    browser = element.parent
    browser.execute_script(UNSTICK)
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
    time.sleep(0.3)
    box = browser.execute_script("""
        const r = arguments[0].getBoundingClientRect();
        return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: Math.min(r.height, arguments[1])};
    """, element, height)
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {**box, "scale": 1}})
    (OUT / name).write_bytes(base64.b64decode(shot["data"]))
    print("wrote", OUT / name)


def shoot_unscrolled(element, strip, name):
    """Photographs `element` with its sideways-scrolling `strip` shown whole, as a reader
    scrolling through it would see it part by part (the README shows all three devices)."""
    browser = element.parent
    browser.execute_script(UNSTICK)
    for scroller in (element, strip):
        browser.execute_script("arguments[0].style.setProperty('overflow', 'visible', 'important')", scroller)
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
    time.sleep(0.3)
    box = browser.execute_script("""
        const outer = arguments[0].getBoundingClientRect(), inner = arguments[1];
        const right = Math.max(outer.right, inner.getBoundingClientRect().left + inner.scrollWidth);
        return {x: outer.left + scrollX, y: outer.top + scrollY, width: right - outer.left, height: outer.height};
    """, element, strip)
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {**box, "scale": 1}})
    (OUT / name).write_bytes(base64.b64decode(shot["data"]))
    print("wrote", OUT / name)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    process, data, base = start()
    try:
        for scheme in ["light", "dark"]:
            browser = driver(1440)
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            fill(browser, base, previewDark=(scheme == "dark"))
            shoot(browser.find_element(By.CSS_SELECTOR, ".composer"), f"composer-{scheme}.png")
            if scheme == "light":
                section = browser.find_element(By.ID, "side-by-side-region")
                strip = section.find_element(By.CSS_SELECTOR, ".preview-side-by-side")
                shoot_unscrolled(section, strip, "side-by-side.png")
            browser.quit()
        browser = driver(1440)
        fill(browser, base, device="watch")
        shoot(browser.find_element(By.ID, "expanded-region"), "watch-long-look.png")
        fill(browser, base, device="carplay")
        shoot(browser.find_element(By.ID, "compact-region"), "carplay.png")
        browser.get(base + "/notifications/" + save_with_variants(base))
        shoot_top(browser.find_element(By.ID, "language-matrix"), "language-matrix.png", 600)
        browser.get(base + "/notifications/" + save_template_with_samples(base))
        shoot(browser.find_element(By.CSS_SELECTOR, "#recipient-cuts").find_element(
            By.XPATH, "ancestor::div[contains(@class, 'table-wrap')]"), "recipient-cuts.png")
        browser.quit()
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
