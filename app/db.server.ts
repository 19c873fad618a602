import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { getConfig } from "./config.server";

/** The one database of the process, migrated to the newest schema before first use. */
export const db = createDatabase(getConfig().databasePath);

await migrateToLatest(db);

// remix-serve closes the server on SIGTERM and lets in-flight requests finish; when
// the process then exits, close the database so its WAL is checkpointed cleanly.
process.once("exit", () => {
  void db.destroy();
});
