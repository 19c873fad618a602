import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// Every backup that finished (`npm run db:backup`, D71): when, how large and
// whether encrypted, so the shop can tell how old the newest backup is. Times are
// ISO-8601 UTC text written by the backup command's clock.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("backup_runs")
    .addColumn("id", postgres ? "serial" : "integer", (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("finished_at", "text", (col) => col.notNull())
    .addColumn("bytes", "bigint", (col) => col.notNull())
    .addColumn("encrypted", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("backup_runs_finished_at")
    .on("backup_runs")
    .column("finished_at")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
