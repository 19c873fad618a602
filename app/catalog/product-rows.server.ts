import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

/** A product's row by its key ("group/slug"), inside whatever transaction asks. */
export function findProductRow(db: Kysely<Database>, key: string) {
  return db
    .selectFrom("products")
    .selectAll()
    .where(sql<string>`product_group || '/' || slug`, "=", key)
    .executeTakeFirst();
}
