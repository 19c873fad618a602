import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely";

const modules = import.meta.glob<Migration>("../migrations/*.ts", { eager: true });

/** Every migration in migrations/, named by its file name (dated, so they sort). */
export function getMigrations(): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const [path, migration] of Object.entries(modules)) {
    const name = path.replace(/^.*\//, "").replace(/\.ts$/, "");
    migrations[name] = migration;
  }
  return migrations;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely.
export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => getMigrations() },
  });
}

/** Brings the database to the newest schema; throws when a migration fails. */
// biome-ignore lint/suspicious/noExplicitAny: see createMigrator.
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const resultSet = await createMigrator(db).migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === "Error");
    const cause = resultSet.error instanceof Error ? resultSet.error.message : resultSet.error;
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(cause)}`);
  }
  return resultSet;
}
