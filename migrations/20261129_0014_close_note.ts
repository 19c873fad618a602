import type { Kysely } from "kysely";

// A courier's day that closes with the cash in hand different from what the parcels
// collected keeps the owner's words why ("the courier brings 50 ₾ tomorrow"). Days closed
// before keep none. One nullable column: the same on both engines.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("courier_days").addColumn("close_note", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("courier_days").dropColumn("close_note").execute();
}
