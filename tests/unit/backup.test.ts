import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeOrder } from "~/orders/place.server";
import {
  BackupError,
  backupDatabase,
  checkBackup,
  detectBackupFormat,
  lastBackupAt,
  readPassphrase,
  recordBackup,
  restoreDatabase,
} from "../../db/backup";
import { type DatabaseTarget, createDatabase } from "../../db/connection";
import { createMigrator, migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { freshTarget, testEngine } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

/** The instant every order of these tests is placed: the shop's clock, not the wall's. */
const NOW = Date.parse("2026-11-22T06:00:00Z");
const telegram = {
  botToken: "123:abc",
  chatIds: ["111", "222"],
  deskChatIds: ["111"],
  holdAfterRefusals: 2,
  phoneHashKey: PHONE_HASH_KEY,
  language: "ru" as const,
};
const WORKERS = 4;
const ORDERS_BEFORE_BACKUP = 40;

let source: DatabaseTarget;
let db: Kysely<Database>;
let folder: string;
/** The temporary folder the backup module decrypts into, this test's own. */
let scratch: string;
const systemTmp = process.env.TMPDIR;

beforeEach(async () => {
  source = await freshTarget("backup-source");
  db = createDatabase(source);
  await migrateToLatest(db);
  folder = mkdtempSync(join(tmpdir(), "shop-backups-"));
  scratch = mkdtempSync(join(tmpdir(), "shop-scratch-"));
  process.env.TMPDIR = scratch;
});

afterEach(async () => {
  if (systemTmp === undefined) Reflect.deleteProperty(process.env, "TMPDIR");
  else process.env.TMPDIR = systemTmp;
  await db.destroy();
});

let serial = 0;
async function order(phone = "+995 555 123 456"): Promise<string> {
  serial += 1;
  const token = `token-${String(serial).padStart(16, "0")}`;
  const result = await placeOrder(
    db,
    {
      values: {
        address: `Rustaveli Ave ${serial}`,
        deliveryTime: "24.11.26",
        phone,
        name: null,
        messenger: null,
        email: null,
      },
      cart: [{ key: "body/hemor-cream", qty: 1 + (serial % 5) }],
      language: "ka",
      token,
      titleLanguage: "ru",
    },
    { now: NOW, phoneHashKey: PHONE_HASH_KEY, telegram },
  );
  if (!result.ok) throw new Error(result.error);
  return token;
}

/** Every order with its items and notifications, by submission token. */
async function contents(target: DatabaseTarget) {
  const restored = createDatabase(target);
  try {
    const orders = await restored.selectFrom("orders").selectAll().execute();
    const items = await restored.selectFrom("order_items").selectAll().execute();
    const notifications = await restored.selectFrom("notifications").selectAll().execute();
    return new Map(
      orders.map((row) => [
        row.submission_token,
        {
          order: row,
          items: items.filter((item) => item.order_id === row.id),
          notifications: notifications.filter((note) => note.order_id === row.id),
        },
      ]),
    );
  } finally {
    await restored.destroy();
  }
}

describe(`backup and restore (${testEngine})`, () => {
  it("backs up under order load and restores every order placed before it, whole", async () => {
    const file = join(folder, "shop.backup");
    const before: string[] = [];
    const during: string[] = [];
    let backupStarted = false;
    let stop = false;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) {
        const token = await order();
        (backupStarted ? during : before).push(token);
        // On SQLite an order completes in microtasks alone: yield, or nothing else ever runs.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    while (before.length < ORDERS_BEFORE_BACKUP) await new Promise((r) => setTimeout(r, 5));

    backupStarted = true;
    const summary = await backupDatabase(source, file);
    // Orders go on being placed while the backup runs, and after it.
    while (during.length < WORKERS * 2) await new Promise((r) => setTimeout(r, 5));
    stop = true;
    await Promise.all(workers);

    expect(summary.format).toBe(testEngine === "postgres" ? "pg_dump" : "sqlite");
    expect(detectBackupFormat(file)).toBe(summary.format);

    const target = await freshTarget("backup-restored");
    const restoredSummary = await restoreDatabase(target, file, { force: false });
    const restored = await contents(target);
    expect(restoredSummary.orders).toBe(restored.size);
    expect(restored.size).toBeGreaterThanOrEqual(before.length);
    expect(restored.size).toBeLessThanOrEqual(before.length + during.length);

    const original = await contents(source);
    for (const token of before) {
      const copy = restored.get(token);
      expect(copy, token).toBeDefined();
      expect(copy).toEqual(original.get(token));
    }
    // Nothing half-written: every restored order has all its items and notifications.
    for (const { order, items, notifications } of restored.values()) {
      expect(items.length).toBe(order.positions);
      expect(items.reduce((sum, item) => sum + item.subtotal, 0)).toBe(order.total);
      expect(notifications.map((note) => note.chat_id).sort()).toEqual(telegram.chatIds);
    }

    // The restored database works: the shop migrates it and takes new orders.
    const reopened = createDatabase(target);
    try {
      await migrateToLatest(reopened);
      const count = await reopened
        .selectFrom("orders")
        .select(reopened.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(restored.size);
    } finally {
      await reopened.destroy();
    }
  }, 60_000);

  it("refuses a database that holds orders unless forced", async () => {
    await order();
    const file = join(folder, "one-order.backup");
    await backupDatabase(source, file);
    await order();
    await order();

    await expect(restoreDatabase(source, file, { force: false })).rejects.toThrow(
      /already holds 3 order\(s\).*--force/,
    );
    expect((await contents(source)).size).toBe(3);

    await db.destroy();
    expect(await restoreDatabase(source, file, { force: true })).toMatchObject({ orders: 1 });
    expect((await contents(source)).size).toBe(1);
    db = createDatabase(source);
  });

  it("restores into a migrated database that has no orders yet", async () => {
    await order();
    const file = join(folder, "shop.backup");
    await backupDatabase(source, file);
    const target = await freshTarget("backup-empty");
    const empty = createDatabase(target);
    await migrateToLatest(empty);
    await empty.destroy();
    expect(await restoreDatabase(target, file, { force: false })).toMatchObject({ orders: 1 });
  });

  it("refuses files that are not a backup for this engine", async () => {
    const junk = join(folder, "junk");
    writeFileSync(junk, "not a backup at all");
    expect(detectBackupFormat(junk)).toBeNull();
    await expect(restoreDatabase(source, junk, { force: true })).rejects.toThrow(BackupError);

    const other = join(folder, "other-engine");
    writeFileSync(other, testEngine === "postgres" ? "SQLite format 3\0……" : "PGDMP……");
    await expect(restoreDatabase(source, other, { force: true })).rejects.toThrow(
      testEngine === "postgres" ? /SQLite backup.*PostgreSQL/ : /PostgreSQL dump.*SQLite/,
    );
    await expect(restoreDatabase(source, join(folder, "missing"), { force: true })).rejects.toThrow(
      /no backup/,
    );
  });
});

/** A passphrase file in the test's folder, as an operator writes one (trailing newline). */
function passphraseFile(name: string, text: string): string {
  const file = join(folder, name);
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}

/** A copy of `file` with `change` applied to its bytes. */
function damagedCopy(file: string, name: string, change: (bytes: Buffer) => Buffer): string {
  const copy = join(folder, name);
  writeFileSync(copy, change(readFileSync(file)));
  return copy;
}

const DAMAGE = /wrong passphrase or damaged file/;

/** What the backup module left in the temporary folder (test databases live there too). */
function leftovers(): string[] {
  return readdirSync(scratch).filter((name) => /^shop-(restore|check)-/.test(name));
}

describe(`encrypted backups (${testEngine})`, () => {
  it("restore every order, and hold none of their phone numbers or addresses in the clear", async () => {
    const phones = ["+995 577 10 20 31", "+995 577 10 20 32", "+995 599 88 77 66"];
    const tokens: string[] = [];
    for (const phone of phones) tokens.push(await order(phone));
    const passphrase = passphraseFile("passphrase", "correct horse battery staple\n");
    const file = join(folder, "shop.backup");

    const summary = await backupDatabase(source, file, { passphraseFile: passphrase });
    expect(summary).toMatchObject({ encrypted: true, bytes: statSync(file).size });
    expect(detectBackupFormat(file)).toBe("encrypted");
    // Only its owner may read it, and nothing else is left beside it.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder).sort()).toEqual(["passphrase", "shop.backup"]);

    const stored = await db.selectFrom("orders").select(["phone", "address"]).execute();
    expect(stored).toHaveLength(phones.length);
    const bytes = readFileSync(file);
    for (const { phone, address } of stored) {
      for (const secret of [phone, address, phone.replace(/\D/g, "")]) {
        expect(bytes.includes(Buffer.from(secret, "utf8")), secret).toBe(false);
        expect(bytes.includes(Buffer.from(secret, "utf16le")), secret).toBe(false);
      }
    }
    if (testEngine === "sqlite") {
      // The same search finds them in a plain backup (pg_dump compresses its data anyway).
      const plain = join(folder, "plain.backup");
      await backupDatabase(source, plain);
      const plainBytes = readFileSync(plain);
      for (const { phone } of stored) expect(plainBytes.includes(Buffer.from(phone))).toBe(true);
    }

    const target = await freshTarget("backup-decrypted");
    const restored = await restoreDatabase(target, file, {
      force: false,
      passphraseFile: passphrase,
    });
    expect(restored).toEqual({
      format: testEngine === "postgres" ? "pg_dump" : "sqlite",
      encrypted: true,
      orders: phones.length,
      // Made without secrets: the first version of the format, still read.
      secrets: [],
    });
    const original = await contents(source);
    const copy = await contents(target);
    expect(copy.size).toBe(phones.length);
    for (const token of tokens) expect(copy.get(token)).toEqual(original.get(token));
    // The decrypted dump did not outlive the restore.
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it("refuse a wrong or missing passphrase and leave the target as it was", async () => {
    await order();
    const file = join(folder, "one-order.backup");
    await backupDatabase(source, file, {
      passphraseFile: passphraseFile("right", "the right one\r\n"),
    });
    await order();

    await expect(
      restoreDatabase(source, file, {
        force: true,
        passphraseFile: passphraseFile("wrong", "the wrong one\n"),
      }),
    ).rejects.toThrow(DAMAGE);
    await expect(restoreDatabase(source, file, { force: true })).rejects.toThrow(
      /encrypted.*--passphrase-file PATH or BACKUP_PASSPHRASE_FILE/,
    );
    await expect(
      restoreDatabase(source, file, { force: true, passphraseFile: passphraseFile("empty", "\n") }),
    ).rejects.toThrow(/passphrase file .*empty/);
    await expect(
      restoreDatabase(source, file, { force: true, passphraseFile: join(folder, "absent") }),
    ).rejects.toThrow(/Cannot read the passphrase file/);
    expect((await contents(source)).size).toBe(2);
    expect(leftovers()).toEqual([]);

    // The trailing newline is not part of the passphrase: the same words without it open it.
    await db.destroy();
    const restored = await restoreDatabase(source, file, {
      force: true,
      passphraseFile: passphraseFile("no-newline", "the right one"),
    });
    db = createDatabase(source);
    expect(restored.orders).toBe(1);
  }, 120_000);

  it("refuse a truncated or tampered file, changing nothing", async () => {
    await order();
    const passphrase = passphraseFile("passphrase", "s3cret\n");
    const file = join(folder, "shop.backup");
    await backupDatabase(source, file, { passphraseFile: passphrase });
    const size = statSync(file).size;

    const damaged = [
      damagedCopy(file, "truncated", (bytes) => bytes.subarray(0, size - 100)),
      damagedCopy(file, "tail-cut", (bytes) => bytes.subarray(0, size - 1)),
      damagedCopy(file, "flipped", (bytes) => {
        const copy = Buffer.from(bytes);
        copy[Math.floor(size / 2)] = (copy[Math.floor(size / 2)] ?? 0) ^ 0x01;
        return copy;
      }),
      // A byte of the salt: the header is authenticated too.
      damagedCopy(file, "salt", (bytes) => {
        const copy = Buffer.from(bytes);
        const at = bytes.indexOf(0x0a) + 4;
        copy[at] = (copy[at] ?? 0) ^ 0x80;
        return copy;
      }),
      damagedCopy(file, "header-only", (bytes) => bytes.subarray(0, 80)),
    ];
    const target = await freshTarget("backup-untouched");
    for (const copy of damaged) {
      expect(detectBackupFormat(copy)).toBe("encrypted");
      await expect(
        restoreDatabase(target, copy, { force: true, passphraseFile: passphrase }),
      ).rejects.toThrow(DAMAGE);
      await expect(checkBackup(copy, { passphraseFile: passphrase })).rejects.toThrow(DAMAGE);
    }
    // A scrypt parameter blown up in a damaged header is refused before any work.
    const costly = damagedCopy(file, "costly", (bytes) => {
      const copy = Buffer.from(bytes);
      copy[bytes.indexOf(0x0a) + 1] = 40;
      return copy;
    });
    await expect(checkBackup(costly, { passphraseFile: passphrase })).rejects.toThrow(DAMAGE);

    // Nothing reached the target: it has no orders table at all.
    const probe = createDatabase(target);
    try {
      const tables = await probe.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain("orders");
    } finally {
      await probe.destroy();
    }
    expect(leftovers()).toEqual([]);
    // The whole file still restores.
    expect(
      await restoreDatabase(target, file, { force: false, passphraseFile: passphrase }),
    ).toMatchObject({ orders: 1 });
  }, 120_000);

  it("leave no plain dump behind when a backup fails", async () => {
    const passphrase = passphraseFile("passphrase", "s3cret\n");
    const broken: DatabaseTarget =
      testEngine === "postgres"
        ? { kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none", poolSize: 1 }
        : { kind: "sqlite", path: join(folder, "missing.sqlite") };
    await expect(
      backupDatabase(broken, join(folder, "shop.backup"), { passphraseFile: passphrase }),
    ).rejects.toThrow(BackupError);
    expect(readdirSync(folder)).toEqual(["passphrase"]);
    await expect(
      backupDatabase(source, join(folder, "shop.backup"), {
        passphraseFile: passphraseFile("empty", ""),
      }),
    ).rejects.toThrow(/empty/);
    expect(readdirSync(folder).sort()).toEqual(["empty", "passphrase"]);
  });

  it("reads a passphrase file without its trailing newlines", () => {
    expect(readPassphrase(passphraseFile("a", "word\n")).toString()).toBe("word");
    expect(readPassphrase(passphraseFile("b", "word\r\n\n")).toString()).toBe("word");
    expect(readPassphrase(passphraseFile("c", " two words ")).toString()).toBe(" two words ");
    expect(() => readPassphrase(passphraseFile("d", "\r\n"))).toThrow(/empty/);
  });
});

describe(`db:check (${testEngine})`, () => {
  it("passes a good backup, plain or encrypted, and fails a damaged one", async () => {
    await order();
    await order();
    const passphrase = passphraseFile("passphrase", "s3cret\n");
    const plain = join(folder, "plain.backup");
    const encrypted = join(folder, "encrypted.backup");
    await backupDatabase(source, plain);
    await backupDatabase(source, encrypted, { passphraseFile: passphrase });
    const format = testEngine === "postgres" ? "pg_dump" : "sqlite";
    const orders = testEngine === "postgres" ? null : 2;

    expect(await checkBackup(plain)).toEqual({ format, encrypted: false, orders, secrets: [] });
    expect(await checkBackup(encrypted, { passphraseFile: passphrase })).toEqual({
      format,
      encrypted: true,
      orders,
      secrets: [],
    });
    await expect(checkBackup(encrypted)).rejects.toThrow(/--passphrase-file/);

    // Cut in half: the plain backup no longer opens, and neither does a junk file.
    const half = statSync(plain).size / 2;
    truncateSync(plain, Math.floor(half));
    await expect(checkBackup(plain)).rejects.toThrow(BackupError);
    const junk = join(folder, "junk");
    writeFileSync(junk, "not a backup at all");
    await expect(checkBackup(junk)).rejects.toThrow(/neither/);
    await expect(checkBackup(join(folder, "missing"))).rejects.toThrow(/no backup/);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  if (testEngine === "sqlite")
    it("fails a SQLite file that is not the shop's", async () => {
      const other = join(folder, "other.sqlite");
      const foreign = createDatabase(other);
      await foreign.schema.createTable("things").addColumn("id", "integer").execute();
      await foreign.destroy();
      await expect(checkBackup(other)).rejects.toThrow(/not the shop's/);
    });
});

describe(`recorded backups (${testEngine})`, () => {
  it("record each backup and tell when the newest finished", async () => {
    expect(await lastBackupAt(db)).toBeNull();
    const runs = [
      { finishedAt: "2026-11-27T03:15:04.120Z", bytes: 405_584, encrypted: true },
      { finishedAt: "2026-11-28T03:15:02.480Z", bytes: 3_000_000_000, encrypted: true },
      { finishedAt: "2026-11-26T03:15:09.000Z", bytes: 1024, encrypted: false },
    ];
    for (const run of runs) expect(await recordBackup(source, run)).toBe(true);
    expect(await lastBackupAt(db)).toBe("2026-11-28T03:15:02.480Z");
    const rows = await db
      .selectFrom("backup_runs")
      .select(["finished_at", "bytes", "encrypted"])
      .orderBy("id")
      .execute();
    expect(
      rows.map((row) => ({
        finishedAt: row.finished_at,
        bytes: Number(row.bytes),
        encrypted: row.encrypted === 1,
      })),
    ).toEqual(runs);
  });

  it("skip a database that has no backup_runs table, and never migrate it", async () => {
    const bare = await freshTarget("backup-unmigrated");
    expect(
      await recordBackup(bare, {
        finishedAt: "2026-11-28T03:15:00.000Z",
        bytes: 1,
        encrypted: true,
      }),
    ).toBe(false);

    const older = await freshTarget("backup-older");
    const olderDb = createDatabase(older);
    try {
      await createMigrator(olderDb).migrateTo("20261125_0005_reviews");
      expect(
        await recordBackup(older, {
          finishedAt: "2026-11-28T03:15:00.000Z",
          bytes: 1,
          encrypted: false,
        }),
      ).toBe(false);
      const tables = (await olderDb.introspection.getTables()).map((table) => table.name);
      expect(tables).toContain("orders");
      expect(tables).not.toContain("backup_runs");
    } finally {
      await olderDb.destroy();
    }
  });
});

describe(`secrets inside an encrypted backup (${testEngine})`, () => {
  it("travel only encrypted, are told by db:check, and a damaged file still refuses", async () => {
    await order();
    const passphrase = passphraseFile("passphrase", "s3cret\n");
    const secrets = {
      SESSION_SECRET: "session-".padEnd(64, "s"),
      PHONE_HASH_KEY: "key-".padEnd(64, "k"),
    };
    const sealed = join(folder, "sealed.backup");
    const plain = join(folder, "plain.backup");
    expect(
      await backupDatabase(source, sealed, {
        passphraseFile: passphrase,
        secrets,
        scrypt: { log2N: 10, r: 8, p: 1 },
      }),
    ).toMatchObject({ encrypted: true, secrets: ["PHONE_HASH_KEY", "SESSION_SECRET"] });
    // Never written into a plain backup.
    expect(await backupDatabase(source, plain, { secrets })).toMatchObject({ secrets: [] });
    for (const file of [sealed, plain])
      for (const value of Object.values(secrets))
        expect(readFileSync(file).includes(Buffer.from(value))).toBe(false);

    expect(await checkBackup(sealed, { passphraseFile: passphrase })).toMatchObject({
      encrypted: true,
      secrets: ["PHONE_HASH_KEY", "SESSION_SECRET"],
    });
    let handed: Record<string, string> | null = null;
    const target = await freshTarget("backup-secrets");
    const restored = await restoreDatabase(target, sealed, {
      force: false,
      passphraseFile: passphrase,
      secrets: (found) => {
        handed = found;
        return () => {};
      },
    });
    expect(restored).toMatchObject({ orders: 1, secrets: ["PHONE_HASH_KEY", "SESSION_SECRET"] });
    expect(handed).toEqual(secrets);

    const size = statSync(sealed).size;
    const flipped = damagedCopy(sealed, "flipped", (bytes) => {
      const copy = Buffer.from(bytes);
      copy[size - 40] = (copy[size - 40] ?? 0) ^ 0x01;
      return copy;
    });
    await expect(checkBackup(flipped, { passphraseFile: passphrase })).rejects.toThrow(DAMAGE);
    expect(leftovers()).toEqual([]);
  }, 60_000);
});
