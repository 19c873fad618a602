import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";

/**
 * Takes or renews the lease `name` for `holder` until `now + ms` (D28): granted when
 * nobody holds it, when `holder` already does, or when the last holder let it expire
 * (a crashed process). Kept in the database, so only one process of many runs the job.
 */
export async function acquireLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: number,
  ms: number,
): Promise<boolean> {
  const expiresAt = isoAt(now + ms);
  const renewed = await db
    .updateTable("leases")
    .set({ holder, expires_at: expiresAt })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("holder", "=", holder), eb("expires_at", "<=", isoAt(now))]))
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 1) return true;
  const taken = await db
    .insertInto("leases")
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Gives the lease up at once (an orderly shutdown), if `holder` still has it. */
export async function releaseLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
): Promise<void> {
  await db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
}
