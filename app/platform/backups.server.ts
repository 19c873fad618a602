import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Kysely } from "kysely";
import {
  BackupError,
  type BackupSecrets,
  type RestoreSummary,
  type ScryptParams,
  backupDatabase,
  checkBackup,
  hasTable,
  recordBackupIn,
  recordRemoteCopy,
  restoreDatabase,
} from "../../db/backup";
import type { DatabaseTarget } from "../../db/connection";
import type { Database } from "../../db/schema";
import { planRotation, rotateBackups } from "../../deploy/rotate-backups.mjs";
import { type Remote, createRclone, remoteLabel } from "./backup-remote.server";
import { SECRET_FILES, type SecretName, type SecretStep, planSecrets } from "./backup-secrets";
import { shopToday, toIsoDate } from "./calendar";
import { type Clock, isoAt } from "./clock";
import { acquireLease, releaseLease } from "./lease.server";

/** Where backups go and how they are locked (config.server.ts, `backup`). */
export interface BackupSettings {
  passphraseFile: string | null;
  root: string;
  remote: string | null;
}

/** What became of the copy off the machine. */
export type RemoteOutcome =
  | { kind: "none" }
  | { kind: "copied"; file: string; removed: number }
  | { kind: "failed"; message: string };

/** What one run of the backup did; the desk's Health page says it in words. */
export type BackupOutcome =
  /** No passphrase file: nothing was written, since a backup is never plain. */
  | { kind: "unconfigured" }
  | { kind: "failed"; message: string }
  | {
      kind: "done";
      /** The shop's date in Tbilisi the backup is named after. */
      day: string;
      file: string;
      bytes: number;
      /** From the start to the end of the local backup, its check and the rotation. */
      ms: number;
      finishedAt: string;
      /** The names of the secrets inside. */
      secrets: string[];
      remote: RemoteOutcome;
    };

export interface BackupDeps {
  target: DatabaseTarget;
  now: Clock;
  settings: BackupSettings;
  /** What a new machine needs besides the database, travelling inside the encryption. */
  secrets: BackupSecrets;
  log: Pick<Console, "info" | "error">;
  /** rclone by default; a test may hand in another. */
  remote?: (remote: string) => Remote;
  /** scrypt's cost; production's by default (tests pass a cheap one). */
  scrypt?: ScryptParams;
}

/**
 * The backup, the same for the nightly timer (scripts/backup-daily.ts) and the owners'
 * `Back up now` (D71, D77): an encrypted copy of the database with the shop's
 * secrets in `root/daily/YYYY-MM-DD.backup` (the shop's date), checked to open, recorded
 * in `backup_runs`, the rotation (14 days, the first of 6 months); then, with a remote,
 * the copy there and the same rotation there. A failed copy off the machine keeps the
 * local backup and is recorded for the Health page and `/metrics`.
 */
export async function runBackup(db: Kysely<Database>, deps: BackupDeps): Promise<BackupOutcome> {
  const { settings, log, now } = deps;
  if (!settings.passphraseFile) {
    log.error("No backup: BACKUP_PASSPHRASE_FILE is not set, and backups are never written plain.");
    return { kind: "unconfigured" };
  }
  const started = now();
  const day = toIsoDate(shopToday(started));
  const name = `${day}.backup`;
  const file = join(settings.root, "daily", name);
  let bytes: number;
  let secrets: string[];
  let finishedAt: string;
  try {
    for (const folder of ["daily", "monthly"])
      mkdirSync(join(settings.root, folder), { recursive: true, mode: 0o700 });
    const made = await backupDatabase(deps.target, file, {
      passphraseFile: settings.passphraseFile,
      secrets: deps.secrets,
      scrypt: deps.scrypt,
    });
    await checkBackup(file, { passphraseFile: settings.passphraseFile });
    bytes = made.bytes;
    secrets = made.secrets;
    finishedAt = isoAt(now());
    await recordBackupIn(db, { finishedAt, bytes, encrypted: true });
    rotateBackups(settings.root, day);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`Backup ${file} failed: ${message}`);
    return { kind: "failed", message };
  }
  const ms = Math.max(0, now() - started);
  log.info(`Backed up to ${file} (${bytes} bytes, encrypted, checked) in ${ms} ms.`);
  const remote = settings.remote
    ? await copyOff(db, deps, settings.remote, { file, name, bytes, day })
    : ({ kind: "none" } as const);
  return { kind: "done", day, file, bytes, ms, finishedAt, secrets, remote };
}

/**
 * Copies the checked backup to the remote's `daily/`, records the copy, then rotates the
 * remote as the local folder is (planRotation on its listing). Only the encrypted file
 * ever leaves the machine.
 */
