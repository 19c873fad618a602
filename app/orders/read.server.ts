import type { Kysely, Transaction } from "kysely";
import { phoneKey } from "~/phone/phone-key.server";
import type { Database, Order, OrderItem } from "../../db/schema";
import { type PromotionLine, promotionLines } from "./amounts";
import { NO_ORDERS, type PhoneStanding } from "./standing";

type Db = Kysely<Database> | Transaction<Database>;

/** An order with its items, as placed; null when the shop has no such number. */
export async function findOrder(
  db: Db,
  orderNumber: number,
): Promise<{ order: Order; items: OrderItem[] } | null> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("order_number", "=", orderNumber)
    .executeTakeFirst();
  if (!order) return null;
  const items = await itemsOf(db, [order.id]);
  return { order, items: items.get(order.id) ?? [] };
}

/** The items of several orders at once, in the order they were placed. */
export async function itemsOf(db: Db, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
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

/** What each promotion took off several orders at once (D86), as `promotionLines` lists them. */
export async function promotionsOf(
  db: Db,
  orderIds: number[],
): Promise<Map<number, PromotionLine[]>> {
  const byOrder = new Map<number, PromotionLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_promotions")
    .select(["order_id", "kind", "name", "code", "amount"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
  for (const id of new Set(rows.map((row) => row.order_id)))
    byOrder.set(id, promotionLines(rows.filter((row) => row.order_id === id)));
  return byOrder;
}

/**
 * How the orders of each phone number ended, in one query for any number of phones. Orders
 * are matched by the phone's keyed hash (D35) under `key` (PHONE_HASH_KEY), so
 * depersonalised orders still count.
 */
export async function phoneStandings(
  db: Db,
  phones: string[],
  key: string,
): Promise<Map<string, PhoneStanding>> {
  const standings = new Map<string, PhoneStanding>();
  if (phones.length === 0) return standings;
  const phoneOf = new Map([...new Set(phones)].map((phone) => [phoneKey(phone, key), phone]));
  const rows = await db
    .selectFrom("orders")
    .select(["phone_key", "status", db.fn.countAll<number>().as("count")])
    .where("phone_key", "in", [...phoneOf.keys()])
    .groupBy(["phone_key", "status"])
    .execute();
  for (const { phone_key, status, count } of rows) {
    const phone = phone_key === null ? undefined : phoneOf.get(phone_key);
    if (phone === undefined) continue;
    const standing = { ...(standings.get(phone) ?? NO_ORDERS) };
    standing.count += Number(count);
    if (status === "refused") standing.refused += Number(count);
    if (status === "delivered") standing.delivered += Number(count);
    standings.set(phone, standing);
  }
  return standings;
}

/** How one phone number's orders ended (`key`: PHONE_HASH_KEY). */
export async function phoneStanding(db: Db, phone: string, key: string): Promise<PhoneStanding> {
  return (await phoneStandings(db, [phone], key)).get(phone) ?? NO_ORDERS;
}
