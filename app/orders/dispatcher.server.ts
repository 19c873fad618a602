import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BotApi } from "~/platform/bot-api.server";
import { type Clock, isoAt } from "~/platform/clock";
import { createJob } from "~/platform/job.server";
import type { Mailer } from "~/platform/mail.server";
import type { SendResult } from "~/platform/send-result";
import { smsSegments } from "~/platform/sms-segments";
import type { SmsGateway } from "~/platform/sms.server";
import { groupStatement, groupTransaction } from "../../db/group-commit";
import type { Database, Notification } from "../../db/schema";
import { isStopped } from "./message-stops.server";

export const NOTIFY_MAX_ATTEMPTS = 10;
export const NOTIFY_BASE_DELAY_MS = 2_000;
export const NOTIFY_MAX_DELAY_MS = 60 * 60 * 1000;
export const NOTIFY_TIMEOUT_MS = 10_000;
export const NOTIFY_POLL_MS = 2_000;
const BATCH_SIZE = 20;

export interface DispatcherOptions {
  db: Kysely<Database>;
  /** The shop's Bot API client (its own timeout bounds each delivery); null: no Telegram. */
  api: BotApi | null;
  /** The SMS gateway (D87); null: SMS is off. */
  sms?: SmsGateway | null;
  /** The SMTP server (D87); null: e-mail is off. */
  mailer?: Mailer | null;
  /** Keys phones and addresses for the stop list (PHONE_HASH_KEY). */
  stopKey?: string | null;
  /** The shop's clock: the outbox rows were written by it too. */
  now: Clock;
  log?: Pick<Console, "info" | "warn" | "error">;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  /** Pause between looks at the outbox when nothing kicks it. */
  pollMs?: number;
}

export interface Dispatcher {
  /** Sends every due notification; resolves when none is left due. */
  tick(): Promise<void>;
  /** Asks for a tick soon, without waiting for it (after an order is saved). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

const channelName = { telegram: "Telegram notification", sms: "SMS", email: "E-mail" } as const;

/** Waits after a failed attempt: 2 s, 8 s, 32 s, … up to an hour. */
export function backoffDelay(
  attempt: number,
  base = NOTIFY_BASE_DELAY_MS,
  max = NOTIFY_MAX_DELAY_MS,
): number {
  return Math.min(max, base * 4 ** Math.max(0, attempt - 1));
}

/**
 * Delivers the outbox (D13): Telegram's rows to the Bot API, SMS to the gateway and
 * e-mail to the SMTP server (D87), each with the same claim, retries and record. An SMS
 * or e-mail goes once (there is nothing to edit); one whose phone or address asked for no
 * more messages meanwhile is left unsent as `stopped`, and a permanent refusal (a
 * stop-listed number, a wrong key, no such mailbox) is not retried but kept, with its
 * reason, on the order and on Health. For Telegram: a row never sent goes out with
 * sendMessage (with its buttons, D25) and keeps the message id Telegram gives it; a row
 * due again after its order changed edits that message instead, so no chat ever gets a
 * second message about the same order. Each delivery is retried with growing delays (a
 * 429's retry_after wins) up to a bounded number of attempts, then left as failed for
 * the owner to see. Never throws to its caller, and the bot token never appears in what
 * it logs or stores.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const {
    db,
    api,
    sms = null,
    mailer = null,
    stopKey = null,
    now,
    log = console,
    maxAttempts = NOTIFY_MAX_ATTEMPTS,
    baseDelayMs = NOTIFY_BASE_DELAY_MS,
    maxDelayMs = NOTIFY_MAX_DELAY_MS,
    timeoutMs = NOTIFY_TIMEOUT_MS,
    pollMs = NOTIFY_POLL_MS,
  } = options;
  /** This dispatcher's name on the rows it claims. */
  const me = randomUUID();
  /** A claim lasts through a slow delivery and then some; a crashed claimer's expires. */
  const claimMs = timeoutMs * 3;

  const redact = (text: string) => (api ? api.redact(text) : text);

  /**
   * A checkout's code (D87) is kept no longer than it takes to send it: once it went (or
   * will not), its row keeps neither the code nor the number, only that an SMS went, when
   * and its segments (the reports count them), as retention leaves an order's (D35).
   */
  const spent = (row: Notification) => ({ text: "", chat_id: `removed:${row.id}` });

  async function fail(
    row: Notification,
    attempt: number,
    error: string,
    retryAfterSeconds?: number,
    permanent = false,
  ) {
    const safeError = redact(error).slice(0, 500);
    const giveUp = permanent || attempt >= maxAttempts;
    const delay =
      retryAfterSeconds !== undefined && retryAfterSeconds > 0
        ? retryAfterSeconds * 1000
        : backoffDelay(attempt, baseDelayMs, maxDelayMs);
    await groupTransaction(db, async (trx) => {
      await trx
        .updateTable("notifications")
        .set({
          attempts: attempt,
          last_error: safeError,
          status: giveUp ? "failed" : "pending",
          next_attempt_at: isoAt(now() + delay),
          // A checkout's code that will not go is not kept either (D87).
          ...(giveUp && row.topic?.startsWith("code:") ? spent(row) : {}),
        })
        .where("id", "=", row.id)
        // A newer text came meanwhile: it starts its own attempts, due now.
        .where("revision", "=", row.revision)
        .execute();
      await release(trx, row);
    });
    const outcome = giveUp ? "giving up" : `retrying in ${Math.round(delay / 1000)} s`;
    log.warn(
      `${channelName[row.channel]} ${row.id} (order ${row.order_id ?? "none"}) failed, attempt ${attempt}/${maxAttempts}, ${outcome}: ${safeError}`,
    );
  }

