import type { Kysely } from "kysely";
import { DIRECT_SOURCE } from "~/analytics/origin";
import type { DeliveryZone } from "~/delivery/zones";
import { type CalendarDate, addDays, shopToday, toIsoDate } from "~/platform/calendar";
import type { Database, PromotionKind } from "../../db/schema";
import { refusalRate } from "./model";
import { placeOf } from "./places";
import {
  type DayGroups,
  type ReportBasis,
  dayGroups,
  daysOf,
  handoffGroups,
} from "./report-days.server";

/**
 * The owner's numbers (D68), worked out from the orders themselves. Orders are chosen by
 * the day they were placed (in Tbilisi) or by their delivery date; a figure counts each
 * chosen order once, by where it stands now. Cash received is what owners counted from
 * couriers, on the couriers' days in the range: revenue is only that.
 */
export type { ReportBasis };

export const REPORT_MAX_DAYS = 366;

export interface ReportRange {
  from: CalendarDate;
  to: CalendarDate;
  by: ReportBasis;
}

export interface Totals {
  placed: number;
  /** Went on after the confirmation call: confirmed now, or shipped, delivered or refused. */
  confirmed: number;
  delivered: number;
  refused: number;
  cancelled: number;
  /** Times a courier found nobody home. */
  notHome: number;
  refusalRate: number | null;
  /** The cash on the parcels that went out with a courier (shipped, delivered or refused). */
  expected: number;
  /** What the delivered orders add up to: their goods and delivery fees (D84). */
  collected: number;
  /** The delivered orders' goods, at the prices charged, before a code's discount. */
  goods: number;
  /** What promotion codes took off the delivered orders' goods (D86). */
  discounts: number;
  /** The delivery fees the delivered orders carried. */
  fees: number;
  /** What owners counted in hand from couriers; the shop's revenue. */
  received: number;
  /** Received less collected on the couriers' days counted so far. */
  difference: number;
  /** Cash collected on couriers' days not counted yet. */
  uncounted: number;
  /** The average order, cancelled ones left out; null with none. */
  average: number | null;
}

export interface Row {
  key: string;
  placed: number;
  delivered: number;
  refused: number;
  refusalRate: number | null;
  collected: number;
}

export interface ProductRow {
  key: string;
  title: string;
  units: number;
  deliveredUnits: number;
  collected: number;
}

export interface CourierRow extends Row {
  courierId: number;
  notHome: number;
  received: number;
  difference: number;
}

/** Orders and the delivered ones' goods and fees by the zone they went to (D84). */
export interface ZoneRow {
  key: string;
  name: string;
  placed: number;
  delivered: number;
  goods: number;
  fees: number;
}

/**
 * What a promotion cost in the period (D86): the orders it took part in, how they ended,
 * the discount it gave on the delivered ones and their cash, and its refusal rate beside
 * the shop's for orders with no promotion at all.
 */
export interface PromotionReportRow {
  key: string;
  name: string;
  code: string | null;
  kind: PromotionKind;
  placed: number;
  delivered: number;
  refused: number;
  refusalRate: number | null;
  /** What it took off the delivered orders (a code's discount, or an automatic price's). */
  discount: number;
  /** The cash the delivered orders brought: goods less the code, and delivery. */
  collected: number;
  /** The refusal rate of the period's orders that had no promotion. */
  withoutRate: number | null;
}

export interface DayPoint {
  day: string;
  placed: number;
  delivered: number;
  refused: number;
  refusalRate: number | null;
  collected: number;
  received: number;
}

export interface Report {
  from: string;
  to: string;
  by: ReportBasis;
  totals: Totals;
  days: DayPoint[];
  products: ProductRow[];
  languages: Row[];
  couriers: CourierRow[];
  sources: Row[];
  zones: ZoneRow[];
  promotions: PromotionReportRow[];
}

/** Today, the last 7 or 30 days (today included), as ranges. */
export function presetRange(
  preset: "today" | "7" | "30",
  now: number,
): { from: CalendarDate; to: CalendarDate } {
  const today = shopToday(now);
  const days = preset === "today" ? 1 : Number(preset);
  return { from: addDays(today, 1 - days), to: today };
}

