#!/usr/bin/env python3
"""Generate Sources/NotificationPreview/Generated/GlyphWidths.swift.

The preview engine cannot ship SF Pro (its licence limits it to Apple platforms), so it measures
text with advance widths read from open proxy fonts (see /work/shared/reference/ios-rendering.md
section 4):

* Inter Regular / SemiBold (Debian `fonts-inter`) for Latin, Latin Extended, Vietnamese,
  Greek, Cyrillic, punctuation, digits and symbols;
* Noto Sans Hebrew / Arabic / Thai / Devanagari (Debian `fonts-noto-core`) for those scripts,
  rescaled to Inter's units per em (SemiBold = Noto Bold, as Noto core has no SemiBold: the
  page draws semibold text in those scripts with the same Bold face, Public/fonts/);
* Noto Color Emoji (Debian `fonts-noto-color-emoji`) for the single emoji advance;
* Unicode Line_Break and East_Asian_Width from Perl's Unicode::UCD (Unicode 14.0).

Advances are stored in font units (units per em 2816) and scaled at run time by point size.
Usage: python3 scripts/widths/generate.py   (run from the package root; needs `fonttools`;
`scripts/install-deps.sh fonts` installs everything). INTER_DIR, NOTO_DIR and EMOJI_DIR point
at unpacked copies of the packages instead (`dpkg-deb -x`), with FONTS_INTER_VERSION,
FONTS_NOTO_CORE_VERSION and FONTS_NOTO_COLOR_EMOJI_VERSION naming their versions.
It rewrites the Swift file and the test fixture
Tests/NotificationPreviewTests/Fixtures/glyph-advances.json.
"""

import json
import os
import unicodedata
import subprocess
import sys

from fontTools import version as fonttools_version
from fontTools.ttLib import TTFont

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Sources/NotificationPreview/Generated/GlyphWidths.swift")
FIXTURE = os.path.join(ROOT, "Tests/NotificationPreviewTests/Fixtures/glyph-advances.json")

INTER_DIR = os.environ.get("INTER_DIR", "/usr/share/fonts/opentype/inter")
NOTO_DIR = os.environ.get("NOTO_DIR", "/usr/share/fonts/truetype/noto")
EMOJI_DIR = os.environ.get("EMOJI_DIR", NOTO_DIR)
INTER_REGULAR = f"{INTER_DIR}/Inter-Regular.otf"
INTER_SEMIBOLD = f"{INTER_DIR}/Inter-SemiBold.otf"
EMOJI = f"{EMOJI_DIR}/NotoColorEmoji.ttf"
NOTO_SCRIPTS = [  # (family, first, last)
    ("NotoSansHebrew", 0x0590, 0x05FF),
    ("NotoSansArabic", 0x0600, 0x06FF),
    ("NotoSansDevanagari", 0x0900, 0x097F),
    ("NotoSansThai", 0x0E00, 0x0E7F),
]
# Inter code points kept: everything below the CJK area except controls; private use and the
# emoji planes are left out (emoji are measured by class, private use never appears in text).
INTER_LIMIT = 0x3000

# Order must match `LineBreakClass` in LineBreakClass.swift.
LINE_BREAK_CLASSES = [
    "AL", "BA", "BB", "B2", "BK", "CB", "CL", "CM", "CP", "CR", "EX", "GL", "HY", "ID", "IN",
    "IS", "LF", "NL", "NS", "NU", "OP", "PO", "PR", "QU", "SA", "SP", "SY", "WJ", "ZW", "ZWJ",
    "HL", "RI", "EB", "EM", "JL", "JV", "JT", "H2", "H3",
]
# Classes the reduced UAX #14 resolves before storing (LB1 and the "normal" line-break level).
LINE_BREAK_ALIASES = {"AI": "AL", "XX": "AL", "SG": "AL", "CJ": "NS", "NL": "BK"}


def package_version(name):
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True)
    override = os.environ.get(name.upper().replace("-", "_") + "_VERSION")
    return out.stdout.strip() or override or "unknown"


def font_version(path):
    return TTFont(path, lazy=True)["name"].getDebugName(5)


def advances(path, first=0x20, last=INTER_LIMIT - 1, scale=1.0):
    font = TTFont(path)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    result = {}
    for cp, glyph in cmap.items():
        if first <= cp <= last and not (0x7F <= cp < 0xA0):
            result[cp] = round(hmtx[glyph][0] * scale)
    return result


