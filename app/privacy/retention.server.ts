import { type Kysely, type Transaction, sql } from "kysely";
import { type ChatSettings, refreshOrderMessages } from "~/orders/message.server";
import { FINAL_STATUSES } from "~/orders/status";
import { shopToday, toIsoDate } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import { type Job, createJob } from "~/platform/job.server";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;
/** Orders depersonalised in one transaction, so a long sweep never holds the database. */
const BATCH = 200;
/** How often each process looks whether today's sweep has run. */
export const SWEEP_POLL_MS = 60 * 60_000;

export interface Retention {
  /** Days an order's personal data is kept after delivery. */
  deliveredDays: number;
  /** Days after a refusal or a cancellation. */
  undeliveredDays: number;
}

/** The corrections whose before → after are a person's data (`event.edited.*`). */
const PERSONAL_EDITS = ["address", "phone", "name", "messenger", "email"].map(
  (field) => `event.edited.${field}`,
);
const REMOVED = JSON.stringify({ before: "—", after: "—" });

/**
 * Clears what identifies the person in these orders (D35): address, phone, name,
 * messenger, e-mail, the pinned note and every note staff typed, the before → after of a
 * correction to those fields, the shopper's Telegram chats and every message sent or queued
 * for them (so no chat id of the shopper stays).
 * Kept: number, dates, items, totals, statuses and who changed them, and the phone's
 * keyed hash (the refusal memory). The order's message in the desk chats is edited to
 * match. Returns the orders it changed; ones already depersonalised are left alone but for
 * the shopper's chats, removed from those too.
 */
export async function depersonaliseOrders(
  trx: Transaction<Database>,
  orderIds: number[],
  now: number,
  chat: ChatSettings | null,
): Promise<number[]> {
  if (orderIds.length === 0) return [];
  // The shopper's chats and every message the shop sent or meant to send them (a topic
  // each) name the shopper's Telegram chat: they go, for orders depersonalised earlier too.
  await trx.deleteFrom("shopper_chats").where("order_id", "in", orderIds).execute();
  await trx
    .deleteFrom("notifications")
    .where("order_id", "in", orderIds)
    .where("topic", "is not", null)
    .where("channel", "=", "telegram")
    .execute();
  // An SMS or e-mail not sent yet will not be; one that went keeps only that it went, when
  // and at what cost (the reports count them): its number or address and its words go.
  await trx
    .deleteFrom("notifications")
    .where("order_id", "in", orderIds)
    .where("channel", "!=", "telegram")
    .where("status", "=", "pending")
    .execute();
  await trx
    .updateTable("notifications")
    .set((eb) => ({
      chat_id: sql<string>`${"removed:"} || cast(${eb.ref("id")} as text)`,
      text: "",
      subject: null,
      html: null,
      headers: null,
    }))
    .where("order_id", "in", orderIds)
    .where("channel", "!=", "telegram")
    .where("chat_id", "not like", "removed:%")
    .execute();
  const changed = await trx
    .updateTable("orders")
    .set({
      address: "",
      phone: "",
      name: null,
      messenger: null,
      email: null,
      pinned_note: null,
      depersonalised_at: isoAt(now),
    })
    .where("id", "in", orderIds)
    .where("depersonalised_at", "is", null)
    .returningAll()
    .execute();
  const ids = changed.map((order) => order.id);
  if (ids.length === 0) return [];
  await trx
    .updateTable("order_events")
    .set({ note: null })
    .where("order_id", "in", ids)
    .where("note", "is not", null)
    .execute();
  await trx
    .updateTable("order_events")
    .set({ note_values: REMOVED })
    .where("order_id", "in", ids)
    .where("note_key", "in", PERSONAL_EDITS)
    .execute();
  await trx.updateTable("handoffs").set({ reason: null }).where("order_id", "in", ids).execute();
  if (chat) for (const order of changed) await refreshOrderMessages(trx, order, chat, now);
  else
    await trx.updateTable("notifications").set({ text: "" }).where("order_id", "in", ids).execute();
  return ids;
}

/**
 * The orders whose keeping time is over at `now`: final for more than `deliveredDays`
 * (delivered) or `undeliveredDays` (refused, cancelled), counted from the status event
 * that made them final (the order's own date when it has none).
 */
export async function dueForDepersonalising(
  db: Db,
  retention: Retention,
  now: number,
  limit = BATCH,
): Promise<number[]> {
  const deliveredBefore = isoAt(now - retention.deliveredDays * DAY_MS);
  const undeliveredBefore = isoAt(now - retention.undeliveredDays * DAY_MS);
  // An order turns final after it was placed: one placed after both limits cannot be due,
  // so the sweep reads only the older orders still holding personal data (their index).
  const placedBefore = deliveredBefore > undeliveredBefore ? deliveredBefore : undeliveredBefore;
  const rows = await db
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.depersonalised_at", "is", null)
    .where("orders.created_at", "<=", placedBefore)
    .where("orders.status", "in", [...FINAL_STATUSES])
    .where((eb) => {
      const finalAt = eb.fn.coalesce(
        eb
          .selectFrom("order_events")
          .select((inner) => inner.fn.max("order_events.at").as("at"))
          .whereRef("order_events.order_id", "=", "orders.id")
          .where("order_events.kind", "=", "status")
          .whereRef("order_events.to_status", "=", "orders.status"),
        eb.ref("orders.created_at"),
      );
      return eb.or([
        eb.and([eb("orders.status", "=", "delivered"), eb(finalAt, "<=", deliveredBefore)]),
        eb.and([eb("orders.status", "!=", "delivered"), eb(finalAt, "<=", undeliveredBefore)]),
      ]);
    })
    .orderBy("orders.created_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Depersonalises every order whose keeping time is over; returns how many. */
export async function sweepRetention(
  db: Kysely<Database>,
  options: { retention: Retention; now: number; chat: ChatSettings | null },
): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const due = await dueForDepersonalising(trx, options.retention, options.now);
      return {
        due: due.length,
        changed: (await depersonaliseOrders(trx, due, options.now, options.chat)).length,
      };
    });
    total += done.changed;
    if (done.due < BATCH) return total;
  }
}

/**
 * Runs today's sweep if no process has: the first to insert the day's row runs it (the
 * others' inserts do nothing), so any number of workers run it once a day. Returns the
 * orders depersonalised, or null when today's sweep was someone else's.
 */
export async function sweepOncePerDay(
  db: Kysely<Database>,
  options: { retention: Retention; now: number; chat: ChatSettings | null },
): Promise<number | null> {
  const day = toIsoDate(shopToday(options.now));
  const claimed = await db
    .insertInto("privacy_sweeps")
    .values({ day, started_at: isoAt(options.now) })
    .onConflict((oc) => oc.column("day").doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const orders = await sweepRetention(db, options);
  await db
    .updateTable("privacy_sweeps")
    .set({ finished_at: isoAt(options.now), orders })
    .where("day", "=", day)
    .execute();
  return orders;
}

/** The daily retention sweep as a background job of every process (it runs once a day). */
export function createRetentionJob(options: {
  db: Kysely<Database>;
  now: () => number;
  retention: Retention;
  chat: ChatSettings | null;
  onChanged: () => void;
}): Job {
  return createJob({
    name: "The retention sweep",
    everyMs: SWEEP_POLL_MS,
    async run() {
      const orders = await sweepOncePerDay(options.db, {
        retention: options.retention,
        now: options.now(),
        chat: options.chat,
      });
      if (orders) options.onChanged();
      return undefined;
    },
  });
}
