import { describe, expect, it } from "vitest";
import { restartDelay } from "../../server/primary.mjs";

describe("restartDelay", () => {
  const now = 1_000_000;

  it("replaces a lone dead worker at once", () => {
    expect(restartDelay([now], now)).toBe(0);
    // Deaths a minute ago no longer count.
    expect(restartDelay([now - 60_000, now - 61_000, now], now)).toBe(0);
  });

  it("waits longer while workers keep dying, thirty seconds at most", () => {
    expect(restartDelay([now - 500, now], now)).toBe(1000);
    expect(restartDelay([now - 900, now - 500, now], now)).toBe(2000);
    expect(restartDelay([now - 5000, now - 4000, now - 3000, now - 900, now], now)).toBe(8000);
    expect(
      restartDelay(
        Array.from({ length: 20 }, (_, index) => now - index),
        now,
      ),
    ).toBe(30_000);
  });
});
