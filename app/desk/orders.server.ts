import { type Kysely, type SelectQueryBuilder, type Transaction, sql } from "kysely";
import { type SystemNote, systemNoteColumns } from "~/orders/event-note";
import { type ChatSettings, refreshOrderMessages } from "~/orders/message.server";
import { addDays, startOfShopDay } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Database, Order, OrderEvent, OrderItem, OrderStatus } from "../../db/schema";
import { needsAction, orderStatuses, transition } from "../orders/status";
import { NOTE_MAX } from "./limits";
import { type DeskFilter, type DeskTab, parseQuery } from "./search";

export const DESK_PAGE_SIZE = 25;

/** Who did something: a signed-in staff member, a Telegram user, or the system. */
export interface Actor {
  name: string;
  staffId: number | null;
}

type OrdersQuery = SelectQueryBuilder<Database, "orders", object>;

/** `%text%` for LIKE, with the wildcards of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The search field and the date range, as SQL both engines run. */
function applySearch(query: OrdersQuery, filter: DeskFilter): OrdersQuery {
  let narrowed = query;
  const parsed = parseQuery(filter.query);
  if (parsed.orderNumber !== null || parsed.phoneDigits !== null || parsed.text !== null) {
    narrowed = narrowed.where((eb) => {
      const either = [];
      if (parsed.orderNumber !== null) either.push(eb("order_number", "=", parsed.orderNumber));
      if (parsed.phoneDigits !== null)
        either.push(
          eb(
            sql`replace(replace(phone, ' ', ''), '+', '')`,
            "like",
            containsPattern(parsed.phoneDigits),
          ),
        );
      if (parsed.text !== null)
        either.push(sql<boolean>`lower(address) like ${containsPattern(parsed.text)} escape '\\'`);
      return eb.or(either);
    });
  }
  if (filter.from)
    narrowed = narrowed.where("created_at", ">=", isoAt(startOfShopDay(filter.from)));
  if (filter.until)
    narrowed = narrowed.where("created_at", "<", isoAt(startOfShopDay(addDays(filter.until, 1))));
  return narrowed;
}

function applyTab(query: OrdersQuery, tab: DeskTab): OrdersQuery {
  if (tab === "all") return query;
  if (tab === "action") return query.where("status", "in", needsAction);
  return query.where("status", "=", tab);
}

export interface DeskListRow {
  order: Order;
  items: OrderItem[];
}

/** A row of the desk's list, with how many orders from its phone were refused (D26). */
export interface DeskListEntry extends DeskListRow {
  refused: number;
}

export interface DeskList {
  rows: DeskListEntry[];
  /** Orders in the current tab, over all pages. */
  total: number;
  pageCount: number;
  /** Orders per tab under the same search and dates. */
  counts: Record<DeskTab, number>;
  /** Cash on delivery (D24): still with the courier, and already collected. */
  cashToCollect: number;
  cashCollected: number;
}

/** The desk's list (newest first, a page at a time) with its tab counts and cash sums. */
export async function listDeskOrders(db: Kysely<Database>, filter: DeskFilter): Promise<DeskList> {
  const base = applySearch(db.selectFrom("orders"), filter);
  const grouped = await base
    .select(["status", db.fn.countAll<number>().as("count"), db.fn.sum<number>("total").as("sum")])
    .groupBy("status")
    .execute();
  const byStatus = new Map(grouped.map((row) => [row.status, row]));
  const countOf = (status: OrderStatus) => Number(byStatus.get(status)?.count ?? 0);
  const counts = {
    action: needsAction.reduce((sum, status) => sum + countOf(status), 0),
    all: orderStatuses.reduce((sum, status) => sum + countOf(status), 0),
    ...Object.fromEntries(orderStatuses.map((status) => [status, countOf(status)])),
  } as Record<DeskTab, number>;

  const total = counts[filter.tab];
  const pageCount = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const orders = await applyTab(base, filter.tab)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(DESK_PAGE_SIZE)
    .offset((page - 1) * DESK_PAGE_SIZE)
    .execute();
  const [items, refused] = await Promise.all([
    itemsOf(
      db,
      orders.map((order) => order.id),
    ),
    refusedByPhone(
      db,
      orders.map((order) => order.phone),
    ),
  ]);
  return {
    rows: orders.map((order) => ({
      order,
      items: items.get(order.id) ?? [],
      refused: refused.get(order.phone) ?? 0,
    })),
    total,
    pageCount,
    counts,
    cashToCollect: Number(byStatus.get("shipped")?.sum ?? 0),
    cashCollected: Number(byStatus.get("delivered")?.sum ?? 0),
  };
}

