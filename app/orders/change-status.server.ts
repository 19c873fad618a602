import { randomUUID } from "node:crypto";
import { type Insertable, type Kysely, type Transaction, sql } from "kysely";
import { giveBackStock, retakeStock } from "~/catalog/stock.server";
import { recordChanges } from "~/content/activity.server";
import { handoffUndone, settleHandoff, undoHandoff } from "~/couriers/settle.server";
import { isoAt } from "~/platform/clock";
import { releaseUses, retakeUses } from "~/promotions/uses.server";
import { REVIEW_AFTER_DAYS, reviewWindow } from "~/reviews/model";
import { queueShopperNotices } from "~/shopper/notices.server";
import {
  queueReviewAsk,
  queueStatusMessage,
  reviewAskTopic,
  statusTopic,
  withdrawReviewAsk,
  withdrawStatusMessage,
} from "~/shopper/shopper-messages.server";
import type { Database, Order, OrderEvent, OrderEventsTable, OrderStatus } from "../../db/schema";
import { type SystemNote, systemNoteColumns } from "./event-note";
import { PINNED_MAX, storedTags, tagsOf } from "./labels";
import { type ChatSettings, refreshOrderMessages } from "./message.server";
import { cleanNote } from "./note";
import { formatOrderNumber } from "./order-number";
import { type UndoRight, transition, undoRight } from "./status";

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
  /** Columns that change with the status, in the same update (a hand-off's courier and day). */
  also?: Partial<Pick<Order, "courier_id" | "delivery_date" | "delivery_time">>;
  /** The action this move is part of (a bulk action's orders share one); a new one if none. */
  actionId?: string;
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
    .set({ ...input.also, status: input.to })
    .where("id", "=", order.id)
    .where("status", "=", from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    // Someone moved it meanwhile: to the same place (a double press by two people) is no
    // move at all; anywhere else refuses this one.
    const current = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    return {
      outcome: current.status === input.to ? "same" : "refused",
      order: current,
      from: current.status,
    };
  }
  // A cancelled order was never handed over; a refused one came back: its jars are on the shelf.
  // Its promotion code's use comes back too (D86).
  if (input.to === "cancelled" || input.to === "refused") {
    await giveBackStock(trx, order.id);
    await releaseUses(trx, order.id, now);
  }
  await settleHandoff(trx, order.id, input.to, input.systemNote, now);
  const eventId = await appendEvent(trx, order.id, input.actor, now, {
    kind: "status",
    from_status: from,
    to_status: input.to,
    action_id: input.actionId ?? randomUUID(),
    note: cleanNote(input.note),
    ...systemNoteColumns(input.systemNote),
  });
  const moved = { ...order, ...input.also, status: input.to };
  await refreshOrderMessages(trx, moved, chat, now);
  await queueStatusMessage(trx, moved, eventId, now);
  if (input.to === "confirmed")
    await queueShopperNotices(trx, "confirmed", moved, chat.messaging, {
      topic: statusTopic(eventId),
      now,
    });
  if (input.to === "delivered") {
    await queueReviewAsk(trx, moved, now, now, chat);
    const window = reviewWindow(now, chat.reviewAfterDays ?? REVIEW_AFTER_DAYS);
    if (window)
      await queueShopperNotices(trx, "delivered", moved, chat.messaging, {
        topic: reviewAskTopic(moved.id),
        now,
        dueAt: Math.max(now, window.from),
      });
  }
  return { outcome: "moved", order: moved, from };
}

/** Moves several orders, each on its own through `changeOrderStatus`: one refusal stops no other. */
export async function changeOrderStatuses(
  db: Kysely<Database>,
  input: Omit<StatusChangeInput, "orderNumber"> & { orderNumbers: readonly number[] },
  now: number,
  chat: ChatSettings,
): Promise<Array<{ orderNumber: number; change: StatusChange }>> {
  const { orderNumbers, ...change } = input;
  // One action: Undo and the timeline name exactly these orders together.
  change.actionId ??= randomUUID();
  const results = [];
  for (const orderNumber of new Set(orderNumbers)) {
    results.push({
      orderNumber,
      change: await changeOrderStatus(db, { ...change, orderNumber }, now, chat),
    });
  }
  return results;
}

