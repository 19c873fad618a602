import type { Kysely } from "kysely";

// Several processes may send the outbox (D28): each row is claimed before it is sent,
// for a while, by one dispatcher. A claim that outlives its dispatcher (a crash) expires,
// and the row goes out from another process.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("claimed_by", "text").execute();
  await db.schema.alterTable("notifications").addColumn("claimed_until", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("notifications").dropColumn("claimed_until").execute();
  await db.schema.alterTable("notifications").dropColumn("claimed_by").execute();
}
