import type { Insertable, Kysely, Transaction } from "kysely";
import { giveBackStock } from "~/catalog/stock.server";
import { isoAt } from "~/platform/clock";
import type { Database, Order, OrderEventsTable, OrderStatus } from "../../db/schema";
import { type SystemNote, systemNoteColumns } from "./event-note";
import { type ChatSettings, refreshOrderMessages } from "./message.server";
import { cleanNote } from "./note";
import { transition } from "./status";

/** Who did something: a signed-in staff member, a Telegram user, or the system. */
export interface Actor {
  name: string;
  staffId: number | null;
}

export type StatusChange =
  | { outcome: "moved" | "same"; order: Order; from: OrderStatus }
  | { outcome: "refused"; order: Order; from: OrderStatus }
  | { outcome: "notFound" };

/**
 * Moves an order to another status (D24), the one way the desk, the chat's buttons and
 * the expiry job do it: in one transaction the order's status changes, an event records
 * when, who, from what to what and why, and every chat's copy of its message is due to
 * be edited (D25). The status it already has is a no-op; a move the rules do not allow
 * is refused and changes nothing. The update names the status it read, so two people
 * pressing at once cannot both move it. A cancelled or refused order gives its counted
 * stock back in the same transaction.
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  input: StatusChangeInput,
  now: number,
  chat: ChatSettings,
): Promise<StatusChange> {
  return db.transaction().execute((trx) => changeOrderStatusIn(trx, input, now, chat));
}

export interface StatusChangeInput {
  orderNumber: number;
  to: OrderStatus;
  actor: Actor;
  /** A person's note, as they wrote it. */
  note?: string | null;
  /** The shop's own note (the system's reasons), translated for each reader. */
  systemNote?: SystemNote;
}

/** `changeOrderStatus` inside a transaction the caller holds (with more work of its own). */
export async function changeOrderStatusIn(
  trx: Transaction<Database>,
  input: StatusChangeInput,
  now: number,
  chat: ChatSettings,
): Promise<StatusChange> {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("order_number", "=", input.orderNumber)
    .executeTakeFirst();
  if (!order) return { outcome: "notFound" };
  const from = order.status;
  const verdict = transition(from, input.to);
  if (verdict === "same") return { outcome: "same", order, from };
  if (verdict === "refused") return { outcome: "refused", order, from };
  const updated = await trx
    .updateTable("orders")
    .set({ status: input.to })
    .where("id", "=", order.id)
    .where("status", "=", from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { outcome: "refused", order, from };
  // A cancelled order was never handed over; a refused one came back: its jars are on the shelf.
  if (input.to === "cancelled" || input.to === "refused") await giveBackStock(trx, order.id);
  await appendEvent(trx, order.id, input.actor, now, {
    kind: "status",
    from_status: from,
    to_status: input.to,
    note: cleanNote(input.note),
    ...systemNoteColumns(input.systemNote),
  });
  const moved = { ...order, status: input.to };
  await refreshOrderMessages(trx, moved, chat, now);
  return { outcome: "moved", order: moved, from };
}

/** Adds a private note to an order's timeline; false when there is nothing to add. */
export async function addOrderNote(
  db: Kysely<Database>,
  input: { orderNumber: number; actor: Actor; note: string },
  now: number,
): Promise<boolean> {
  const note = cleanNote(input.note);
  if (!note) return false;
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("order_number", "=", input.orderNumber)
    .executeTakeFirst();
  if (!order) return false;
  await appendEvent(db, order.id, input.actor, now, {
    kind: "note",
    from_status: null,
    to_status: null,
    note,
  });
  return true;
}

/**
 * The one way something that happened to an order is written down: an event row, with
 * when and who. Rows are only ever added (D24): the timeline is the order's history.
 */
async function appendEvent(
  db: Kysely<Database> | Transaction<Database>,
  orderId: number,
  actor: Actor,
  now: number,
  event: Omit<Insertable<OrderEventsTable>, "order_id" | "at" | "actor" | "staff_id">,
): Promise<void> {
  await db
    .insertInto("order_events")
    .values({
      ...event,
      order_id: orderId,
      at: isoAt(now),
      actor: actor.name,
      staff_id: actor.staffId,
    })
    .execute();
}