def noto_advances(regular_weight):
    upm_target = 2816
    merged = {}
    for family, first, last in NOTO_SCRIPTS:
        regular_path = f"{NOTO_DIR}/{family}-Regular.ttf"
        upm = TTFont(regular_path, lazy=True)["head"].unitsPerEm
        regular = advances(regular_path, first, last, upm_target / upm)
        if regular_weight:
            merged.update(regular)
            continue
        bold = advances(f"{NOTO_DIR}/{family}-Bold.ttf", first, last, upm_target / upm)
        for cp, value in regular.items():
            merged[cp] = bold.get(cp, value)
    return merged


def unicode_ranges(prop):
    script = (
        "use Unicode::UCD qw(prop_invmap); my ($l, $m) = prop_invmap('%s');"
        "print \"$l->[$_]\\t$m->[$_]\\n\" for 0..$#$l;" % prop
    )
    out = subprocess.run(["perl", "-e", script], capture_output=True, text=True, check=True).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    return [(int(start), value) for start, value in rows]


def line_break_table():
    starts, classes = [], []
    for start, value in unicode_ranges("Line_Break"):
        if start > 0x3FFFF:
            break
        value = LINE_BREAK_ALIASES.get(value, value)
        if value not in LINE_BREAK_CLASSES:
            value = "AL"
        index = LINE_BREAK_CLASSES.index(value)
        if classes and classes[-1] == index:
            continue
        starts.append(start)
        classes.append(index)
    return starts, classes


def wide_ranges():
    pairs = []
    rows = unicode_ranges("East_Asian_Width")
    for i, (start, value) in enumerate(rows):
        end = rows[i + 1][0] - 1 if i + 1 < len(rows) else 0x10FFFF
        if value in ("W", "F"):
            if pairs and pairs[-1][1] == start - 1:
                pairs[-1][1] = end
            else:
                pairs.append([start, end])
    return pairs


def compositions(covered):
    """Canonical pairs (base, mark) -> composed code point, for every composed code point the
    tables cover: decomposed text ("u" + U+031B horn) is measured as the font draws it once
    shaped (the precomposed "ư", wider than "u")."""
    pairs = []
    for cp in sorted(covered):
        decomposition = unicodedata.decomposition(chr(cp))
        if not decomposition or decomposition.startswith("<"):
            continue
        parts = [int(part, 16) for part in decomposition.split()]
        if len(parts) == 2 and unicodedata.combining(chr(parts[1])):
            pairs.append((parts[0], parts[1], cp))
    return sorted(pairs)


def runs(codepoints):
    result = []
    for cp in sorted(codepoints):
        if result and result[-1][0] + result[-1][1] == cp:
            result[-1][1] += 1
        else:
            result.append([cp, 1])
    return result


def swift_array(name, type_name, values, per_line=16, doc=""):
    lines = [f"    /// {doc}", f"    static let {name}: [{type_name}] = ["]
    for i in range(0, len(values), per_line):
        lines.append("        " + ", ".join(str(v) for v in values[i:i + per_line]) + ",")
    lines.append("    ]")
    return "\n".join(lines)


