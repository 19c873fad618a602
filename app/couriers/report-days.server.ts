import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import {
  type CalendarDate,
  addDays,
  compareDates,
  shopToday,
  startOfShopDay,
  toIsoDate,
} from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Database, ReportDaysTable } from "../../db/schema";

/**
 * The reports' figures a day at a time (D88): what one day's orders and hand-offs add up
 * to, worked out by the database, and kept in `report_days` until a trigger marks the day
 * changed. The reports (reports.server.ts) put the days together.
 */

export type ReportBasis = "placed" | "delivery";

type Db = Kysely<Database>;

/**
 * The groups one day's orders add up to (D88): the database sums them, a row a group,
 * never an order. Each group carries the smallest id it holds (`first`), so lists sorted
 * as the orders came keep that order.
 */
export interface DayGroups {
  /** status, language, source, zone, area, orders, total, fees, discounts, notHome, first */
  sums: Array<[string, string, string | null, string | null, string | null, ...number[]]>;
  /** item key, status, units, subtotal, title, first */
  items: Array<[string, string, number, number, string, number]>;
  /** promotion id, status, orders, discount, cash, first promotion row */
  promotions: Array<[number, string, number, number, number, number]>;
  /** status, orders that had a promotion */
  promoted: Array<[string, number]>;
}

/** courier id, outcome, parcels, amount: one day's hand-offs. */
export type HandoffGroups = Array<[number, string | null, number, number]>;

/** Days this close to today are always read afresh: new orders still land on them. */
const FRESH_DAYS = 3;

const n = (value: unknown) => Number(value ?? 0);

/** The orders of one day, by when they were placed (in Tbilisi) or their delivery date. */
function ofDay<Q extends SelectQueryBuilder<Database, "orders", object>>(
  query: Q,
  by: ReportBasis,
  day: CalendarDate,
): Q {
  return (
    by === "placed"
      ? query
          .where("orders.created_at", ">=", isoAt(startOfShopDay(day)))
          .where("orders.created_at", "<", isoAt(startOfShopDay(addDays(day, 1))))
      : query.where("orders.delivery_date", "=", toIsoDate(day))
  ) as Q;
}

export async function dayGroups(db: Db, by: ReportBasis, day: CalendarDate): Promise<DayGroups> {
  const [sums, items, promotions, promoted] = await Promise.all([
    ofDay(db.selectFrom("orders"), by, day)
      .select((eb) => [
        "orders.status",
        "orders.language",
        "orders.source",
        "orders.delivery_zone",
        "orders.delivery_area",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>("orders.total").as("total"),
        eb.fn.sum<number>("orders.delivery_fee").as("fees"),
        eb.fn.sum<number>("orders.discount").as("discounts"),
        eb.fn.sum<number>("orders.not_home").as("notHome"),
        eb.fn.min<number>("orders.id").as("first"),
      ])
      .groupBy([
        "orders.status",
        "orders.language",
        "orders.source",
        "orders.delivery_zone",
        "orders.delivery_area",
      ])
      .execute(),
    ofDay(
      db.selectFrom("order_items").innerJoin("orders", "orders.id", "order_items.order_id"),
      by,
      day,
    )
      .select((eb) => [
        "order_items.item_key",
        "orders.status",
        eb.fn.sum<number>("order_items.qty").as("units"),
        eb.fn.sum<number>("order_items.subtotal").as("subtotal"),
        eb.fn.max("order_items.title").as("title"),
        eb.fn.min<number>("order_items.order_id").as("first"),
      ])
      .groupBy(["order_items.item_key", "orders.status"])
      .execute(),
    ofDay(
      db
        .selectFrom("order_promotions")
        .innerJoin("orders", "orders.id", "order_promotions.order_id"),
      by,
      day,
    )
      .where("order_promotions.amount", ">", 0)
      .select((eb) => [
        "order_promotions.promotion_id",
        "orders.status",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>("order_promotions.amount").as("discount"),
        eb.fn.sum<number>("orders.total").as("total"),
        eb.fn.min<number>("order_promotions.id").as("first"),
      ])
      .groupBy(["order_promotions.promotion_id", "orders.status"])
      .execute(),
    ofDay(db.selectFrom("orders"), by, day)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("order_promotions")
            .select("order_promotions.id")
            .whereRef("order_promotions.order_id", "=", "orders.id")
            .where("order_promotions.amount", ">", 0),
        ),
      )
      .select((eb) => ["orders.status", eb.fn.countAll<number>().as("orders")])
      .groupBy("orders.status")
      .execute(),
  ]);
  return {
    sums: sums.map((row) => [
      row.status,
      row.language,
      row.source,
      row.delivery_zone,
      row.delivery_area,
      n(row.orders),
      n(row.total),
      n(row.fees),
      n(row.discounts),
      n(row.notHome),
      n(row.first),
    ]),
    items: items.map((row) => [
      row.item_key,
      row.status,
      n(row.units),
      n(row.subtotal),
      String(row.title),
      n(row.first),
    ]),
    promotions: promotions.map((row) => [
      row.promotion_id,
      row.status,
      n(row.orders),
      n(row.discount),
      n(row.total),
      n(row.first),
    ]),
    promoted: promoted.map((row) => [row.status, n(row.orders)]),
  };
}

