// `npm run db:migrate`: bring the configured database to the newest schema.
import { parseConfig } from "../app/config.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const { databasePath } = parseConfig(process.env);
const db = createDatabase(databasePath);
try {
  const { results = [] } = await migrateToLatest(db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  console.log(
    results.length ? `Migrated ${databasePath}.` : `${databasePath} is already up to date.`,
  );
} finally {
  await db.destroy();
}
