// The reports as they were before D88: every chosen order read into memory and added up
// here. Kept only to prove the database's sums (app/couriers/reports.server.ts) give the
// same report on a mixed dataset.
import type { Kysely } from "kysely";
import { DIRECT_SOURCE } from "~/analytics/origin";
import { refusalRate } from "~/couriers/model";
import { placeOf } from "~/couriers/places";
import type {
  CourierRow,
  DayPoint,
  ProductRow,
  PromotionReportRow,
  Report,
  ReportRange,
  Row,
  Totals,
  ZoneRow,
} from "~/couriers/reports.server";
import type { DeliveryZone } from "~/delivery/zones";
import { type OrderAmounts, orderAmounts } from "~/orders/amounts";
import { addDays, compareDates, shopToday, startOfShopDay, toIsoDate } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Database, OrderPromotion } from "../../../db/schema";

interface Chosen {
  id: number;
  day: string;
  status: string;
  total: number;
  language: string;
  source: string | null;
  courier_id: number | null;
  not_home: number;
  delivery_fee: number;
  discount: number;
  zone: string | null;
  area: string | null;
}

function dayOfInstant(iso: string): string {
  return toIsoDate(shopToday(Date.parse(iso)));
}

function emptyRow(key: string): Row {
  return { key, placed: 0, delivered: 0, refused: 0, refusalRate: null, collected: 0 };
}

function count(row: Row, order: Chosen) {
  row.placed += 1;
  if (order.status === "delivered") {
    row.delivered += 1;
    row.collected += orderAmounts(order).total;
  }
  if (order.status === "refused") row.refused += 1;
  row.refusalRate = refusalRate(row.delivered, row.refused);
}

/**
 * The report for a range; `titles` names products in the reader's language, `places` the
 * zones (today's, in the owner's order; an order's stored area for one no longer there).
 */
