import { hostname } from "node:os";
import { runNightlyBackup } from "../app/platform/backups.server";
import { systemClock } from "../app/platform/clock";
// `npm run backup:daily`: the backup the nightly timer runs (deploy/herbal-shop-backup.service),
// the same routine as the owners' `Back up now` on the desk's Health page: an encrypted,
// checked backup with the shop's secrets in BACKUP_ROOT/daily/YYYY-MM-DD.backup (the
// shop's date in Tbilisi), the rotation, and the copy to BACKUP_REMOTE with its rotation
// (D71, D77). Exits 1 when anything failed, the copy off the machine included,
// so that `systemctl --failed` shows it. With several servers on one database the first
// timer to claim the day makes the backup and the others skip it; `--again` makes one
// whatever was claimed (README, "Several servers").
import { databaseTarget, getConfig } from "../app/platform/config.server";
import { createDatabase } from "../db/connection";

const config = getConfig();
const target = databaseTarget(config);
// The database's own connection, never migrated here: a backup only reads and records.
const db = createDatabase(target.kind === "postgres" ? { ...target, poolSize: 1 } : target);
try {
  const again = process.argv.includes("--again");
  const outcome = await runNightlyBackup(
    db,
    {
      target,
      now: systemClock,
      settings: config.backup,
      secrets: { SESSION_SECRET: config.sessionSecret, PHONE_HASH_KEY: config.phoneHashKey },
      log: console,
    },
    { holder: hostname(), again },
  );
  if (outcome.kind === "skipped") process.exitCode = 0;
  else if (outcome.kind !== "done" || outcome.remote.kind === "failed") process.exitCode = 1;
} finally {
  await db.destroy();
}
