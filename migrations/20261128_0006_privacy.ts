import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// What the privacy page promises, kept by the database (D35). An order remembers its
// phone as a keyed hash too (`phone_key`), so the repeat-refuser memory outlives the phone
// itself once the order is depersonalised (`depersonalised_at`); the shop fills the hash
// for older orders at start, since the key lives outside the database. A person's request
// to see or erase their data is logged with the day it came; staff reading orders is
// logged in `access_log`, which the database itself keeps append-only on both engines.
// One row per Tbilisi day in `privacy_sweeps` lets every process try the daily sweep and
// exactly one run it.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function idColumn(db: AnyDb) {
  return isPostgres(db)
    ? (["serial", (col: ColumnDefinitionBuilder) => col.primaryKey()] as const)
    : (["integer", (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement()] as const);
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idBuilder] = idColumn(db);

  await db.schema.alterTable("orders").addColumn("phone_key", "text").execute();
  await db.schema.alterTable("orders").addColumn("depersonalised_at", "text").execute();
  await db.schema.createIndex("orders_phone_key").on("orders").column("phone_key").execute();

  await db.schema
    .createTable("privacy_requests")
    .addColumn("id", idType, idBuilder)
    .addColumn("received_on", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("phone_key", "text")
    .addColumn("order_number", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("done_at", "text")
    .addColumn("done_by", "text")
    .addColumn("outcome", "text")
    .execute();

  await db.schema
    .createTable("access_log")
    .addColumn("id", idType, idBuilder)
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("staff_id", "integer")
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("orders", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("access_log_at").on("access_log").column("at").execute();

  if (isPostgres(db)) {
    await sql`create function access_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'access_log is append-only'; end $$`.execute(db);
    await sql`create trigger access_log_append_only before update or delete on access_log
      for each row execute function access_log_append_only()`.execute(db);
  } else {
    for (const event of ["update", "delete"])
      await sql
        .raw(`create trigger access_log_no_${event} before ${event} on access_log
          begin select raise(abort, 'access_log is append-only'); end`)
        .execute(db);
  }

  await db.schema
    .createTable("privacy_sweeps")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("orders", "integer")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("privacy_sweeps").execute();
  if (isPostgres(db)) {
    await sql`drop trigger access_log_append_only on access_log`.execute(db);
    await sql`drop function access_log_append_only()`.execute(db);
  }
  await db.schema.dropTable("access_log").execute();
  await db.schema.dropTable("privacy_requests").execute();
  await db.schema.dropIndex("orders_phone_key").execute();
  await db.schema.alterTable("orders").dropColumn("depersonalised_at").execute();
  await db.schema.alterTable("orders").dropColumn("phone_key").execute();
}
