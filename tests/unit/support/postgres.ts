import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { createDatabase } from "../../../db/connection";

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
