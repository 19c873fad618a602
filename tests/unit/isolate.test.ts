import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Isolated, isolate, isolateLeftToRight } from "~/i18n/isolate";

const html = (text: string) => renderToStaticMarkup(createElement(Isolated, { text }));

describe("values inside translated text", () => {
  it("isolates a value by its first strong letter, without invisible marks left in the text", () => {
    expect(html(`راسلنا على ${isolate("@kolkhida_shop")} الآن`)).toBe(
      "راسلنا على <bdi>@kolkhida_shop</bdi> الآن",
    );
    expect(html("no values")).toBe("no values");
  });

  it("keeps a date's format left to right, day first, in the words of a right-to-left language", () => {
    // Left alone, "يي.شش.سس" is one right-to-left run: the day would show at the right,
    // while the digits typed under it ("15.12.26") start with the day at the left.
    expect(html(`الصيغة: ${isolateLeftToRight("يي.شش.سس")}، من ${isolate("15.12.26")}`)).toBe(
      'الصيغة: <bdi dir="ltr"><bdi>يي</bdi>.<bdi>شش</bdi>.<bdi>سس</bdi></bdi>، من <bdi>15.12.26</bdi>',
    );
  });

  it("keeps a page's path in its order, each part between the slashes in its place", () => {
    expect(html(`صفحة المنتج هي ${isolateLeftToRight("/catalog/القسم/العنوان")}.`)).toBe(
      'صفحة المنتج هي <bdi dir="ltr">/<bdi>catalog</bdi>/<bdi>القسم</bdi>/<bdi>العنوان</bdi></bdi>.',
    );
  });
});
