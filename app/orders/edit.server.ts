import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { isOrderable, isProductStatus } from "~/catalog/model";
import { MAX_LINE_QUANTITY } from "~/constants";
import { bumpRevision } from "~/content/store.server";
import { deliveryFee } from "~/delivery/fee";
import { type DeliveryZone, zoneName } from "~/delivery/zones";
import { phoneKey } from "~/phone/phone-key.server";
import { shopToday } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Promotion } from "~/promotions/model";
import { pricePromotions } from "~/promotions/pricing";
import type { Database, Order, OrderEvent, OrderItem } from "../../db/schema";
import type { Actor } from "./change-status.server";
import { type NoteDelivery, type NoteLine, type NoteMoney, systemNoteColumns } from "./event-note";
import type { OrderFields } from "./fields";
import { type ChatSettings, refreshOrderMessages } from "./message.server";
import { isoDeliveryDate } from "./place.server";

/** Orders staff may still correct: nothing has left the shop yet. */
export function isEditable(status: Order["status"]): boolean {
  return status === "new" || status === "confirmed";
}

/** The fields a correction can change, as each event names them. */
export const editableFields = [
  "address",
  "phone",
  "name",
  "messenger",
  "email",
  "deliveryDate",
] as const;

export interface OrderCorrection {
  orderNumber: number;
  actor: Actor;
  /** The order's fields, checked by the storefront's rules (D8). */
  values: OrderFields;
  /** The quantity wanted of each product key; 0 or absent takes the line away. */
  quantities: ReadonlyMap<string, number>;
  /**
   * The order's newest event when the page was read (`orderRevision`): a status change or
   * a correction after it refuses the save, so one person's correction never undoes
   * another's unseen. Absent, nothing is checked.
   */
  revision?: number;
  /**
   * The shop's zones as they are now and the area chosen (D84): a new area, or new lines,
   * work the fee out again from the zone now (its fee, or free from its `Free from`).
   * Absent, or no area chosen: the order's area stays.
   */
  delivery?: { zones: readonly DeliveryZone[]; zone: string | null };
}

/**
 * The areas a correction may choose: the zones open now, and the order's own zone even if
 * it is off now (it may stay where it is).
 */
export function correctionZones(
  zones: readonly DeliveryZone[],
  own: string | null,
): DeliveryZone[] {
  return zones.filter((zone) => zone.on || zone.id === own);
}

/**
 * The order's delivery after a correction: unchanged unless its area or lines changed;
 * then the zone's fee as it is now for the goods after the correction, the area named in
 * the order's language when it was chosen anew (or first costs something).
 */
export function correctedDelivery(
  order: Pick<Order, "delivery_zone" | "delivery_area" | "delivery_fee" | "language">,
  goods: number,
  linesChanged: boolean,
  delivery: OrderCorrection["delivery"],
): NoteDelivery {
  const kept = { zone: order.delivery_zone, area: order.delivery_area, fee: order.delivery_fee };
  const chosen = delivery?.zone
    ? correctionZones(delivery.zones, order.delivery_zone).find((zone) => zone.id === delivery.zone)
    : undefined;
  const moved = chosen !== undefined && chosen.id !== order.delivery_zone;
  const zone = chosen ?? delivery?.zones.find((one) => one.id === order.delivery_zone);
  if (!zone || !(moved || linesChanged)) return kept;
  const fee = deliveryFee(zone, goods);
  return {
    zone: zone.id,
    area: moved || (kept.area === null && fee > 0) ? zoneName(zone, order.language) : kept.area,
    fee,
  };
}

/** The events that change what a correction shows: status moves and corrections. */
function changesWhatCorrectionShows(query: SelectQueryBuilder<Database, "order_events", object>) {
  return query.where((eb) =>
    eb.or([eb("kind", "=", "status"), eb("note_key", "like", "event.edited.%")]),
  );
}

