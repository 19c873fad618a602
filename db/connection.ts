import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema";

const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the SQLite file (creating its folder) with the settings a shop needs: WAL for
 * readers beside the writer, synchronous=FULL so a confirmed order survives a power
 * cut, foreign keys enforced, and a busy timeout instead of immediate lock errors.
 */
export function createDatabase(path: string): Kysely<Database> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
