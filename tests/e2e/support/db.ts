import { join } from "node:path";
import Database from "better-sqlite3";
import type { Order } from "../../../db/schema";

/** The database of the server under test, opened read-only to check what was stored. */
export function openShopDatabase(): Database.Database {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set");
  return new Database(join(dir, "shop.sqlite"), { readonly: true, fileMustExist: true });
}

export type StoredOrder = Order;

export function findOrder(orderNumber: string | number): StoredOrder | undefined {
  const db = openShopDatabase();
  try {
    return db.prepare("select * from orders where order_number = ?").get(Number(orderNumber)) as
      | StoredOrder
      | undefined;
  } finally {
    db.close();
  }
}

export function findOrderItems(orderId: number) {
  const db = openShopDatabase();
  try {
    return db
      .prepare("select item_key, title, qty, price, subtotal from order_items where order_id = ?")
      .all(orderId);
  } finally {
    db.close();
  }
}

export function countOrdersWithAddress(address: string): number {
  const db = openShopDatabase();
  try {
    return (
      db.prepare("select count(*) as n from orders where address = ?").get(address) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}
