import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/checkout/rate-limit.server";

describe("the order rate limit (D12)", () => {
  it("lets a client place its quota, then asks it to wait until the oldest falls out", () => {
    let clock = 0;
    const limiter = createRateLimiter(
      () => 3,
      600_000,
      () => clock,
    );
    expect([1, 2, 3].map(() => limiter.hit("a").ok)).toEqual([true, true, true]);
    clock = 60_000;
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 540 });
    expect(limiter.hit("b").ok).toBe(true);
    clock = 600_001;
    expect(limiter.hit("a").ok).toBe(true);
  });

  it("can be turned off and gives each key its own limit", () => {
    const off = createRateLimiter(() => 0);
    expect(Array.from({ length: 50 }, () => off.hit("x").ok).every(Boolean)).toBe(true);
    const perKey = createRateLimiter((key) => (key === "shared" ? 2 : 1));
    expect([perKey.hit("shared").ok, perKey.hit("shared").ok, perKey.hit("shared").ok]).toEqual([
      true,
      true,
      false,
    ]);
    expect([perKey.hit("ip:1").ok, perKey.hit("ip:1").ok]).toEqual([true, false]);
  });
});
