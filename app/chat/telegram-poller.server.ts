import type { Kysely } from "kysely";
import type { BotApi } from "~/platform/bot-api.server";
import type { Clock } from "~/platform/clock";
import { createJob } from "~/platform/job.server";
import { acquireLease, releaseLease } from "~/platform/lease.server";
import type { Database } from "../../db/schema";
import {
  ALLOWED_UPDATES,
  type TelegramUpdate,
  type UpdateHandler,
} from "./telegram-updates.server";

export const POLLER_LEASE = "telegram-poller";
/** Seconds Telegram holds a getUpdates open when nothing happens. */
export const POLL_TIMEOUT_SECONDS = 25;
/** Longer than one long poll and its handling, so a live poller never loses its lease. */
export const POLLER_LEASE_MS = 90_000;
/** How often a process without the lease looks whether it has become free. */
export const POLLER_STANDBY_MS = 30_000;
export const POLLER_BASE_DELAY_MS = 1_000;
export const POLLER_MAX_DELAY_MS = 60_000;
/**
 * An empty answer sooner than this was no long poll (a proxy, or a stand-in for Telegram,
 * that answers at once): the next one waits POLLER_BASE_DELAY_MS instead of spinning.
 */
export const POLLER_EMPTY_AT_ONCE_MS = 1_000;

export interface PollerOptions {
  db: Kysely<Database>;
  api: BotApi;
  handle: UpdateHandler;
  now: Clock;
  /** This process's name on the lease. */
  holder: string;
  log?: Pick<Console, "info" | "warn" | "error">;
  pollTimeoutSeconds?: number;
  leaseMs?: number;
  standbyMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface Poller {
  start(): void;
  /** Ends the long poll in flight, gives the lease up and waits for the loop to end. */
  stop(): Promise<void>;
}

/**
 * Receives button presses without a webhook (D25): long-polls getUpdates in the server
 * process and hands each update to the same handler the webhook uses. Only the process
 * holding the database lease polls (two pollers would make Telegram answer 409). Errors
 * back off 1 s, 2 s, 4 s … up to a minute. An update is confirmed to Telegram (the next
 * offset) only after it was handled; one handled before a crash comes again and the
 * handler's table of processed ids turns it away. An API that answers a long poll at once
 * with nothing is asked once a second, not in a loop that takes the lease (a write) and the
 * processor with it.
 */
export function createPoller(options: PollerOptions): Poller {
  const {
    db,
    api,
    handle,
    now,
    holder,
    log = console,
    pollTimeoutSeconds = POLL_TIMEOUT_SECONDS,
    leaseMs = POLLER_LEASE_MS,
    standbyMs = POLLER_STANDBY_MS,
    baseDelayMs = POLLER_BASE_DELAY_MS,
    maxDelayMs = POLLER_MAX_DELAY_MS,
  } = options;
  let offset: number | undefined;
  let failures = 0;
  let webhookCleared = false;
  /** Logs a failure and says how long to wait: 1 s, 2 s, 4 s … up to a minute. */
  const failed = (what: string): number => {
    failures++;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - 1));
    log.warn(`Telegram polling: ${what}; trying again in ${Math.round(delay / 1000)} s.`);
    return delay;
  };

  /** One long poll; answers how long to wait before the next. */
  async function round(signal: AbortSignal): Promise<number> {
    try {
      if (!(await acquireLease(db, POLLER_LEASE, holder, now(), leaseMs))) return standbyMs;
      if (!webhookCleared) {
        // getUpdates answers 409 while a webhook is set (an earlier https deployment).
        const cleared = await api.call("deleteWebhook", { drop_pending_updates: false });
        if (!cleared.ok) return failed(`deleteWebhook failed: ${cleared.description}`);
        webhookCleared = true;
      }
      const asked = now();
      const answer = await api.call<TelegramUpdate[]>(
        "getUpdates",
        {
          ...(offset !== undefined ? { offset } : {}),
          timeout: pollTimeoutSeconds,
          allowed_updates: ALLOWED_UPDATES,
        },
        { timeoutMs: (pollTimeoutSeconds + 10) * 1000, signal },
      );
      if (signal.aborted) return 0;
      if (!answer.ok) return failed(`getUpdates failed: ${answer.description}`);
      failures = 0;
      const updates = Array.isArray(answer.result) ? answer.result : [];
      for (const update of updates) {
        await handle(update);
        offset = update.update_id + 1;
      }
      return updates.length === 0 && now() - asked < POLLER_EMPTY_AT_ONCE_MS ? baseDelayMs : 0;
    } catch (error) {
      if (signal.aborted) return 0;
      return failed(error instanceof Error ? api.redact(error.message) : String(error));
    }
  }

  const job = createJob({ name: "Telegram polling", everyMs: 0, run: round, log });
  return {
    start: job.start,
    async stop() {
      await job.stop();
      await releaseLease(db, POLLER_LEASE, holder).catch(() => undefined);
    },
  };
}
