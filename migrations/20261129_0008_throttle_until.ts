import type { Kysely } from "kysely";

// Each counted attempt of a limit carries the end of its own window (`until`), so one
// limit's sweep never removes another's attempts and a background job removes every row,
// with the client's address in its bucket, as soon as its window is over. The attempts
// counted so far are forgotten: at most one window of each limit starts afresh.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

async function createThrottleHits(db: AnyDb, withUntil: boolean): Promise<void> {
  let table = db.schema
    .createTable("throttle_hits")
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull());
  if (withUntil) table = table.addColumn("until", "text", (col) => col.notNull());
  await table.execute();
  await db.schema
    .createIndex("throttle_hits_bucket_at")
    .on("throttle_hits")
    .columns(["bucket", "at"])
    .execute();
  if (withUntil)
    await db.schema
      .createIndex("throttle_hits_until")
      .on("throttle_hits")
      .column("until")
      .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable("throttle_hits").execute();
  await createThrottleHits(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("throttle_hits").execute();
  await createThrottleHits(db, false);
}
