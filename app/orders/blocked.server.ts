import type { Kysely } from "kysely";
import { recordChanges } from "~/content/activity.server";
import type { Actor } from "~/content/activity.server";
import { normalizePhone } from "~/phone/phone";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";
import { BLOCK_REASON_MAX } from "./blocked";

/**
 * Whether checkouts from this (normalised) phone are refused. A refused attempt is counted
 * on the block in the same statement, so the owner sees how often the number tried.
 */
export async function refuseIfBlocked(
  db: Kysely<Database>,
  phone: string,
  now: number,
): Promise<boolean> {
  const hit = await db
    .updateTable("blocked_phones")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), last_attempt_at: isoAt(now) }))
    .where("phone", "=", phone)
    .returning("phone")
    .executeTakeFirst();
  return hit !== undefined;
}

export type BlockOutcome = "blocked" | "exists" | "phone" | "reason";

/**
 * Blocks a number in any spelling (D30: stored as normalised) with the owner's reason, and
 * records who did it in the activity trail. Nothing changes on a bad number or no reason.
 */
export async function blockPhone(
  db: Kysely<Database>,
  input: { phone: string; reason: string; actor: Actor },
  now: number,
): Promise<BlockOutcome> {
  const phone = normalizePhone(input.phone);
  if (!phone) return "phone";
  const reason = input.reason.trim().slice(0, BLOCK_REASON_MAX);
  if (!reason) return "reason";
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("blocked_phones")
      .values({ phone, reason, blocked_by: input.actor.name, created_at: isoAt(now) })
      .onConflict((oc) => oc.column("phone").doNothing())
      .returning("phone")
      .executeTakeFirst();
    if (!inserted) return "exists";
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "phone", id: phone },
      changes: [{ field: "blocked", before: null, after: reason }],
      now,
    });
    return "blocked";
  });
}

/** Lifts a block, recorded with the reason it had. False when the number was not blocked. */
export async function unblockPhone(
  db: Kysely<Database>,
  input: { phone: string; actor: Actor },
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("blocked_phones")
      .where("phone", "=", input.phone)
      .returning("reason")
      .executeTakeFirst();
    if (!removed) return false;
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "phone", id: input.phone },
      changes: [{ field: "blocked", before: removed.reason, after: null }],
      now,
    });
    return true;
  });
}

export async function listBlockedPhones(db: Kysely<Database>) {
  return db.selectFrom("blocked_phones").selectAll().orderBy("created_at", "desc").execute();
}
