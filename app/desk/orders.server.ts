import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { type StatusCounts, statusCounts } from "~/couriers/report-days.server";
import { findOrder, itemsOf, phoneStandings } from "~/orders/read.server";
import { NO_ORDERS, type PhoneStanding } from "~/orders/standing";
import { orderStatuses } from "~/orders/status";
import { phoneKey } from "~/phone/phone-key.server";
import { PHONE_PREFIX } from "~/phone/prefix";
import { addDays, shopToday, startOfShopDay, toIsoDate } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Database, Order, OrderEvent, OrderItem, OrderStatus } from "../../db/schema";
import { type DeskFilter, type DeskTab, deliveryDateOf, parseQuery } from "./search";

export const DESK_PAGE_SIZE = 25;

type OrdersQuery = SelectQueryBuilder<Database, "orders", object>;

/** A Georgian number's own digits, after 995. */
const NATIONAL_DIGITS = 9;

/** Nine digits as the shop stores the number: `+995 555 123 456` (D30). */
function storedPhone(digits: string): string {
  return `${PHONE_PREFIX} ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

/** `%text%` for LIKE, with the wildcards of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The search field and the date range, as SQL both engines run. */
function applySearch(query: OrdersQuery, filter: DeskFilter, now: number): OrdersQuery {
  let narrowed = query;
  const parsed = parseQuery(filter.query);
  if (parsed.orderNumber !== null || parsed.phoneDigits !== null || parsed.text !== null) {
    narrowed = narrowed.where((eb) => {
      const either = [];
      if (parsed.orderNumber !== null) either.push(eb("order_number", "=", parsed.orderNumber));
      // A whole number (its nine digits, in any spelling) is the stored number (D30):
      // found through the phone's index. A part of one is looked for inside every number.
      if (parsed.phoneDigits !== null && parsed.phoneDigits.length === NATIONAL_DIGITS)
        either.push(eb("phone", "=", storedPhone(parsed.phoneDigits)));
      else if (parsed.phoneDigits !== null)
        either.push(
          eb(
            sql`replace(replace(phone, ' ', ''), '+', '')`,
            "like",
            containsPattern(parsed.phoneDigits),
          ),
        );
      if (parsed.text !== null) {
        const pattern = containsPattern(parsed.text);
        for (const column of ["address", "name", "email", "messenger"] as const)
          either.push(sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
      }
      return eb.or(either);
    });
  }
  if (filter.tag) {
    const pattern = `% ${filter.tag.replace(/[\\%_]/g, (char) => `\\${char}`)} %`;
    narrowed = narrowed.where(sql<boolean>`tags like ${pattern} escape '\\'`);
  }
  const delivery = deliveryDateOf(filter.delivery, shopToday(now));
  if (delivery) narrowed = narrowed.where("delivery_date", "=", toIsoDate(delivery));
  if (filter.from)
    narrowed = narrowed.where("created_at", ">=", isoAt(startOfShopDay(filter.from)));
  if (filter.until)
    narrowed = narrowed.where("created_at", "<", isoAt(startOfShopDay(addDays(filter.until, 1))));
  return narrowed;
}

function applyTab(query: OrdersQuery, tab: DeskTab): OrdersQuery {
  if (tab === "all") return query;
  return query.where("status", "=", tab);
}

/** A call nobody answered keeps an order off the top of the queue this long. */
export const CALL_AGAIN_AFTER_MS = 60 * 60 * 1000;

/**
 * The list's order. The queue of new orders: oldest first, those nobody answered within
 * the last hour after the rest. By delivery date: soonest first. Otherwise newest first.
 */
function applyOrder(query: OrdersQuery, filter: DeskFilter, now: number): OrdersQuery {
  if (filter.tab === "new" && filter.sort === "placed") {
    const calledRecently = sql<number>`case when last_call_at > ${isoAt(now - CALL_AGAIN_AFTER_MS)} then 1 else 0 end`;
    return query.orderBy(calledRecently).orderBy("created_at", "asc").orderBy("id", "asc");
  }
  if (filter.sort === "delivery")
    return query
      .orderBy(sql`case when delivery_date is null then 1 else 0 end`)
      .orderBy("delivery_date", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc");
  return query.orderBy("created_at", "desc").orderBy("id", "desc");
}

export interface DeskListRow {
  order: Order;
  items: OrderItem[];
}

/** What an export adds to a row: when it was delivered, and the staff's notes. */
export interface ExportExtras {
  deliveredAt: string | null;
  notes: string[];
}

/** The delivery time and private notes of several orders, in two queries. */
async function exportExtrasOf(
  db: Kysely<Database>,
  orderIds: number[],
): Promise<Map<number, ExportExtras>> {
  const extras = new Map<number, ExportExtras>();
  if (orderIds.length === 0) return extras;
  for (const id of orderIds) extras.set(id, { deliveredAt: null, notes: [] });
  const events = await db
    .selectFrom("order_events")
    .select(["order_id", "kind", "to_status", "at", "note", "note_key"])
    .where("order_id", "in", orderIds)
    .where((eb) =>
      eb.or([
        eb("to_status", "=", "delivered"),
        eb.and([eb("kind", "=", "note"), eb("note_key", "is", null)]),
      ]),
    )
    .orderBy("id")
    .execute();
  for (const event of events) {
    const extra = extras.get(event.order_id);
    if (!extra) continue;
    if (event.kind === "status") extra.deliveredAt = event.at;
    else if (event.note) extra.notes.push(event.note);
  }
  return extras;
}

/** A row of the desk's list, with how its phone's orders ended (D26). */
export interface DeskListEntry extends DeskListRow {
  standing: PhoneStanding;
}

export interface DeskList {
  rows: DeskListEntry[];
  /** Orders in the current tab, over all pages. */
  total: number;
  pageCount: number;
  /** Orders per tab under the same search and dates. */
  counts: Record<DeskTab, number>;
  /** Orders waiting to be confirmed, shop-wide whatever the search: the tab's title counts them. */
  waiting: number;
  /** Cash on delivery (D24): still with the courier, and already collected. */
  cashToCollect: number;
  cashCollected: number;
}

/** The desk's list (a page at a time, in `applyOrder`'s order) with its tab counts and cash sums. */
export async function listDeskOrders(
  db: Kysely<Database>,
  filter: DeskFilter,
  now: number,
  phoneHashKey: string,
): Promise<DeskList> {
  const base = applySearch(db.selectFrom("orders"), filter, now);
  const narrowed = Boolean(
    filter.query || filter.tag || filter.delivery || filter.from || filter.until,
  );
  // Every order by status: from the days' kept counts (D88), not a count of a million rows.
  const byStatus: StatusCounts = narrowed
    ? new Map(
        (
          await base
            .select([
              "status",
              db.fn.countAll<number>().as("count"),
              db.fn.sum<number>("total").as("sum"),
            ])
            .groupBy("status")
            .execute()
        ).map((row) => [row.status, { orders: Number(row.count), total: Number(row.sum ?? 0) }]),
      )
    : await statusCounts(db, shopToday(now));
  const countOf = (status: OrderStatus) => byStatus.get(status)?.orders ?? 0;
  const counts = {
    all: orderStatuses.reduce((sum, status) => sum + countOf(status), 0),
    ...Object.fromEntries(orderStatuses.map((status) => [status, countOf(status)])),
  } as Record<DeskTab, number>;

  const waiting = narrowed
    ? Number(
        (
          await db
            .selectFrom("orders")
            .where("status", "=", "new")
            .select(db.fn.countAll<number>().as("count"))
            .executeTakeFirst()
        )?.count ?? 0,
      )
    : counts.new;

  const total = counts[filter.tab];
  const pageCount = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const orders = await applyOrder(applyTab(base, filter.tab), filter, now)
    .selectAll()
    .limit(DESK_PAGE_SIZE)
    .offset((page - 1) * DESK_PAGE_SIZE)
    .execute();
  const [items, standings] = await Promise.all([
    itemsOf(
      db,
      orders.map((order) => order.id),
    ),
    phoneStandings(
      db,
      orders.map((order) => order.phone),
      phoneHashKey,
    ),
  ]);
  return {
    rows: orders.map((order) => ({
      order,
      items: items.get(order.id) ?? [],
      standing: standings.get(order.phone) ?? NO_ORDERS,
    })),
    total,
    pageCount,
    counts,
    waiting,
    cashToCollect: byStatus.get("shipped")?.total ?? 0,
    cashCollected: byStatus.get("delivered")?.total ?? 0,
  };
}

/** Every order from a phone number, newest first: the desk's list of them. */
export type PhoneOrders = Array<Pick<Order, "order_number" | "status" | "created_at" | "total">>;

export interface DeskOrder {
  order: Order;
  items: OrderItem[];
  events: OrderEvent[];
  /** How this phone's orders ended, and the orders themselves (D26). */
  history: PhoneStanding & { orders: PhoneOrders };
}

/**
 * One order with everything the desk shows about it, or null. `phoneHashKey` finds the
 * phone's other orders when the order has no hash of its own yet.
 */
export async function getDeskOrder(
  db: Kysely<Database>,
  orderNumber: number,
  phoneHashKey: string,
): Promise<DeskOrder | null> {
  const found = await findOrder(db, orderNumber);
  if (!found) return null;
  const { order } = found;
  const [events, orders] = await Promise.all([
    db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    // By the phone's keyed hash (D35): a depersonalised order of the same number counts.
    db
      .selectFrom("orders")
      .select(["order_number", "status", "created_at", "total"])
      .where("phone_key", "=", order.phone_key ?? phoneKey(order.phone, phoneHashKey))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
  ]);
  const standing = {
    count: orders.length,
    refused: orders.filter((row) => row.status === "refused").length,
    delivered: orders.filter((row) => row.status === "delivered").length,
  };
  return { ...found, events, history: { ...standing, orders } };
}

/**
 * Every order under a filter (the tab's rules apply, no paging), newest first, read in
 * batches after the last one seen, so an export never holds the whole table and an
 * order placed meanwhile neither repeats nor pushes another out.
 */
export async function* ordersForExport(
  db: Kysely<Database>,
  filter: DeskFilter,
  now: number,
  batchSize = 200,
): AsyncGenerator<DeskListRow & ExportExtras> {
  let last: Pick<Order, "created_at" | "id"> | null = null;
  for (;;) {
    let query = applyTab(applySearch(db.selectFrom("orders"), filter, now), filter.tab);
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
    const ids = orders.map((order) => order.id);
    const [items, extras] = await Promise.all([itemsOf(db, ids), exportExtrasOf(db, ids)]);
    for (const order of orders)
      yield {
        order,
        items: items.get(order.id) ?? [],
        ...(extras.get(order.id) ?? { deliveredAt: null, notes: [] }),
      };
    if (orders.length < batchSize) return;
    last = orders[orders.length - 1] ?? null;
  }
}
