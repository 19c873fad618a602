import type { Kysely } from "kysely";

// A note the shop writes by itself (the expiry's reason for a cancellation) is stored as a
// `desk` dictionary key and its values, and translated when it is shown, in the reader's
// language: staff read ka, ru, en or any of the nine (D27). A person's note stays in
// `note`, as written; events written before keep their note there. Nothing
// engine-specific: the key and the values (JSON) are text on SQLite and PostgreSQL alike.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("order_events").addColumn("note_key", "text").execute();
  await db.schema.alterTable("order_events").addColumn("note_values", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("order_events").dropColumn("note_values").execute();
  await db.schema.alterTable("order_events").dropColumn("note_key").execute();
}
