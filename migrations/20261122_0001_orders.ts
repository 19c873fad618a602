import { type Kysely, sql } from "kysely";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    .addColumn("order_number", "integer", (col) => col.notNull().unique())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("messenger", "text")
    .addColumn("email", "text")
    .addColumn("delivery_time", "text", (col) => col.notNull())
    .addColumn("total", "integer", (col) => col.notNull().check(sql`total >= 0`))
    .addColumn("positions", "integer", (col) => col.notNull().check(sql`positions >= 0`))
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("submission_token", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("item_key", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("qty", "integer", (col) => col.notNull().check(sql`qty > 0`))
    .addColumn("price", "integer", (col) => col.notNull().check(sql`price >= 0`))
    .addColumn("subtotal", "integer", (col) => col.notNull().check(sql`subtotal >= 0`))
    .execute();
  await db.schema
    .createIndex("order_items_order_id")
    .on("order_items")
    .column("order_id")
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("chat_id", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull().defaultTo(now))
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
    .execute();
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

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
  await db.schema.dropTable("order_items").execute();
  await db.schema.dropTable("orders").execute();
}
