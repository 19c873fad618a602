import { randomBytes } from "node:crypto";

/**
 * The order's private page (issue 24): `/o/{token}`, the token 192 random bits in
 * base64url (32 characters), never derived from the order's number.
 */
export function newTrackToken(): string {
  return randomBytes(24).toString("base64url");
}

/** A token as the shop writes them; anything else is no order's. */
export function isTrackToken(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}

/** Look-ups allowed per client and per order number in `TRACK_WINDOW_MS`. */
export const TRACK_LIMIT = 5;
export { TRACK_WINDOW_MS } from "~/platform/limits";

/** After this long in a final status, the page shows only the status. */
export const TRACK_DETAILS_DAYS = 30;

/**
 * A phone partly hidden for the page: the country code and the last three digits show
 * ("+995 5•• ••• 456"), enough for the shopper to recognise it, too little for anyone else.
 */
export function maskedPhone(phone: string): string {
  const match = /^(\+995) (\d)(\d{2}) (\d{3}) (\d{3})$/.exec(phone);
  if (!match) return "•••";
  return `${match[1]} ${match[2]}•• ••• ${match[5]}`;
}

/** An address partly hidden: its first word or two (the city, the street), then dots. */
export function maskedAddress(address: string): string {
  const words = address.trim().split(/\s+/);
  const shown = words.slice(0, Math.min(2, Math.max(1, words.length - 1))).join(" ");
  return words.length > 1 ? `${shown} …` : "…";
}
