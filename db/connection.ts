import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import pg from "pg";
import { commitInGroups } from "./group-commit";
import { queryCounter } from "./query-count";
import type { Database } from "./schema";
import { cachingStatements } from "./statement-cache";

const BUSY_TIMEOUT_MS = 5000;

/**
 * SQLite's plain `begin` takes the write lock only at the first write. With several
 * processes on one file (WEB_CONCURRENCY, D52), a transaction that read first
 * and writes after another process committed fails at once with SQLITE_BUSY: the busy
 * timeout does not apply to it. `begin immediate` takes the write lock up front, so
 * writers wait their turn. Within one process nothing changes: Kysely runs one
 * transaction at a time on its one connection anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Where the shop's data lives: a SQLite file (the default) or a PostgreSQL server (D28). */
export type DatabaseTarget =
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; url: string; poolSize: number };

/** The database named for messages: the SQLite file, or the PostgreSQL database without its password. */
export function targetName(target: DatabaseTarget): string {
  return target.kind === "sqlite" ? target.path : new URL(target.url).pathname.slice(1);
}

/**
 * Opens the database. SQLite (creating its folder) with the settings a shop needs: WAL
 * for readers beside the writer, synchronous=FULL so a confirmed order survives a power
 * cut, foreign keys enforced, a busy timeout instead of immediate lock errors, and
 * transactions that take the write lock when they begin.
 * PostgreSQL through a pool of `poolSize` connections.
 */
export function createDatabase(target: DatabaseTarget | string): Kysely<Database> {
  const resolved: DatabaseTarget =
    typeof target === "string" ? { kind: "sqlite", path: target } : target;
  if (resolved.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: resolved.url, max: resolved.poolSize });
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [queryCounter],
    });
  }
  const { path } = resolved;
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({
    // Each query's text prepared once, not at every run (issue 40).
    dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite) }),
    plugins: [queryCounter],
  });
  // Orders placed at the same moment share one commit, one wait for the disk (issue 40).
  commitInGroups(db);
  return db;
}

/** A unique index refused the row, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint/.test(error.message)
  );
}
