import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Isolated, isolate } from "~/i18n/isolate";
import { isolateLeftToRight } from "~/i18n/left-to-right";

const html = (text: string) => renderToStaticMarkup(createElement(Isolated, { text }));
const LRM = "\u200e";

describe("values inside translated text", () => {
  it("isolates a value by its first strong letter, without invisible marks left in the text", () => {
    expect(html(`راسلنا على ${isolate("@kolkhida_shop")} الآن`)).toBe(
      "راسلنا على <bdi>@kolkhida_shop</bdi> الآن",
    );
    expect(html("no values")).toBe("no values");
  });

  it("keeps a date's format left to right, day first, in the words of a right-to-left language", () => {
    // Left alone, "يي.شش.سس" is one right-to-left run: the day would show at the right,
    // while the digits typed under it ("15.12.26") start with the day at the left. The
    // marks make the isolate left to right and the dots part of it.
    expect(html(`الصيغة: ${isolateLeftToRight("يي.شش.سس")}، من ${isolate("15.12.26")}`)).toBe(
      `الصيغة: <bdi>${LRM}يي${LRM}.${LRM}شش${LRM}.${LRM}سس</bdi>، من <bdi>15.12.26</bdi>`,
    );
  });

  it("keeps a page's path in its order, each part between the slashes in its place", () => {
    expect(html(`صفحة المنتج هي ${isolateLeftToRight("/catalog/القسم/العنوان")}.`)).toBe(
      `صفحة المنتج هي <bdi>${LRM}${LRM}/${LRM}catalog${LRM}/${LRM}القسم${LRM}/${LRM}العنوان</bdi>.`,
    );
  });
});
