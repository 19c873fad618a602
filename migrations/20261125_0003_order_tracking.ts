import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";

// The shopper follows the order: each order gets a private token (192 random bits,
// base64url, never derived from its number) for its page at /o/{token}. Orders placed
// before get one now.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("orders").addColumn("track_token", "text").execute();
  const orders = await db.selectFrom("orders").select("id").execute();
  for (const { id } of orders as Array<{ id: number }>)
    await db
      .updateTable("orders")
      .set({ track_token: randomBytes(24).toString("base64url") })
      .where("id", "=", id)
      .execute();
  await db.schema
    .createIndex("orders_track_token")
    .on("orders")
    .column("track_token")
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("orders_track_token").execute();
  await db.schema.alterTable("orders").dropColumn("track_token").execute();
}
