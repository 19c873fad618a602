import { type Kysely, PostgresAdapter, sql } from "kysely";

// Messages by SMS and e-mail beside Telegram (D87). The outbox keeps one row per message
// and destination, as it did per chat: `channel` says how it travels (Telegram, SMS,
// e-mail) and `chat_id` holds where to (a chat, a number as 995XXXXXXXXX, an address).
// An e-mail also has a subject and an HTML part; an SMS keeps the segments it took, which
// is what the gateway bills. A shopper who asked for no more messages is remembered by the
// keyed hash of the phone or address (D35), so the wish outlives the order's personal data;
// what was queued for them before is then left unsent, as `stopped`.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

/** The outbox's statuses, with or without `stopped`. */
async function allowStatuses(db: AnyDb, statuses: string[]): Promise<void> {
  const list = statuses.map((status) => `'${status}'`).join(", ");
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table notifications drop constraint if exists notifications_status_check`.execute(
      db,
    );
    await sql
      .raw(
        `alter table notifications add constraint notifications_status_check check (status in (${list}))`,
      )
      .execute(db);
    return;
  }
  // SQLite keeps a check in the table's own definition: the table is made again with the
  // new one, its rows copied, and its indexes made again as they were.
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'notifications'`.execute(db);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type = 'index' and tbl_name = 'notifications' and sql is not null`.execute(db);
  const ddl = table.rows[0]?.sql ?? "";
  const next = ddl
    .replace(/^create table "notifications"/i, 'create table "notifications_next"')
    .replace(/status in \([^)]*\)/i, `status in (${list})`);
  if (next === ddl || !next.includes("notifications_next"))
    throw new Error("The outbox's table is not as the shop made it.");
  await sql.raw(next).execute(db);
  await sql`insert into notifications_next select * from notifications`.execute(db);
  await db.schema.dropTable("notifications").execute();
  await sql`alter table notifications_next rename to notifications`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await allowStatuses(db, ["pending", "sent", "failed", "stopped"]);
  await db.schema
    .alterTable("notifications")
    .addColumn("channel", "text", (column) => column.notNull().defaultTo("telegram"))
    .execute();
  await db.schema.alterTable("notifications").addColumn("subject", "text").execute();
  await db.schema.alterTable("notifications").addColumn("html", "text").execute();
  await db.schema.alterTable("notifications").addColumn("headers", "text").execute();
  await db.schema.alterTable("notifications").addColumn("segments", "integer").execute();
  // The reports count what went out by week and channel.
  await db.schema
    .createIndex("notifications_channel_sent")
    .on("notifications")
    .columns(["channel", "sent_at"])
    .execute();

  await db.schema
    .createTable("message_stops")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("channel", "text", (column) => column.notNull())
    .addColumn("stopped_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("message_stops").execute();
  await db.deleteFrom("notifications").where("channel", "!=", "telegram").execute();
  await allowStatuses(db, ["pending", "sent", "failed"]);
  await db.schema.dropIndex("notifications_channel_sent").execute();
  await db.schema.alterTable("notifications").dropColumn("segments").execute();
  await db.schema.alterTable("notifications").dropColumn("headers").execute();
  await db.schema.alterTable("notifications").dropColumn("html").execute();
  await db.schema.alterTable("notifications").dropColumn("subject").execute();
  await db.schema.alterTable("notifications").dropColumn("channel").execute();
}
