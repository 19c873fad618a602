import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** A stylesheet with its comments blanked, keeping their line breaks so the line numbers stay true. */
function stylesheet(name: string): string {
  return readFileSync(join(import.meta.dirname, "../../app/styles", name), "utf8").replace(
    /\/\*[\s\S]*?\*\//g,
    (comment) => comment.replace(/[^\n]/g, ""),
  );
}

/** Declarations that name a physical side, so they do not mirror in Hebrew and Arabic. */
const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right|top|bottom)(?:-[a-z]+)?\s*:/,
  /(?:^|[\s;{])(?:left|right|top|bottom)\s*:/,
  /(?:^|[\s;{])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/,
  // A four-value margin or padding sets the left and right sides apart.
  /(?:^|[\s;{])(?:margin|padding)\s*:\s*(?:[^\s;{}]+\s+){3}[^\s;{}]+\s*(?:;|})/,
];

describe("the stylesheets mirror for right-to-left (logical properties only)", () => {
  it.each(["app.css", "desk.css"])("%s names no physical side", (name) => {
    const found = stylesheet(name)
      .split("\n")
      .map((line, index) => ({ line: line.trim(), number: index + 1 }))
      .filter(({ line }) => PHYSICAL.some((pattern) => pattern.test(line)));
    expect(found).toEqual([]);
  });
});
