"""Issue 29: CarPlay's banner as iOS 26.1 draws it, in a real browser. The composer's compact
region for `device=carplay` (the markup the page shows) is drawn in the shipped fonts and
geometry: the platter is 60 pt tall with a 20 pt radius, its icon 40 pt, its text from 58 pt,
no body line is drawn, and nothing in it clips (every line inside its field and the platter,
no line wider than its box)."""
import re

import pytest

from conftest import make_driver  # noqa: F401  (the browser fixture comes from conftest)

DRAW = r"""
const [fields, done] = arguments;
(async () => {
  const live = await (await fetch("/notifications/live", {method: "POST",
    headers: {"Content-Type": "application/json", "Accept": "application/json"},
    body: JSON.stringify(Object.assign({}, fields, {device: "carplay"}))})).json();
  const stage = document.getElementById("carplay-stage");
  const parsed = new DOMParser().parseFromString(live.regions.compact, "text/html");
  stage.replaceChildren(...Array.from(parsed.body.childNodes, (n) => document.importNode(n, true)));
  await document.fonts.ready;
  const platter = stage.querySelector(".platter-compact");
  const box = platter.getBoundingClientRect();
  const style = getComputedStyle(platter);
  const icon = stage.querySelector(".platter-icon").getBoundingClientRect();
  const lines = Array.from(stage.querySelectorAll(".platter-line"), (line) => {
    const rect = line.getBoundingClientRect();
    const field = line.closest(".platter-field");
    return {text: line.textContent, role: field.className, top: rect.top - box.top,
            bottom: rect.bottom - box.top, left: rect.left - box.left, right: rect.right - box.left,
            scroll: line.scrollWidth, client: line.clientWidth,
            visible: getComputedStyle(field).display !== "none"};
  });
  done({height: box.height, width: box.width, radius: style.borderTopLeftRadius,
        icon: {side: icon.width, left: icon.left - box.left}, lines,
        caption: stage.querySelector(".preview-caption").textContent,
        diagnostics: live.diagnostics || null});
})().catch((error) => done({error: String(error) + " " + error.stack}));
"""


@pytest.fixture(scope="module")
def page(browser, shared_server):
    browser.get(shared_server.base + "/notifications/new")
    browser.execute_script(
        "const s = document.createElement('div'); s.id = 'carplay-stage';"
        "document.querySelector('.composer-side').appendChild(s);")
    browser.set_script_timeout(60)
    return browser


CASES = [
    ("title and body", {"title": "Your table at Pho Saigon is ready: please come to the front desk now",
                        "subtitle": "", "body": "Show this message to the host."}, 3),
    ("title and subtitle", {"title": "Your table at Pho Saigon is ready: please come to the front desk now",
                            "subtitle": "Table 12 by the window", "body": "Body"}, 2),
    ("body only", {"title": "", "subtitle": "", "body": "Your table is ready"}, 1),
    ("long words", {"title": "Nejneobhospodařovávatelnějšími" * 2, "subtitle": "Superkalifragilistic" * 3,
                    "body": "x"}, 2),
]


@pytest.mark.parametrize("name,fields,expected_lines", CASES, ids=[c[0] for c in CASES])
def test_the_carplay_platter_is_60_pt_and_nothing_clips(page, name, fields, expected_lines):
    result = page.execute_async_script(DRAW, dict(fields, mediaURL=""))
    assert "error" not in result, result.get("error")
    assert abs(result["height"] - 60) < 0.01, result
    assert result["radius"] == "20px"
    assert abs(result["icon"]["side"] - 40) < 0.01 and abs(result["icon"]["left"] - 10) < 0.01
    assert re.search(r"\b60(\.0)? pt", result["caption"]), result["caption"]
    drawn = [line for line in result["lines"] if line["visible"] and line["text"]]
    assert len(drawn) == expected_lines, drawn
    assert not any("platter-body" in line["role"] for line in drawn), drawn
    for line in drawn:
        assert line["top"] >= -0.01 and line["bottom"] <= 60.01, (name, line)
        assert line["left"] >= 57.99 and line["right"] <= result["width"] - 48 + 0.01, (name, line)
        assert line["scroll"] <= line["client"] + 1, (name, line)
