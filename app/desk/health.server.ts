import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { Kysely } from "kysely";
import { lastBackupAt, lastRemoteCopies } from "../../db/backup";
import type { Database, MessageChannel, NotificationStatus } from "../../db/schema";
import packageJson from "../../package.json";

/**
 * The shop's health as the owners' Health page and `/metrics` read it (D72):
 * what the database holds now, so every worker and every machine tells the same.
 */
export interface ShopFigures {
  /** Every order in the database: placed since the shop opened, by shoppers or by phone. */
  ordersPlaced: number;
  /** Telegram's rows only, as before SMS and e-mail shared the outbox (D87). */
  notificationsPending: number;
  notificationsFailed: number;
  /** The shopper's SMS and e-mail (D87): how many wait, failed or were stopped, and why the newest failed. */
  messages: Record<"sms" | "email", ChannelFigures>;
  /** When the newest recorded backup finished (ms), or null when none was recorded. */
  lastBackupAt: number | null;
  /** When the newest whole copy to BACKUP_REMOTE finished (ms), or null without one. */
  lastRemoteCopyAt: number | null;
  /** The newest copy to the remote, when it failed after the last whole one. */
  remoteCopyFailure: { at: number; error: string } | null;
}

/** One channel's rows in the outbox, by how they stand. */
export interface ChannelFigures {
  pending: number;
  failed: number;
  /** Not sent: the phone or address asked for no more messages. */
  stopped: number;
  /** The newest row given up on: when it was queued, what the outbox recorded, its order. */
  newestFailure: { at: number; error: string; orderNumber: number | null } | null;
}

/** The outbox by channel and status, with an SMS's billed segments (`/metrics`). */
export interface OutboxCount {
  channel: MessageChannel;
  status: NotificationStatus;
  count: number;
  segments: number;
}

export const MESSAGE_CHANNELS: readonly MessageChannel[] = ["telegram", "sms", "email"];
export const MESSAGE_STATUSES: readonly NotificationStatus[] = [
  "pending",
  "sent",
  "failed",
  "stopped",
];

/** Every row of the outbox, counted by channel and status, with the segments SMS took. */
export async function countOutbox(db: Kysely<Database>): Promise<OutboxCount[]> {
  const rows = await db
    .selectFrom("notifications")
    .select((eb) => [
      "channel",
      "status",
      eb.fn.countAll().as("count"),
      eb.fn.sum<number | string | null>("segments").as("segments"),
    ])
    .groupBy(["channel", "status"])
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    status: row.status,
    count: Number(row.count),
    segments: Number(row.segments ?? 0),
  }));
}

async function newestFailure(db: Kysely<Database>, channel: MessageChannel) {
  const row = await db
    .selectFrom("notifications")
    .leftJoin("orders", "orders.id", "notifications.order_id")
    .select(["notifications.created_at", "notifications.last_error", "orders.order_number"])
    .where("notifications.status", "=", "failed")
    .where("notifications.channel", "=", channel)
    .orderBy("notifications.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        at: Date.parse(row.created_at),
        error: row.last_error ?? "",
        orderNumber: row.order_number ?? null,
      }
    : null;
}

/** A backup older than this is stale: the owner is told to make one. */
export const BACKUP_STALE_MS = 2 * 86_400_000;
/** Less free space than this share of the volume is shown as a warning. */
export const DISK_LOW_SHARE = 0.1;

/** The running code: package.json's version. The build's own hash comes from the server. */
export const appVersion: string = packageJson.version;

export async function readShopFigures(db: Kysely<Database>): Promise<ShopFigures> {
  return (await readFigures(db)).figures;
}

/** The figures, and the outbox's counts they were worked out from. */
async function readFigures(
  db: Kysely<Database>,
): Promise<{ figures: ShopFigures; outbox: OutboxCount[] }> {
  const [orders, outbox, smsFailure, emailFailure, backup, copies] = await Promise.all([
    db.selectFrom("orders").select(db.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    countOutbox(db),
    newestFailure(db, "sms"),
    newestFailure(db, "email"),
    lastBackupAt(db),
    lastRemoteCopies(db),
  ]);
  const count = (channel: MessageChannel, status: NotificationStatus) =>
    outbox.find((row) => row.channel === channel && row.status === status)?.count ?? 0;
  const figuresOf = (
    channel: MessageChannel,
    failure: ChannelFigures["newestFailure"],
  ): ChannelFigures => ({
    pending: count(channel, "pending"),
    failed: count(channel, "failed"),
    stopped: count(channel, "stopped"),
    newestFailure: failure,
  });
  const figures: ShopFigures = {
    ordersPlaced: Number(orders.count),
    notificationsPending: count("telegram", "pending"),
    notificationsFailed: count("telegram", "failed"),
    messages: { sms: figuresOf("sms", smsFailure), email: figuresOf("email", emailFailure) },
    lastBackupAt: backup === null ? null : Date.parse(backup),
    lastRemoteCopyAt: copies.copiedAt === null ? null : Date.parse(copies.copiedAt),
    remoteCopyFailure: copies.failure && {
      at: Date.parse(copies.failure.at),
      error: copies.failure.error,
    },
  };
  return { figures, outbox };
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
  const { figures, outbox } = await readFigures(db);
  return {
    ordersPlaced: figures.ordersPlaced,
    notificationsPending: figures.notificationsPending,
    notificationsFailed: figures.notificationsFailed,
    messages: outbox.map(({ channel, status, count }) => ({ channel, status, count })),
    messageSegments: MESSAGE_STATUSES.map((status) => ({
      status,
      segments: outbox.find((row) => row.channel === "sms" && row.status === status)?.segments ?? 0,
    })),
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