async function refusedByPhone(db: Kysely<Database>, phones: string[]) {
  const counts = new Map<string, number>();
  if (phones.length === 0) return counts;
  const rows = await db
    .selectFrom("orders")
    .select(["phone", db.fn.countAll<number>().as("count")])
    .where("phone", "in", [...new Set(phones)])
    .where("status", "=", "refused")
    .groupBy("phone")
    .execute();
  for (const row of rows) counts.set(row.phone, Number(row.count));
  return counts;
}

/**
 * Whether staff should call before this order ships (D26): it has not left yet and its
 * phone has refused at least `holdAfterRefusals` parcels. A mark, never a refusal.
 */
export function callBeforeShipping(
  status: OrderStatus,
  refused: number,
  holdAfterRefusals: number,
): boolean {
  return (status === "new" || status === "confirmed") && refused >= holdAfterRefusals;
}

async function itemsOf(db: Kysely<Database>, orderIds: number[]) {
  const byOrder = new Map<number, OrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

/** How a phone number's orders ended: the desk's and the chat's one-line history (D26). */
export interface PhoneHistory {
  orders: Array<Pick<Order, "order_number" | "status" | "created_at" | "total">>;
  refused: number;
  delivered: number;
}

/** Every order from a phone number, newest first (orders are linked by phone, D26). */
export async function phoneHistory(db: Kysely<Database>, phone: string): Promise<PhoneHistory> {
  const orders = await db
    .selectFrom("orders")
    .select(["order_number", "status", "created_at", "total"])
    .where("phone", "=", phone)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return {
    orders,
    refused: orders.filter((order) => order.status === "refused").length,
    delivered: orders.filter((order) => order.status === "delivered").length,
  };
}

export interface DeskOrder {
  order: Order;
  items: OrderItem[];
  events: OrderEvent[];
  history: PhoneHistory;
}

/** One order with everything the desk shows about it, or null. */
export async function getDeskOrder(
  db: Kysely<Database>,
  orderNumber: number,
): Promise<DeskOrder | null> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("order_number", "=", orderNumber)
    .executeTakeFirst();
  if (!order) return null;
  const [items, events, history] = await Promise.all([
    db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    phoneHistory(db, order.phone),
  ]);
  return { order, items, events, history };
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
 * pressing at once cannot both move it.
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
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      at: isoAt(now),
      actor: input.actor.name,
      staff_id: input.actor.staffId,
      kind: "status",
      from_status: from,
      to_status: input.to,
      note: cleanNote(input.note),
      ...systemNoteColumns(input.systemNote),
    })
    .execute();
  const moved = { ...order, status: input.to };
  await refreshOrderMessages(trx, moved, chat, now);
  return { outcome: "moved", order: moved, from };
}

function cleanNote(note: string | null | undefined): string | null {
  const text = (note ?? "").trim().slice(0, NOTE_MAX);
  return text.length > 0 ? text : null;
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
  await db
    .insertInto("order_events")
    .values({
      order_id: order.id,
      at: isoAt(now),
      actor: input.actor.name,
      staff_id: input.actor.staffId,
      kind: "note",
      from_status: null,
      to_status: null,
      note,
    })
    .execute();
  return true;
}

/**
 * Every order under a filter (the tab's rules apply, no paging), newest first, read in
 * batches after the last one seen, so an export never holds the whole table and an
 * order placed meanwhile neither repeats nor pushes another out.
 */
export async function* ordersForExport(
  db: Kysely<Database>,
  filter: DeskFilter,
  batchSize = 200,
): AsyncGenerator<DeskListRow> {
  let last: Pick<Order, "created_at" | "id"> | null = null;
  for (;;) {
    let query = applyTab(applySearch(db.selectFrom("orders"), filter), filter.tab);
    if (last) {
      const { created_at, id } = last;
      query = query.where((eb) =>
        eb.or([
          eb("created_at", "<", created_at),
          eb.and([eb("created_at", "=", created_at), eb("id", "<", id)]),
        ]),
      );
    }
    const orders = await query
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(batchSize)
      .execute();
    const items = await itemsOf(
      db,
      orders.map((order) => order.id),
    );
    for (const order of orders) yield { order, items: items.get(order.id) ?? [] };
    if (orders.length < batchSize) return;
    last = orders[orders.length - 1] ?? null;
  }
}