async function copyOff(
  db: Kysely<Database>,
  deps: BackupDeps,
  remote: string,
  backup: { file: string; name: string; bytes: number; day: string },
): Promise<RemoteOutcome> {
  const rclone = (deps.remote ?? createRclone)(remote);
  const path = `daily/${backup.name}`;
  const label = remoteLabel(remote);
  try {
    await rclone.upload(backup.file, path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error(
      `Backup copy of ${path} to ${label} failed; the local backup is kept. ${message}`,
    );
    if (await hasTable(db, "backup_copies"))
      await recordRemoteCopy(db, {
        finishedAt: isoAt(deps.now()),
        file: path,
        bytes: backup.bytes,
        error: message,
      });
    return { kind: "failed", message };
  }
  if (await hasTable(db, "backup_copies"))
    await recordRemoteCopy(db, {
      finishedAt: isoAt(deps.now()),
      file: path,
      bytes: backup.bytes,
      error: null,
    });
  try {
    const plan = planRotation({
      daily: await rclone.list("daily"),
      monthly: await rclone.list("monthly"),
      today: backup.day,
    });
    for (const link of plan.link)
      await rclone.copy(`daily/${link.daily}`, `monthly/${link.monthly}`);
    for (const old of plan.removeDaily) await rclone.remove(`daily/${old}`);
    for (const old of plan.removeMonthly) await rclone.remove(`monthly/${old}`);
    const removed = plan.removeDaily.length + plan.removeMonthly.length;
    deps.log.info(`Copied ${path} to ${label}; removed ${removed} older copies there.`);
    return { kind: "copied", file: path, removed };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error(
      `Backup copy of ${path} to ${label} is whole, but its rotation failed. ${message}`,
    );
    return { kind: "failed", message };
  }
}

/** How long a server's claim on a night's backup stands: past the end of that day. */
const NIGHT_CLAIM_MS = 36 * 60 * 60 * 1000;

export type NightlyOutcome = BackupOutcome | { kind: "skipped"; day: string; holder: string };

/**
 * The timer's backup when several servers share one database (README, "Several servers"):
 * every server's timer may fire, and the first to claim the shop's day (a lease named by
 * the day, in the database) makes the backup; the others say who did and stop. The same
 * server may run it again that day (an upgrade's backup). A failed backup gives the
 * claim back, so another server's timer, or a second try, can make it. `again` makes a
 * backup whatever was claimed.
 */
export async function runNightlyBackup(
  db: Kysely<Database>,
  deps: BackupDeps,
  options: { holder: string; again?: boolean },
): Promise<NightlyOutcome> {
  const at = deps.now();
  const day = toIsoDate(shopToday(at));
  const name = `backup-night:${day}`;
  await db
    .deleteFrom("leases")
    .where("name", "like", "backup-night:%")
    .where("expires_at", "<=", isoAt(at))
    .execute();
  const claimed = await acquireLease(db, name, options.holder, at, NIGHT_CLAIM_MS);
  if (!claimed && !options.again) {
    const held = await db
      .selectFrom("leases")
      .select("holder")
      .where("name", "=", name)
      .executeTakeFirst();
    const holder = held?.holder ?? "another server";
    deps.log.info(
      `The backup of ${day} is made by ${holder}; this server (${options.holder}) leaves it to it.`,
    );
    return { kind: "skipped", day, holder };
  }
  const outcome = await runBackup(db, deps);
  if (outcome.kind !== "done" && claimed) await releaseLease(db, name, options.holder);
  return outcome;
}

/**
 * The backup as the shop's process runs it: one at a time, a second press while one runs
 * getting the same outcome.
 */
export function createBackups(db: Kysely<Database>, deps: BackupDeps) {
  let running: Promise<BackupOutcome> | null = null;
  return {
    settings: deps.settings,
    run(): Promise<BackupOutcome> {
      running ??= runBackup(db, deps).finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export interface ShopRestore extends RestoreSummary {
  /** What became of each secret the backup held, beside the database. */
  secretSteps: SecretStep[];
  /** The folder of those files. */
  secretsFolder: string;
}

/**
 * `db:restore`: the database, then the secrets the backup carries, into files beside the
 * database (mode 0600) unless the environment sets them. A different secret already there
 * is replaced only with `force`; without it nothing at all is restored.
 */
export async function restoreShop(
  file: string,
  options: {
    target: DatabaseTarget;
    databasePath: string;
    environment: Partial<Record<SecretName, string | null>>;
    force: boolean;
    passphraseFile: string | null;
  },
): Promise<ShopRestore> {
  const folder = dirname(options.databasePath);
  let steps: SecretStep[] = [];
  const summary = await restoreDatabase(options.target, file, {
    force: options.force,
    passphraseFile: options.passphraseFile,
    secrets(found) {
      steps = planSecrets({
        inBackup: found,
        environment: options.environment,
        onDisk: readSecretFiles(folder),
        force: options.force,
      });
      const conflicts = steps.filter((step) => step.action === "conflict");
      if (conflicts.length > 0)
        throw new BackupError(
          `${conflicts.map((step) => join(folder, step.file)).join(" and ")} ${conflicts.length > 1 ? "differ" : "differs"} from the backup's; nothing was restored. Run again with --force to replace ${conflicts.length > 1 ? "them" : "it"} with the backup's (sessions signed with the old secret end; phones hashed with the old key are no longer recognised).`,
        );
      return () => writeSecretFiles(folder, found, steps);
    },
  });
  return { ...summary, secretSteps: steps, secretsFolder: folder };
}

function readSecretFiles(folder: string): Partial<Record<SecretName, string>> {
  const found: Partial<Record<SecretName, string>> = {};
  for (const [name, file] of Object.entries(SECRET_FILES) as Array<[SecretName, string]>) {
    const path = join(folder, file);
    if (existsSync(path)) found[name] = readFileSync(path, "utf8").trim();
  }
  return found;
}

function writeSecretFiles(folder: string, secrets: BackupSecrets, steps: SecretStep[]): void {
  mkdirSync(folder, { recursive: true });
  for (const step of steps) {
    if (step.action !== "write" && step.action !== "replace") continue;
    const path = join(folder, step.file);
    writeFileSync(path, `${secrets[step.name]}\n`, { mode: 0o600 });
    // A replaced file keeps its old mode through writeFileSync.
    chmodSync(path, 0o600);
  }
}
