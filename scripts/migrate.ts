// `npm run db:migrate`: bring the configured database (DATABASE_URL, else DATABASE_PATH)
// to the newest schema.
import { databaseTarget, parseConfig } from "../app/config.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const target = databaseTarget(parseConfig(process.env));
// The PostgreSQL address may hold a password: name the database without it.
const name = target.kind === "sqlite" ? target.path : new URL(target.url).pathname.slice(1);
const db = createDatabase(target);
try {
  const { results = [] } = await migrateToLatest(db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  console.log(results.length ? `Migrated ${name}.` : `${name} is already up to date.`);
} finally {
  await db.destroy();
}