/**
 * The order's newest status move or correction: the revision its correction page is read
 * at (before the order itself, so a change in between is caught, never missed).
 */
export async function orderRevision(db: Kysely<Database>, orderNumber: number): Promise<number> {
  const row = await changesWhatCorrectionShows(db.selectFrom("order_events"))
    .select((eb) => eb.fn.max("id").as("id"))
    .where("order_id", "=", (eb) =>
      eb.selectFrom("orders").select("id").where("order_number", "=", orderNumber),
    )
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The status moves and corrections made after `revision`, oldest first. */
export async function orderChangesSince(
  db: Kysely<Database>,
  orderNumber: number,
  revision: number,
): Promise<OrderEvent[]> {
  return changesWhatCorrectionShows(db.selectFrom("order_events"))
    .selectAll()
    .where("order_id", "=", (eb) =>
      eb.selectFrom("orders").select("id").where("order_number", "=", orderNumber),
    )
    .where("id", ">", revision)
    .orderBy("id")
    .limit(20)
    .execute();
}

export type Correction =
  | { outcome: "saved" | "same"; order: Order }
  | { outcome: "notEditable"; status: Order["status"] }
  | { outcome: "notFound" }
  | { outcome: "stale" }
  | { outcome: "empty" }
  | { outcome: "stock"; key: string; left: number };

class StockShort extends Error {
  constructor(
    readonly key: string,
    readonly left: number,
  ) {
    super(`Not enough of ${key}`);
  }
}

/**
 * An order's lines as the correction's event keeps them: by product key and quantity, so
 * each reader reads them in their own language; the stored title only for a product the
 * catalogue may one day lose.
 */
const noteLines = (items: ReadonlyArray<Pick<OrderItem, "item_key" | "title" | "qty">>) =>
  items.map((item): NoteLine => ({ key: item.item_key, qty: item.qty, title: item.title }));

/** The products and quantities, whatever their titles: what a correction compares. */
const sameLines = (lines: readonly NoteLine[]) =>
  lines.map((line) => `${line.key} × ${line.qty}`).join("; ");

/**
 * Corrects an order while it is new or confirmed, in one transaction: its fields, its
 * lines and quantities (the price each line was ordered at stays; a product added now
 * costs what it costs now), the stock taken or given back by the difference, the total.
 * Every changed field is an event with before → after, and every chat's copy of the
 * message is edited. Too few jars left refuses the whole correction.
 */
export async function correctOrder(
  db: Kysely<Database>,
  input: OrderCorrection,
  now: number,
  chat: ChatSettings,
): Promise<Correction> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("order_number", "=", input.orderNumber)
        .executeTakeFirst();
      if (!order) return { outcome: "notFound" } as const;
      if (!isEditable(order.status))
        return { outcome: "notEditable", status: order.status } as const;
      if (
        input.revision !== undefined &&
        (await orderRevision(trx, order.order_number)) > input.revision
      )
        return { outcome: "stale" } as const;
      const items = await trx
        .selectFrom("order_items")
        .selectAll()
        .where("order_id", "=", order.id)
        .orderBy("id")
        .execute();
      const wanted = new Map(
        [...input.quantities].map(([key, qty]) => [
          key,
          Math.max(0, Math.min(MAX_LINE_QUANTITY, Math.floor(qty))),
        ]),
      );
      if (![...wanted.values()].some((qty) => qty > 0)) return { outcome: "empty" } as const;

      let stockMoved = false;
      const moveStock = async (key: string, delta: number) => {
        if (delta === 0) return;
        const product = await trx
          .selectFrom("products")
          .select(["id", "stock"])
          .where(sql<string>`product_group || '/' || slug`, "=", key)
          .executeTakeFirst();
        if (!product || product.stock === null) return;
        const moved = await trx
          .updateTable("products")
          .set({ stock: sql`stock - ${delta}` })
          .where("id", "=", product.id)
          .where("stock", ">=", delta)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new StockShort(key, product.stock);
        stockMoved = true;
      };

      // Lines already in the order: their price stays; the stock moves by the difference.
      for (const item of items) {
        const qty = wanted.get(item.item_key) ?? 0;
        await moveStock(item.item_key, qty - item.qty);
        if (qty === 0) await trx.deleteFrom("order_items").where("id", "=", item.id).execute();
        else if (qty !== item.qty)
          await trx
            .updateTable("order_items")
            .set({ qty, subtotal: qty * item.price })
            .where("id", "=", item.id)
            .execute();
      }
      // Products added now: on sale, at today's price, in the chats' language.
      const known = new Set(items.map((item) => item.item_key));
      for (const [key, qty] of wanted) {
        if (qty === 0 || known.has(key)) continue;
        const product = await trx
          .selectFrom("products as p")
          .leftJoin("product_texts as t", (join) =>
            join.onRef("t.product_id", "=", "p.id").on("t.language", "=", chat.language),
          )
          .select(["p.status", "p.price", "p.stock", "t.title"])
          .where(sql<string>`p.product_group || '/' || p.slug`, "=", key)
          .executeTakeFirst();
        if (
          !product ||
          !isProductStatus(product.status) ||
          !isOrderable({ status: product.status, price: product.price, stock: product.stock }) ||
          product.price === null
        )
          throw new StockShort(key, 0);
        await moveStock(key, qty);
        await trx
          .insertInto("order_items")
          .values({
            order_id: order.id,
            item_key: key,
            title: product.title || key,
            qty,
            price: product.price,
            subtotal: qty * product.price,
          })
          .execute();
      }
      if (stockMoved) await bumpRevision(trx);

      // Every line priced again by the promotions as they stood when the order was placed
      // (D86): its own rules and code, on its creation day, never today's.
      const pricing = await repriceLines(trx, order);
      const after = pricing.items;
      const { values } = input;
      const [linesBefore, linesAfter] = [noteLines(items), noteLines(after)];
      const linesChanged = sameLines(linesBefore) !== sameLines(linesAfter);
      const goods = after.reduce((sum, item) => sum + item.subtotal, 0);
      const discount = pricing.discount;
      // The minimum, Free from and the fee read the goods after the code (D84, D86).
      const delivery = correctedDelivery(order, goods - discount, linesChanged, input.delivery);
      const changed = {
        address: values.address,
        phone: values.phone,
        phone_key: phoneKey(values.phone, chat.phoneHashKey),
        name: values.name,
        messenger: values.messenger,
        email: values.email,
        delivery_time: values.deliveryTime,
        delivery_date: isoDeliveryDate(values.deliveryTime),
        // What the courier collects: the goods less the code, and the delivery (D84, D86).
        total: goods - discount + delivery.fee,
        discount,
        delivery_zone: delivery.zone,
        delivery_area: delivery.area,
        delivery_fee: delivery.fee,
        positions: after.length,
      };
      const fields: Array<[string, string | null, string | null]> = [
        ["address", order.address, changed.address],
        ["phone", order.phone, changed.phone],
        ["name", order.name, changed.name],
        ["messenger", order.messenger, changed.messenger],
        ["email", order.email, changed.email],
        ["deliveryDate", order.delivery_time, changed.delivery_time],
      ];
      type Value = string | NoteLine[] | NoteDelivery | NoteMoney;
      const real: Array<[string, Value, Value]> = fields
        .filter(([, before, now]) => (before ?? "") !== (now ?? ""))
        .map(([field, before, now]) => [field, before || "—", now || "—"]);
      if (linesChanged) real.push(["items", linesBefore, linesAfter]);
      const deliveryBefore: NoteDelivery = {
        zone: order.delivery_zone,
        area: order.delivery_area,
        fee: order.delivery_fee,
      };
      if (delivery.zone !== deliveryBefore.zone || delivery.fee !== deliveryBefore.fee)
        real.push(["delivery", deliveryBefore, delivery]);
      if (discount !== order.discount)
        real.push(["discount", { tetri: order.discount }, { tetri: discount }]);
      if (real.length === 0) return { outcome: "same", order } as const;
      await trx.updateTable("orders").set(changed).where("id", "=", order.id).execute();
      for (const [field, before, value] of real) {
        await trx
          .insertInto("order_events")
          .values({
            order_id: order.id,
            at: isoAt(now),
            actor: input.actor.name,
            staff_id: input.actor.staffId,
            kind: "note",
            from_status: null,
            to_status: null,
            note: null,
            ...systemNoteColumns({
              key: `event.edited.${field}`,
              values: { before, after: value },
            }),
          })
          .execute();
      }
      const corrected = { ...order, ...changed };
      await refreshOrderMessages(trx, corrected, chat, now);
      return { outcome: "saved", order: corrected } as const;
    });
  } catch (error) {
    if (error instanceof StockShort) return { outcome: "stock", key: error.key, left: error.left };
    throw error;
  }
}

