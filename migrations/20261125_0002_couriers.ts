import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// Couriers and their cash. Couriers are people who carry parcels and never sign in; a
// hand-off gives a courier an order for a day (the cash to collect as it stood then), and
// the courier's report settles it: delivered, refused (with a reason) or not home. One
// open hand-off an order at a time (a partial unique index on both engines), so an
// order's cash can never be with two couriers. A courier's day keeps what the owner
// counted in hand and whether the day is closed. An order remembers its courier, how
// often nobody was home, and where it came from (utm source, medium, campaign).
//
// The outbox learns to carry messages that are about no order (the weekly summary): its
// order id may be empty and a topic names such a message, one row per topic and chat. On
// SQLite a column loses NOT NULL only by copying the table, which is what happens here.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

function engine(db: AnyDb) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    idType: postgres ? ("serial" as const) : ("integer" as const),
    id: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
  };
}

export async function up(db: AnyDb): Promise<void> {
  const { postgres, idType, id } = engine(db);
  await db.schema
    .createTable("couriers")
    .addColumn("id", idType, id)
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  const orders = () => db.schema.alterTable("orders");
  // The courier who has it now (or had it last); kept by the shop, so no constraint that
  // SQLite would refuse to drop on the way down.
  await orders().addColumn("courier_id", "integer").execute();
  await orders()
    .addColumn("not_home", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await orders().addColumn("source", "text").execute();
  await orders().addColumn("medium", "text").execute();
  await orders().addColumn("campaign", "text").execute();

  await db.schema
    .createTable("handoffs")
    .addColumn("id", idType, id)
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("courier_id", "integer", (col) => col.notNull().references("couriers.id"))
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("amount", "integer", (col) => col.notNull())
    .addColumn("handed_at", "text", (col) => col.notNull())
    .addColumn("handed_by", "text", (col) => col.notNull())
    .addColumn("outcome", "text")
    .addColumn("outcome_at", "text")
    .addColumn("reason", "text")
    .addColumn("next_day", "text")
    .execute();
  await db.schema
    .createIndex("handoffs_courier_day")
    .on("handoffs")
    .columns(["courier_id", "day"])
    .execute();
  await db.schema.createIndex("handoffs_order").on("handoffs").column("order_id").execute();
  await sql`create unique index handoffs_open on handoffs (order_id) where outcome is null`.execute(
    db,
  );

  await db.schema
    .createTable("courier_days")
    .addColumn("courier_id", "integer", (col) => col.notNull().references("couriers.id"))
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("received", "integer")
    .addColumn("received_at", "text")
    .addColumn("received_by", "text")
    .addColumn("closed_at", "text")
    .addColumn("closed_by", "text")
    .addPrimaryKeyConstraint("courier_days_pk", ["courier_id", "day"])
    .execute();

  if (postgres) {
    await db.schema
      .alterTable("notifications")
      .alterColumn("order_id", (col) => col.dropNotNull())
      .execute();
  } else {
    const { rows } = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'table' and name = 'notifications'`.execute(db);
    const ddl = rows[0]?.sql ?? "";
    const next = ddl
      .replace(/^create table "notifications"/i, 'create table "notifications_next"')
      .replace(/"order_id" integer not null/i, '"order_id" integer');
    if (next === ddl || !next.includes("notifications_next"))
      throw new Error("The outbox's table is not as the shop made it.");
    await sql.raw(next).execute(db);
    await sql`insert into notifications_next select * from notifications`.execute(db);
    await db.schema.dropTable("notifications").execute();
    await sql`alter table notifications_next rename to notifications`.execute(db);
    await db.schema
      .createIndex("notifications_due")
      .on("notifications")
      .columns(["status", "next_attempt_at"])
      .execute();
    await db.schema
      .createIndex("notifications_order_chat")
      .on("notifications")
      .columns(["order_id", "chat_id"])
      .unique()
      .execute();
  }
  await db.schema.alterTable("notifications").addColumn("topic", "text").execute();
  await db.schema
    .createIndex("notifications_topic_chat")
    .on("notifications")
    .columns(["topic", "chat_id"])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  // The outbox's order id stays optional on the way down: the rows about orders are kept.
  await db.schema.dropIndex("notifications_topic_chat").execute();
  await db.deleteFrom("notifications").where("order_id", "is", null).execute();
  await db.schema.alterTable("notifications").dropColumn("topic").execute();
  await db.schema.dropTable("courier_days").execute();
  await db.schema.dropTable("handoffs").execute();
  for (const column of ["campaign", "medium", "source", "not_home", "courier_id"])
    await db.schema.alterTable("orders").dropColumn(column).execute();
  await db.schema.dropTable("couriers").execute();
}
