import type { RequestHead } from "~/platform/request-head";

/**
 * Where a visit came from, for the owner's numbers (D68): the first `utm_source`,
 * `utm_medium` and `utm_campaign` a visit arrives with, or else the host of the site that
 * linked to the shop. Remembered in a first-party cookie for the length of the browser's
 * session and stored with the order; nothing is sent anywhere. Pages in memory do not
 * depend on it (the page cache ignores this cookie), so remembering it costs no visitor
 * a page rendered for them alone.
 */
export const ORIGIN_COOKIE = "origin";

/** What an order taken on the phone counts under. */
export const PHONE_SOURCE = "phone";
/** What an order from a visit with no known origin counts under. */
export const DIRECT_SOURCE = "direct";

export interface Origin {
  source: string;
  medium: string | null;
  campaign: string | null;
}

/** The longest a tag is kept; a link's tags are short words. */
const TAG_MAX = 60;

/** A tag as kept: trimmed, lower case, only letters, digits and `. _ - +`; null if empty. */
function cleanTag(value: string | null | undefined): string | null {
  const tag = (value ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._+-]+/gu, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, TAG_MAX);
  return tag || null;
}

/**
 * The origin a request brings, or null: its utm tags when it has a source, else another
 * site's host as the referrer (`www.` dropped, medium "referral"). Links within the shop,
 * and requests with neither, bring none.
 */
export function originOf(url: URL, referrer: string | null): Origin | null {
  const source = cleanTag(url.searchParams.get("utm_source"));
  if (source)
    return {
      source,
      medium: cleanTag(url.searchParams.get("utm_medium")),
      campaign: cleanTag(url.searchParams.get("utm_campaign")),
    };
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || host === url.hostname.toLowerCase()) return null;
  const site = cleanTag(host.replace(/^www\./, ""));
  return site ? { source: site, medium: "referral", campaign: null } : null;
}

/** The cookie's value: the three tags, each URI-encoded, joined by `|`. */
export function writeOrigin(origin: Origin): string {
  return [origin.source, origin.medium ?? "", origin.campaign ?? ""]
    .map((part) => encodeURIComponent(part))
    .join("|");
}

/** The origin a cookie's value holds, or null when it holds none that could be ours. */
export function readOrigin(value: string | null | undefined): Origin | null {
  if (!value) return null;
  const parts = value.split("|");
  if (parts.length !== 3) return null;
  try {
    const [source, medium, campaign] = parts.map((part) => cleanTag(decodeURIComponent(part)));
    return source ? { source, medium: medium ?? null, campaign: campaign ?? null } : null;
  } catch {
    return null;
  }
}

/** The origin cookie's value in a request's Cookie header, if any. */
export function originCookieOf(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals).trim() === ORIGIN_COOKIE)
      return pair.slice(equals + 1).trim();
  }
  return null;
}

/**
 * The Set-Cookie header that remembers a page request's origin, or null: only for a GET
 * of a page (not a data request or a file) that brings an origin and has none yet, so
 * the first of a visit wins. A session cookie, first-party, not readable by scripts.
 */
export function rememberOrigin(request: RequestHead): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/desk")) return null;
  if (originCookieOf(request.headers.get("Cookie"))) return null;
  const origin = originOf(url, request.headers.get("Referer"));
  if (!origin) return null;
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${ORIGIN_COOKIE}=${writeOrigin(origin)}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}
