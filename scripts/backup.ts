// `npm run db:backup -- FILE [--passphrase-file PATH]`: a consistent copy of the configured
// database (DATABASE_URL, else DATABASE_PATH) while the shop runs, encrypted with a
// passphrase file (D71), and recorded in `backup_runs`.
// `npm run db:restore -- FILE [--force] [--passphrase-file PATH]`: puts FILE back; the shop
// must be stopped first.
// `npm run db:check -- FILE [--passphrase-file PATH]`: whether FILE opens, touching no database.
// BACKUP_PASSPHRASE_FILE (app/platform/config.server.ts) is the passphrase file when the
// flag is not given. An encrypted backup carries the session secret and the phone-hash key
// (D79); a restore puts them beside the database unless the environment sets them.
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { SecretStep } from "../app/platform/backup-secrets";
import { restoreShop } from "../app/platform/backups.server";
import { ConfigError, databaseTarget, getConfig, parseConfig } from "../app/platform/config.server";
import { BackupError, backupDatabase, checkBackup, recordBackup } from "../db/backup";
import { targetName } from "../db/connection";

const usage = [
  "Usage: npm run db:backup -- FILE [--passphrase-file PATH]",
  "       npm run db:restore -- FILE [--force] [--passphrase-file PATH]   (stop the shop first; --force replaces existing orders)",
  "       npm run db:check -- FILE [--passphrase-file PATH]",
  "BACKUP_PASSPHRASE_FILE is the passphrase file when --passphrase-file is not given.",
  "A restore puts the backup's secrets beside the database; --force also replaces different ones.",
].join("\n");

let command: string | undefined;
let file: string | undefined;
let force = false;
let passphraseFile: string | null = null;
try {
  const { values, positionals } = parseArgs({
    options: {
      force: { type: "boolean", default: false },
      "passphrase-file": { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  [command, file] = positionals;
  force = values.force ?? false;
  passphraseFile = values["passphrase-file"] ?? null;
  if (
    positionals.length !== 2 ||
    (command !== "backup" && command !== "restore" && command !== "check")
  )
    throw new Error("Expected one FILE.");
  if (command !== "restore" && force) throw new Error("--force is for db:restore only.");
  if (values["passphrase-file"] === "") throw new Error("--passphrase-file needs a PATH.");
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}

try {
  const config = parseConfig(process.env);
  passphraseFile ??= config.backup.passphraseFile;
  if (command === "check" && file) {
    const { format, encrypted, orders, secrets } = await checkBackup(file, { passphraseFile });
    const kind = `${encrypted ? "encrypted " : ""}${format === "sqlite" ? "SQLite backup" : "pg_dump"}`;
    console.log(
      `OK: ${file} opens (${kind}${orders === null ? ", read to its end" : `, ${orders} order(s)`}; ${
        secrets.length > 0 ? `secrets inside: ${secrets.join(", ")}` : "no secrets inside"
      }).`,
    );
  } else if (file) {
    const target = databaseTarget(config);
    const name = targetName(target);
    if (command === "backup") {
      // The secrets the shop uses (made beside the database if it has none yet), sealed in.
      const loaded = passphraseFile ? getConfig() : null;
      const { format, bytes, encrypted, secrets } = await backupDatabase(target, file, {
        passphraseFile,
        secrets: loaded && {
          SESSION_SECRET: loaded.sessionSecret,
          PHONE_HASH_KEY: loaded.phoneHashKey,
        },
      });
      console.log(
        `Backed up ${name} to ${file} (${format}${encrypted ? ", encrypted" : ""}${
          secrets.length > 0 ? `, with ${secrets.join(" and ")}` : ""
        }, ${bytes} bytes).`,
      );
      try {
        await recordBackup(target, { finishedAt: new Date().toISOString(), bytes, encrypted });
      } catch (error) {
        throw new BackupError(
          `${file} is whole, but the backup could not be recorded in backup_runs: ${error instanceof Error ? error.message : error}`,
        );
      }
    } else {
      console.log(
        `Restoring ${file} into ${name}. The shop must be stopped: a running server keeps using the database being replaced.`,
      );
      const restored = await restoreShop(file, {
        target,
        databasePath: config.databasePath,
        environment: { SESSION_SECRET: config.sessionSecret, PHONE_HASH_KEY: config.phoneHashKey },
        force,
        passphraseFile,
      });
      console.log(
        `Restored ${name} from ${file}: ${restored.orders} order(s). The shop migrates it to the newest schema when it starts.`,
      );
      for (const step of restored.secretSteps)
        console.log(secretLine(step, restored.secretsFolder));
      if (restored.encrypted && restored.secretSteps.length === 0)
        console.log(
          "The backup holds no secrets (made before they travelled with it): bring session.secret and phone-hash.secret over yourself, or set SESSION_SECRET and PHONE_HASH_KEY.",
        );
    }
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? error.message
      : command === "check" && error instanceof BackupError
        ? `FAILED: ${error.message}`
        : error instanceof BackupError
          ? error.message
          : error,
  );
  process.exitCode = 1;
}

/** What a restore did with one secret, in a line for the operator. */
function secretLine(step: SecretStep, folder: string): string {
  const path = join(folder, step.file);
  switch (step.action) {
    case "write":
      return `Put the backup's ${step.name} in ${path} (mode 0600).`;
    case "same":
      return `${path} already holds the backup's ${step.name}.`;
    case "environment":
      return `${step.name} is set in the environment: ${path} was left alone, and the environment's value is used.`;
    case "replace":
      return `Replaced ${path} with the backup's ${step.name} (--force).`;
    case "conflict":
      return `${path} differs from the backup's ${step.name} and was left alone.`;
  }
}