type Db = Kysely<Database>;

/** One group of orders of one status, as a figure adds it up. */
interface Sums {
  status: string;
  orders: number;
  total: number;
  fees: number;
  discounts: number;
  notHome: number;
}

function emptyRow(key: string): Row {
  return { key, placed: 0, delivered: 0, refused: 0, refusalRate: null, collected: 0 };
}

/** Adds a group of orders of one status to a row. */
function count(row: Row, sums: Sums) {
  row.placed += sums.orders;
  if (sums.status === "delivered") {
    row.delivered += sums.orders;
    row.collected += sums.total;
  }
  if (sums.status === "refused") row.refused += sums.orders;
  row.refusalRate = refusalRate(row.delivered, row.refused);
}

/** The goods of a group: what was collected less the fees, before the code took its part. */
function goodsOf(sums: Pick<Sums, "total" | "fees" | "discounts">): number {
  return sums.total - sums.fees + sums.discounts;
}

/**
 * The report for a range; `titles` names products in the reader's language, `places` the
 * zones (today's, in the owner's order; an order's stored area for one no longer there).
 * Every figure is added up by the database a day at a time, and a day's groups are kept
 * (D88): a year of a big shop reads 366 kept days and works out only the last few, so it
 * costs what a week does, whatever the number of orders.
 */
