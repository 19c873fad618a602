import { RATE_WINDOW_MS } from "~/checkout/rate-limit.server";
import { PASSKEY_SIGN_IN_WINDOW_MS } from "~/desk/passkeys.server";
import { LINK_CLIENT_WINDOW_MS } from "~/desk/sign-in-request.server";
import { TRACK_WINDOW_MS } from "~/orders/tracking";
import { THROTTLE_SWEEP_MS } from "~/platform/throttle.server";

/**
 * The windows of the limits whose buckets name a client's address: orders, /track,
 * the desk's sign-in links per client and passkey sign-ins. The desk's sign-in links in
 * total count for an hour, but in a bucket that names nobody.
 */
export const CLIENT_WINDOWS_MS = [
  RATE_WINDOW_MS,
  TRACK_WINDOW_MS,
  LINK_CLIENT_WINDOW_MS,
  PASSKEY_SIGN_IN_WINDOW_MS,
];

/**
 * The longest a client's address stays in the database, in whole minutes, as the privacy
 * page says it: the longest window, and at most one sweep's pause after it.
 */
export function addressHeldMinutes(): number {
  return Math.ceil((Math.max(...CLIENT_WINDOWS_MS) + THROTTLE_SWEEP_MS) / 60_000);
}
