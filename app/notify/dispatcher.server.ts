import type { Kysely } from "kysely";
import { type Clock, isoAt } from "~/clock";
import type { Database, Notification } from "../../db/schema";

export const NOTIFY_MAX_ATTEMPTS = 10;
export const NOTIFY_BASE_DELAY_MS = 2_000;
export const NOTIFY_MAX_DELAY_MS = 60 * 60 * 1000;
export const NOTIFY_TIMEOUT_MS = 10_000;
export const NOTIFY_POLL_MS = 2_000;
const BATCH_SIZE = 20;

export interface DispatcherOptions {
  db: Kysely<Database>;
  botToken: string;
  apiUrl: string;
  fetch?: typeof fetch;
  /** The shop's clock: the outbox rows were written by it too. */
  now: Clock;
  log?: Pick<Console, "info" | "warn" | "error">;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
}

export interface Dispatcher {
  /** Sends every due notification; resolves when none is left due. */
  tick(): Promise<void>;
  /** Asks for a tick soon, without waiting for it (after an order is saved). */
  kick(): void;
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

/** Waits after a failed attempt: 2 s, 8 s, 32 s, … up to an hour. */
export function backoffDelay(
  attempt: number,
  base = NOTIFY_BASE_DELAY_MS,
  max = NOTIFY_MAX_DELAY_MS,
): number {
  return Math.min(max, base * 4 ** Math.max(0, attempt - 1));
}

interface TelegramAnswer {
  ok?: boolean;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * Delivers the outbox (D13) to the Telegram Bot API's sendMessage: each row once,
 * retried with growing delays (a 429's retry_after wins) up to a bounded number of
 * attempts, then left as failed for the owner to see. Never throws to its caller, and
 * the bot token never appears in what it logs or stores.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const {
    db,
    botToken,
    apiUrl,
    fetch: fetchImpl = fetch,
    now,
    log = console,
    maxAttempts = NOTIFY_MAX_ATTEMPTS,
    baseDelayMs = NOTIFY_BASE_DELAY_MS,
    maxDelayMs = NOTIFY_MAX_DELAY_MS,
    timeoutMs = NOTIFY_TIMEOUT_MS,
  } = options;
  const endpoint = `${apiUrl}/bot${botToken}/sendMessage`;
  const redact = (text: string) => text.split(botToken).join("***");

  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function fail(
    row: Notification,
    attempt: number,
    error: string,
    retryAfterSeconds?: number,
  ) {
    const safeError = redact(error).slice(0, 500);
    const giveUp = attempt >= maxAttempts;
    const delay =
      retryAfterSeconds !== undefined && retryAfterSeconds > 0
        ? retryAfterSeconds * 1000
        : backoffDelay(attempt, baseDelayMs, maxDelayMs);
    await db
      .updateTable("notifications")
      .set({
        attempts: attempt,
        last_error: safeError,
        status: giveUp ? "failed" : "pending",
        next_attempt_at: isoAt(now() + delay),
      })
      .where("id", "=", row.id)
      .execute();
    const outcome = giveUp ? "giving up" : `retrying in ${Math.round(delay / 1000)} s`;
    log.warn(
      `Telegram notification ${row.id} (order ${row.order_id}, chat ${row.chat_id}) failed, attempt ${attempt}/${maxAttempts}, ${outcome}: ${safeError}`,
    );
  }

  async function deliver(row: Notification) {
    const attempt = row.attempts + 1;
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          chat_id: row.chat_id,
          text: row.text,
          parse_mode: "HTML",
          disable_web_page_preview: true,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause =
        error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      return fail(
        row,
        attempt,
        `${error instanceof Error ? error.message : String(error)}${cause}`,
      );
    }
    const answer = (await response.json().catch(() => null)) as TelegramAnswer | null;
    if (response.ok && answer?.ok) {
      await db
        .updateTable("notifications")
        .set({ status: "sent", attempts: attempt, sent_at: isoAt(now()), last_error: null })
        .where("id", "=", row.id)
        .execute();
      return;
    }
    return fail(
      row,
      attempt,
      `HTTP ${response.status}${answer?.description ? `: ${answer.description}` : ""}`,
      response.status === 429 ? answer?.parameters?.retry_after : undefined,
    );
  }

  async function drain() {
    do {
      again = false;
      const due = await db
        .selectFrom("notifications")
        .selectAll()
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", isoAt(now()))
        .orderBy("id")
        .limit(BATCH_SIZE)
        .execute();
      for (const row of due) await deliver(row);
      if (due.length === BATCH_SIZE) again = true;
    } while (again);
  }

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        log.error(
          "The notification outbox could not be read:",
          error instanceof Error ? redact(error.message) : error,
        );
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    tick,
    kick() {
      setImmediate(() => void tick());
    },
    start(pollMs = NOTIFY_POLL_MS) {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
