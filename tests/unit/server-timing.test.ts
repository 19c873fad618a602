import { describe, expect, it } from "vitest";
import { parseServerTiming, summarizeServerTiming } from "../../scripts/server-timing.mjs";

describe("parseServerTiming", () => {
  it("reads durations and descriptions, quoted or not", () => {
    expect(
      parseServerTiming('loader;dur=1.25, render;dur=3, cache;desc="hit", db;desc=main;dur=0.5'),
    ).toEqual([
      { name: "loader", dur: 1.25 },
      { name: "render", dur: 3 },
      { name: "cache", desc: "hit" },
      { name: "db", desc: "main", dur: 0.5 },
    ]);
  });

  it("keeps commas and semicolons inside quotes, and the first of a repeated parameter", () => {
    expect(parseServerTiming('total;desc="a, b; c";dur=2;dur=9')).toEqual([
      { name: "total", desc: "a, b; c", dur: 2 },
    ]);
  });

  it("ignores empty entries and durations that are not numbers", () => {
    expect(parseServerTiming(" , render;dur=fast,,")).toEqual([{ name: "render" }]);
    expect(parseServerTiming(null)).toEqual([]);
  });
});

describe("summarizeServerTiming", () => {
  it("averages each metric over the requests that carried it and counts cache outcomes", () => {
    const summary = summarizeServerTiming([
      'loader;dur=2, render;dur=4, cache;desc="miss"',
      'cache;desc="hit"',
      'loader;dur=1, loader;dur=1, render;dur=2, cache;desc="hit"',
      null,
    ]);
    expect(summary).toEqual({
      requests: 4,
      metrics: {
        loader: { meanMs: 2, requests: 2 },
        render: { meanMs: 3, requests: 2 },
      },
      cache: { miss: 1, hit: 2 },
    });
  });
});
