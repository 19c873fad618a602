import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  constants,
  accessSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, delimiter, dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { type DatabaseTarget, createDatabase, targetName } from "./connection";

/** What a backup file holds, told by its first bytes. */
export type BackupFormat = "sqlite" | "pg_dump";

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
const PG_DUMP_HEADER = Buffer.from("PGDMP", "latin1");

/** A backup or restore that cannot go ahead; its message is meant for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export interface BackupSummary {
  format: BackupFormat;
  bytes: number;
}

export interface RestoreSummary {
  format: BackupFormat;
  /** Orders in the database after the restore. */
  orders: number;
}

/** `sqlite` or `pg_dump` from the file's header; null for anything else. */
export function detectBackupFormat(file: string): BackupFormat | null {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, "r");
  try {
    const read = readSync(fd, header, 0, header.length, 0);
    if (read === SQLITE_HEADER.length && header.equals(SQLITE_HEADER)) return "sqlite";
    if (
      read >= PG_DUMP_HEADER.length &&
      header.subarray(0, PG_DUMP_HEADER.length).equals(PG_DUMP_HEADER)
    )
      return "pg_dump";
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the live database to `file` while the shop keeps running: SQLite's online backup
 * API, or `pg_dump --format=custom` (one snapshot) for PostgreSQL. The copy is written
 * beside `file` and renamed over it only when complete, so `file` is never half-written.
 */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<BackupSummary> {
  if (!existsSync(dirname(file))) throw new BackupError(`The folder of ${file} does not exist.`);
  const partial = partialName(file);
  try {
    if (target.kind === "sqlite") await backupSqlite(target.path, partial);
    else await runPostgresTool("pg_dump", target.url, ["--format=custom", `--file=${partial}`]);
    syncFile(partial);
    renameSync(partial, file);
    syncFile(dirname(file));
  } finally {
    rmSync(partial, { force: true });
  }
  return { format: target.kind === "sqlite" ? "sqlite" : "pg_dump", bytes: statSync(file).size };
}

/**
 * Puts a backup back. Refuses a target that already holds orders unless `force` is set,
 * and a backup of the other engine. Not safe under a running shop: a server keeps the
 * old SQLite file open (and writes to it), so stop it first.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  options: { force: boolean },
): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const format = detectBackupFormat(file);
  if (format === null)
    throw new BackupError(`${file} is neither a SQLite backup nor a pg_dump custom-format dump.`);
  const wanted: BackupFormat = target.kind === "sqlite" ? "sqlite" : "pg_dump";
  if (format !== wanted)
    throw new BackupError(
      format === "sqlite"
        ? `${file} is a SQLite backup, but the shop is configured for PostgreSQL (DATABASE_URL). Unset DATABASE_URL to restore it into DATABASE_PATH.`
        : `${file} is a PostgreSQL dump, but the shop is configured for SQLite. Set DATABASE_URL to restore it into PostgreSQL.`,
    );

  const existing = await countOrders(target);
  if (existing > 0 && !options.force)
    throw new BackupError(
      `${targetName(target)} already holds ${existing} order(s); restoring would replace them. Stop the shop and run again with --force to replace them.`,
    );

  if (target.kind === "sqlite") restoreSqlite(file, target.path);
  else
    await runPostgresTool("pg_restore", target.url, [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      file,
    ]);
  return { format, orders: await countOrders(target) };
}

/** Orders in the target; 0 when the database, or its orders table, does not exist yet. */
async function countOrders(target: DatabaseTarget): Promise<number> {
  if (target.kind === "sqlite" && !existsSync(target.path)) return 0;
  const db = createDatabase(target.kind === "postgres" ? { ...target, poolSize: 1 } : target);
  try {
    const tables = await db.introspection.getTables();
    if (!tables.some((table) => table.name === "orders")) return 0;
    const row = await db
      .selectFrom("orders")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

async function backupSqlite(path: string, destination: string): Promise<void> {
  if (!existsSync(path)) throw new BackupError(`There is no SQLite database at ${path}.`);
  const source = new SQLite(path, { fileMustExist: true });
  try {
    // All pages in one step: a step reads one snapshot (WAL lets writers go on meanwhile),
    // whereas small steps restart whenever a writer commits and could never finish under load.
    await source.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

function restoreSqlite(file: string, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = partialName(path);
  try {
    copyFileSync(file, partial);
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      // Rollback-journal mode needs no -wal beside the file; the shop turns WAL on at start.
      copy.pragma("journal_mode = DELETE");
      if (copy.pragma("quick_check", { simple: true }) !== "ok")
        throw new BackupError(`${file} is damaged (SQLite's quick_check failed).`);
      const orders = copy
        .prepare("select name from sqlite_master where type = 'table' and name = 'orders'")
        .get();
      if (!orders) throw new BackupError(`${file} is a SQLite database, but not the shop's.`);
    } finally {
      copy.close();
    }
    syncFile(partial);
    // A -wal or -shm left from the old file would be replayed into the new one.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${path}${suffix}`, { force: true });
    renameSync(partial, path);
    syncFile(dirname(path));
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      rmSync(`${partial}${suffix}`, { force: true });
  }
}

/**
 * Runs pg_dump or pg_restore against `url`. The password goes through PGPASSWORD, never
 * on the command line, and is cut out of anything the tool prints.
 */
async function runPostgresTool(tool: string, url: string, args: string[]): Promise<void> {
  const binary = findPostgresTool(tool);
  if (!binary)
    throw new BackupError(
      `${tool} was not found on PATH or in /usr/lib/postgresql/*/bin (apt-get install -y postgresql-client).`,
    );
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(binary, [`--dbname=${address.toString()}`, ...args], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (status !== 0) {
    const output = password ? stderr.split(password).join("***") : stderr;
    throw new BackupError(`${tool} failed (exit ${status}):\n${output.trim()}`);
  }
}

/** The tool on PATH, else in Debian's newest /usr/lib/postgresql/N/bin; null when neither. */
export function findPostgresTool(tool: string, env = process.env): string | null {
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((version) => join(root, version, "bin")));
  }
  for (const dir of dirs) {
    const candidate = join(dir, tool);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/** A name beside `file` for the copy in progress, so a rename publishes it whole. */
function partialName(file: string): string {
  return join(dirname(file), `.${basename(file)}.${randomBytes(4).toString("hex")}.partial`);
}

/** Flushes a file (or a folder's entries, after a rename) to disk. */
function syncFile(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
