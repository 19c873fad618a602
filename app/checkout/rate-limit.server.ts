import type { Kysely } from "kysely";
import type { Clock } from "~/platform/clock";
import { RATE_WINDOW_MS } from "~/platform/limits";
import { hitThrottle } from "~/platform/throttle.server";
import type { Database } from "../../db/schema";

export { RATE_WINDOW_MS };
/** Requests whose address is unknown share one bucket this many times larger. */
export const SHARED_BUCKET_FACTOR = 10;

export interface RateLimiter {
  /** Counts one order for `key`; says whether it may go ahead and, if not, when to retry. */
  hit(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

/**
 * A sliding window per key, counted in the database (D12, D28): every process of the
 * shop counts the same orders, and a restart forgets none.
 */
export function createRateLimiter(
  db: Kysely<Database>,
  limit: (key: string) => number,
  now: Clock,
  windowMs = RATE_WINDOW_MS,
): RateLimiter {
  return {
    async hit(key) {
      const max = limit(key);
      if (max <= 0) return { ok: true };
      const verdict = await hitThrottle(db, `order:${key}`, max, windowMs, now());
      return verdict.ok
        ? { ok: true }
        : { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
    },
  };
}

const SHARED = "shared";

/**
 * Who is ordering, as far as the server can tell. Behind our own proxies (TRUST_PROXY)
 * it is the address the outermost of them saw: `hops` X-Forwarded-For entries from the
 * right. The entries to the left of it were written by the client and prove nothing,
 * so the first one is never used. Without a proxy it is the socket's own address; when
 * neither is known, every such client shares one larger bucket, so a flood is still capped.
 * `proxy` is the shop's TRUST_PROXY and TRUST_PROXY_HOPS (`shop.config`).
 */
export function clientKey(
  request: Request,
  socketAddress: string | undefined,
  proxy: { trustProxy: boolean; trustProxyHops: number },
): string {
  if (proxy.trustProxy) {
    const entries = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const seen = entries[entries.length - proxy.trustProxyHops];
    if (seen && seen.length <= 64) return `ip:${seen}`;
  }
  return socketAddress ? `ip:${socketAddress}` : SHARED;
}

/**
 * The limiter for new orders: `perClient` (ORDER_RATE_LIMIT) per client per 10 minutes (0
 * turns it off).
 */
export function orderRateLimiter(db: Kysely<Database>, now: Clock, perClient: number): RateLimiter {
  return createRateLimiter(
    db,
    (key) => (key === SHARED ? perClient * SHARED_BUCKET_FACTOR : perClient),
    now,
  );
}
