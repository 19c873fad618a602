import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { LanguageCode } from "~/i18n/languages";
import { queueMessages } from "~/orders/outbox.server";
import { phoneStanding } from "~/orders/read.server";
import { normalizePhone } from "~/phone/phone";
import { phoneKey } from "~/phone/phone-key.server";
import { type Clock, isoAt } from "~/platform/clock";
import type { AskCode } from "~/settings/model";
import type { Database } from "../../db/schema";
import {
  CODE_DIGITS,
  CODE_LIFETIME_MS,
  CODE_MAX_TRIES,
  CODE_WINDOW_MS,
  codeState,
  codeWaitMs,
  needsCode,
} from "./phone-code";

export interface PhoneCodesOptions {
  db: Kysely<Database>;
  now: Clock;
  /** PHONE_HASH_KEY: keys the phone (D35) and the code alike. */
  key: string;
  /** The SMS's words around a code, in the shopper's language. */
  text(code: string, language: LanguageCode): string;
  /** After a code's SMS was queued (the shop sends it at once: `kickOutbox`). */
  onQueued?(): void;
  /** Makes a code; six random digits unless a test says otherwise. */
  generate?(): string;
}

export type SendOutcome =
  /** `fresh`: a new code went out; otherwise one sent before still works. */
  { ok: true; id: number; fresh: boolean } | { ok: false; retryAfterSeconds: number };

export type CheckOutcome =
  | { ok: true; id: number }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "blocked" | "expired" };

/** The number as an SMS gateway takes it: 995 and nine digits, no plus. */
function smsDestination(phone: string): string {
  return (normalizePhone(phone) ?? phone).replace(/\D/g, "");
}

/**
 * Deletes the codes made more than an hour ago, used or not: past the hourly limit they
 * count for nothing, and the privacy page promises no longer. Run every minute.
 */
export async function sweepPhoneCodes(db: Kysely<Database>, now: number): Promise<undefined> {
  await db
    .deleteFrom("phone_codes")
    .where("created_at", "<=", isoAt(now - CODE_WINDOW_MS))
    .execute();
  return undefined;
}

/**
 * The checkout's codes by SMS (D87). A code is six random digits, kept only as a keyed
 * hash beside the phone's keyed hash; it works ten minutes and takes five wrong tries
 * (the fifth ends it); a new code replaces the one before; a phone is sent at most three
 * an hour. Typed codes are compared in constant time. The code travels once, in the SMS
 * queued in the same transaction as its row (the outbox blanks the text once sent), and
 * is written to no log.
 */