  /** Records what one attempt of an SMS or an e-mail came to. */
  async function settle(row: Notification, result: SendResult, segments: number | null) {
    const attempt = row.attempts + 1;
    if (!result.ok) return fail(row, attempt, result.error, undefined, result.permanent);
    await groupTransaction(db, async (trx) => {
      await trx
        .updateTable("notifications")
        .set({
          status: "sent",
          attempts: attempt,
          sent_at: isoAt(now()),
          last_error: null,
          segments,
          ...(row.topic?.startsWith("code:") ? spent(row) : {}),
        })
        .where("id", "=", row.id)
        .execute();
      await release(trx, row);
    });
  }

  /** An SMS or an e-mail: once, unless its destination asked for no more meanwhile. */
  async function deliverMessage(row: Notification) {
    const channel = row.channel === "sms" ? "sms" : "email";
    // The checkout's code and the owner's own notices are asked for; everything else stops.
    const stoppable = row.topic !== null && !/^(code|desk-new):/.test(row.topic);
    if (stoppable && stopKey && (await isStopped(db, channel, row.chat_id, stopKey))) {
      await groupTransaction(db, async (trx) => {
        await trx
          .updateTable("notifications")
          .set({ status: "stopped", last_error: null })
          .where("id", "=", row.id)
          .execute();
        await release(trx, row);
      });
      return;
    }
    if (channel === "sms") {
      if (!sms) return fail(row, row.attempts + 1, "SMS is not configured", undefined, true);
      return settle(row, await sms.send(row.chat_id, row.text), smsSegments(row.text));
    }
    if (!mailer) return fail(row, row.attempts + 1, "e-mail is not configured", undefined, true);
    const result = await mailer.send({
      to: row.chat_id,
      subject: row.subject ?? "",
      text: row.text,
      html: row.html ?? "",
      headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {},
    });
    return settle(row, result, null);
  }

  async function deliver(row: Notification) {
    if (row.channel !== "telegram") return deliverMessage(row);
    if (!api) return fail(row, row.attempts + 1, "Telegram is not configured", undefined, true);
    const attempt = row.attempts + 1;
    const markup = row.reply_markup ? (JSON.parse(row.reply_markup) as unknown) : null;
    const content = {
      chat_id: row.chat_id,
      text: row.text,
      parse_mode: "HTML",
      disable_web_page_preview: true,
    };
    const answer =
      row.message_id === null
        ? await api.call<{ message_id?: number }>("sendMessage", {
            ...content,
            ...(markup ? { reply_markup: markup } : {}),
          })
        : await api.call("editMessageText", {
            ...content,
            message_id: row.message_id,
            // An empty keyboard takes the buttons away once the order is final.
            reply_markup: markup ?? { inline_keyboard: [] },
          });
    // Telegram refuses an edit to the text a message already has: that is done, too.
    const unchanged = !answer.ok && /message is not modified/i.test(answer.description);
    if (!answer.ok && !unchanged) return fail(row, attempt, answer.description, answer.retryAfter);
    const messageId =
      row.message_id === null && answer.ok
        ? Number((answer.result as { message_id?: number } | undefined)?.message_id) || null
        : row.message_id;
    // One commit for what the delivery settled, as for its claim: on SQLite the one shared
    // with the orders and messages of that moment (one wait for the disk, not one each).
    await groupTransaction(db, async (trx) => {
      if (messageId !== row.message_id)
        await trx
          .updateTable("notifications")
          .set({ message_id: messageId })
          .where("id", "=", row.id)
          .execute();
      // Sent only if what went out is still the newest text; otherwise the next round edits.
      await trx
        .updateTable("notifications")
        .set({ status: "sent", attempts: attempt, sent_at: isoAt(now()), last_error: null })
        .where("id", "=", row.id)
        .where("revision", "=", row.revision)
        .execute();
      await release(trx, row);
    });
  }

  /**
   * Takes a due row for this dispatcher alone: one conditional update, which only one of
   * several processes can win (on PostgreSQL the others wait for the row, then find it
   * claimed). An expired claim, left by a process that died, can be taken over. The row
   * comes back as it is now: its text may have changed since the list was read. The claim
   * is committed before the message goes (on SQLite in the group commit of that moment).
   */
  async function claim(row: Notification): Promise<Notification | null> {
    const at = isoAt(now());
    return (
      (await groupStatement(db, (trx) =>
        trx
          .updateTable("notifications")
          .set({ claimed_by: me, claimed_until: isoAt(now() + claimMs) })
          .where("id", "=", row.id)
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
          .returningAll()
          .executeTakeFirst(),
      )) ?? null
    );
  }

  async function release(trx: Kysely<Database>, row: Notification): Promise<void> {
    await trx
      .updateTable("notifications")
      .set({ claimed_by: null, claimed_until: null })
      .where("id", "=", row.id)
      .where("claimed_by", "=", me)
      .execute();
  }

  /**
   * Sends every due row, batch after batch, until none is left due or the process stops:
   * a stopping server sends the message in hand, not a backlog (the next process will).
   */
  async function drain(signal: AbortSignal): Promise<undefined> {
    try {
      for (let more = true; more && !signal.aborted; ) {
        const at = isoAt(now());
        const due = await db
          .selectFrom("notifications")
          .selectAll()
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
          .orderBy("id")
          .limit(BATCH_SIZE)
          .execute();
        for (const row of due) {
          if (signal.aborted) break;
          const mine = await claim(row);
          if (mine) await deliver(mine);
        }
        more = due.length === BATCH_SIZE;
      }
    } catch (error) {
      log.error(
        "The notification outbox could not be read:",
        error instanceof Error ? redact(error.message) : error,
      );
    }
  }

  return createJob({ name: "The notification outbox", everyMs: pollMs, run: drain, log });
}
