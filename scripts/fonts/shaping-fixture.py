#!/usr/bin/env python3
"""Write the fixture ShapingTests checks the engine's shaped widths against.

Independent of the engine: uharfbuzz (PyPI; its own HarfBuzz build, not Debian's) shapes each
word with the font the page serves (Public/fonts/*.woff2, decompressed by fontTools, outlines
kept) and the features the platters' CSS turns off (kern, liga, clig, dlig, hlig, calt). The
nominal width is what the generated tables sum (hmtx advances of the characters' own glyphs,
marks 0). Usage from the package root: python3 scripts/fonts/shaping-fixture.py
(`scripts/install-deps.sh fonts` installs fontTools, brotli and uharfbuzz).
"""

import io
import json
import os
import unicodedata

import uharfbuzz as hb
from fontTools.ttLib import TTFont

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "NotificationPreviewTests", "Fixtures", "shaped-words.json")
FONTS = {
    ("NotoSansArabic", False): "NotoSansArabic-Regular-2.005.woff2",
    ("NotoSansArabic", True): "NotoSansArabic-Bold-2.005.woff2",
    ("NotoSansDevanagari", False): "NotoSansDevanagari-Regular-2.001.woff2",
    ("NotoSansDevanagari", True): "NotoSansDevanagari-Bold-2.001.woff2",
}
# The engine's roles (PreviewFont): name, drawn size (size × scale), semibold.
ROLES = [("body", 15.0, False), ("title", 15.15, True)]
WORDS = {
    "NotoSansArabic": ["مرحبا", "الطريق", "لا", "السلام", "طلبك", "إليك", "الإصدار", "مرح", "تحسينات"],
    "NotoSansDevanagari": ["नमस्ते", "ऑर्डर", "रास्ते", "पार्सल", "ट्रैक", "हिन्दी", "क्षत्रिय", "नम"],
}
OFF = {tag: False for tag in ["kern", "liga", "clig", "dlig", "hlig", "calt"]}


def main():
    rows = []
    for (family, bold), name in sorted(FONTS.items()):
        ttf = TTFont(os.path.join(ROOT, "Public", "fonts", name))
        ttf.flavor = None
        data = io.BytesIO()
        ttf.save(data)
        font = hb.Font(hb.Face(data.getvalue()))
        upem = ttf["head"].unitsPerEm
        cmap, hmtx = ttf.getBestCmap(), ttf["hmtx"]
        for role, size, semibold in ROLES:
            if semibold != bold:
                continue
            for word in WORDS[family]:
                buffer = hb.Buffer()
                buffer.add_str(word)
                buffer.guess_segment_properties()
                hb.shape(font, buffer, OFF)
                units = sum(p.x_advance for p in buffer.glyph_positions)
                nominal = sum(hmtx[cmap[ord(c)]][0] for c in word
                              if unicodedata.category(c) not in ("Mn", "Me"))
                rows.append({"word": word, "font": role, "file": name, "glyphs": len(buffer.glyph_infos),
                             "width": units * size / upem, "nominal": nominal * size / upem})
    with open(OUT, "w", encoding="utf-8") as out:
        json.dump({"generator": f"uharfbuzz {hb.__version__} (HarfBuzz {hb.version_string()})",
                   "words": rows}, out, ensure_ascii=False, indent=1)
        out.write("\n")
    print(f"{len(rows)} words -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
