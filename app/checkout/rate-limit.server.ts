import { getConfig } from "~/config.server";

export const RATE_WINDOW_MS = 10 * 60 * 1000;
/** Requests whose address is unknown share one bucket this many times larger. */
export const SHARED_BUCKET_FACTOR = 10;

export interface RateLimiter {
  /** Counts one order for `key`; says whether it may go ahead and, if not, when to retry. */
  hit(key: string): { ok: true } | { ok: false; retryAfterSeconds: number };
}

/** A sliding window of timestamps per key, kept in memory (one process, D12). */
export function createRateLimiter(
  limit: (key: string) => number,
  windowMs = RATE_WINDOW_MS,
  now = Date.now,
): RateLimiter {
  const hits = new Map<string, number[]>();
  let sweep = now();
  return {
    hit(key) {
      const current = now();
      if (current - sweep > windowMs) {
        for (const [bucket, times] of hits)
          if (times.every((time) => current - time > windowMs)) hits.delete(bucket);
        sweep = current;
      }
      const max = limit(key);
      if (max <= 0) return { ok: true };
      const recent = (hits.get(key) ?? []).filter((time) => current - time < windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        const oldest = recent[0] ?? current;
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - current) / 1000)),
        };
      }
      recent.push(current);
      hits.set(key, recent);
      return { ok: true };
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
 */
export function clientKey(
  request: Request,
  socketAddress: string | undefined,
  proxy: { trustProxy: boolean; trustProxyHops: number } = getConfig(),
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

let orderLimiter: RateLimiter | null = null;

/** The limiter for new orders: ORDER_RATE_LIMIT per client per 10 minutes (0 turns it off). */
export function orderRateLimiter(): RateLimiter {
  if (!orderLimiter) {
    const perClient = getConfig().orderRateLimit;
    orderLimiter = createRateLimiter((key) =>
      key === SHARED ? perClient * SHARED_BUCKET_FACTOR : perClient,
    );
  }
  return orderLimiter;
}
