import { type Kysely, sql } from "kysely";
import type { Cart } from "~/catalog/lines";
import { bumpRevision } from "~/content/store.server";
import type { Database } from "../../db/schema";
import { isOrderable, isProductStatus, isSoldOut, productKey } from "./model";
import { FALLBACK_LANGUAGES, titleAmong } from "./texts";

/**
 * The catalogue as an order reads it, inside the order's own transaction: the price,
 * status and stock stored now, not the copy in memory, so a cart charges the price of the
 * moment it is ordered and the last jar goes to exactly one order (on SQLite the write
 * lock, on PostgreSQL the row lock of the conditional update settles who).
 */
export interface OrderLine {
  productId: number;
  key: string;
  qty: number;
  /** Tetri, as the catalogue has it now. */
  price: number;
  subtotal: number;
  /** Null: the shop does not count this product's stock. */
  stock: number | null;
  /** The product's title in the languages asked for (the shopper's, the chats') and the fallbacks. */
  titles: Record<string, string>;
}

export interface ShortLine {
  key: string;
  title: string;
  /** How many are left (0: sold out). */
  left: number;
}

export type OrderLines =
  | { ok: true; lines: OrderLine[] }
  | { ok: false; short: ShortLine[]; lines: OrderLine[] };

export async function readOrderLines(
  trx: Kysely<Database>,
  cart: Cart,
  languages: { shopper: string; chat: string },
): Promise<OrderLines> {
  if (cart.length === 0) return { ok: true, lines: [] };
  // One read: each product with its titles in the languages that may show (D36: where a
  // title is missing in a language, it is shown from Russian, then English).
  const rows = await trx
    .selectFrom("products")
    .leftJoin("product_texts", (join) =>
      join
        .onRef("product_texts.product_id", "=", "products.id")
        .on("product_texts.language", "in", [
          languages.shopper,
          languages.chat,
          ...FALLBACK_LANGUAGES,
        ]),
    )
    .select([
      "products.id",
      "products.product_group",
      "products.slug",
      "products.status",
      "products.price",
      "products.stock",
      "product_texts.language",
      "product_texts.title",
    ])
    .where(
      sql<string>`products.product_group || '/' || products.slug`,
      "in",
      cart.map((line) => line.key),
    )
    .execute();
  const products = [...new Map(rows.map((row) => [row.id, row])).values()];
  const lines: OrderLine[] = [];
  const short: ShortLine[] = [];
  for (const item of cart) {
    const row = products.find(
      (product) => productKey(product.product_group, product.slug) === item.key,
    );
    if (!row || !isProductStatus(row.status) || row.price === null) continue;
    const product = { status: row.status, price: row.price, stock: row.stock };
    if (!isOrderable(product) && !isSoldOut(product)) continue;
    const titles: Record<string, string> = {};
    for (const text of rows)
      if (text.id === row.id && text.language !== null && text.title !== null)
        titles[text.language] = text.title;
    const line: OrderLine = {
      productId: row.id,
      key: item.key,
      qty: item.qty,
      price: row.price,
      subtotal: row.price * item.qty,
      stock: row.stock,
      titles,
    };
    lines.push(line);
    const left = isSoldOut(product) ? 0 : row.stock;
    if (left !== null && left < item.qty) {
      short.push({ key: item.key, title: titleAmong(titles, languages.shopper) ?? item.key, left });
    }
  }
  return short.length > 0 ? { ok: false, short, lines } : { ok: true, lines };
}

/**
 * Takes the lines' quantities from the counted stock. False when another order took them
 * first (the caller rolls its transaction back). A product whose last jars go marks what
 * shoppers see as changed: it shows "Sold out" from now on.
 */
export async function takeStock(
  trx: Kysely<Database>,
  lines: ReadonlyArray<Pick<OrderLine, "productId" | "qty" | "stock">>,
): Promise<boolean> {
  let soldOut = false;
  for (const line of lines) {
    if (line.stock === null) continue;
    const taken = await trx
      .updateTable("products")
      .set({ stock: sql`stock - ${line.qty}` })
      .where("id", "=", line.productId)
      .where("stock", ">=", line.qty)
      .returning("stock")
      .executeTakeFirst();
    if (!taken) return false;
    if (taken.stock === 0) soldOut = true;
  }
  if (soldOut) await bumpRevision(trx);
  return true;
}

/**
 * Puts a cancelled or refused order's quantities back into the counted stock, in the
 * status change's transaction. A product that had run out is on sale again.
 */
export async function giveBackStock(trx: Kysely<Database>, orderId: number): Promise<void> {
  const items = await trx
    .selectFrom("order_items")
    .select(["item_key", "qty"])
    .where("order_id", "=", orderId)
    .execute();
  let back = false;
  for (const item of items) {
    const restored = await trx
      .updateTable("products")
      .set({ stock: sql`stock + ${item.qty}` })
      .where(sql<string>`product_group || '/' || slug`, "=", item.item_key)
      .where("stock", "is not", null)
      .returning("stock")
      .executeTakeFirst();
    if (restored && restored.stock === item.qty) back = true;
  }
  if (back) await bumpRevision(trx);
}

/**
 * Takes a cancelled or refused order's quantities from the counted stock again, when that
 * change is undone. False when the jars have been ordered since (the caller rolls back).
 */
export async function retakeStock(trx: Kysely<Database>, orderId: number): Promise<boolean> {
  const lines = await trx
    .selectFrom("order_items")
    .innerJoin("products", (join) =>
      join.on(
        sql<string>`products.product_group || '/' || products.slug`,
        "=",
        sql.ref("order_items.item_key"),
      ),
    )
    .select(["products.id as productId", "products.stock", "order_items.qty"])
    .where("order_items.order_id", "=", orderId)
    .execute();
  return takeStock(trx, lines);
}