/** A phone number nobody answered within this long is one call, however often it was pressed. */
export const CALL_GAP_MS = 60 * 1000;

export type NoAnswer = "recorded" | "same" | "notNew" | "notFound";

/**
 * Records a confirmation call nobody answered: the order's count of calls goes up and the
 * queue puts it back on top an hour later. Only a new order is called to be confirmed. Two
 * presses within a minute (two people, or one twice) are one call.
 */
export async function recordNoAnswer(
  db: Kysely<Database>,
  input: { orderNumber: number; actor: Actor },
  now: number,
  chat: ChatSettings,
): Promise<NoAnswer> {
  return db.transaction().execute((trx) => recordNoAnswerIn(trx, input, now, chat));
}

/** `recordNoAnswer` inside a transaction the caller holds (a chat's button press). */
export async function recordNoAnswerIn(
  trx: Transaction<Database>,
  input: { orderNumber: number; actor: Actor },
  now: number,
  chat: ChatSettings,
): Promise<NoAnswer> {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("order_number", "=", input.orderNumber)
    .executeTakeFirst();
  if (!order) return "notFound";
  if (order.status !== "new") return "notNew";
  const counted = await trx
    .updateTable("orders")
    .set({ calls: sql`calls + 1`, last_call_at: isoAt(now) })
    .where("id", "=", order.id)
    .where("status", "=", "new")
    .where((eb) =>
      eb.or([eb("last_call_at", "is", null), eb("last_call_at", "<", isoAt(now - CALL_GAP_MS))]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!counted) return "same";
  await appendEvent(trx, order.id, input.actor, now, {
    kind: "note",
    from_status: null,
    to_status: null,
    note: null,
    ...systemNoteColumns({ key: "event.noAnswer", values: { count: counted.calls } }),
  });
  await refreshOrderMessages(trx, counted, chat, now);
  return "recorded";
}

export interface UndoInput {
  orderNumber: number;
  /** The status event to undo. */
  eventId: number;
  actor: Actor & { staffId: number };
  owner: boolean;
  note?: string | null;
}

export type Undo =
  | { outcome: "undone"; order: Order }
  /** The order has changed since that event: only its latest change can be undone. */
  | { outcome: "changed" }
  | { outcome: "forbidden" }
  | { outcome: "needsNote" }
  /** The jars a cancellation gave back have been ordered since. */
  | { outcome: "stock" }
  /** The courier's day it belongs to is closed: only an owner, with a note, changes it. */
  | { outcome: "closedDay" }
  | { outcome: "notFound" };

/** The latest status change of an order, if any: the only one that can be undone. */
export async function latestStatusEvent(
  db: Kysely<Database> | Transaction<Database>,
  orderId: number,
) {
  return db
    .selectFrom("order_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("kind", "=", "status")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** What the person may do about an order's latest status change (undoRight on its event). */
export function undoRightOf(
  event: Pick<OrderEvent, "at" | "staff_id" | "undoes" | "from_status"> | undefined,
  person: { staffId: number; owner: boolean },
  now: number,
): UndoRight {
  if (!event?.from_status) return "none";
  return undoRight({ at: event.at, staffId: event.staff_id, undoes: event.undoes }, person, now);
}

/**
 * Undoes an order's latest status change, as an event of its own: the status goes back,
 * the stock a cancellation or refusal gave back is taken again, and every chat's message
 * follows. Only the latest change, and only by someone `undoRight` allows (an owner after
 * ten minutes writes why). Nothing changes when anything is amiss.
 */
export async function undoStatusChange(
  db: Kysely<Database>,
  input: UndoInput,
  now: number,
  chat: ChatSettings,
): Promise<Undo> {
  return db
    .transaction()
    .execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("order_number", "=", input.orderNumber)
        .executeTakeFirst();
      if (!order) return { outcome: "notFound" } as const;
      const event = await latestStatusEvent(trx, order.id);
      if (!event || event.id !== input.eventId || event.to_status !== order.status)
        return { outcome: "changed" } as const;
      const right = undoRightOf(event, { staffId: input.actor.staffId, owner: input.owner }, now);
      const note = cleanNote(input.note);
      if (right === "none" || !event.from_status) return { outcome: "forbidden" } as const;
      if (right === "withNote" && !note) return { outcome: "needsNote" } as const;
      const back = event.from_status;
      const handoff = await handoffUndone(trx, order.id, order.status, back);
      if (handoff?.closed_at && !(input.owner && note)) return { outcome: "closedDay" } as const;
      const updated = await trx
        .updateTable("orders")
        .set({ status: back })
        .where("id", "=", order.id)
        .where("status", "=", order.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { outcome: "changed" } as const;
      if (order.status === "cancelled" || order.status === "refused") {
        if (!(await retakeStock(trx, order.id))) throw new StockGone();
        await retakeUses(trx, order.id);
      }
      if (handoff) {
        await undoHandoff(trx, order.id, handoff);
        if (handoff.closed_at)
          await recordChanges(trx, {
            actor: input.actor,
            subject: { type: "cash", id: `${handoff.courier_id}/${handoff.day}` },
            changes: [
              {
                field: `order ${formatOrderNumber(order.order_number)}`,
                before: order.status,
                after: `${back} (${note})`,
              },
            ],
            now,
          });
      }
      // The shopper who was not told of the slip yet need not hear of it or its undo.
      const untold = await withdrawStatusMessage(trx, event.id, now);
      if (order.status === "delivered") await withdrawReviewAsk(trx, order.id);
      const undoId = await appendEvent(trx, order.id, input.actor, now, {
        kind: "status",
        from_status: order.status,
        to_status: back,
        note,
        undoes: event.id,
      });
      const restored = {
        ...order,
        status: back,
        ...(handoff?.handedBack ? { courier_id: null } : {}),
      };
      await refreshOrderMessages(trx, restored, chat, now);
      await queueStatusMessage(trx, restored, undoId, now, untold);
      return { outcome: "undone", order: restored } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof StockGone) return { outcome: "stock" } as const;
      throw error;
    });
}

/** Thrown inside an undo's transaction to roll it back when the stock is gone. */
class StockGone extends Error {}

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
 * Returns the event's id.
 */
export async function appendEvent(
  db: Kysely<Database> | Transaction<Database>,
  orderId: number,
  actor: Actor,
  now: number,
  event: Omit<Insertable<OrderEventsTable>, "order_id" | "at" | "actor" | "staff_id">,
): Promise<number> {
  const row = await db
    .insertInto("order_events")
    .values({
      ...event,
      order_id: orderId,
      at: isoAt(now),
      actor: actor.name,
      staff_id: actor.staffId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The pinned note (shown on the list, the slip and the chat's message) and the tags of an
 * order, saved together; each one that changed is an event with before → after, and the
 * chats' copies follow. Returns false when the order does not exist.
 */
export async function saveOrderLabels(
  db: Kysely<Database>,
  input: { orderNumber: number; actor: Actor; pinned: string; tags: readonly string[] },
  now: number,
  chat: ChatSettings,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("order_number", "=", input.orderNumber)
      .executeTakeFirst();
    if (!order) return false;
    const pinned = input.pinned.trim().slice(0, PINNED_MAX) || null;
    const tags = storedTags(input.tags);
    if (pinned === order.pinned_note && tags === order.tags) return true;
    await trx
      .updateTable("orders")
      .set({ pinned_note: pinned, tags })
      .where("id", "=", order.id)
      .execute();
    const changes = [
      ["pinned", order.pinned_note ?? "", pinned ?? ""],
      ["tags", tagsOf(order.tags).join(" "), tagsOf(tags).join(" ")],
    ] as const;
    for (const [field, before, after] of changes) {
      if (before === after) continue;
      await appendEvent(trx, order.id, input.actor, now, {
        kind: "note",
        from_status: null,
        to_status: null,
        note: null,
        ...systemNoteColumns({
          key: `event.${field}`,
          values: { before: before || "—", after: after || "—" },
        }),
      });
    }
    await refreshOrderMessages(trx, { ...order, pinned_note: pinned, tags }, chat, now);
    return true;
  });
}
