// `npm run db:backup -- FILE`: a consistent copy of the configured database (DATABASE_URL,
// else DATABASE_PATH) while the shop runs.
// `npm run db:restore -- FILE [--force]`: puts FILE back; the shop must be stopped first.
import { parseArgs } from "node:util";
import { databaseTarget, parseConfig } from "../app/platform/config.server";
import { BackupError, backupDatabase, restoreDatabase } from "../db/backup";
import { targetName } from "../db/connection";

const usage = [
  "Usage: npm run db:backup -- FILE",
  "       npm run db:restore -- FILE [--force]   (stop the shop first; --force replaces existing orders)",
].join("\n");

let command: string | undefined;
let file: string | undefined;
let force = false;
try {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
  [command, file] = positionals;
  force = values.force ?? false;
  if (positionals.length !== 2 || (command !== "backup" && command !== "restore"))
    throw new Error("Expected one FILE.");
  if (command === "backup" && force) throw new Error("--force is for db:restore only.");
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}

const target = databaseTarget(parseConfig(process.env));
const name = targetName(target);
try {
  if (command === "backup" && file) {
    const { format, bytes } = await backupDatabase(target, file);
    console.log(`Backed up ${name} to ${file} (${format}, ${bytes} bytes).`);
  } else if (file) {
    console.log(
      `Restoring ${file} into ${name}. The shop must be stopped: a running server keeps using the database being replaced.`,
    );
    const { orders } = await restoreDatabase(target, file, { force });
    console.log(
      `Restored ${name} from ${file}: ${orders} order(s). The shop migrates it to the newest schema when it starts.`,
    );
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