export async function buildReport(
  db: Kysely<Database>,
  range: ReportRange,
  titles: (key: string) => string | null,
  places: { zones: readonly DeliveryZone[]; language: string } = { zones: [], language: "en" },
  now: number = Date.now(),
): Promise<Report> {
  const from = toIsoDate(range.from);
  const to = toIsoDate(range.to);
  const today = shopToday(now);
  const orderDays = await daysOf(db, range.by, range, today, (day) => dayGroups(db, range.by, day));
  const [handoffDays, cashDays, couriers] = await Promise.all([
    daysOf(db, "handoffs", range, today, (day) => handoffGroups(db, day)),
    db
      .selectFrom("courier_days")
      .selectAll()
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute(),
    db.selectFrom("couriers").select(["id", "name"]).execute(),
  ]);

  // Every order group of the range, with its day, in the order its orders came.
  const groups = orderDays
    .flatMap(([day, figures]) =>
      figures.sums.map(([status, language, source, zone, area, ...numbers]) => {
        const [orders = 0, total = 0, fees = 0, discounts = 0, notHome = 0, first = 0] = numbers;
        return {
          day,
          status,
          language,
          source,
          zone,
          area,
          orders,
          total,
          fees,
          discounts,
          notHome,
          first,
        };
      }),
    )
    .sort((a, b) => a.first - b.first);

  const statuses = new Map<string, Sums>();
  for (const group of groups) {
    const sums = statuses.get(group.status) ?? {
      status: group.status,
      orders: 0,
      total: 0,
      fees: 0,
      discounts: 0,
      notHome: 0,
    };
    sums.orders += group.orders;
    sums.total += group.total;
    sums.fees += group.fees;
    sums.discounts += group.discounts;
    sums.notHome += group.notHome;
    statuses.set(group.status, sums);
  }
  const of = (status: string) =>
    statuses.get(status) ?? { status, orders: 0, total: 0, fees: 0, discounts: 0, notHome: 0 };
  const all = [...statuses.values()];
  const addUp = (list: Sums[], part: (sums: Sums) => number) =>
    list.reduce((total, sums) => total + part(sums), 0);
  const delivered = of("delivered");
  const refused = of("refused");
  const notCancelled = all.filter((sums) => sums.status !== "cancelled");
  const notCancelledCount = addUp(notCancelled, (sums) => sums.orders);

  // Cash counted from couriers: by the couriers' days in the range.
  const parcels = handoffDays.flatMap(([day, rows]) =>
    rows.map(([courierId, outcome, count, amount]) => ({ courierId, day, outcome, count, amount })),
  );
  const collectedBy = new Map<string, number>();
  for (const row of parcels)
    if (row.outcome === "delivered") {
      const key = `${row.courierId}/${row.day}`;
      collectedBy.set(key, (collectedBy.get(key) ?? 0) + row.amount);
    }
  const collectedOn = (courierId: number, day: string) =>
    collectedBy.get(`${courierId}/${day}`) ?? 0;
  let received = 0;
  let difference = 0;
  for (const day of cashDays) {
    if (day.received === null) continue;
    received += day.received;
    difference += day.received - collectedOn(day.courier_id, day.day);
  }
  const counted = new Set(
    cashDays.filter((day) => day.received !== null).map((day) => `${day.courier_id}/${day.day}`),
  );
  const uncounted = [...collectedBy]
    .filter(([key]) => !counted.has(key))
    .reduce((total, [, amount]) => total + amount, 0);

  const totals: Totals = {
    placed: addUp(all, (sums) => sums.orders),
    confirmed: addUp(
      all.filter((sums) => ["confirmed", "shipped", "delivered", "refused"].includes(sums.status)),
      (sums) => sums.orders,
    ),
    delivered: delivered.orders,
    refused: refused.orders,
    cancelled: of("cancelled").orders,
    notHome: addUp(all, (sums) => sums.notHome),
    refusalRate: refusalRate(delivered.orders, refused.orders),
    expected: addUp(
      all.filter((sums) => ["shipped", "delivered", "refused"].includes(sums.status)),
      (sums) => sums.total,
    ),
    collected: delivered.total,
    goods: goodsOf(delivered),
    discounts: delivered.discounts,
    fees: delivered.fees,
    received,
    difference,
    uncounted,
    average:
      notCancelledCount === 0
        ? null
        : Math.round(addUp(notCancelled, (sums) => sums.total) / notCancelledCount),
  };

  const dayRows = new Map<string, Row>();
  for (const group of groups) {
    const row = dayRows.get(group.day) ?? emptyRow(group.day);
    count(row, group);
    dayRows.set(group.day, row);
  }
  const receivedOn = new Map<string, number>();
  for (const cash of cashDays)
    receivedOn.set(cash.day, (receivedOn.get(cash.day) ?? 0) + (cash.received ?? 0));
  const days: DayPoint[] = orderDays.map(([day]) => {
    const row = dayRows.get(day) ?? emptyRow(day);
    return {
      day,
      placed: row.placed,
      delivered: row.delivered,
      refused: row.refused,
      refusalRate: row.refusalRate,
      collected: row.collected,
      received: receivedOn.get(day) ?? 0,
    };
  });

  const grouped = (keyOf: (group: (typeof groups)[number]) => string) => {
    const rows = new Map<string, Row>();
    for (const group of groups) {
      const key = keyOf(group);
      const row = rows.get(key) ?? emptyRow(key);
      count(row, group);
      rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => b.placed - a.placed || a.key.localeCompare(b.key));
  };

  const items = orderDays.flatMap(([, figures]) => figures.items).sort((a, b) => a[5] - b[5]);
  const products = new Map<string, ProductRow & { first: number }>();
  for (const [key, status, units, subtotal, title, first] of items) {
    const row = products.get(key) ?? {
      key,
      title: titles(key) ?? title,
      units: 0,
      deliveredUnits: 0,
      collected: 0,
      first,
    };
    row.units += units;
    if (status === "delivered") {
      row.deliveredUnits += units;
      row.collected += subtotal;
    }
    products.set(key, row);
  }

  const courierRows: CourierRow[] = couriers
    .map((courier) => {
      const mine = parcels.filter((h) => h.courierId === courier.id);
      const days = cashDays.filter((day) => day.courier_id === courier.id && day.received !== null);
      const parcelsOf = (outcome: string) =>
        mine.filter((h) => h.outcome === outcome).reduce((t, h) => t + h.count, 0);
      const row: CourierRow = {
        ...emptyRow(courier.name),
        courierId: courier.id,
        placed: mine.reduce((t, h) => t + h.count, 0),
        delivered: parcelsOf("delivered"),
        refused: parcelsOf("refused"),
        notHome: parcelsOf("not_home"),
        collected: mine.filter((h) => h.outcome === "delivered").reduce((t, h) => t + h.amount, 0),
        received: days.reduce((t, day) => t + (day.received ?? 0), 0),
        difference: days.reduce(
          (t, day) => t + (day.received ?? 0) - collectedOn(courier.id, day.day),
          0,
        ),
      };
      row.refusalRate = refusalRate(row.delivered, row.refused);
      return row;
    })
    .filter((row) => row.placed > 0);

  const zones = new Map<string, ZoneRow & { rank: number }>();
  for (const group of groups) {
    const place = placeOf(group, places.zones, places.language);
    const row = zones.get(place.key) ?? {
      key: place.key,
      name: place.name,
      rank: place.rank,
      placed: 0,
      delivered: 0,
      goods: 0,
      fees: 0,
    };
    row.placed += group.orders;
    if (group.status === "delivered") {
      row.delivered += group.orders;
      row.goods += goodsOf(group);
      row.fees += group.fees;
    }
    zones.set(place.key, row);
  }

  return {
    from,
    to,
    by: range.by,
    promotions: await promotionRows(db, orderDays, of),
    totals,
    days,
    products: [...products.values()]
      .sort((a, b) => b.units - a.units || a.first - b.first)
      .map(({ first: _first, ...row }) => row),
    languages: grouped((group) => group.language),
    couriers: courierRows,
    sources: grouped((group) => group.source ?? DIRECT_SOURCE),
    zones: [...zones.values()]
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, places.language))
      .map(({ rank: _rank, ...row }) => row),
  };
}

