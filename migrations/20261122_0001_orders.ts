import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// Written for SQLite first; the same file now also builds the same tables on PostgreSQL.
// On SQLite it produces exactly the schema it always did (databases that ran it keep it);
// on PostgreSQL the ids are `serial` and the times have no SQL default: the shop writes
// every time from its own clock.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

function engine(db: AnyDb) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    idType: postgres ? ("serial" as const) : ("integer" as const),
    id: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    /** A creation time's default: SQLite's clock as ISO text; none on PostgreSQL. */
    now: (col: ColumnDefinitionBuilder) =>
      postgres ? col : col.defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  };
}

export async function up(db: AnyDb): Promise<void> {
  const { idType, id, now } = engine(db);
  await db.schema
    .createTable("orders")
    .addColumn("id", idType, id)
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
    .addColumn("created_at", "text", (col) => now(col.notNull()))
    .execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", idType, id)
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
    .addColumn("id", idType, id)
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("chat_id", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => now(col.notNull()))
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (col) => now(col.notNull()))
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

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("notifications").execute();
  await db.schema.dropTable("order_items").execute();
  await db.schema.dropTable("orders").execute();
}