def main():
    regular = advances(INTER_REGULAR)
    semibold = advances(INTER_SEMIBOLD)
    regular.update(noto_advances(True))
    semibold.update(noto_advances(False))
    codepoints = sorted(set(regular) | set(semibold))
    table_runs = runs(codepoints)
    emoji_font = TTFont(EMOJI)
    emoji_upm = emoji_font["head"].unitsPerEm
    emoji_advance = emoji_font["hmtx"][emoji_font.getBestCmap()[0x1F600]][0]
    pairs = compositions(set(regular))
    lb_starts, lb_classes = line_break_table()
    wide = wide_ranges()
    ucd_version = subprocess.run(
        ["perl", "-MUnicode::UCD", "-e", "print Unicode::UCD::UnicodeVersion()"],
        capture_output=True, text=True, check=True).stdout

    header = f"""// GENERATED FILE — do not edit. Regenerate from the package root with:
//     python3 scripts/widths/generate.py
// Generator: fontTools {fonttools_version}, Python {sys.version.split()[0]}.
// Fonts (Debian packages, advances from `hmtx`, no kerning):
//     {INTER_REGULAR.replace(INTER_DIR, "/usr/share/fonts/opentype/inter")}
//     {INTER_SEMIBOLD.replace(INTER_DIR, "/usr/share/fonts/opentype/inter")}
//         fonts-inter {package_version('fonts-inter')}, font version "{font_version(INTER_REGULAR)}"
//     /usr/share/fonts/truetype/noto/NotoSans{{Hebrew,Arabic,Devanagari,Thai}}-{{Regular,Bold}}.ttf
//         fonts-noto-core {package_version('fonts-noto-core')} (rescaled to 2816 units per em;
//         SemiBold = Bold)
//     /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
//         fonts-noto-color-emoji {package_version('fonts-noto-color-emoji')}
//         font version "{font_version(EMOJI)}"
// Unicode data: Perl Unicode::UCD {ucd_version} (Line_Break, East_Asian_Width); canonical
// compositions from Python unicodedata {unicodedata.unidata_version}.
// Data derived from SIL OFL fonts and the Unicode Character Database (Unicode licence)."""

    body = [
        header,
        "",
        "/// Font-derived tables the preview measures text with; see `scripts/widths/generate.py`.",
        "enum GlyphWidths {",
        "    /// Units per em of every advance below (Inter's own).",
        "    static let unitsPerEm: Double = 2816",
        f"    /// Noto Color Emoji advance in em ({emoji_advance}/{emoji_upm}), used for every emoji cluster.",
        f"    static let emojiAdvance: Double = {emoji_advance / emoji_upm:.6f}",
        swift_array("runStarts", "UInt32", [r[0] for r in table_runs],
                    doc="First code point of each run of consecutive covered code points."),
        swift_array("runLengths", "UInt16", [r[1] for r in table_runs],
                    doc="Number of code points in each run."),
        swift_array("regular", "UInt16", [regular.get(cp, 0xFFFF) for cp in codepoints],
                    doc="Regular advances, run after run (0xFFFF: glyph missing)."),
        swift_array("semibold", "UInt16", [semibold.get(cp, 0xFFFF) for cp in codepoints],
                    doc="SemiBold advances, in the same order as `regular`."),
        swift_array("lineBreakStarts", "UInt32", lb_starts, per_line=12,
                    doc="Start of each range of one UAX #14 class (up to U+3FFFF)."),
        swift_array("lineBreakClasses", "UInt8", lb_classes, per_line=24,
                    doc="`LineBreakClass` raw value of each range in `lineBreakStarts`."),
        swift_array("wideRanges", "UInt32", [v for pair in wide for v in pair], per_line=12,
                    doc="East Asian Wide/Fullwidth ranges as inclusive (first, last) pairs."),
        swift_array("compositionKeys", "UInt64", [(b << 21) | m for b, m, _ in pairs], per_line=8,
                    doc="Canonical (base << 21 | mark) pairs, sorted, whose composition is covered."),
        swift_array("compositions", "UInt32", [c for _, _, c in pairs], per_line=12,
                    doc="The composed code point of each pair in `compositionKeys`."),
        "}",
        "",
    ]
    with open(OUT, "w", encoding="utf-8") as out:
        out.write("\n".join(body))

    samples = ["a", "A", " ", "…", "ě", "ř", "ů", "ạ", "ệ", "đ", "0", "W", "—", "\u0301", "א", "ก"]
    fixture = {
        "unitsPerEm": 2816,
        "emojiAdvance": round(emoji_advance / emoji_upm, 6),
        "advances": [
            {"character": s, "codepoint": f"U+{ord(s):04X}",
             "regular": regular[ord(s)], "semibold": semibold[ord(s)],
             "regular15pt": round(regular[ord(s)] / 2816 * 15, 4),
             "semibold17pt": round(semibold[ord(s)] / 2816 * 17, 4)}
            for s in samples
        ],
    }
    with open(FIXTURE, "w", encoding="utf-8") as out:
        json.dump(fixture, out, ensure_ascii=False, indent=2)
        out.write("\n")
    print(f"{len(codepoints)} code points in {len(table_runs)} runs; "
          f"{len(lb_starts)} line-break ranges; {len(wide)} wide ranges")
    for entry in fixture["advances"]:
        print(f"  {entry['codepoint']} {entry['character']!r}: regular {entry['regular']}, "
              f"semibold {entry['semibold']} units")


if __name__ == "__main__":
    main()
