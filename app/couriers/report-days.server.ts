import type { Kysely, SelectQueryBuilder } from "kysely";
import {
  type CalendarDate,
  addDays,
  compareDates,
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
