import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";

export interface ThrottleVerdict {
  ok: boolean;
  /** Seconds until the oldest counted attempt leaves the window (when refused). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt in `bucket` unless `limit` attempts already fell within the last
 * `windowMs`. Kept in the database, so every process counts the same attempts and a
 * restart forgets nothing. Old attempts are swept as new ones come.
 */
export async function hitThrottle(
  db: Kysely<Database>,
  bucket: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<ThrottleVerdict> {
  return db.transaction().execute(async (trx) => {
    const since = isoAt(now - windowMs);
    await trx.deleteFrom("throttle_hits").where("at", "<", since).execute();
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
      .values({ bucket, at: isoAt(now) })
      .execute();
    return { ok: true, retryAfterSeconds: 0 };
  });
}
