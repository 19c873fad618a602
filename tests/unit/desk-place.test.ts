import { describe, expect, it } from "vitest";
import { anchorOf, neighbourOf, postedPlace } from "~/desk/place";

describe("where a desk page comes back to", () => {
  it("names a card by its kind and id, a phone number by its digits", () => {
    expect(anchorOf("review", 12)).toBe("review-12");
    expect(anchorOf("blocked", "+995 599 12 34 56")).toBe("blocked-995599123456");
  });

  it("hands a card's place to the next one, else the one before, else the list", () => {
    const cards = ["review-1", "review-2", "review-3"];
    expect(neighbourOf(cards, 0, "list")).toBe("review-2");
    expect(neighbourOf(cards, 2, "list")).toBe("review-2");
    expect(neighbourOf(["review-1"], 0, "list")).toBe("list");
  });

  it("takes back into the address only a fragment the desk writes", () => {
    expect(postedPlace("review-12", "list")).toBe("review-12");
    expect(postedPlace("blocked-list", "list")).toBe("blocked-list");
    for (const bad of [
      null,
      "",
      "review",
      "x-1/../admin",
      "a-1#b",
      "review-1?x=1",
      `a-${"1".repeat(80)}`,
    ])
      expect(postedPlace(bad, "list")).toBe("list");
  });
});
