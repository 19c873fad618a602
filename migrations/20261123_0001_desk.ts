import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type OnModifyForeignAction,
  PostgresAdapter,
  sql,
} from "kysely";

// The owner's desk (D23, D24): staff, one-time sign-in links, sessions, the order's status
// and its append-only events, and throttle hits shared by every process. Nothing
// engine-specific: times are ISO-8601 UTC text written by the shop's clock, ids are
// integers the engine numbers (the one difference, kept in `idColumn`).

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An engine-numbered integer primary key: `serial` on PostgreSQL, rowid on SQLite. */
function idColumn(db: AnyDb) {
  return isPostgres(db)
    ? (["serial", (col: ColumnDefinitionBuilder) => col.primaryKey()] as const)
    : (["integer", (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement()] as const);
}

const cascade: OnModifyForeignAction = "cascade";

export async function up(db: AnyDb): Promise<void> {
  const [idType, idBuilder] = idColumn(db);

  await db.schema
    .createTable("staff")
    .addColumn("id", idType, idBuilder)
    .addColumn("name", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("disabled_at", "text")
    .execute();

  await db.schema
    .createTable("desk_sign_in_links")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    // Null for a link sent to the desk chats: whoever opens it says their name.
    .addColumn("staff_id", "integer", (col) => col.references("staff.id").onDelete(cascade))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("desk_sessions")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("staff_id", "integer", (col) =>
      col.notNull().references("staff.id").onDelete(cascade),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("user_agent", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("desk_sessions_staff")
    .on("desk_sessions")
    .column("staff_id")
    .execute();

  // Every existing order starts as new: nobody has confirmed it in the desk yet.
  await db.schema
    .alterTable("orders")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'confirmed', 'shipped', 'delivered', 'refused', 'cancelled')`),
    )
    .execute();
  await db.schema.createIndex("orders_status").on("orders").column("status").execute();
  await db.schema.createIndex("orders_created_at").on("orders").column("created_at").execute();
  await db.schema.createIndex("orders_phone").on("orders").column("phone").execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", idType, idBuilder)
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete(cascade),
    )
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("staff_id", "integer", (col) => col.references("staff.id"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('status', 'note')`))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("note", "text")
    .execute();
  await db.schema
    .createIndex("order_events_order")
    .on("order_events")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createTable("throttle_hits")
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("throttle_hits_bucket_at")
    .on("throttle_hits")
    .columns(["bucket", "at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("throttle_hits").execute();
  await db.schema.dropTable("order_events").execute();
  await db.schema.dropIndex("orders_phone").execute();
  await db.schema.dropIndex("orders_created_at").execute();
  await db.schema.dropIndex("orders_status").execute();
  await db.schema.alterTable("orders").dropColumn("status").execute();
  await db.schema.dropTable("desk_sessions").execute();
  await db.schema.dropTable("desk_sign_in_links").execute();
  await db.schema.dropTable("staff").execute();
}