/**
 * Each promotion's row (D86), in the order they were made, named as its first use named it
 * (a rename since leaves older orders' names); orders counted by where they stand, with
 * the refusal rate of the range's orders that had no promotion at all beside it.
 */
async function promotionRows(
  db: Db,
  orderDays: Array<[string, DayGroups]>,
  of: (status: string) => Sums,
): Promise<PromotionReportRow[]> {
  const taken = orderDays.flatMap(([, figures]) => figures.promotions);
  const promoted = new Map<string, number>();
  for (const [, figures] of orderDays)
    for (const [status, orders] of figures.promoted)
      promoted.set(status, (promoted.get(status) ?? 0) + orders);
  const withoutRate = refusalRate(
    of("delivered").orders - (promoted.get("delivered") ?? 0),
    of("refused").orders - (promoted.get("refused") ?? 0),
  );
  if (taken.length === 0) return [];
  const firsts = new Map<number, number>();
  for (const [id, , , , , first] of taken)
    firsts.set(id, Math.min(first, firsts.get(id) ?? Number.POSITIVE_INFINITY));
  const named = new Map(
    (
      await db
        .selectFrom("order_promotions")
        .select(["id", "name", "code", "kind"])
        .where("id", "in", [...firsts.values()])
        .execute()
    ).map((row) => [row.id, row]),
  );
  const rows = new Map<number, PromotionReportRow>();
  for (const id of [...firsts.keys()].sort((a, b) => a - b)) {
    const first = named.get(firsts.get(id) ?? 0);
    rows.set(id, {
      key: String(id),
      name: first?.name ?? "",
      code: first?.code ?? null,
      kind: first?.kind ?? "code",
      placed: 0,
      delivered: 0,
      refused: 0,
      refusalRate: null,
      discount: 0,
      collected: 0,
      withoutRate,
    });
  }
  for (const [id, status, orders, discount, total] of taken) {
    const row = rows.get(id);
    if (!row) continue;
    row.placed += orders;
    if (status === "delivered") {
      row.delivered += orders;
      row.discount += discount;
      row.collected += total;
    }
    if (status === "refused") row.refused += orders;
    row.refusalRate = refusalRate(row.delivered, row.refused);
  }
  return [...rows.values()];
}
