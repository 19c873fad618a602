import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Distinct SQL texts kept prepared; the shop's queries are a few hundred shapes at most. */
export const STATEMENT_CACHE_SIZE = 500;

/** What the cache needs of better-sqlite3's database: its statements and `busy`. */
export interface PreparingDatabase {
  prepare(sql: string): SqliteStatement & { readonly busy?: boolean };
  close(): void;
}

/**
 * The database as Kysely's SQLite dialect sees it, with its statements kept prepared (issue
 * 40: Kysely prepares every query's text again, a quarter of SQLite's time on the order
 * path). Keyed by the SQL text, whose parameters are bound at each run, so one statement
 * serves every query of that shape, inside transactions or not; the least recently used
 * is dropped beyond `size`. A statement still iterating a stream is busy and cannot run
 * again meanwhile: then a fresh one is prepared for that run alone.
 */
export function cachingStatements(
  database: PreparingDatabase,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly cached: number } {
  // A Map keeps insertion order: re-inserting on use makes its first key the least recent.
  const statements = new Map<string, SqliteStatement & { readonly busy?: boolean }>();
  return {
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (kept) return statement;
      statements.set(sql, statement);
      if (statements.size > size) {
        const [oldest] = statements.keys();
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
    get cached() {
      return statements.size;
    },
  };
}
