#!/usr/bin/env python3
"""Write app/styles/fonts.css from the installed @fontsource packages: one @font-face per
script and weight, keeping each subset's unicode-range so browsers download only the
scripts a page shows. Run after upgrading a @fontsource package.

Every price carries the lari sign (U+20BE), which Noto Sans keeps in its latin-ext file
(about 58 KB a weight). So that a Russian or Arabic page does not download that file for
one glyph, the sign gets a face of its own, cut from the same file with fontTools
(`pip install fonttools brotli`) into app/styles/fonts/.

Text faces are `font-display: optional`: a face that is not there within the browser's
short block period is not swapped in later on that page, so text never moves when a font
arrives (layout shift, decision 033); the next page has it from the cache. The lari sign
alone keeps `swap`: a system without the glyph would otherwise show a box in every price,
and one glyph moving a few pixels is far below what a shopper notices."""
import re
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "node_modules" / "@fontsource"
PLAN = [
    ("noto-sans", "Noto Sans", ["latin", "latin-ext", "cyrillic"]),
    ("noto-sans-georgian", "Noto Sans Georgian", ["georgian"]),
    ("noto-sans-armenian", "Noto Sans Armenian", ["armenian"]),
    ("noto-sans-hebrew", "Noto Sans Hebrew", ["hebrew"]),
    ("noto-sans-arabic", "Noto Sans Arabic", ["arabic"]),
]
WEIGHTS = ["400", "700"]
LARI = 0x20BE


def without(unicode_range: str, code: int) -> str:
    """The unicode-range with one code point taken out of whichever span holds it."""
    spans = []
    for part in (p.strip()[2:] for p in unicode_range.split(",")):
        first, _, last = part.partition("-")
        low, high = int(first, 16), int(last or first, 16)
        pieces = [(low, code - 1), (code + 1, high)] if low <= code <= high else [(low, high)]
        spans += [(a, b) for a, b in pieces if a <= b]
    return ", ".join(f"U+{a:04X}" if a == b else f"U+{a:04X}-{b:04X}" for a, b in spans)


def face(
    family: str, weight: str, url: str, unicode_range: str, display: str = "optional"
) -> list[str]:
    return [
        "@font-face {",
        f'  font-family: "{family}";',
        "  font-style: normal;",
        f"  font-display: {display};",
        f"  font-weight: {weight};",
        f'  src: url("{url}") format("woff2");',
        f"  unicode-range: {unicode_range};",
        "}",
        "",
    ]


def cut_lari(weight: str) -> str:
    """Writes the lari sign alone as a woff2; returns its URL relative to fonts.css."""
    source = BASE / "noto-sans" / "files" / f"noto-sans-latin-ext-{weight}-normal.woff2"
    target = ROOT / "app" / "styles" / "fonts" / f"noto-sans-lari-{weight}-normal.woff2"
    target.parent.mkdir(exist_ok=True)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[LARI])
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    return f"./fonts/{target.name}"


out = [
    "/* Self-hosted Noto Sans (SIL OFL), one face per script and weight. Each face has a",
    "   unicode-range, so a page downloads only the scripts it shows. Generated from the",
    "   @fontsource packages by scripts/fonts-css.py; do not edit by hand. */",
    "",
]
for package, family, subsets in PLAN:
    for weight in WEIGHTS:
        css = (BASE / package / f"{weight}.css").read_text()
        for subset_name in subsets:
            name = f"{package}-{subset_name}-{weight}-normal"
            block = re.search(r"/\* " + re.escape(name) + r" \*/\s*@font-face\s*\{(.*?)\}", css, re.S)
            unicode_range = re.search(r"unicode-range:\s*([^;]+);", block.group(1)).group(1)
            url = f"../../node_modules/@fontsource/{package}/files/{name}.woff2"
            if subset_name == "latin-ext":
                out += face(family, weight, url, without(unicode_range, LARI))
                out += face(family, weight, cut_lari(weight), f"U+{LARI:04X}", "swap")
            else:
                out += face(family, weight, url, unicode_range)
(ROOT / "app" / "styles" / "fonts.css").write_text("\n".join(out))
