import { type Kysely, sql } from "kysely";

// A day's orders from a phone. An order gains the name the courier asks for (optional),
// its delivery date as an ISO date (sortable; `delivery_time` keeps the shopper's
// DD.MM.YY), the confirmation calls nobody answered (how many, and the last one's time:
// the queue puts it back on top an hour later), who took it by phone, a pinned note and
// the staff's tags. An event may undo an earlier one (`undoes`: that event's id), and
// owners block phone numbers. Nothing engine-specific: ISO dates are text on both.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const orders = () => db.schema.alterTable("orders");
  await orders().addColumn("name", "text").execute();
  await orders().addColumn("delivery_date", "text").execute();
  await orders()
    .addColumn("calls", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await orders().addColumn("last_call_at", "text").execute();
  await orders().addColumn("taken_by", "text").execute();
  await orders().addColumn("pinned_note", "text").execute();
  await orders()
    .addColumn("tags", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  // Every order placed so far has its date as DD.MM.YY in this century.
  await db
    .updateTable("orders")
    .set({
      delivery_date: sql`'20' || substr(delivery_time, 7, 2) || '-' || substr(delivery_time, 4, 2) || '-' || substr(delivery_time, 1, 2)`,
    })
    .execute();
  await db.schema
    .createIndex("orders_delivery_date")
    .on("orders")
    .column("delivery_date")
    .execute();

  await db.schema.alterTable("order_events").addColumn("undoes", "integer").execute();

  await db.schema
    .createTable("blocked_phones")
    .addColumn("phone", "text", (col) => col.primaryKey())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("blocked_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_attempt_at", "text")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("blocked_phones").execute();
  await db.schema.alterTable("order_events").dropColumn("undoes").execute();
  await db.schema.dropIndex("orders_delivery_date").execute();
  for (const column of [
    "tags",
    "pinned_note",
    "taken_by",
    "last_call_at",
    "calls",
    "delivery_date",
    "name",
  ])
    await db.schema.alterTable("orders").dropColumn(column).execute();
}
