// How long each limit that keys its bucket by a client's address counts (D78),
// in one table: each limit takes its window from here, and the privacy page names the
// longest time an address is held from the same table.

/** Orders per client (D12). */
export const RATE_WINDOW_MS = 10 * 60 * 1000;
/** Look-ups of an order by number and phone (D33). */
export const TRACK_WINDOW_MS = 15 * 60 * 1000;
/** "Send me a sign-in link" per client (D23). */
export const LINK_CLIENT_WINDOW_MS = 15 * 60 * 1000;
/** Passkey sign-ins started per client. */
export const PASSKEY_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** Promo codes that are no code, guessed per client (D86). */
export const PROMO_GUESS_WINDOW_MS = 15 * 60 * 1000;

/** Every window above: the buckets that name an address. */
export const CLIENT_WINDOWS_MS = [
  RATE_WINDOW_MS,
  TRACK_WINDOW_MS,
  PROMO_GUESS_WINDOW_MS,
  LINK_CLIENT_WINDOW_MS,
  PASSKEY_SIGN_IN_WINDOW_MS,
] as const;
