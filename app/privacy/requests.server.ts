import type { Kysely, Selectable } from "kysely";
import { bumpRevision } from "~/content/store.server";
import type { ChatSettings } from "~/orders/message.server";
import { formatOrderNumber } from "~/orders/order-number";
import { FINAL_STATUSES } from "~/orders/status";
import { normalizePhone } from "~/phone/phone";
import { phoneKey } from "~/phone/phone-key.server";
import { type CalendarDate, addDays, parseIsoDate, toIsoDate } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import { maskedPhone } from "~/shopper/tracking";
import type {
  Database,
  Order,
  PrivacyOutcome,
  PrivacyRequestKind,
  PrivacyRequestsTable,
} from "../../db/schema";
import { depersonaliseOrders } from "./retention.server";

/** Georgia's law gives ten days to answer a person's request (D35). */
export const ANSWER_WITHIN_DAYS = 10;

export type PrivacyRequest = Selectable<PrivacyRequestsTable>;

/** Who the desk looks for: a phone in any spelling, or an order number. */
export type PersonQuery = { kind: "phone"; phone: string } | { kind: "order"; orderNumber: number };

/** A phone in any spelling or an order number (`#000123`, `123`); null for anything else. */
export function parsePersonQuery(raw: string): PersonQuery | null {
  const phone = normalizePhone(raw);
  if (phone) return { kind: "phone", phone };
  const number = /^#?\s*(\d{1,6})$/.exec(raw.trim());
  if (number) {
    const orderNumber = Number(number[1]);
    if (orderNumber > 0) return { kind: "order", orderNumber };
  }
  return null;
}

/** How a request names its person: a masked phone, never the whole number. */
export function subjectOf(query: PersonQuery): string {
  return query.kind === "phone"
    ? maskedPhone(query.phone)
    : `#${formatOrderNumber(query.orderNumber)}`;
}

/**
 * The person's orders: every order of the phone (by its keyed hash, so depersonalised ones
 * too); for an order number, every order of that order's phone. Oldest first.
 */
