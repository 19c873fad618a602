import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// Every copy of a backup to the remote (BACKUP_REMOTE, D77), done or failed: when,
// which file, how large, and the failure in words (never the remote's address, which may
// carry a password), so the shop can tell how old the newest copy off the machine is and
// why the last one failed. Times are ISO-8601 UTC text written by the backup's clock.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("backup_copies")
    .addColumn("id", postgres ? "serial" : "integer", (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("finished_at", "text", (col) => col.notNull())
    .addColumn("file", "text", (col) => col.notNull())
    .addColumn("bytes", "bigint", (col) => col.notNull())
    .addColumn("ok", "integer", (col) => col.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("backup_copies_ok_finished_at")
    .on("backup_copies")
    .columns(["ok", "finished_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("backup_copies").execute();
}
