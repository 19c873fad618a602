import type { TFunction } from "i18next";
import { isolate } from "~/i18n/isolate";
import { isolateLeftToRight } from "~/i18n/left-to-right";
import { normalizePhone } from "~/phone/phone";
import type { MessageChannel, NotificationStatus } from "../../db/schema";

/**
 * Why a message did not go, as the desk's dictionary words it (`shopMessages.reasons`).
 * The gateway's and the mail server's refusals that mean something to an owner have
 * their own words; anything else is shown as the outbox stored it.
 */
export type MessageReason =
  | "balance"
  | "stopListed"
  | "wrongKey"
  | "delayed"
  | "smsNoAnswer"
  | "mailRefused"
  | "mailLogin"
  | "mailLater"
  | "mailNoAnswer"
  | "smsOff"
  | "mailOff"
  | "telegramOff"
  | "blocked";

export type ReasonWords = { key: MessageReason } | { text: string };

/** smsoffice.ge's codes (app/platform/sms.server.ts writes them as "gateway code N: …"). */
const GATEWAY_CODES: Partial<Record<string, MessageReason>> = {
  "20": "balance",
  "75": "stopListed",
  "80": "wrongKey",
  "-100": "delayed",
};

/** What nodemailer says when the mail server never answered. */
const NO_MAIL_SERVER =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|timeout|Greeting never/i;

/** The words for an outbox row's `last_error` (D87), by how the dispatcher writes them. */
export function failureReason(channel: MessageChannel, error: string): ReasonWords {
  const code = /^gateway code (-?\d+):/.exec(error)?.[1];
  const known = code === undefined ? undefined : GATEWAY_CODES[code];
  if (known) return { key: known };
  if (channel === "sms" && error.startsWith("no answer:")) return { key: "smsNoAnswer" };
  const smtp = /^SMTP (\d{3}):/.exec(error);
  if (smtp?.[1]) {
    const reply = Number(smtp[1]);
    if (reply === 530 || reply === 535) return { key: "mailLogin" };
    if (reply >= 500) return { key: "mailRefused" };
    if (reply >= 400) return { key: "mailLater" };
  }
  if (channel === "email" && NO_MAIL_SERVER.test(error)) return { key: "mailNoAnswer" };
  if (error === "SMS is not configured") return { key: "smsOff" };
  if (error === "e-mail is not configured") return { key: "mailOff" };
  if (error === "Telegram is not configured") return { key: "telegramOff" };
  if (/bot was blocked by the user/i.test(error)) return { key: "blocked" };
  return { text: error };
}

/** How a message stands, as the desk tells it. */
export type MessageOutcome = "sent" | "pending" | "retrying" | "failed" | "stopped";

export function messageOutcome(row: {
  status: NotificationStatus;
  attempts: number;
}): MessageOutcome {
  if (row.status === "pending") return row.attempts > 0 ? "retrying" : "pending";
  return row.status;
}

/**
 * Where a message went, as staff may read it: a number as written (+995 5XX XXX XXX, its
 * spaces unbreakable) or an address, isolated for a sentence in any direction; null for a Telegram chat (its id
 * means nothing to a person) and for what retention removed.
 */
export function destinationOf(channel: MessageChannel, chatId: string): string | null {
  if (channel === "telegram" || chatId.startsWith("removed:")) return null;
  if (channel === "email") return isolate(chatId);
  // A number is read left to right whatever the language round it, and kept on one line.
  return isolateLeftToRight((normalizePhone(chatId) ?? chatId).replaceAll(" ", "\u00a0"));
}

/** A failure's reason in the reader's words, or as stored (isolated for any direction). */
export function failureInWords(channel: MessageChannel, error: string, t: TFunction): string {
  const reason = failureReason(channel, error);
  return "key" in reason ? t(`desk:shopMessages.reasons.${reason.key}`) : isolate(reason.text);
}