export async function personOrders(
  db: Kysely<Database>,
  who: { phoneKey: string | null; orderNumber: number | null },
): Promise<Order[]> {
  let key = who.phoneKey;
  if (!key && who.orderNumber !== null) {
    const order = await db
      .selectFrom("orders")
      .select(["id", "phone_key"])
      .where("order_number", "=", who.orderNumber)
      .executeTakeFirst();
    if (!order) return [];
    if (!order.phone_key)
      return db.selectFrom("orders").selectAll().where("id", "=", order.id).execute();
    key = order.phone_key;
  }
  if (!key) return [];
  return db
    .selectFrom("orders")
    .selectAll()
    .where("phone_key", "=", key)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Logs a request the day it came (the ten days count from `receivedOn`). */
export async function openRequest(
  db: Kysely<Database>,
  input: {
    query: PersonQuery;
    kind: PrivacyRequestKind;
    receivedOn: CalendarDate;
    actor: string;
    now: number;
    /** PHONE_HASH_KEY: a request for a phone is stored by the phone's keyed hash (D35). */
    phoneHashKey: string;
  },
): Promise<number> {
  const { query } = input;
  const row = await db
    .insertInto("privacy_requests")
    .values({
      received_on: toIsoDate(input.receivedOn),
      kind: input.kind,
      subject: subjectOf(query),
      phone_key: query.kind === "phone" ? phoneKey(query.phone, input.phoneHashKey) : null,
      order_number: query.kind === "order" ? query.orderNumber : null,
      created_at: isoAt(input.now),
      created_by: input.actor,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every request, the open ones first (the oldest deadline first), then the answered. */
export async function listRequests(db: Kysely<Database>): Promise<PrivacyRequest[]> {
  const rows = await db.selectFrom("privacy_requests").selectAll().orderBy("id", "desc").execute();
  const open = rows.filter((row) => !row.done_at).reverse();
  return [...open, ...rows.filter((row) => row.done_at)];
}

/** The request an address names (`/desk/privacy/{id}`), or a 404 answer to throw. */
export async function requestOfParam(
  db: Kysely<Database>,
  param: string | undefined,
): Promise<PrivacyRequest> {
  const id = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  const found =
    id === null
      ? null
      : await db.selectFrom("privacy_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!found) throw new Response("No such request.", { status: 404 });
  return found;
}

/** Days left to answer (negative: late), or null once answered. */
export function daysLeft(request: PrivacyRequest, today: CalendarDate): number | null {
  if (request.done_at) return null;
  const received = parseIsoDate(request.received_on);
  if (!received) return null;
  const deadline = addDays(received, ANSWER_WITHIN_DAYS);
  return Math.round((utcDay(deadline) - utcDay(today)) / 86_400_000);
}

function utcDay(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

function whoOf(request: PrivacyRequest) {
  return { phoneKey: request.phone_key, orderNumber: request.order_number };
}

/** Everything the shop holds on the request's person, as the export shows it. */
export async function personData(db: Kysely<Database>, request: PrivacyRequest) {
  const orders = await personOrders(db, whoOf(request));
  const ids = orders.map((order) => order.id);
  const [items, events, messages, chats, reviews] =
    ids.length === 0
      ? [[], [], [], [], []]
      : await Promise.all([
          db
            .selectFrom("order_items")
            .selectAll()
            .where("order_id", "in", ids)
            .orderBy("id")
            .execute(),
          db
            .selectFrom("order_events")
            .select([
              "order_id",
              "at",
              "actor",
              "kind",
              "from_status",
              "to_status",
              "note",
              "note_key",
              "note_values",
            ])
            .where("order_id", "in", ids)
            .orderBy("id")
            .execute(),
          db
            .selectFrom("notifications")
            .select(["order_id", "chat_id", "topic", "text", "status", "sent_at", "created_at"])
            .where("order_id", "in", ids)
            .orderBy("id")
            .execute(),
          db.selectFrom("shopper_chats").selectAll().where("order_id", "in", ids).execute(),
          db.selectFrom("reviews").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
        ]);
  return {
    orders: orders.map((order) => ({
      number: formatOrderNumber(order.order_number),
      placedAt: order.created_at,
      status: order.status,
      name: order.name,
      phone: order.phone,
      address: order.address,
      messenger: order.messenger,
      email: order.email,
      deliveryDate: order.delivery_date,
      deliveryTime: order.delivery_time,
      language: order.language,
      total: order.total,
      source: order.source,
      pinnedNote: order.pinned_note,
      depersonalisedAt: order.depersonalised_at,
      items: items
        .filter((item) => item.order_id === order.id)
        .map(({ item_key, title, qty, price, subtotal }) => ({
          item_key,
          title,
          qty,
          price,
          subtotal,
        })),
      events: events
        .filter((event) => event.order_id === order.id)
        .map(({ order_id: _, ...event }) => event),
      telegramChats: chats
        .filter((chat) => chat.order_id === order.id)
        .map(({ chat_id, linked_at }) => ({ chat_id, linked_at })),
      messages: messages
        .filter((message) => message.order_id === order.id)
        .map(({ order_id: _, ...message }) => message),
      reviews: reviews
        .filter((review) => review.order_id === order.id)
        .map(({ item_key, rating, body, author, language, status, created_at }) => ({
          item_key,
          rating,
          body,
          author,
          language,
          status,
          created_at,
        })),
    })),
  };
}

export type PersonData = Awaited<ReturnType<typeof personData>>;

async function finish(
  db: Kysely<Database>,
  id: number,
  outcome: PrivacyOutcome,
  actor: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("privacy_requests")
    .set({ done_at: isoAt(now), done_by: actor, outcome })
    .where("id", "=", id)
    .where("done_at", "is", null)
    .execute();
}

/** An export was handed over: a request to see the data is answered by it. */
export async function markExported(
  db: Kysely<Database>,
  request: PrivacyRequest,
  input: { actor: string; now: number; found: number },
): Promise<void> {
  if (request.kind === "access")
    await finish(db, request.id, input.found ? "exported" : "nothing", input.actor, input.now);
}

export type EraseResult =
  | { outcome: "erased"; orders: number }
  | { outcome: "nothing" }
  | { outcome: "open"; numbers: string[] };

/**
 * Depersonalises the person's orders at once, as the retention sweep would, and removes
 * their reviews. What accounting needs stays (numbers, dates, items, totals, statuses). An
 * order still on its way is named and nothing changes: it has to end first.
 */
export async function eraseRequest(
  db: Kysely<Database>,
  request: PrivacyRequest,
  input: { actor: string; now: number; chat: ChatSettings | null },
): Promise<EraseResult> {
  const orders = await personOrders(db, whoOf(request));
  const open = orders.filter((order) => !FINAL_STATUSES.includes(order.status));
  if (open.length > 0)
    return { outcome: "open", numbers: open.map((order) => formatOrderNumber(order.order_number)) };
  const ids = orders.map((order) => order.id);
  const changed = await db.transaction().execute(async (trx) => {
    const done = await depersonaliseOrders(trx, ids, input.now, input.chat);
    if (ids.length > 0) {
      const removed = await trx
        .deleteFrom("reviews")
        .where("order_id", "in", ids)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) await bumpRevision(trx);
    }
    return done.length;
  });
  await finish(db, request.id, orders.length ? "erased" : "nothing", input.actor, input.now);
  return orders.length ? { outcome: "erased", orders: changed } : { outcome: "nothing" };
}
