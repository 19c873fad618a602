import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeOrder } from "~/orders/place.server";
import { BackupError, backupDatabase, detectBackupFormat, restoreDatabase } from "../../db/backup";
import { type DatabaseTarget, createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { freshTarget, testEngine } from "./support/database";

/** The instant every order of these tests is placed: the shop's clock, not the wall's. */
const NOW = Date.parse("2026-11-22T06:00:00Z");
const telegram = {
  botToken: "123:abc",
  chatIds: ["111", "222"],
  deskChatIds: ["111"],
  holdAfterRefusals: 2,
  language: "ru" as const,
};
const WORKERS = 4;
const ORDERS_BEFORE_BACKUP = 40;

let source: DatabaseTarget;
let db: Kysely<Database>;
let folder: string;

beforeEach(async () => {
  source = await freshTarget("backup-source");
  db = createDatabase(source);
  await migrateToLatest(db);
  folder = mkdtempSync(join(tmpdir(), "shop-backups-"));
});

afterEach(async () => {
  await db.destroy();
});

let serial = 0;
async function order(): Promise<string> {
  serial += 1;
  const token = `token-${String(serial).padStart(16, "0")}`;
  const result = await placeOrder(
    db,
    {
      values: {
        address: `Rustaveli Ave ${serial}`,
        deliveryTime: "24.11.26",
        phone: "+995 555 123 456",
        name: null,
        messenger: null,
        email: null,
      },
      cart: [{ key: "body/hemor-cream", qty: 1 + (serial % 5) }],
      language: "ka",
      token,
      titleLanguage: "ru",
    },
    { now: NOW, telegram },
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
