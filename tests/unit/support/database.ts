import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { createDatabase } from "../../../db/connection";
import { migrateToLatest } from "../../../db/migrate";
import type { Database } from "../../../db/schema";

/**
 * The engine this run of the suite tests: PostgreSQL when `npm test` started one
 * (TEST_DATABASE_URL), else SQLite. Every database test runs on both.
 */
export const testEngine = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/** An address of a new, empty PostgreSQL database on the test cluster. */
export async function freshPostgresUrl(): Promise<string> {
  const admin = createDatabase({
    kind: "postgres",
    url: process.env.TEST_DATABASE_URL ?? "",
    poolSize: 1,
  });
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated database of its own for one test, on this run's engine. */
export async function freshDatabase(label = "test"): Promise<Kysely<Database>> {
  const db =
    testEngine === "postgres"
      ? createDatabase({ kind: "postgres", url: await freshPostgresUrl(), poolSize: 5 })
      : createDatabase(join(mkdtempSync(join(tmpdir(), `shop-${label}-`)), "shop.sqlite"));
  await migrateToLatest(db);
  return db;
}