export async function handoffGroups(db: Db, day: CalendarDate): Promise<HandoffGroups> {
  const rows = await db
    .selectFrom("handoffs")
    .select((eb) => [
      "courier_id",
      "outcome",
      eb.fn.countAll<number>().as("parcels"),
      eb.fn.sum<number>("amount").as("amount"),
    ])
    .where("day", "=", toIsoDate(day))
    .groupBy(["courier_id", "outcome"])
    .execute();
  return rows.map((row) => [row.courier_id, row.outcome, n(row.parcels), n(row.amount)]);
}

/**
 * Each day's groups: kept ones from `report_days`, the rest worked out now and kept when
 * nothing they count changed meanwhile (the stamp read before is still the stamp). The
 * last FRESH_DAYS days before `today` and any after are always worked out and never kept.
 */
export async function daysOf<T>(
  db: Db,
  basis: ReportDaysTable["basis"],
  range: { from: CalendarDate; to: CalendarDate },
  today: CalendarDate,
  work: (day: CalendarDate) => Promise<T>,
): Promise<Array<[string, T]>> {
  const keptBefore = toIsoDate(addDays(today, -FRESH_DAYS));
  const stored = new Map(
    (
      await db
        .selectFrom("report_days")
        .select(["day", "stamp", "figures"])
        .where("basis", "=", basis)
        .where("day", ">=", toIsoDate(range.from))
        .where("day", "<=", toIsoDate(range.to))
        .execute()
    ).map((row) => [row.day, row]),
  );
  const days: Array<[string, T]> = [];
  const keep: Array<{ day: string; stamp: number | null; figures: string }> = [];
  for (let day = range.from; compareDates(day, range.to) <= 0; day = addDays(day, 1)) {
    const iso = toIsoDate(day);
    const row = stored.get(iso);
    if (row?.figures && iso < keptBefore) {
      days.push([iso, JSON.parse(row.figures) as T]);
      continue;
    }
    const figures = await work(day);
    days.push([iso, figures]);
    if (iso < keptBefore)
      keep.push({
        day: iso,
        stamp: row ? Number(row.stamp) : null,
        figures: JSON.stringify(figures),
      });
  }
  if (keep.length > 0)
    await db.transaction().execute(async (trx) => {
      for (const one of keep) {
        if (one.stamp === null)
          await trx
            .insertInto("report_days")
            .values({ basis, day: one.day, stamp: 0, figures: one.figures })
            .onConflict((oc) => oc.columns(["basis", "day"]).doNothing())
            .execute();
        else
          await trx
            .updateTable("report_days")
            .set({ figures: one.figures })
            .where("basis", "=", basis)
            .where("day", "=", one.day)
            .where("stamp", "=", one.stamp)
            .execute();
      }
    });
  return days;
}

/** Later than any instant the shop stores (ISO text compares as time). */
const LAST_INSTANT = "9999-12-31T23:59:59.999Z";

/** Orders and their cash by status. */
export type StatusCounts = Map<string, { orders: number; total: number }>;

/**
 * Every order's status counted, with its cash (the desk's tabs, D88): kept days' counts
 * from `report_days`, days without them counted now by the hour they were placed (one
 * query a run of such days) and kept, and the last FRESH_DAYS days and any after counted
 * afresh. Costs what the days cost, not the orders: a million orders over three years read
 * about 1 100 small rows.
 */
