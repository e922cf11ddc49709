#!/usr/bin/env python3
"""Convert the measuring font to WOFF2 for the dashboard (Public/fonts/).

The preview engine measures text with Inter's advances, and Hebrew, Arabic, Devanagari and Thai
with Noto Sans (scripts/widths/generate.py); the page must draw with exactly those fonts,
whatever the visitor's machine has installed. This script converts Debian's fonts-inter
Regular and SemiBold to WOFF2 (fontTools + brotli from PyPI), unchanged apart from the
container (same glyphs, advances and kerning), and writes WOFF2 subsets of Noto Sans Regular
and Bold holding only the script ranges the engine reads from them.

Usage (from the package root):
    python3 scripts/fonts/make-woff2.py [INTER_DIR [NOTO_DIR]]
The directories default to Debian's: /usr/share/fonts/opentype/inter (fonts-inter) and
/usr/share/fonts/truetype/noto (fonts-noto-core); `scripts/install-deps.sh fonts` installs them
with the Python packages. The output names carry the font version, so the files can be
cached as immutable: a new version is a new URL. Update the @font-face rules in
Public/pushboard.css when the version changes (FontAssetTests checks that they match).

It then writes the shaping fonts the engine embeds (Sources/NotificationPreview/ShapingFonts/):
the served Arabic and Devanagari WOFF2 subsets, decompressed back to TrueType (HarfBuzz cannot
read WOFF2) with the outline and hinting tables dropped. Shaping reads only cmap, GDEF, GSUB,
GPOS, hmtx and the header tables, so the engine shapes with exactly the glyphs, substitutions
and advances the browser draws, in a quarter of the size. `--shaping-only` skips the first
step (no Debian fonts needed: it reads the WOFF2 files already in Public/fonts/).
"""

import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT_DIR = os.path.join(ROOT, "Public", "fonts")
WEIGHTS = ["Regular", "SemiBold"]
# The scripts the engine measures with Noto (scripts/widths/generate.py NOTO_SCRIPTS), plus the
# marks and joiners text in them uses.
NOTO_SCRIPTS = [
    ("NotoSansHebrew", "U+0590-05FF,U+FB1D-FB4F"),
    ("NotoSansArabic", "U+0600-06FF,U+0750-077F,U+FB50-FDFF,U+FE70-FEFF"),
    ("NotoSansDevanagari", "U+0900-097F,U+A8E0-A8FF"),
    ("NotoSansThai", "U+0E00-0E7F"),
]
COMMON = "U+200C-200F,U+25CC"
# The scripts the engine shapes with HarfBuzz (NotificationPreview/Shaping): Hebrew and Thai
# shape to their nominal advances with these fonts, so the generated tables stay exact for them.
SHAPED_FAMILIES = ["NotoSansArabic", "NotoSansDevanagari"]
SHAPING_DIR = os.path.join(ROOT, "Sources", "NotificationPreview", "ShapingFonts")
# Tables HarfBuzz does not read for shaping (glyph outlines and TrueType hinting).
OUTLINE_TABLES = ["glyf", "loca", "cvt ", "fpgm", "prep", "gasp"]


def version_tag(font):
    # "Version 4.000;git-…" / "4.0-beta7" → a file-name-safe tag such as "4.0-beta7".
    text = font["name"].getDebugName(5) or "0"
    text = text.replace("Version ", "").split(";")[0].strip()
    return "".join(c if c.isalnum() or c in ".-" else "-" for c in text)


def write_shaping_fonts():
    os.makedirs(SHAPING_DIR, exist_ok=True)
    for name in sorted(os.listdir(OUT_DIR)):
        if not name.endswith(".woff2") or not any(name.startswith(f + "-") for f in SHAPED_FAMILIES):
            continue
        font = TTFont(os.path.join(OUT_DIR, name), recalcTimestamp=False)
        font.flavor = None
        for tag in OUTLINE_TABLES:
            if tag in font:
                del font[tag]
        target = os.path.join(SHAPING_DIR, name[: -len(".woff2")] + ".ttf")
        font.save(target)
        print(f"Public/fonts/{name} -> {os.path.relpath(target, ROOT)} ({os.path.getsize(target)} bytes)")


def main():
    if "--shaping-only" in sys.argv:
        write_shaping_fonts()
        return
    source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/inter"
    noto = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/fonts/truetype/noto"
    os.makedirs(OUT_DIR, exist_ok=True)
    for weight in WEIGHTS:
        path = os.path.join(source, f"Inter-{weight}.otf")
        font = TTFont(path)
        name = f"Inter-{weight}-{version_tag(font)}.woff2"
        font.flavor = "woff2"
        font.save(os.path.join(OUT_DIR, name))
        size = os.path.getsize(os.path.join(OUT_DIR, name))
        print(f"{path} -> Public/fonts/{name} ({size} bytes)")
    for family, ranges in NOTO_SCRIPTS:
        for weight in ["Regular", "Bold"]:
            path = os.path.join(noto, f"{family}-{weight}.ttf")
            font = TTFont(path)
            options = subset.Options()
            options.flavor = "woff2"
            options.layout_features = ["*"]
            options.name_IDs = ["*"]
            options.notdef_outline = True
            subsetter = subset.Subsetter(options)
            codes = subset.parse_unicodes(ranges + "," + COMMON)
            subsetter.populate(unicodes=codes)
            subsetter.subset(font)
            name = f"{family}-{weight}-{version_tag(font)}.woff2"
            font.flavor = "woff2"
            font.save(os.path.join(OUT_DIR, name))
            size = os.path.getsize(os.path.join(OUT_DIR, name))
            print(f"{path} -> Public/fonts/{name} ({size} bytes, {ranges})")
    write_shaping_fonts()


if __name__ == "__main__":
    main()
