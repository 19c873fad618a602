import { describe, expect, it } from "vitest";
import {
  clampPage,
  dragThreshold,
  pageAfterDrag,
  pageCount,
  reviewsPerPage,
  slideInterval,
  wrap,
} from "~/ui/carousel/paging";

describe("reviews carousel (spec §4)", () => {
  it.each([
    [1920, 3],
    [1280, 3],
    [1279, 2],
    [900, 2],
    [899, 1],
    [375, 1],
    [0, 1],
  ])("shows %i px wide: %i per page", (width, perPage) => {
    expect(reviewsPerPage(width)).toBe(perPage);
  });

  it("counts pages of eight reviews", () => {
    expect([3, 2, 1].map((perPage) => pageCount(8, perPage))).toEqual([3, 4, 8]);
    expect(pageCount(0, 3)).toBe(1);
  });

  it("turns the page only past 18 % of the viewport, 120 px when it is unknown", () => {
    expect(dragThreshold(1000)).toBe(180);
    expect(dragThreshold(375)).toBeCloseTo(67.5);
    expect(dragThreshold(undefined)).toBe(120);
    expect(dragThreshold(Number.NaN)).toBe(120);
    expect(pageAfterDrag(1, 4, -181, 180, false)).toBe(2);
    expect(pageAfterDrag(1, 4, -179, 180, false)).toBe(1);
    expect(pageAfterDrag(1, 4, 200, 180, false)).toBe(0);
  });

  it("runs the other way in right-to-left layouts and stops at the ends", () => {
    expect(pageAfterDrag(1, 4, 200, 180, true)).toBe(2);
    expect(pageAfterDrag(1, 4, -200, 180, true)).toBe(0);
    expect(pageAfterDrag(3, 4, -500, 180, false)).toBe(3);
    expect(clampPage(-1, 4)).toBe(0);
    expect(clampPage(9, 4)).toBe(3);
  });
});

describe("slideshow (spec §4)", () => {
  it("waits 500000 ms after the start and after an arrow, 5000 ms after a dot", () => {
    expect(slideInterval("start")).toBe(500_000);
    expect(slideInterval("arrow")).toBe(500_000);
    expect(slideInterval("dot")).toBe(5_000);
  });

  it("wraps around the three slides", () => {
    expect(wrap(3, 3)).toBe(0);
    expect(wrap(-1, 3)).toBe(2);
  });
});
