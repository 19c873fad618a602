import { spawn } from "node:child_process";
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from "node:crypto";
import {
  constants,
  accessSync,
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { type DatabaseTarget, createDatabase, targetName } from "./connection";
import type { Database } from "./schema";

/** What a database dump holds, told by its first bytes. */
export type DumpFormat = "sqlite" | "pg_dump";

/** What a backup file is, told by its first bytes: a dump, or a dump encrypted by us. */
export type BackupFormat = DumpFormat | "encrypted";

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
const PG_DUMP_HEADER = Buffer.from("PGDMP", "latin1");

/**
 * An encrypted backup (D71): this magic, the scrypt parameters (log2 N, r, p, one
 * byte each), a 16-byte salt and a 12-byte nonce; then the plaintext encrypted with
 * AES-256-GCM under the key scrypt derives from the passphrase; then GCM's 16-byte tag. The
 * whole header is the cipher's additional data, so a changed parameter fails
 * authentication too. In version 1 the plaintext is the dump; in version 2 (D79)
 * it starts with the shop's secrets, a 4-byte big-endian length and that many bytes of
 * JSON (`{"SESSION_SECRET": …}`), and the dump follows. Both versions are read.
 */
const ENCRYPTED_MAGIC = Buffer.from("HERBAL-SHOP-BACKUP AES-256-GCM 1\n", "latin1");
const ENCRYPTED_MAGIC_V2 = Buffer.from("HERBAL-SHOP-BACKUP AES-256-GCM 2\n", "latin1");
/** More than any secrets the shop keeps: a length beyond it is a damaged file. */
const SECRETS_MAX_BYTES = 64 * 1024;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const ENCRYPTED_HEADER_BYTES = ENCRYPTED_MAGIC.length + 3 + SALT_BYTES + NONCE_BYTES;

/** scrypt's cost: N = 2^log2N, r, p. */
export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** scrypt as OWASP recommends it (N = 2^17, r = 8, p = 1): 128 MiB and a fraction of a second. */
export const SCRYPT: ScryptParams = { log2N: 17, r: 8, p: 1 };
/** The cheapest cost a backup may name (tests write with it; a restore refuses less). */
export const SCRYPT_MIN_LOG2N = 10;
/**
 * The most a header may ask of scrypt (1 GiB): a damaged or hostile header must not make
 * the restore allocate without bound before authentication can fail.
 */
const SCRYPT_MAX_MEMORY = 1024 ** 3;

const HEADER_PROBE = Math.max(SQLITE_HEADER.length, ENCRYPTED_MAGIC.length);

/** A backup or restore that cannot go ahead; its message is meant for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/**
 * The secrets a new machine needs besides the database, by the name of the variable that
 * may set each (`SESSION_SECRET`, `PHONE_HASH_KEY`). Only ever written encrypted.
 */
export type BackupSecrets = Record<string, string>;

export interface BackupSummary {
  format: DumpFormat;
  bytes: number;
  encrypted: boolean;
  /** The names of the secrets inside, sorted; none in a plain backup. */
  secrets: string[];
}

export interface RestoreSummary {
  format: DumpFormat;
  encrypted: boolean;
  /** Orders in the database after the restore. */
  orders: number;
  /** The names of the secrets the backup held, sorted. */
  secrets: string[];
}

export interface CheckSummary {
  format: DumpFormat;
  encrypted: boolean;
  /** Orders in a SQLite backup; null for a pg_dump, which is read but not loaded. */
  orders: number | null;
  /** The names of the secrets inside, sorted; none in a plain or version 1 backup. */
  secrets: string[];
}

/** `sqlite`, `pg_dump` or `encrypted` from the file's header; null for anything else. */
export function detectBackupFormat(file: string): BackupFormat | null {
  const header = Buffer.alloc(HEADER_PROBE);
  const fd = openSync(file, "r");
  try {
    const read = readSync(fd, header, 0, header.length, 0);
    const starts = (magic: Buffer) =>
      read >= magic.length && header.subarray(0, magic.length).equals(magic);
    if (starts(SQLITE_HEADER)) return "sqlite";
    if (starts(PG_DUMP_HEADER)) return "pg_dump";
    if (starts(ENCRYPTED_MAGIC) || starts(ENCRYPTED_MAGIC_V2)) return "encrypted";
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The passphrase in `file`, without its trailing newline. An empty one is refused: it
 * would encrypt with a key anyone can derive.
 */
export function readPassphrase(file: string): Buffer {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new BackupError(`Cannot read the passphrase file ${file} (${code}).`);
  }
  let end = content.length;
  while (end > 0 && (content[end - 1] === 0x0a || content[end - 1] === 0x0d)) end -= 1;
  if (end === 0) throw new BackupError(`The passphrase file ${file} is empty.`);
  return content.subarray(0, end);
}

/**
 * Copies the live database to `file` while the shop keeps running: SQLite's online backup
 * API, or `pg_dump --format=custom` (one snapshot) for PostgreSQL. The copy is written
 * beside `file` and renamed over it only when complete, so `file` is never half-written.
 * With a passphrase file the dump is written to a private file beside `file` (mode
 * 0600), encrypted into the copy and removed, whatever happens; `secrets` go inside the
 * encryption with it, and never into a plain backup. `scrypt` is the key's cost (tests
 * pass a cheap one).
 */
export async function backupDatabase(
  target: DatabaseTarget,
  file: string,
  options: {
    passphraseFile?: string | null;
    secrets?: BackupSecrets | null;
    scrypt?: ScryptParams;
  } = {},
): Promise<BackupSummary> {
  if (!existsSync(dirname(file))) throw new BackupError(`The folder of ${file} does not exist.`);
  const passphrase = options.passphraseFile ? readPassphrase(options.passphraseFile) : null;
  const secrets = passphrase && options.secrets ? options.secrets : null;
  const partial = partialName(file);
  const plain = passphrase ? partialName(file, "plain") : partial;
  try {
    createPrivateFile(plain);
    if (target.kind === "sqlite") await backupSqlite(target.path, plain);
    else await runPostgresTool("pg_dump", target.url, ["--format=custom", `--file=${plain}`]);
    if (passphrase)
      await encryptFile(plain, partial, passphrase, secrets, options.scrypt ?? SCRYPT);
    syncFile(partial);
    renameSync(partial, file);
    syncFile(dirname(file));
  } finally {
    rmSync(partial, { force: true });
    rmSync(plain, { force: true });
  }
  return {
    format: target.kind === "sqlite" ? "sqlite" : "pg_dump",
    bytes: statSync(file).size,
    encrypted: passphrase !== null,
    secrets: secretNames(secrets),
  };
}

function secretNames(secrets: BackupSecrets | null): string[] {
  return secrets ? Object.keys(secrets).sort() : [];
}

/**
 * Puts a backup back. Refuses a target that already holds orders unless `force` is set,
 * and a backup of the other engine. An encrypted backup is decrypted whole into a private
 * temporary file first, so a wrong passphrase or a damaged file changes nothing. Not safe
 * under a running shop: a server keeps the old SQLite file open (and writes to it), so
 * stop it first. `secrets` is told what the backup holds once it decrypted and before the
 * database is touched: it may refuse (throw), and what it returns runs after the restore.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  options: {
    force: boolean;
    passphraseFile?: string | null;
    secrets?: (found: BackupSecrets) => () => void;
  },
): Promise<RestoreSummary> {
  const found = inspectBackup(file, options.passphraseFile);
  const existing = await countOrders(target);
  if (existing > 0 && !options.force)
    throw new BackupError(
      `${targetName(target)} already holds ${existing} order(s); restoring would replace them. Stop the shop and run again with --force to replace them.`,
    );

  return withDump(file, found, async (dump, format, secrets) => {
    const wanted: DumpFormat = target.kind === "sqlite" ? "sqlite" : "pg_dump";
    if (format !== wanted)
      throw new BackupError(
        format === "sqlite"
          ? `${file} is a SQLite backup, but the shop is configured for PostgreSQL (DATABASE_URL). Unset DATABASE_URL to restore it into DATABASE_PATH.`
          : `${file} is a PostgreSQL dump, but the shop is configured for SQLite. Set DATABASE_URL to restore it into PostgreSQL.`,
      );
    const placeSecrets = options.secrets?.(secrets ?? {}) ?? null;
    if (target.kind === "sqlite") restoreSqlite(dump, target.path, file);
    else
      await runPostgresTool("pg_restore", target.url, [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        "--exit-on-error",
        dump,
      ]);
    placeSecrets?.();
    return {
      format,
      encrypted: found.passphrase !== null,
      orders: await countOrders(target),
      secrets: secretNames(secrets),
    };
  });
}

/**
 * Whether a backup opens, without touching any database: decrypted (when encrypted) into a
 * private temporary file; a SQLite backup copied there, passed through `quick_check` and
 * asked for its `orders` table; a pg_dump listed (`pg_restore --list`) and read to its
 * end (`pg_restore --file=/dev/null`), which decompresses every table's data.
 */
export async function checkBackup(
  file: string,
  options: { passphraseFile?: string | null } = {},
): Promise<CheckSummary> {
  const found = inspectBackup(file, options.passphraseFile);
  return withDump(file, found, async (dump, format, secrets) => {
    const encrypted = found.passphrase !== null;
    const names = secretNames(secrets);
    if (format === "pg_dump") {
      await runTool("pg_restore", ["--list", dump]);
      await runTool("pg_restore", ["--file=/dev/null", dump]);
      return { format, encrypted, orders: null, secrets: names };
    }
    const folder = mkdtempSync(join(tmpdir(), "shop-check-"));
    try {
      // A copy, because opening a backup in WAL mode writes -wal and -shm files beside it.
      const copy = join(folder, "check.sqlite");
      copyFileSync(dump, copy);
      return { format, encrypted, orders: checkSqlite(copy, file), secrets: names };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

interface FoundBackup {
  format: BackupFormat;
  passphrase: Buffer | null;
}

/** The backup's kind, and its passphrase when it is encrypted; refuses what cannot be read. */
function inspectBackup(file: string, passphraseFile: string | null | undefined): FoundBackup {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const format = detectBackupFormat(file);
  if (format === null)
    throw new BackupError(
      `${file} is neither a SQLite backup, a pg_dump custom-format dump nor an encrypted backup.`,
    );
  if (format !== "encrypted") return { format, passphrase: null };
  if (!passphraseFile)
    throw new BackupError(
      `${file} is encrypted: name its passphrase file with --passphrase-file PATH or BACKUP_PASSPHRASE_FILE.`,
    );
  return { format, passphrase: readPassphrase(passphraseFile) };
}

/**
 * Calls `use` with a plain dump of the backup and the secrets it holds (null: none): the
 * file itself, or its decryption in a private temporary folder that is removed
 * afterwards, whatever happens.
 */
async function withDump<T>(
  file: string,
  found: FoundBackup,
  use: (dump: string, format: DumpFormat, secrets: BackupSecrets | null) => Promise<T>,
): Promise<T> {
  if (found.passphrase === null) return use(file, found.format as DumpFormat, null);
  const folder = mkdtempSync(join(tmpdir(), "shop-restore-"));
  try {
    const dump = join(folder, "backup.plain");
    const secrets = await decryptFile(file, dump, found.passphrase);
    const format = detectBackupFormat(dump);
    if (format !== "sqlite" && format !== "pg_dump")
      throw new BackupError(`${file} decrypts, but to neither a SQLite backup nor a pg_dump.`);
    return await use(dump, format, secrets);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** scrypt's key for AES-256 from the passphrase and the file's salt. */
function deriveKey(
  passphrase: Buffer,
  salt: Buffer,
  params: { log2N: number; r: number; p: number },
): Promise<Buffer> {
  const N = 2 ** params.log2N;
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase,
      salt,
      32,
      { N, r: params.r, p: params.p, maxmem: 2 * 128 * N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Streams `source` into `destination` (created, mode 0600) as an encrypted backup: version
 * 2 with `secrets` before the dump, version 1 without.
 */
async function encryptFile(
  source: string,
  destination: string,
  passphrase: Buffer,
  secrets: BackupSecrets | null,
  cost: ScryptParams,
) {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const header = Buffer.concat([
    secrets ? ENCRYPTED_MAGIC_V2 : ENCRYPTED_MAGIC,
    Buffer.from([cost.log2N, cost.r, cost.p]),
    salt,
    nonce,
  ]);
  const cipher = createCipheriv("aes-256-gcm", await deriveKey(passphrase, salt, cost), nonce);
  cipher.setAAD(header);
  const block = secrets ? Buffer.from(JSON.stringify(secrets), "utf8") : null;
  if (block && block.length > SECRETS_MAX_BYTES)
    throw new BackupError("The secrets to back up are larger than a backup may hold.");
  await pipeline(
    async function* () {
      if (block) {
        const length = Buffer.alloc(4);
        length.writeUInt32BE(block.length);
        yield Buffer.concat([length, block]);
      }
      yield* createReadStream(source);
    },
    cipher,
    async function* (ciphertext: AsyncIterable<Buffer>) {
      yield header;
      yield* ciphertext;
      // The cipher has ended once its output is read to the end.
      yield cipher.getAuthTag();
    },
    createWriteStream(destination, { flags: "wx", mode: 0o600 }),
  );
}

/**
 * Streams an encrypted backup's plain dump into `destination` (created, mode 0600) and
 * returns the secrets before it (version 2; null in version 1). GCM's tag is read first
 * from the file's end; the decryption is only known good when the stream ends, so the
 * caller uses `destination` and the secrets only after this resolves.
 */
async function decryptFile(
  source: string,
  destination: string,
  passphrase: Buffer,
): Promise<BackupSecrets | null> {
  const damaged = () =>
    new BackupError(`${source} could not be decrypted: wrong passphrase or damaged file.`);
  const size = statSync(source).size;
  if (size <= ENCRYPTED_HEADER_BYTES + TAG_BYTES) throw damaged();
  const header = Buffer.alloc(ENCRYPTED_HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  const fd = openSync(source, "r");
  try {
    readSync(fd, header, 0, header.length, 0);
    readSync(fd, tag, 0, tag.length, size - TAG_BYTES);
  } finally {
    closeSync(fd);
  }
  const version2 = header.subarray(0, ENCRYPTED_MAGIC_V2.length).equals(ENCRYPTED_MAGIC_V2);
  let at = ENCRYPTED_MAGIC.length;
  const params = { log2N: header[at++] ?? 0, r: header[at++] ?? 0, p: header[at++] ?? 0 };
  const salt = header.subarray(at, at + SALT_BYTES);
  const nonce = header.subarray(at + SALT_BYTES, at + SALT_BYTES + NONCE_BYTES);
  const memory = 128 * 2 ** params.log2N * params.r * params.p;
  if (params.log2N < SCRYPT_MIN_LOG2N || params.r < 1 || params.p < 1 || memory > SCRYPT_MAX_MEMORY)
    throw damaged();

  const decipher = createDecipheriv(
    "aes-256-gcm",
    await deriveKey(passphrase, salt, params),
    nonce,
  );
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  let block: Buffer | null = null;
  try {
    await pipeline(
      createReadStream(source, { start: ENCRYPTED_HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      async function* (plaintext: AsyncIterable<Buffer>) {
        // In version 2 the secrets' length and JSON come first; the rest is the dump.
        let pending = Buffer.alloc(0);
        for await (const chunk of plaintext) {
          if (!version2 || block) {
            yield chunk;
            continue;
          }
          pending = Buffer.concat([pending, chunk]);
          if (pending.length < 4) continue;
          const length = pending.readUInt32BE(0);
          if (length > SECRETS_MAX_BYTES) throw damaged();
          if (pending.length < 4 + length) continue;
          block = pending.subarray(4, 4 + length);
          if (pending.length > 4 + length) yield pending.subarray(4 + length);
        }
      },
      createWriteStream(destination, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    rmSync(destination, { force: true });
    if (error instanceof BackupError) throw error;
    if (error instanceof Error && /unable to authenticate/.test(error.message)) throw damaged();
    throw error;
  }
  if (!version2) return null;
  if (block === null) throw damaged();
  return parseSecrets(block, damaged);
}

/** The secrets' JSON: names to strings, nothing else. */
function parseSecrets(block: Buffer, damaged: () => BackupError): BackupSecrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(block.toString("utf8"));
  } catch {
    throw damaged();
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw damaged();
  const secrets: BackupSecrets = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw damaged();
    secrets[name] = value;
  }
  return secrets;
}

/** An empty file only its owner can read, for a dump of shoppers' data to be written into. */
function createPrivateFile(path: string): void {
  closeSync(openSync(path, "wx", 0o600));
}

export interface BackupRun {
  finishedAt: string;
  bytes: number;
  encrypted: boolean;
}

/**
 * Records a backup that finished, for the shop to show how old the newest one is. A
 * database not yet migrated to `backup_runs` is left alone: a backup never migrates.
 */
export async function recordBackup(target: DatabaseTarget, run: BackupRun): Promise<boolean> {
  if (target.kind === "sqlite" && !existsSync(target.path)) return false;
  const db = createDatabase(target.kind === "postgres" ? { ...target, poolSize: 1 } : target);
  try {
    return await recordBackupIn(db, run);
  } finally {
    await db.destroy();
  }
}

/** `recordBackup` through a connection the caller holds (the shop's own). */
export async function recordBackupIn(db: Kysely<Database>, run: BackupRun): Promise<boolean> {
  if (!(await hasTable(db, "backup_runs"))) return false;
  await db
    .insertInto("backup_runs")
    .values({
      finished_at: run.finishedAt,
      bytes: run.bytes,
      encrypted: run.encrypted ? 1 : 0,
    })
    .execute();
  return true;
}

/** Whether the database has `table` yet: a backup reads and writes, but never migrates. */
export async function hasTable(db: Kysely<Database>, table: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((found) => found.name === table);
}

/** When the newest recorded backup finished (ISO 8601), or null when none was recorded. */
export async function lastBackupAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("backup_runs")
    .select(db.fn.max("finished_at").as("finished_at"))
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

export interface RemoteCopy {
  finishedAt: string;
  /** The copy's name under the remote: `daily/YYYY-MM-DD.backup`. */
  file: string;
  bytes: number;
  /** What went wrong, without the remote's address; null when the copy is whole. */
  error: string | null;
}

/** Records a copy of a backup to the remote (D79), done or failed. */
export async function recordRemoteCopy(db: Kysely<Database>, copy: RemoteCopy): Promise<void> {
  await db
    .insertInto("backup_copies")
    .values({
      finished_at: copy.finishedAt,
      file: copy.file,
      bytes: copy.bytes,
      ok: copy.error === null ? 1 : 0,
      error: copy.error,
    })
    .execute();
}

/**
 * The newest whole copy on the remote (when it finished, ISO 8601; null: none), and the
 * newest attempt when it failed after that (null when the last copy worked).
 */
export async function lastRemoteCopies(
  db: Kysely<Database>,
): Promise<{ copiedAt: string | null; failure: { at: string; error: string } | null }> {
  const [copied, attempt] = await Promise.all([
    db
      .selectFrom("backup_copies")
      .where("ok", "=", 1)
      .select(db.fn.max("finished_at").as("finished_at"))
      .executeTakeFirst(),
    db
      .selectFrom("backup_copies")
      .select(["finished_at", "ok", "error"])
      .orderBy("finished_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    copiedAt: copied?.finished_at ?? null,
    failure:
      attempt && attempt.ok === 0 ? { at: attempt.finished_at, error: attempt.error ?? "" } : null,
  };
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

/**
 * Puts the SQLite dump `file` (the backup `named`, or its decryption) in place of `path`,
 * checked first, through a copy beside `path` that is renamed over it.
 */
function restoreSqlite(file: string, path: string, named: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = partialName(path);
  try {
    copyFileSync(file, partial);
    checkSqlite(partial, named);
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
 * Checks a copy of a SQLite backup (the backup `named`) and leaves it in rollback-journal
 * mode; its orders. Throws a BackupError when it is damaged or not the shop's.
 */
function checkSqlite(copy: string, named: string): number {
  let database: SQLite.Database | null = null;
  try {
    database = new SQLite(copy, { fileMustExist: true });
    // Rollback-journal mode needs no -wal beside the file; the shop turns WAL on at start.
    database.pragma("journal_mode = DELETE");
    if (database.pragma("quick_check", { simple: true }) !== "ok")
      throw new BackupError(`${named} is damaged (SQLite's quick_check failed).`);
    const orders = database
      .prepare("select name from sqlite_master where type = 'table' and name = 'orders'")
      .get();
    if (!orders) throw new BackupError(`${named} is a SQLite database, but not the shop's.`);
    const row = database.prepare("select count(*) as n from orders").get() as { n: number };
    return row.n;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // SQLite names the damage ("database disk image is malformed") when it cannot read on.
    throw new BackupError(`${named} is damaged (${(error as Error).message}).`);
  } finally {
    database?.close();
  }
}

/**
 * Runs pg_dump or pg_restore against `url`. The password goes through PGPASSWORD, never
 * on the command line, and is cut out of anything the tool prints.
 */
async function runPostgresTool(tool: string, url: string, args: string[]): Promise<void> {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  await runTool(tool, [`--dbname=${address.toString()}`, ...args], password || null);
}

/** Runs a PostgreSQL client tool; a failure's message is what it printed, `secret` cut out. */
async function runTool(tool: string, args: string[], secret: string | null = null): Promise<void> {
  const binary = findPostgresTool(tool);
  if (!binary)
    throw new BackupError(
      `${tool} was not found on PATH or in /usr/lib/postgresql/*/bin (apt-get install -y postgresql-client).`,
    );
  const env = { ...process.env, ...(secret ? { PGPASSWORD: secret } : {}) };
  const child = spawn(binary, args, { env, stdio: ["ignore", "ignore", "pipe"] });
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
    const output = secret ? stderr.split(secret).join("***") : stderr;
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
function partialName(file: string, kind: "partial" | "plain" = "partial"): string {
  return join(dirname(file), `.${basename(file)}.${randomBytes(4).toString("hex")}.${kind}`);
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
