import { loadContent } from "../app/content/store.server";
// `npm run privacy:sweep`: depersonalises now every order whose keeping time is over
// (KEEP_DELIVERED_DAYS, KEEP_UNDELIVERED_DAYS), as the shop's daily job does (D35). Safe
// while the shop runs; the desk chats' messages are corrected by the running server's
// outbox, or by the next one to start.
import { fillPhoneKeys } from "../app/phone/phone-key.server";
import { systemClock } from "../app/platform/clock";
import { databaseTarget, getConfig } from "../app/platform/config.server";
import { sweepRetention } from "../app/privacy/retention.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const config = getConfig();
const db = createDatabase(databaseTarget(config));
try {
  await migrateToLatest(db);
  await fillPhoneKeys(db, config.phoneHashKey);
  const { settings } = await loadContent(db);
  const orders = await sweepRetention(db, {
    retention: config.retention,
    now: systemClock(),
    chat: config.telegram.botToken
      ? {
          deskChatIds: config.telegram.deskChatIds,
          holdAfterRefusals: config.desk.holdAfterRefusals,
          language: settings.chats.language,
          publicUrl: config.publicUrl,
          phoneHashKey: config.phoneHashKey,
        }
      : null,
  });
  console.log(
    `Depersonalised ${orders} order(s): delivered more than ${config.retention.deliveredDays} days ago, or refused or cancelled more than ${config.retention.undeliveredDays} days ago.`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
