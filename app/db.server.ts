import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { databaseTarget, getConfig } from "./config.server";

/** The one database of the process, migrated to the newest schema before first use. */
export const db = createDatabase(databaseTarget(getConfig()));

await migrateToLatest(db);
// The server closes it at shutdown (entry.server's `shutdown`), after the last request.
