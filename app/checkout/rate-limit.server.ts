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
 * Who is ordering, as far as the server can tell: the first X-Forwarded-For address
 * behind a trusted proxy. remix-serve does not show the socket's address, so without a
 * proxy every client shares one larger bucket: a flood is still capped.
 */
export function clientKey(request: Request): string {
  if (!getConfig().trustProxy) return SHARED;
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded && forwarded.length <= 64 ? `ip:${forwarded}` : SHARED;
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
