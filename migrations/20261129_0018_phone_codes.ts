import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// The checkout's code by SMS (D87): before a risky order is placed the shopper types a
// six-digit code sent to the phone. A row per code sent: the phone by its keyed hash (D35),
// the code only as a keyed hash (never the code itself), when it was made and stops
// working, the wrong tries so far, and when it was used or replaced by a newer one. Rows
// older than an hour count for nothing and are removed as new codes are made.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

/** An engine-numbered integer primary key: `serial` on PostgreSQL, rowid on SQLite. */
function idColumn(db: AnyDb) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? (["serial", (col: ColumnDefinitionBuilder) => col.primaryKey()] as const)
    : (["integer", (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement()] as const);
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idBuilder] = idColumn(db);
  await db.schema
    .createTable("phone_codes")
    .addColumn("id", idType, idBuilder)
    .addColumn("phone_key", "text", (column) => column.notNull())
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("tries", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("used_at", "text")
    .addColumn("invalidated_at", "text")
    .execute();
  await db.schema
    .createIndex("phone_codes_phone")
    .on("phone_codes")
    .columns(["phone_key", "created_at"])
    .execute();
  await db.schema
    .createIndex("phone_codes_created")
    .on("phone_codes")
    .column("created_at")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("phone_codes").execute();
}
