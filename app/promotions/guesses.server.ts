import type { Kysely } from "kysely";
import type { Clock } from "~/platform/clock";
import { PROMO_GUESS_WINDOW_MS } from "~/platform/limits";
import { hitThrottle, peekThrottle } from "~/platform/throttle.server";
import type { Database } from "../../db/schema";
import type { Promotion } from "./model";
import { normalizeCode } from "./model";
import { findCode } from "./pricing";

/** Codes that are no code a client may type in the window before it must wait. */
export const PROMO_GUESSES = 10;
/** Requests whose address is unknown share one bucket this many times larger. */
const SHARED_FACTOR = 10;

export type GuessVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Guessing codes is throttled (D86): a client that typed `PROMO_GUESSES` codes the shop
 * does not know within the window is refused any code until the oldest leaves it, a right
 * one included, so a code found by guessing is never confirmed. Codes that exist (over,
 * switched off, below their minimum) are not guesses and are not counted. `client` is
 * the checkout's key (checkout/rate-limit.server.ts `clientKey`): the bucket names an
 * address, swept as the others are, and never the code.
 */
export function createGuessLimit(db: Kysely<Database>, now: Clock, perClient = PROMO_GUESSES) {
  const bucket = (client: string) => `promo:${client}`;
  const limit = (client: string) =>
    client.startsWith("ip:") ? perClient : perClient * SHARED_FACTOR;
  return {
    /** Whether `typed` may be tried now; an unknown code is counted. Nothing typed: yes. */
    async attempt(
      client: string,
      typed: string | null,
      promotions: readonly Promotion[],
    ): Promise<GuessVerdict> {
      if (!typed || normalizeCode(typed) === "") return { ok: true };
      const full = await peekThrottle(
        db,
        bucket(client),
        limit(client),
        PROMO_GUESS_WINDOW_MS,
        now(),
      );
      if (!full.ok) return { ok: false, retryAfterSeconds: full.retryAfterSeconds };
      if (findCode(promotions, typed)) return { ok: true };
      await hitThrottle(db, bucket(client), limit(client), PROMO_GUESS_WINDOW_MS, now());
      return { ok: true };
    },
  };
}

export type GuessLimit = ReturnType<typeof createGuessLimit>;

/** The minutes a refused client waits, as the page names them: at least one. */
export function minutesLeft(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
