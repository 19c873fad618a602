// `npm run db:migrate`: bring the configured database (DATABASE_URL, else DATABASE_PATH)
// to the newest schema.
import { databaseTarget, parseConfig } from "../app/platform/config.server";
import { createDatabase, targetName } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const target = databaseTarget(parseConfig(process.env));
const name = targetName(target);
const db = createDatabase(target);
try {
  const { results = [] } = await migrateToLatest(db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  console.log(results.length ? `Migrated ${name}.` : `${name} is already up to date.`);
} finally {
  await db.destroy();
}