export async function statusCounts(db: Db, today: CalendarDate): Promise<StatusCounts> {
  const counts: StatusCounts = new Map();
  const add = (status: string, orders: number, total: number) => {
    const sums = counts.get(status) ?? { orders: 0, total: 0 };
    sums.orders += orders;
    sums.total += total;
    counts.set(status, sums);
  };
  const freshFrom = addDays(today, -FRESH_DAYS);
  const [oldest, stored, fresh] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.min("created_at").as("at"))
      .executeTakeFirst(),
    db
      .selectFrom("report_days")
      .select(["day", "stamp", "counts"])
      .where("basis", "=", "placed")
      .where("day", "<", toIsoDate(freshFrom))
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => [
        "status",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>("total").as("total"),
      ])
      .where("created_at", ">=", isoAt(startOfShopDay(freshFrom)))
      // Bounded on both sides: SQLite, which keeps no statistics here, then reads the few
      // days through `orders_created_at` instead of every order through `orders_status`.
      .where("created_at", "<", LAST_INSTANT)
      .groupBy("status")
      .execute(),
  ]);
  for (const row of fresh) add(row.status, n(row.orders), n(row.total));
  if (!oldest?.at) return counts;
  const byDay = new Map(stored.map((row) => [row.day, row]));
  // Runs of days with no kept counts, oldest first.
  const runs: Array<{ from: CalendarDate; to: CalendarDate }> = [];
  for (
    let day = shopToday(Date.parse(String(oldest.at)));
    compareDates(day, freshFrom) < 0;
    day = addDays(day, 1)
  ) {
    const kept = byDay.get(toIsoDate(day))?.counts;
    if (kept) {
      for (const [status, orders, total] of JSON.parse(kept) as Array<[string, number, number]>)
        add(status, orders, total);
      continue;
    }
    const last = runs.at(-1);
    if (last && compareDates(addDays(last.to, 1), day) === 0) last.to = day;
    else runs.push({ from: day, to: day });
  }
  const keep: Array<{ day: string; stamp: number | null; counts: string }> = [];
  for (const run of runs) {
    const rows = await db
      .selectFrom("orders")
      .select((eb) => [
        sql<string>`substr(created_at, 1, 13)`.as("hour"),
        "status",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>("total").as("total"),
      ])
      .where("created_at", ">=", isoAt(startOfShopDay(run.from)))
      .where("created_at", "<", isoAt(startOfShopDay(addDays(run.to, 1))))
      .groupBy([sql`substr(created_at, 1, 13)`, "status"])
      .execute();
    const days = new Map<string, Map<string, [number, number]>>();
    for (const row of rows) {
      const day = toIsoDate(shopToday(Date.parse(`${row.hour}:00:00.000Z`)));
      const statuses = days.get(day) ?? new Map<string, [number, number]>();
      const [orders, total] = statuses.get(row.status) ?? [0, 0];
      statuses.set(row.status, [orders + n(row.orders), total + n(row.total)]);
      days.set(day, statuses);
      add(row.status, n(row.orders), n(row.total));
    }
    for (let day = run.from; compareDates(day, run.to) <= 0; day = addDays(day, 1)) {
      const iso = toIsoDate(day);
      const row = byDay.get(iso);
      keep.push({
        day: iso,
        stamp: row ? Number(row.stamp) : null,
        counts: JSON.stringify(
          [...(days.get(iso) ?? new Map<string, [number, number]>())].map(([status, sums]) => [
            status,
            ...sums,
          ]),
        ),
      });
    }
  }
  if (keep.length > 0)
    await db.transaction().execute(async (trx) => {
      for (const one of keep) {
        if (one.stamp === null)
          await trx
            .insertInto("report_days")
            .values({ basis: "placed", day: one.day, stamp: 0, counts: one.counts })
            .onConflict((oc) => oc.columns(["basis", "day"]).doNothing())
            .execute();
        else
          await trx
            .updateTable("report_days")
            .set({ counts: one.counts })
            .where("basis", "=", "placed")
            .where("day", "=", one.day)
            .where("stamp", "=", one.stamp)
            .execute();
      }
    });
  return counts;
}
