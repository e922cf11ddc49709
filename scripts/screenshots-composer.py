#!/usr/bin/env python3
"""Takes the README's screenshots with headless Debian chromium against a fresh local server:
the support case, a revision diff, the composer and the list at 390 px, and an import's dry run.
Usage (after a release build):
    python3 scripts/screenshots-composer.py   # writes five of docs/screenshots/*.png
Loopback only; nothing is downloaded.
"""
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from conftest import SEEDS, Server, make_driver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
BODY = "Anna: Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? " * 76


def settle(driver, text):
    for _ in range(100):
        if text in driver.page_source:
            return
        time.sleep(0.1)
    raise RuntimeError(f"{text!r} never appeared")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    server = Server(tempfile.mkdtemp(prefix="pushboard-shots-"))
    driver = make_driver()
    try:
        server.request("PUT", "/api/v1/categories", (SEEDS / "categories.json").read_bytes(),
                       {"Content-Type": "application/json"})
        payload = {"aps": {"alert": {"title": "Nová zpráva", "body": BODY}, "category": "Message"}}
        short = {"aps": {"alert": {"title": "Nová zpráva", "body": BODY[:120].strip()}, "category": "Message"}}
        _, headers, ticket = server.json("POST", "/api/v1/notifications", {"name": "Ticket 4711", "payload": payload})

        driver.set_window_size(1440, 1500)
        driver.get(server.base + f"/notifications/{ticket['id']}")
        settle(driver, "bytes over the limit")
        # From the top: the summary above and the Category field below both in the picture.
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(OUT / "support-case.png"))

        fixed = json.loads(json.dumps(short))
        fixed["aps"]["category"] = "message"
        fixed["aps"]["alert"]["title"] = "Anna píše"
        fixed["aps"]["alert"]["body"] = BODY[:120].strip()
        server.json("PUT", f"/api/v1/notifications/{ticket['id']}", {"name": "Ticket 4711", "payload": fixed},
                    {"If-Match": headers["etag"]})
        driver.set_window_size(1440, 1100)
        driver.get(server.base + f"/notifications/{ticket['id']}/revisions/1")
        settle(driver, "Compared with the current revision")
        driver.save_screenshot(str(OUT / "revision-diff.png"))

        # A phone's width, and tall enough for the switch, the report and the first platters.
        driver.set_window_size(390, 1400)
        driver.get(server.base + f"/notifications/{ticket['id']}")
        settle(driver, "Valid")
        driver.execute_script("document.getElementById('composer-preview').scrollIntoView()")
        driver.save_screenshot(str(OUT / "phone-preview.png"))

        # The list at a phone's width: each notification a card, its buttons in view.
        server.json("POST", "/api/v1/notifications", {"name": "Kino v sedm", "payload": short})
        driver.set_window_size(390, 1100)
        driver.get(server.base + "/notifications")
        settle(driver, "Kino v sedm")
        driver.save_screenshot(str(OUT / "phone-list.png"))

        # An import's dry run: at the top of the page, saying what each change is.
        config = json.loads((SEEDS / "categories.json").read_text())
        config["categories"][0]["actions"][1]["title"] = "Vymazat"
        config["categories"][1] = {"identifier": "later", "actions": [
            {"identifier": "snooze", "title": "Odložit", "options": []}]}
        driver.set_window_size(1440, 1000)
        driver.get(server.base + "/categories")
        driver.execute_script("document.getElementById('config-text').value = arguments[0]",
                              json.dumps(config, ensure_ascii=False, indent=2))
        driver.find_element(By.ID, "import-form").submit()
        settle(driver, "Dry run: this import")
        driver.save_screenshot(str(OUT / "import-dry-run.png"))
    finally:
        driver.quit()
        server.stop()
    print("wrote", ", ".join(sorted(p.name for p in OUT.glob("*.png"))))


if __name__ == "__main__":
    main()
