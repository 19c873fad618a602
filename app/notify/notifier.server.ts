import { systemClock } from "~/clock";
import { getConfig } from "~/config.server";
import { db } from "~/db.server";
import { type Dispatcher, createDispatcher } from "./dispatcher.server";
import { notificationsEnabled } from "./outbox.server";

const globalForNotifier = globalThis as unknown as { shopNotifier?: Dispatcher | null };

/**
 * The process's one dispatcher, started at boot so rows left pending by a crash or a
 * restart go out at once. Null when notifications are off (said once in the log).
 */
export function startNotifier(): Dispatcher | null {
  if (globalForNotifier.shopNotifier !== undefined) return globalForNotifier.shopNotifier;
  const { telegram } = getConfig();
  if (!telegram.botToken || !notificationsEnabled(telegram)) {
    console.info("Telegram notifications are off: TELEGRAM_BOT_TOKEN is not set.");
    globalForNotifier.shopNotifier = null;
    return null;
  }
  const dispatcher = createDispatcher({
    db,
    botToken: telegram.botToken,
    apiUrl: telegram.apiUrl,
    now: systemClock,
  });
  dispatcher.start();
  globalForNotifier.shopNotifier = dispatcher;
  return dispatcher;
}

/** Sends new notifications now rather than at the next poll. */
export function kickNotifier(): void {
  globalForNotifier.shopNotifier?.kick();
}

/** Stops polling and waits for a round of sending in progress (at shutdown). */
export async function stopNotifier(): Promise<void> {
  await globalForNotifier.shopNotifier?.stop();
}
