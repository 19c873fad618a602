import type { Kysely } from "kysely";
import type { ChatSettings } from "~/orders/message.server";
import type { BotApi } from "~/platform/bot-api.server";
import type { Clock } from "~/platform/clock";
import type { Config } from "~/platform/config.server";
import type { Database } from "../../db/schema";
import { createPoller } from "./telegram-poller.server";
import {
  ALLOWED_UPDATES,
  type UpdateHandler,
  createUpdateHandler,
} from "./telegram-updates.server";

export const WEBHOOK_PATH = "/telegram/webhook";
const WEBHOOK_MAX_DELAY_MS = 5 * 60 * 1000;

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
 * Reads the bot's username from `getMe` (the shopper's `Follow in Telegram` link names it),
 * retrying with growing delays until Telegram answers or the shop stops.
 */
async function readUsername(api: BotApi, stopped: AbortSignal, found: (name: string) => void) {
  for (let attempt = 1; !stopped.aborted; attempt++) {
    const answer = await api.call<{ username?: unknown }>("getMe", {});
    const name = answer.ok ? answer.result?.username : null;
    if (typeof name === "string" && /^\w{1,64}$/.test(name)) {
      found(name);
      return;
    }
    const delay = Math.min(WEBHOOK_MAX_DELAY_MS, 1000 * 2 ** (attempt - 1));
    console.warn(
      `Telegram getMe gave no username (${answer.ok ? "none in the answer" : answer.description}); trying again in ${Math.round(delay / 1000)} s.`,
    );
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
  }
}

export interface TelegramDeskOptions {
  config: Pick<Config, "publicUrl"> & { telegram: Pick<Config["telegram"], "webhookSecret"> };
  db: Kysely<Database>;
  api: BotApi;
  chat: ChatSettings;
  now: Clock;
  /** This process's name on the poller's lease. */
  holder: string;
  /** After a press changed an order: send the chats' edits now. */
  onChange: () => void;
}

export interface TelegramDesk {
  /** The webhook route's handler and secret; null when presses arrive by polling. */
  webhook: { secret: string; handle: UpdateHandler } | null;
  /** The bot's @username as `getMe` gave it; null until it answered. */
  username(): string | null;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The chat as a second desk (D25): with a webhook secret and an https PUBLIC_URL it
 * registers the webhook the route answers; otherwise it long-polls (one process at a
 * time, by a lease in the database).
 */
export function createTelegramDesk(options: TelegramDeskOptions): TelegramDesk {
  const { config, db, api, chat, now, holder, onChange } = options;
  const handle = createUpdateHandler({ db, api, chat, now, onChange });
  const secret = config.telegram.webhookSecret;
  const stopped = new AbortController();
  let username: string | null = null;
  const learnUsername = () =>
    readUsername(api, stopped.signal, (name) => {
      username = name;
    });
  if (secret && usesWebhook(config)) {
    return {
      webhook: { secret, handle },
      username: () => username,
      start() {
        void learnUsername();
        void registerWebhook(api, `${config.publicUrl}${WEBHOOK_PATH}`, secret, stopped.signal);
      },
      async stop() {
        stopped.abort();
      },
    };
  }
  const poller = createPoller({ db, api, handle, now, holder });
  return {
    webhook: null,
    username: () => username,
    start() {
      void learnUsername();
      poller.start();
      console.info("Telegram buttons: polling getUpdates (no webhook).");
    },
    stop() {
      stopped.abort();
      return poller.stop();
    },
  };
}
