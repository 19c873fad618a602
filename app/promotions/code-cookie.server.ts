import { createCookie } from "@remix-run/node";
import { CODE_MAX, normalizeCode } from "./model";

/** The promo code cookie (D86): the code the shopper applied, nothing else. */
export const PROMO_COOKIE = "promo_v1";

/** A week: long enough for a cart left overnight, short enough that a code does not linger. */
const PROMO_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface PromoCookie {
  /** The code applied in this browser, as the shop compares codes; null when none. */
  read(request: Request): Promise<string | null>;
  /** The Set-Cookie header that keeps `code` (or deletes the cookie when it is empty). */
  commit(code: string | null): Promise<string>;
}

/**
 * The promo code cookie, signed with the session secret: a code reaches it only through
 * `Apply`, where an unknown one is counted against the client's guesses, so a forged
 * cookie cannot try codes behind the limit's back. The code never goes into an address.
 */
export function createPromoCookie({
  secret,
  secure,
}: { secret: string; secure: boolean }): PromoCookie {
  const cookie = createCookie(PROMO_COOKIE, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    secrets: [secret],
    maxAge: PROMO_MAX_AGE_SECONDS,
  });
  return {
    async read(request) {
      const header = request.headers.get("Cookie");
      if (!header?.includes(`${PROMO_COOKIE}=`)) return null;
      const value: unknown = await cookie.parse(header);
      if (typeof value !== "string") return null;
      const code = normalizeCode(value);
      return code === "" || code.length > CODE_MAX ? null : code;
    },
    commit(code) {
      const kept = code ? normalizeCode(code) : "";
      if (kept === "") return cookie.serialize("", { maxAge: 0 });
      return cookie.serialize(kept);
    },
  };
}
