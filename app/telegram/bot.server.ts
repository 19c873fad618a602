import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { systemClock } from "~/clock";
import { getConfig } from "~/config.server";
import { db } from "~/db.server";
import { type ExpiryJob, createExpiryJob } from "~/desk/expiry.server";
import { fixedT } from "~/i18n/instance.server";
import { kickNotifier } from "~/notify/notifier.server";
import { notificationsEnabled } from "~/notify/outbox.server";
import { type BotApi, createBotApi } from "./bot-api.server";
import { type Poller, createPoller } from "./poller.server";
import { shopTelegramSettings } from "./settings.server";
import { ALLOWED_UPDATES, type UpdateHandler, createUpdateHandler } from "./updates.server";

export const WEBHOOK_PATH = "/telegram/webhook";
const WEBHOOK_MAX_DELAY_MS = 5 * 60 * 1000;

interface ShopBot {
  /** The webhook route's handler and secret; null when presses arrive by polling. */
  webhook: { secret: string; handle: UpdateHandler } | null;
  stop(): Promise<void>;
}

const globalForBot = globalThis as unknown as {
  shopBot?: ShopBot | null;
  shopExpiry?: ExpiryJob | null;
};

/** Whether the shop registers a webhook: a secret and an https PUBLIC_URL (D25). */
export function usesWebhook(config: {
  publicUrl: string | null;
  telegram: { webhookSecret: string | null };
}): boolean {
  return Boolean(config.telegram.webhookSecret && config.publicUrl?.startsWith("https://"));
}

/** Registers the webhook, retrying with growing delays until Telegram accepts it. */
async function registerWebhook(api: BotApi, url: string, secret: string, stopped: AbortSignal) {
  for (let attempt = 1; !stopped.aborted; attempt++) {
    const answer = await api.call("setWebhook", {
      url,
      secret_token: secret,
      allowed_updates: ALLOWED_UPDATES,
    });
    if (answer.ok) {
      console.info(`Telegram webhook registered: ${url}`);
      return;
    }
    const delay = Math.min(WEBHOOK_MAX_DELAY_MS, 1000 * 2 ** (attempt - 1));
    console.warn(
      `Telegram setWebhook failed: ${answer.description}; trying again in ${Math.round(delay / 1000)} s.`,
    );
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
  }
}

/**
 * The chat as a second desk (D25), started at boot: with a webhook secret and an https
 * PUBLIC_URL it registers the webhook the route below answers; otherwise it long-polls
 * (one process at a time). Off without a bot token or desk chats.
 */
export function startTelegramBot(): ShopBot | null {
  if (globalForBot.shopBot !== undefined) return globalForBot.shopBot;
  const config = getConfig();
  const settings = shopTelegramSettings();
  if (
    !config.telegram.botToken ||
    !notificationsEnabled(settings) ||
    settings.deskChatIds.length === 0
  ) {
    globalForBot.shopBot = null;
    return null;
  }
  const api = createBotApi({ botToken: config.telegram.botToken, apiUrl: config.telegram.apiUrl });
  const handle = createUpdateHandler({
    db,
    api,
    chat: settings,
    now: systemClock,
    onChange: kickNotifier,
  });
  const stopped = new AbortController();
  let poller: Poller | null = null;
  let webhook: ShopBot["webhook"] = null;
  const secret = config.telegram.webhookSecret;
  if (secret && usesWebhook(config)) {
    webhook = { secret, handle };
    void registerWebhook(api, `${config.publicUrl}${WEBHOOK_PATH}`, secret, stopped.signal);
  } else {
    poller = createPoller({
      db,
      api,
      handle,
      now: systemClock,
      holder: `${hostname()}:${process.pid}:${randomUUID()}`,
    });
    poller.start();
    console.info("Telegram buttons: polling getUpdates (no webhook).");
  }
  const bot: ShopBot = {
    webhook,
    async stop() {
      stopped.abort();
      await poller?.stop();
    },
  };
  globalForBot.shopBot = bot;
  return bot;
}

/** The webhook's handler and secret, or null when the shop does not use a webhook. */
export function telegramWebhook(): ShopBot["webhook"] {
  return startTelegramBot()?.webhook ?? null;
}

/** EXPIRE_UNCONFIRMED_HOURS: cancels new orders nobody confirmed in time (off by default). */
export function startExpiryJob(): ExpiryJob | null {
  if (globalForBot.shopExpiry !== undefined) return globalForBot.shopExpiry;
  const hours = getConfig().desk.expireUnconfirmedHours;
  if (hours === null) {
    globalForBot.shopExpiry = null;
    return null;
  }
  const t = fixedT("ru", "desk");
  const job = createExpiryJob({
    db,
    now: systemClock,
    hours,
    chat: shopTelegramSettings(),
    note: (count) => t("chat.expiredNote", { hours: count }),
    onChange: kickNotifier,
  });
  job.start();
  globalForBot.shopExpiry = job;
  return job;
}

/** At shutdown: ends the long poll and the expiry job. */
export async function stopTelegramBot(): Promise<void> {
  await Promise.all([globalForBot.shopBot?.stop(), globalForBot.shopExpiry?.stop()]);
}