export function createPhoneCodes(options: PhoneCodesOptions) {
  const { db, now, key, text, onQueued } = options;
  const generate =
    options.generate ?? (() => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0"));

  function digest(salt: string, code: string): Buffer {
    return createHmac("sha256", key).update(`phone-code:${salt}:${code}`).digest();
  }

  function hashCode(code: string): string {
    const salt = randomBytes(12).toString("base64url");
    return `${salt}.${digest(salt, code).toString("base64url")}`;
  }

  function sameCode(stored: string, typed: string): boolean {
    const [salt = "", hash = ""] = stored.split(".");
    const expected = Buffer.from(hash, "base64url");
    const actual = digest(salt, typed);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  return {
    /** Whether an order from `phone` waits for a code, under the owner's `ask`. */
    async required(ask: AskCode, phone: string): Promise<boolean> {
      // Only `refusers` reads the phone's history; the service exists only with SMS on.
      const refused = ask === "refusers" ? (await phoneStanding(db, phone, key)).refused : 0;
      return needsCode(ask, refused, true);
    },

    /**
     * Sends `phone` a code in `language`, within the hourly limit. Unless `fresh`, a code
     * sent before that still works is kept and nothing is sent.
     */
    async send(phone: string, language: LanguageCode, { fresh }: { fresh: boolean }) {
      const at = now();
      const phoneHash = phoneKey(phone, key);
      const outcome: SendOutcome = await db.transaction().execute(async (trx) => {
        const recent = await trx
          .selectFrom("phone_codes")
          .selectAll()
          .where("phone_key", "=", phoneHash)
          .where("created_at", ">", isoAt(at - CODE_WINDOW_MS))
          .orderBy("id", "desc")
          .execute();
        const live = recent.find((row) => codeState(row, at) === "live");
        if (!fresh && live) return { ok: true, id: live.id, fresh: false };
        const wait = codeWaitMs(
          recent.map((row) => row.created_at),
          at,
        );
        if (wait > 0) return { ok: false, retryAfterSeconds: Math.ceil(wait / 1000) };
        // The table holds the last hour: older codes count for nothing.
        await trx
          .deleteFrom("phone_codes")
          .where("created_at", "<=", isoAt(at - CODE_WINDOW_MS))
          .execute();
        await trx
          .updateTable("phone_codes")
          .set({ invalidated_at: isoAt(at) })
          .where("phone_key", "=", phoneHash)
          .where("used_at", "is", null)
          .where("invalidated_at", "is", null)
          .execute();
        const code = generate();
        const { id } = await trx
          .insertInto("phone_codes")
          .values({
            phone_key: phoneHash,
            code_hash: hashCode(code),
            created_at: isoAt(at),
            expires_at: isoAt(at + CODE_LIFETIME_MS),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await queueMessages(trx, [
          {
            orderId: null,
            topic: `code:${id}`,
            channel: "sms",
            to: smsDestination(phone),
            text: text(code, language),
            dueAt: at,
            now: at,
          },
        ]);
        return { ok: true, id, fresh: true };
      });
      if (outcome.ok && outcome.fresh) onQueued?.();
      return outcome;
    },

    /**
     * Checks a typed code against the phone's newest code. Right: the code is used (taken
     * by this order alone; `release` gives it back should the order not be placed). Wrong:
     * one try less; the fifth wrong one ends the code.
     */
    async check(phone: string, typed: string): Promise<CheckOutcome> {
      const at = now();
      const phoneHash = phoneKey(phone, key);
      return db.transaction().execute(async (trx): Promise<CheckOutcome> => {
        const row = await trx
          .selectFrom("phone_codes")
          .selectAll()
          .where("phone_key", "=", phoneHash)
          .where("used_at", "is", null)
          .where("invalidated_at", "is", null)
          .orderBy("id", "desc")
          .executeTakeFirst();
        const state = row ? codeState(row, at) : "expired";
        if (!row || state === "expired" || state === "gone")
          return { ok: false, reason: "expired" };
        if (state === "blocked") return { ok: false, reason: "blocked" };
        if (!sameCode(row.code_hash, typed)) {
          const counted = await trx
            .updateTable("phone_codes")
            .set({ tries: sql<number>`tries + 1` })
            .where("id", "=", row.id)
            .where("tries", "<", CODE_MAX_TRIES)
            .returning("tries")
            .executeTakeFirst();
          const tries = counted?.tries ?? CODE_MAX_TRIES;
          return tries >= CODE_MAX_TRIES
            ? { ok: false, reason: "blocked" }
            : { ok: false, reason: "wrong", triesLeft: CODE_MAX_TRIES - tries };
        }
        const taken = await trx
          .updateTable("phone_codes")
          .set({ used_at: isoAt(at) })
          .where("id", "=", row.id)
          .where("used_at", "is", null)
          .executeTakeFirst();
        return Number(taken.numUpdatedRows) === 1
          ? { ok: true, id: row.id }
          : { ok: false, reason: "expired" };
      });
    },

    /** Gives back a code whose order was not placed (sold out meanwhile): it works again. */
    async release(id: number): Promise<void> {
      await db.updateTable("phone_codes").set({ used_at: null }).where("id", "=", id).execute();
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
