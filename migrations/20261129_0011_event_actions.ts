import type { Kysely } from "kysely";

// One action, one id: the status events a person's single press or bulk action wrote carry
// the same `action_id`, so Undo and the timeline name exactly the orders that action moved
// (two presses in the same millisecond, or one order moved again, no longer look like one
// action). Events written before have none; they are grouped as they were.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("order_events").addColumn("action_id", "text").execute();
  await db.schema
    .createIndex("order_events_action_id")
    .on("order_events")
    .column("action_id")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("order_events_action_id").execute();
  await db.schema.alterTable("order_events").dropColumn("action_id").execute();
}
