import type { Kysely } from "kysely";

// Delivery priced by place (D84): an order keeps the zone it goes to, the zone's name in
// the order's language as it was when the order was placed, and the fee it was charged.
// `total` stays what the courier collects: the goods and the fee. Orders placed before
// went to the one zone the shop had, free: no zone, no name, no fee.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("orders").addColumn("delivery_zone", "text").execute();
  await db.schema.alterTable("orders").addColumn("delivery_area", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("delivery_fee", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("delivery_fee").execute();
  await db.schema.alterTable("orders").dropColumn("delivery_area").execute();
  await db.schema.alterTable("orders").dropColumn("delivery_zone").execute();
}
