import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientKey, createRateLimiter } from "~/checkout/rate-limit.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

describe("the order rate limit (D12)", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("rate");
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("lets a client place its quota, then asks it to wait until the oldest falls out", async () => {
    let clock = Date.parse("2026-11-22T10:00:00Z");
    const limiter = createRateLimiter(
      db,
      () => 3,
      () => clock,
      600_000,
    );
    for (let order = 0; order < 3; order++) expect((await limiter.hit("a")).ok).toBe(true);
    clock += 60_000;
    expect(await limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 540 });
    expect((await limiter.hit("b")).ok).toBe(true);
    clock += 540_001;
    expect((await limiter.hit("a")).ok).toBe(true);
  });

  it("counts in the database: another process, or the next start, sees the same orders", async () => {
    const clock = () => Date.parse("2026-11-22T10:00:00Z");
    const first = createRateLimiter(db, () => 2, clock);
    const second = createRateLimiter(db, () => 2, clock);
    expect((await first.hit("ip:1")).ok).toBe(true);
    expect((await second.hit("ip:1")).ok).toBe(true);
    expect((await first.hit("ip:1")).ok).toBe(false);
  });

  it("can be turned off and gives each key its own limit", async () => {
    const clock = () => Date.parse("2026-11-22T10:00:00Z");
    const off = createRateLimiter(db, () => 0, clock);
    for (let order = 0; order < 20; order++) expect((await off.hit("x")).ok).toBe(true);
    const perKey = createRateLimiter(db, (key) => (key === "shared" ? 2 : 1), clock);
    const shared = [];
    for (let order = 0; order < 3; order++) shared.push((await perKey.hit("shared")).ok);
    expect(shared).toEqual([true, true, false]);
    expect([(await perKey.hit("ip:1")).ok, (await perKey.hit("ip:1")).ok]).toEqual([true, false]);
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
