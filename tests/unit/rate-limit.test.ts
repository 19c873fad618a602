import { describe, expect, it } from "vitest";
import { clientKey, createRateLimiter } from "~/checkout/rate-limit.server";

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

describe("who a client is (the rate limit's key)", () => {
  const request = (forwardedFor?: string) =>
    new Request("http://shop.test/checkout", {
      method: "POST",
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    });
  const direct = { trustProxy: false, trustProxyHops: 1 };
  const proxied = (hops: number) => ({ trustProxy: true, trustProxyHops: hops });

  it("is the socket's address without a proxy, whatever the client writes in headers", () => {
    expect(clientKey(request("9.9.9.9"), "198.51.100.4", direct)).toBe("ip:198.51.100.4");
    expect(clientKey(request(), undefined, direct)).toBe("shared");
  });

  it("is the entry our proxy appended, counted from the right, never the client's own first", () => {
    expect(clientKey(request("6.6.6.6, 203.0.113.9"), "10.0.0.1", proxied(1))).toBe(
      "ip:203.0.113.9",
    );
    expect(clientKey(request("6.6.6.6, 203.0.113.9, 10.0.0.2"), "10.0.0.1", proxied(2))).toBe(
      "ip:203.0.113.9",
    );
    // Fewer entries than proxies: the request did not come through them all.
    expect(clientKey(request("203.0.113.9"), "10.0.0.1", proxied(2))).toBe("ip:10.0.0.1");
  });
});
