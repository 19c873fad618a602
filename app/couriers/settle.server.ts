import type { Transaction } from "kysely";
import type { SystemNote } from "~/orders/event-note";
import { isoAt } from "~/platform/clock";
import type { Database, OrderStatus } from "../../db/schema";

/**
 * What a status change does to the order's hand-off (D68), in the change's own
 * transaction, however the change was made (the cash page, the order page, a chat's
 * button): delivered or refused settles the parcel the courier has; undone, it is the
 * courier's again. An order has at most one parcel out at a time (a unique index), and a
 * delivered one is final, so its cash is counted once, on one day, for one courier.
 */
export async function settleHandoff(
  trx: Transaction<Database>,
  orderId: number,
  to: OrderStatus,
  systemNote: SystemNote | undefined,
  now: number,
): Promise<void> {
  if (to !== "delivered" && to !== "refused") return;
  const reason = systemNote?.key.startsWith("refuseReason.")
    ? systemNote.key.slice("refuseReason.".length)
    : null;
  await trx
    .updateTable("handoffs")
    .set({ outcome: to, outcome_at: isoAt(now), reason: to === "refused" ? reason : null })
    .where("order_id", "=", orderId)
    .where("outcome", "is", null)
    .execute();
}

/** The hand-off an undo of a move from `current` back to `back` would reopen or take away. */
export async function handoffUndone(
  trx: Transaction<Database>,
  orderId: number,
  current: OrderStatus,
  back: OrderStatus,
) {
  const handedBack = current === "shipped" && back === "confirmed";
  const reopened = (current === "delivered" || current === "refused") && back === "shipped";
  if (!handedBack && !reopened) return null;
  const handoff = await trx
    .selectFrom("handoffs")
    .leftJoin("courier_days", (join) =>
      join
        .onRef("courier_days.courier_id", "=", "handoffs.courier_id")
        .onRef("courier_days.day", "=", "handoffs.day"),
    )
    .select([
      "handoffs.id",
      "handoffs.courier_id",
      "handoffs.day",
      "handoffs.outcome",
      "courier_days.closed_at",
    ])
    .where("handoffs.order_id", "=", orderId)
    .where((eb) =>
      handedBack
        ? eb("handoffs.outcome", "is", null)
        : eb("handoffs.outcome", "=", current as "delivered" | "refused"),
    )
    .orderBy("handoffs.id", "desc")
    .executeTakeFirst();
  return handoff ? { ...handoff, handedBack } : null;
}

/** Reopens or takes away the hand-off `handoffUndone` found. */
export async function undoHandoff(
  trx: Transaction<Database>,
  orderId: number,
  handoff: NonNullable<Awaited<ReturnType<typeof handoffUndone>>>,
): Promise<void> {
  if (handoff.handedBack) {
    await trx.deleteFrom("handoffs").where("id", "=", handoff.id).execute();
    await trx.updateTable("orders").set({ courier_id: null }).where("id", "=", orderId).execute();
    return;
  }
  await trx
    .updateTable("handoffs")
    .set({ outcome: null, outcome_at: null, reason: null })
    .where("id", "=", handoff.id)
    .execute();
}
