import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Comments are blanked, keeping their line breaks so the line numbers stay true.
const css = readFileSync(join(import.meta.dirname, "../../app/styles/app.css"), "utf8").replace(
  /\/\*[\s\S]*?\*\//g,
  (comment) => comment.replace(/[^\n]/g, ""),
);

/** Declarations that name a physical side, so they do not mirror in Hebrew and Arabic. */
const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right|top|bottom)(?:-[a-z]+)?\s*:/,
  /(?:^|[\s;{])(?:left|right|top|bottom)\s*:/,
  /(?:^|[\s;{])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/,
  // A four-value margin or padding sets the left and right sides apart.
  /(?:^|[\s;{])(?:margin|padding)\s*:\s*(?:[^\s;{}]+\s+){3}[^\s;{}]+\s*(?:;|})/,
];

describe("the stylesheet mirrors for right-to-left (logical properties only)", () => {
  it("names no physical side", () => {
    const found = css
      .split("\n")
      .map((line, index) => ({ line: line.trim(), number: index + 1 }))
      .filter(({ line }) => PHYSICAL.some((pattern) => pattern.test(line)));
    expect(found).toEqual([]);
  });
});
