import type { Kysely } from "kysely";

// Telegram as a second desk (D25): each sent notification keeps Telegram's message id and
// a revision, so a status change edits every chat's copy (the outbox row goes pending
// again with the new text); every update id is processed once, across restarts; and a
// lease names the one process that long-polls. Nothing engine-specific: times are ISO
// 8601 UTC text written by the shop's clock.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("message_id", "integer").execute();
  // The inline keyboard sent with the text, as Bot API JSON; null for none.
  await db.schema.alterTable("notifications").addColumn("reply_markup", "text").execute();
  // Bumped whenever the wanted text changes; a send or edit marks the row sent only if
  // the revision it delivered is still the newest.
  await db.schema
    .alterTable("notifications")
    .addColumn("revision", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("telegram_updates")
    .addColumn("update_id", "bigint", (col) => col.primaryKey())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("holder", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("leases").execute();
  await db.schema.dropTable("telegram_updates").execute();
  await db.schema.alterTable("notifications").dropColumn("revision").execute();
  await db.schema.alterTable("notifications").dropColumn("reply_markup").execute();
  await db.schema.alterTable("notifications").dropColumn("message_id").execute();
}
