/** Timings and limits of the spec (§9), defined once and named by meaning (D21). */

/** How long a toast such as "added to cart" stays up. */
export const TOAST_MS = 2500;

/** Most of one product a cart line may hold (D5). */
export const MAX_LINE_QUANTITY = 99;
/** Most distinct products a cart may hold. */
export const MAX_CART_LINES = 20;
/** The header badge shows this many distinct items, then "9+". */
export const BADGE_MAX = 9;
/** How long the cart cookie lives without a visit. */
export const CART_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** How long the copy button says "copied". */
export const COPY_FEEDBACK_MS = 1500;

/** iPhone/iPad: zoom stays locked while a field has focus, then is given back in two steps. */
export const IOS_ZOOM_RESTORE_MS = [300, 1000] as const;
export const IOS_MAX_SCALE = 5;
