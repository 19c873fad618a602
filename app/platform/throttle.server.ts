import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import { type Job, createJob } from "~/platform/job.server";
import { groupTransaction } from "../../db/group-commit";
import type { Database } from "../../db/schema";

export interface ThrottleVerdict {
  ok: boolean;
  /** Seconds until the oldest counted attempt leaves the window (when refused). */
  retryAfterSeconds: number;
}

/**
 * How often each process removes the attempts whose window is over. A bucket may name a
 * client's address, so this bounds how long an address outlives its window (the privacy
 * page says how long that is).
 */
export const THROTTLE_SWEEP_MS = 60_000;

/**
 * Counts one attempt in `bucket` unless `limit` attempts already fell within the last
 * `windowMs`. Kept in the database, so every process counts the same attempts and a
 * restart forgets nothing. Each attempt carries the end of its own window, and only this
 * bucket's are touched here, so limits with different windows never cut each other short.
 * On SQLite the attempt shares its commit with the orders being placed (issue 40).
 */
export async function hitThrottle(
  db: Kysely<Database>,
  bucket: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<ThrottleVerdict> {
  return groupTransaction(db, async (trx) => {
    const since = isoAt(now - windowMs);
    await trx
      .deleteFrom("throttle_hits")
      .where("bucket", "=", bucket)
      .where("at", "<", since)
      .execute();
    const recent = await trx
      .selectFrom("throttle_hits")
      .select("at")
      .where("bucket", "=", bucket)
      .where("at", ">=", since)
      .orderBy("at")
      .execute();
    if (recent.length >= limit) {
      const oldest = Date.parse(recent[0]?.at ?? isoAt(now));
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
      };
    }
    await trx
      .insertInto("throttle_hits")
      .values({ bucket, at: isoAt(now), until: isoAt(now + windowMs) })
      .execute();
    return { ok: true, retryAfterSeconds: 0 };
  });
}

/**
 * Whether `bucket` holds `limit` attempts within the last `windowMs`, counting none: for a
 * limit on failures, asked before the attempt, which is counted only when it fails.
 */
export async function peekThrottle(
  db: Kysely<Database>,
  bucket: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<ThrottleVerdict> {
  const recent = await db
    .selectFrom("throttle_hits")
    .select("at")
    .where("bucket", "=", bucket)
    .where("at", ">=", isoAt(now - windowMs))
    .orderBy("at")
    .limit(limit)
    .execute();
  if (recent.length < limit) return { ok: true, retryAfterSeconds: 0 };
  const oldest = Date.parse(recent[0]?.at ?? isoAt(now));
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
}

/** Removes every attempt whose window is over at `now`; returns how many. */
export async function sweepThrottle(db: Kysely<Database>, now: number): Promise<number> {
  const removed = await db
    .deleteFrom("throttle_hits")
    .where("until", "<", isoAt(now))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** The sweep as a background job of every process: a row is gone within a minute of its window. */
export function createThrottleSweep(options: { db: Kysely<Database>; now: () => number }): Job {
  return createJob({
    name: "The throttle's sweep",
    everyMs: THROTTLE_SWEEP_MS,
    async run() {
      await sweepThrottle(options.db, options.now());
      return undefined;
    },
  });
}
