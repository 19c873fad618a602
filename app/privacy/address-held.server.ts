import { CLIENT_WINDOWS_MS } from "~/platform/limits";
import { THROTTLE_SWEEP_MS } from "~/platform/throttle.server";

export { CLIENT_WINDOWS_MS };

/**
 * The longest a client's address stays in the database, in whole minutes, as the privacy
 * page says it: the longest window, and at most one sweep's pause after it.
 */
export function addressHeldMinutes(): number {
  return Math.ceil((Math.max(...CLIENT_WINDOWS_MS) + THROTTLE_SWEEP_MS) / 60_000);
}
