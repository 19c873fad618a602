import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { createDatabase } from "../../../db/connection";
import { migrateToLatest } from "../../../db/migrate";
import type { Database } from "../../../db/schema";
import { freshPostgresUrl, testEngine } from "./postgres";

export { freshPostgresUrl, testEngine };

/** A migrated database of its own for one test, on this run's engine. */
export async function freshDatabase(label = "test"): Promise<Kysely<Database>> {
  const db =
    testEngine === "postgres"
      ? createDatabase({ kind: "postgres", url: await freshPostgresUrl(), poolSize: 5 })
      : createDatabase(join(mkdtempSync(join(tmpdir(), `shop-${label}-`)), "shop.sqlite"));
  await migrateToLatest(db);
  return db;
}
