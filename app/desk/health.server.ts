import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { Kysely } from "kysely";
import { lastBackupAt, lastRemoteCopies } from "../../db/backup";
import type { Database } from "../../db/schema";
import packageJson from "../../package.json";

/**
 * The shop's health as the owners' Health page and `/metrics` read it (D72):
 * what the database holds now, so every worker and every machine tells the same.
 */
export interface ShopFigures {
  /** Every order in the database: placed since the shop opened, by shoppers or by phone. */
  ordersPlaced: number;
  notificationsPending: number;
  notificationsFailed: number;
  /** When the newest recorded backup finished (ms), or null when none was recorded. */
  lastBackupAt: number | null;
  /** When the newest whole copy to BACKUP_REMOTE finished (ms), or null without one. */
  lastRemoteCopyAt: number | null;
  /** The newest copy to the remote, when it failed after the last whole one. */
  remoteCopyFailure: { at: number; error: string } | null;
}

/** A backup older than this is stale: the owner is told to make one. */
export const BACKUP_STALE_MS = 2 * 86_400_000;
/** Less free space than this share of the volume is shown as a warning. */
export const DISK_LOW_SHARE = 0.1;

/** The running code: package.json's version. The build's own hash comes from the server. */
export const appVersion: string = packageJson.version;

export async function readShopFigures(db: Kysely<Database>): Promise<ShopFigures> {
  const [orders, notifications, backup, copies] = await Promise.all([
    db.selectFrom("orders").select(db.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    db
      .selectFrom("notifications")
      .select(["status", db.fn.countAll().as("count")])
      .where("status", "in", ["pending", "failed"])
      .groupBy("status")
      .execute(),
    lastBackupAt(db),
    lastRemoteCopies(db),
  ]);
  const byStatus = new Map(notifications.map((row) => [row.status, Number(row.count)]));
  return {
    ordersPlaced: Number(orders.count),
    notificationsPending: byStatus.get("pending") ?? 0,
    notificationsFailed: byStatus.get("failed") ?? 0,
    lastBackupAt: backup === null ? null : Date.parse(backup),
    lastRemoteCopyAt: copies.copiedAt === null ? null : Date.parse(copies.copiedAt),
    remoteCopyFailure: copies.failure && {
      at: Date.parse(copies.failure.at),
      error: copies.failure.error,
    },
  };
}

/** Seconds since the newest backup finished (never below 0), or null without one. */
export function backupAgeSeconds(lastBackup: number | null, now: number): number | null {
  return lastBackup === null ? null : Math.max(0, Math.floor((now - lastBackup) / 1000));
}

/** No backup at all, or one older than two days. */
export function backupIsStale(lastBackup: number | null, now: number): boolean {
  return lastBackup === null || now - lastBackup > BACKUP_STALE_MS;
}

/** The figures `/metrics` gives at a scrape (server/metrics.mjs). */
export async function scrapeShopFigures(db: Kysely<Database>, now: number) {
  const figures = await readShopFigures(db);
  return {
    ordersPlaced: figures.ordersPlaced,
    notificationsPending: figures.notificationsPending,
    notificationsFailed: figures.notificationsFailed,
    backupAgeSeconds: backupAgeSeconds(figures.lastBackupAt, now),
    backupRemoteAgeSeconds: backupAgeSeconds(figures.lastRemoteCopyAt, now),
  };
}

export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  free: number;
  total: number;
  /** The database lives elsewhere (PostgreSQL): this is the disk of the shop's own folder. */
  databaseElsewhere: boolean;
}

/**
 * Free space on the volume of the SQLite file's folder; with PostgreSQL the database is on
 * its own server, so the app's folder stands in (the photos and the logs still fill it).
 */
export async function diskSpace(
  database: { databaseUrl: string | null; databasePath: string },
  cwd = process.cwd(),
): Promise<DiskSpace> {
  const elsewhere = database.databaseUrl !== null || database.databasePath === ":memory:";
  const stats = await statfs(elsewhere ? cwd : dirname(database.databasePath));
  return {
    free: stats.bavail * stats.bsize,
    total: stats.blocks * stats.bsize,
    databaseElsewhere: elsewhere,
  };
}

export function diskIsLow({ free, total }: DiskSpace): boolean {
  return total > 0 && free / total < DISK_LOW_SHARE;
}
