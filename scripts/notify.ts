// `npm run notify:status`: how the chat notifications stand, and the latest errors.
// `npm run notify:retry`: send the failed ones again (the running server picks them up).
import { isoAt, systemClock } from "../app/platform/clock";
import { databaseTarget, parseConfig } from "../app/platform/config.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const command = process.argv[2];
if (command !== "status" && command !== "retry") {
  console.error("Usage: notify.ts status|retry");
  process.exit(2);
}

const db = createDatabase(databaseTarget(parseConfig(process.env)));
try {
  await migrateToLatest(db);
  if (command === "retry") {
    const result = await db
      .updateTable("notifications")
      .set({ status: "pending", attempts: 0, next_attempt_at: isoAt(systemClock()) })
      .where("status", "=", "failed")
      .executeTakeFirst();
    console.log(`Requeued ${Number(result.numUpdatedRows)} failed notification(s).`);
  }
  const counts = await db
    .selectFrom("notifications")
    .select(["status", db.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.count)]));
  console.log(
    `pending: ${byStatus.pending ?? 0}  sent: ${byStatus.sent ?? 0}  failed: ${byStatus.failed ?? 0}`,
  );
  const errors = await db
    .selectFrom("notifications")
    .innerJoin("orders", "orders.id", "notifications.order_id")
    .select([
      "notifications.id",
      "orders.order_number",
      "notifications.chat_id",
      "notifications.status",
      "notifications.attempts",
      "notifications.last_error",
      "notifications.next_attempt_at",
    ])
    .where("notifications.last_error", "is not", null)
    .where("notifications.status", "!=", "sent")
    .orderBy("notifications.id", "desc")
    .limit(10)
    .execute();
  if (errors.length > 0) {
    console.log("\nLatest problems:");
    for (const row of errors) {
      console.log(
        `  #${row.id} order ${String(row.order_number).padStart(6, "0")} chat ${row.chat_id}: ${row.status} after ${row.attempts} attempt(s), next ${row.next_attempt_at} — ${row.last_error}`,
      );
    }
  }
} finally {
  await db.destroy();
}
