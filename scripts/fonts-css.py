#!/usr/bin/env python3
"""Write app/styles/fonts.css from the installed @fontsource packages: one @font-face per
script and weight, keeping each subset's unicode-range so browsers download only the
scripts a page shows. Run after upgrading a @fontsource package."""
import re
from pathlib import Path

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

out = [
    "/* Self-hosted Noto Sans (SIL OFL), one face per script and weight. Each face has a",
    "   unicode-range, so a page downloads only the scripts it shows. Generated from the",
    "   @fontsource packages by scripts/fonts-css.py; do not edit by hand. */",
    "",
]
for package, family, subsets in PLAN:
    for weight in WEIGHTS:
        css = (BASE / package / f"{weight}.css").read_text()
        for subset in subsets:
            name = f"{package}-{subset}-{weight}-normal"
            block = re.search(r"/\* " + re.escape(name) + r" \*/\s*@font-face\s*\{(.*?)\}", css, re.S)
            unicode_range = re.search(r"unicode-range:\s*([^;]+);", block.group(1)).group(1)
            out += [
                "@font-face {",
                f'  font-family: "{family}";',
                "  font-style: normal;",
                "  font-display: swap;",
                f"  font-weight: {weight};",
                f'  src: url("../../node_modules/@fontsource/{package}/files/{name}.woff2") format("woff2");',
                f"  unicode-range: {unicode_range};",
                "}",
                "",
            ]
(ROOT / "app" / "styles" / "fonts.css").write_text("\n".join(out))