export async function referenceReport(
  db: Kysely<Database>,
  range: ReportRange,
  titles: (key: string) => string | null,
  places: { zones: readonly DeliveryZone[]; language: string } = { zones: [], language: "en" },
): Promise<Report> {
  const from = toIsoDate(range.from);
  const to = toIsoDate(range.to);
  let query = db
    .selectFrom("orders")
    .select([
      "id",
      "created_at",
      "delivery_date",
      "status",
      "total",
      "language",
      "source",
      "courier_id",
      "not_home",
      "delivery_fee",
      "discount",
      "delivery_zone",
      "delivery_area",
    ]);
  query =
    range.by === "placed"
      ? query
          .where("created_at", ">=", isoAt(startOfShopDay(range.from)))
          .where("created_at", "<", isoAt(startOfShopDay(addDays(range.to, 1))))
      : query.where("delivery_date", ">=", from).where("delivery_date", "<=", to);
  const orders: Chosen[] = (await query.orderBy("id").execute()).map((order) => ({
    ...order,
    zone: order.delivery_zone,
    area: order.delivery_area,
    day: range.by === "placed" ? dayOfInstant(order.created_at) : (order.delivery_date ?? ""),
  }));
  const ids = orders.map((order) => order.id);
  const [items, cashDays, handoffs, couriers, taken] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom("order_items")
          .select(["order_id", "item_key", "title", "qty", "subtotal"])
          .where("order_id", "in", ids)
          .execute(),
    db
      .selectFrom("courier_days")
      .selectAll()
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute(),
    db
      .selectFrom("handoffs")
      .select(["courier_id", "day", "amount", "outcome"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute(),
    db.selectFrom("couriers").select(["id", "name"]).execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom("order_promotions")
          .select(["order_id", "promotion_id", "kind", "name", "code", "amount"])
          .where("order_id", "in", ids)
          .where("amount", ">", 0)
          .orderBy("promotion_id")
          .execute(),
  ]);

  const has = (status: string) => orders.filter((order) => order.status === status);
  const sum = (list: Chosen[], part: keyof OrderAmounts = "total") =>
    list.reduce((total, order) => total + orderAmounts(order)[part], 0);
  const delivered = has("delivered");
  const refused = has("refused");
  const notCancelled = orders.filter((order) => order.status !== "cancelled");

  // Cash counted from couriers: by the couriers' days in the range.
  const collectedOn = (courierId: number, day: string) =>
    handoffs
      .filter((h) => h.courier_id === courierId && h.day === day && h.outcome === "delivered")
      .reduce((total, h) => total + h.amount, 0);
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
  const uncounted = handoffs
    .filter((h) => h.outcome === "delivered" && !counted.has(`${h.courier_id}/${h.day}`))
    .reduce((total, h) => total + h.amount, 0);

  const totals: Totals = {
    placed: orders.length,
    confirmed: orders.filter((order) =>
      ["confirmed", "shipped", "delivered", "refused"].includes(order.status),
    ).length,
    delivered: delivered.length,
    refused: refused.length,
    cancelled: has("cancelled").length,
    notHome: orders.reduce((total, order) => total + order.not_home, 0),
    refusalRate: refusalRate(delivered.length, refused.length),
    expected: sum(
      orders.filter((order) => ["shipped", "delivered", "refused"].includes(order.status)),
    ),
    collected: sum(delivered),
    goods: sum(delivered, "goods"),
    discounts: sum(delivered, "discount"),
    fees: sum(delivered, "delivery"),
    received,
    difference,
    uncounted,
    average: notCancelled.length === 0 ? null : Math.round(sum(notCancelled) / notCancelled.length),
  };

  const days: DayPoint[] = [];
  for (let day = range.from; compareDates(day, range.to) <= 0; day = addDays(day, 1)) {
    const iso = toIsoDate(day);
    const chosen = orders.filter((order) => order.day === iso);
    const row = emptyRow(iso);
    for (const order of chosen) count(row, order);
    days.push({
      day: iso,
      placed: row.placed,
      delivered: row.delivered,
      refused: row.refused,
      refusalRate: row.refusalRate,
      collected: row.collected,
      received: cashDays
        .filter((cash) => cash.day === iso)
        .reduce((total, cash) => total + (cash.received ?? 0), 0),
    });
  }

  const grouped = (keyOf: (order: Chosen) => string) => {
    const rows = new Map<string, Row>();
    for (const order of orders) {
      const key = keyOf(order);
      const row = rows.get(key) ?? emptyRow(key);
      count(row, order);
      rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => b.placed - a.placed || a.key.localeCompare(b.key));
  };

  const statusOf = new Map(orders.map((order) => [order.id, order.status]));
  const products = new Map<string, ProductRow>();
  for (const item of items) {
    const row = products.get(item.item_key) ?? {
      key: item.item_key,
      title: titles(item.item_key) ?? item.title,
      units: 0,
      deliveredUnits: 0,
      collected: 0,
    };
    row.units += item.qty;
    if (statusOf.get(item.order_id) === "delivered") {
      row.deliveredUnits += item.qty;
      row.collected += item.subtotal;
    }
    products.set(item.item_key, row);
  }

  const courierRows: CourierRow[] = couriers
    .map((courier) => {
      const mine = handoffs.filter((h) => h.courier_id === courier.id);
      const days = cashDays.filter((day) => day.courier_id === courier.id && day.received !== null);
      const row: CourierRow = {
        ...emptyRow(courier.name),
        courierId: courier.id,
        placed: mine.length,
        delivered: mine.filter((h) => h.outcome === "delivered").length,
        refused: mine.filter((h) => h.outcome === "refused").length,
        notHome: mine.filter((h) => h.outcome === "not_home").length,
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
  for (const order of orders) {
    const place = placeOf(order, places.zones, places.language);
    const row = zones.get(place.key) ?? {
      key: place.key,
      name: place.name,
      rank: place.rank,
      placed: 0,
      delivered: 0,
      goods: 0,
      fees: 0,
    };
    row.placed += 1;
    if (order.status === "delivered") {
      const amounts = orderAmounts(order);
      row.delivered += 1;
      row.goods += amounts.goods;
      row.fees += amounts.delivery;
    }
    zones.set(place.key, row);
  }

  return {
    from,
    to,
    by: range.by,
    promotions: promotionRows(orders, taken),
    totals,
    days,
    products: [...products.values()].sort((a, b) => b.units - a.units),
    languages: grouped((order) => order.language),
    couriers: courierRows,
    sources: grouped((order) => order.source ?? DIRECT_SOURCE),
    zones: [...zones.values()]
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, places.language))
      .map(({ rank: _rank, ...row }) => row),
  };
}

/** Each promotion's row (D86), in the order they were made; orders counted by where they stand. */
function promotionRows(
  orders: readonly Chosen[],
  taken: ReadonlyArray<
    Pick<OrderPromotion, "order_id" | "promotion_id" | "kind" | "name" | "code" | "amount">
  >,
): PromotionReportRow[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const promoted = new Set(taken.map((row) => row.order_id));
  const without = orders.filter((order) => !promoted.has(order.id));
  const withoutRate = refusalRate(
    without.filter((order) => order.status === "delivered").length,
    without.filter((order) => order.status === "refused").length,
  );
  const rows = new Map<number, PromotionReportRow>();
  for (const one of taken) {
    const order = byId.get(one.order_id);
    if (!order) continue;
    const row = rows.get(one.promotion_id) ?? {
      key: String(one.promotion_id),
      name: one.name,
      code: one.code,
      kind: one.kind,
      placed: 0,
      delivered: 0,
      refused: 0,
      refusalRate: null,
      discount: 0,
      collected: 0,
      withoutRate,
    };
    row.placed += 1;
    if (order.status === "delivered") {
      row.delivered += 1;
      row.discount += one.amount;
      row.collected += orderAmounts(order).total;
    }
    if (order.status === "refused") row.refused += 1;
    row.refusalRate = refusalRate(row.delivered, row.refused);
    rows.set(one.promotion_id, row);
  }
  return [...rows.values()];
}
