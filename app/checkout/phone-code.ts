import { isolate } from "~/i18n/isolate";
import { asciiDigits } from "~/platform/digits";
import type { AskCode } from "~/settings/model";

// The checkout's code by SMS (D87): who must give one, and what a code's row allows. Pure,
// so the rules are tested with any clock; phone-code.server.ts keeps the rows.

/** A code is this many digits. */
export const CODE_DIGITS = 6;
/** How long a code works after it was sent. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong codes a code takes; the last one ends it. */
export const CODE_MAX_TRIES = 5;
/** Codes a phone may be sent within `CODE_WINDOW_MS`. */
export const CODES_PER_WINDOW = 3;
export const CODE_WINDOW_MS = 60 * 60 * 1000;

/**
 * Why the checkout shows the code's step (D87): a code was `sent`, one sent before is
 * `kept` (it still works), a new one was `resent`; the typed one was `wrong` (tries left),
 * not six digits (`format`), `blocked` by five wrong tries, or `expired`; or no code can be
 * sent for a while (`limit`, three an hour).
 */
export interface CodeStep {
  reason: "sent" | "kept" | "resent" | "wrong" | "format" | "blocked" | "expired" | "limit";
  /** The number the code goes to, as the shop stores it. */
  phone: string;
  triesLeft?: number;
  retryAfterSeconds?: number;
}

/**
 * Whether this order waits for a code: `every` asks everyone, `refusers` a phone with at
 * least one refused parcel (counted as "call before shipping" counts them, D26), `never`
 * nobody. Without an SMS gateway no code could arrive, so none is asked.
 */
export function needsCode(ask: AskCode, refused: number, smsOn: boolean): boolean {
  if (!smsOn) return false;
  if (ask === "every") return true;
  return ask === "refusers" && refused > 0;
}

/** A code as typed (spaces, dashes, Arabic-Indic digits) as six ASCII digits, or null. */
export function typedCode(text: string): string | null {
  const digits = asciiDigits(text).replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** A code's row, as far as the rules read it (ISO instants). */
export interface CodeRow {
  created_at: string;
  expires_at: string;
  tries: number;
  used_at: string | null;
  invalidated_at: string | null;
}

/**
 * What a code can do now: `live` (it can be typed), `expired` (its ten minutes are over),
 * `blocked` (five wrong tries), `gone` (it placed an order, or a newer code replaced it).
 */
export function codeState(row: CodeRow, now: number): "live" | "expired" | "blocked" | "gone" {
  if (row.used_at !== null || row.invalidated_at !== null) return "gone";
  if (row.tries >= CODE_MAX_TRIES) return "blocked";
  return Date.parse(row.expires_at) <= now ? "expired" : "live";
}

/**
 * How long a phone waits before another code may be sent (0: at once), given when its
 * codes were sent: at most `CODES_PER_WINDOW` within any `CODE_WINDOW_MS`.
 */
export function codeWaitMs(sentAt: readonly string[], now: number): number {
  const recent = sentAt
    .map((at) => Date.parse(at))
    .filter((at) => at > now - CODE_WINDOW_MS)
    .sort((a, b) => a - b);
  if (recent.length < CODES_PER_WINDOW) return 0;
  const freed = recent[recent.length - CODES_PER_WINDOW] ?? now;
  return Math.max(0, freed + CODE_WINDOW_MS - now);
}

/** What the code's step shows, its words made on the server (the page's first load has none). */
export interface CodeStepView {
  message: string;
  /** Something went wrong (the words are an alert), rather than news of a code sent. */
  problem: boolean;
  /** The shop's phone for those who get no code (its words and tel: link); null: none. */
  call: { phone: string; href: string } | null;
  /** The form's token, kept through the step so the order is placed once. */
  token: string;
}

/** The code's step in the shopper's words (`t` in the checkout's language). */
export function codeStepView(
  step: CodeStep,
  t: (key: string, options?: Record<string, unknown>) => string,
  call: CodeStepView["call"],
  token: string,
): CodeStepView {
  const count =
    step.reason === "limit"
      ? Math.max(1, Math.ceil((step.retryAfterSeconds ?? 0) / 60))
      : step.triesLeft;
  const key = step.reason === "blocked" && !call ? "blockedNoPhone" : step.reason;
  return {
    message: t(`checkout:code.${key}`, { phone: isolate(step.phone), count }),
    problem: !["sent", "kept", "resent"].includes(step.reason),
    call,
    token,
  };
}
