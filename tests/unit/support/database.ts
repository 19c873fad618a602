import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { type DatabaseTarget, createDatabase } from "../../../db/connection";
import { migrateToLatest } from "../../../db/migrate";
import type { Database } from "../../../db/schema";
import { freshPostgresUrl, testEngine } from "./postgres";

export { freshPostgresUrl, testEngine };

/** Where a new, empty database of this run's engine would be; nothing is created on SQLite. */
export async function freshTarget(label = "test"): Promise<DatabaseTarget> {
  return testEngine === "postgres"
    ? { kind: "postgres", url: await freshPostgresUrl(), poolSize: 5 }
    : { kind: "sqlite", path: join(mkdtempSync(join(tmpdir(), `shop-${label}-`)), "shop.sqlite") };
}

/** A migrated database of its own for one test, on this run's engine. */
export async function freshDatabase(label = "test"): Promise<Kysely<Database>> {
  const db = createDatabase(await freshTarget(label));
  await migrateToLatest(db);
  return db;
}
