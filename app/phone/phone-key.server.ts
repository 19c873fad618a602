import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { normalizePhone } from "./phone";

/**
 * The phone's keyed hash (D35): HMAC-SHA256 of the number as the shop stores it, under a
 * key kept outside the database. Orders are linked by it, so how a number's parcels ended
 * (the repeat-refuser memory, D26) survives the number itself: a depersonalised order
 * keeps its hash, and nobody holding only the database can try every number against it.
 * `key` is PHONE_HASH_KEY (`config.phoneHashKey`), which callers are handed by the shop.
 */
export function phoneKey(phone: string, key: string): string {
  const stored = normalizePhone(phone) ?? phone.trim();
  return createHmac("sha256", key).update(stored).digest("base64url");
}

/**
 * Fills the hash of orders placed before it existed (the key is not in the database, so
 * the migration could not). Run at start; a few hundred rows at a time.
 */
export async function fillPhoneKeys(db: Kysely<Database>, key: string): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom("orders")
      .select(["id", "phone"])
      .where("phone_key", "is", null)
      .where("depersonalised_at", "is", null)
      .limit(500)
      .execute();
    if (rows.length === 0) return filled;
    for (const row of rows) {
      await db
        .updateTable("orders")
        .set({ phone_key: phoneKey(row.phone, key) })
        .where("id", "=", row.id)
        .execute();
    }
    filled += rows.length;
  }
}
