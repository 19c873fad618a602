// `npm run db:backup -- FILE [--passphrase-file PATH]`: a consistent copy of the configured
// database (DATABASE_URL, else DATABASE_PATH) while the shop runs, encrypted with a
// passphrase file (decision 030), and recorded in `backup_runs`.
// `npm run db:restore -- FILE [--force] [--passphrase-file PATH]`: puts FILE back; the shop
// must be stopped first.
// `npm run db:check -- FILE [--passphrase-file PATH]`: whether FILE opens, touching no database.
// BACKUP_PASSPHRASE_FILE is the passphrase file when the flag is not given. It is read here
// and not in app/platform/config.server.ts: no server process ever needs it.
import { parseArgs } from "node:util";
import { databaseTarget, parseConfig } from "../app/platform/config.server";
import {
  BackupError,
  backupDatabase,
  checkBackup,
  recordBackup,
  restoreDatabase,
} from "../db/backup";
import { targetName } from "../db/connection";

const usage = [
  "Usage: npm run db:backup -- FILE [--passphrase-file PATH]",
  "       npm run db:restore -- FILE [--force] [--passphrase-file PATH]   (stop the shop first; --force replaces existing orders)",
  "       npm run db:check -- FILE [--passphrase-file PATH]",
  "BACKUP_PASSPHRASE_FILE is the passphrase file when --passphrase-file is not given.",
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
  passphraseFile =
    values["passphrase-file"] ?? (process.env.BACKUP_PASSPHRASE_FILE?.trim() || null);
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
  if (command === "check" && file) {
    const { format, encrypted, orders } = await checkBackup(file, { passphraseFile });
    const kind = `${encrypted ? "encrypted " : ""}${format === "sqlite" ? "SQLite backup" : "pg_dump"}`;
    console.log(
      `OK: ${file} opens (${kind}${orders === null ? ", read to its end" : `, ${orders} order(s)`}).`,
    );
  } else if (file) {
    const target = databaseTarget(parseConfig(process.env));
    const name = targetName(target);
    if (command === "backup") {
      const { format, bytes, encrypted } = await backupDatabase(target, file, { passphraseFile });
      console.log(
        `Backed up ${name} to ${file} (${format}${encrypted ? ", encrypted" : ""}, ${bytes} bytes).`,
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
      const { orders } = await restoreDatabase(target, file, { force, passphraseFile });
      console.log(
        `Restored ${name} from ${file}: ${orders} order(s). The shop migrates it to the newest schema when it starts.`,
      );
    }
  }
} catch (error) {
  console.error(
    command === "check" && error instanceof BackupError
      ? `FAILED: ${error.message}`
      : error instanceof BackupError
        ? error.message
        : error,
  );
  process.exitCode = 1;
}