/** Whether promotions took part in the order, so a correction prices it by their rules. */
export async function pricedByPromotions(db: Kysely<Database>, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom("order_promotions")
    .select("id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The order's lines priced again after a correction (D86), by the promotions that took
 * part when it was placed (the rules its `order_promotions` rows keep), its own code and
 * its creation day: each line's charged and regular price, what each promotion takes off
 * now (stored on its row), and the code's discount, which is none once the goods fall
 * below the code's minimum. The code's use stays the order's, so uses are not counted.
 */
async function repriceLines(
  trx: Kysely<Database>,
  order: Pick<Order, "id" | "promo_code" | "created_at">,
): Promise<{ items: OrderItem[]; discount: number }> {
  const [items, rows] = await Promise.all([
    trx
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    trx
      .selectFrom("order_promotions")
      .select(["id", "promotion_id", "rule"])
      .where("order_id", "=", order.id)
      .execute(),
  ]);
  const rules = rows.flatMap((row) => {
    const rule = readRule(row.rule);
    return rule ? [rule] : [];
  });
  const pricing = pricePromotions(
    items.map((item) => ({
      key: item.item_key,
      qty: item.qty,
      price: item.regular_price ?? item.price,
    })),
    rules,
    order.promo_code,
    shopToday(Date.parse(order.created_at)),
  );
  const priced = items.map((item, index) => {
    const line = pricing.lines[index];
    if (!line) return item;
    return {
      ...item,
      price: line.price,
      subtotal: line.subtotal,
      regular_price: line.automatic ? line.regular : null,
    };
  });
  for (const [index, item] of priced.entries()) {
    const before = items[index];
    if (
      before &&
      (before.price !== item.price ||
        before.subtotal !== item.subtotal ||
        before.regular_price !== item.regular_price)
    )
      await trx
        .updateTable("order_items")
        .set({ price: item.price, subtotal: item.subtotal, regular_price: item.regular_price })
        .where("id", "=", item.id)
        .execute();
  }
  const amounts = new Map(pricing.applied.map((one) => [one.promotion.id, one.amount]));
  for (const row of rows)
    await trx
      .updateTable("order_promotions")
      .set({ amount: amounts.get(row.promotion_id) ?? 0 })
      .where("id", "=", row.id)
      .execute();
  return { items: priced, discount: pricing.code?.discount ?? 0 };
}

/** A promotion as an order's snapshot keeps it; null for a rule it cannot read. */
function readRule(json: string): Promotion | null {
  try {
    const rule: unknown = JSON.parse(json);
    if (typeof rule !== "object" || rule === null) return null;
    const kind = (rule as { kind?: unknown }).kind;
    return kind === "code" || kind === "quantity" || kind === "sale" ? (rule as Promotion) : null;
  } catch {
    return null;
  }
}
