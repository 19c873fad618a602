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

/** After a route change to an address with a hash, wait this long for the target to appear. */
export const HASH_SCROLL_WAIT_MS = 5000;

/**
 * The bar shrinks once the page is scrolled more than this. Its two heights (72 and 56 px)
 * and the 720 px width at which the navigation collapses into the mobile menu are CSS's
 * alone: `--header-height`, `--header-height-compact` and the media query in app.css.
 */
export const HEADER_SHRINK_SCROLL_PX = 10;

/** Menus open this long after hover or focus, and close this long after the pointer leaves. */
export const MENU_OPEN_DELAY_MS = 80;
export const MENU_CLOSE_DELAY_MS = 140;
/** A scroll while a menu is open keeps it from closing for this long. */
export const MENU_SCROLL_SUPPRESS_MS = 200;

/** Slideshow auto-advance: after the start and after an arrow; after a dot. */
export const SLIDE_INTERVAL_MS = 500_000;
export const SLIDE_INTERVAL_AFTER_DOT_MS = 5_000;

/** Reviews per page by viewport width: the widest rule that fits wins. */
export const REVIEWS_PER_PAGE = [
  { minWidth: 1280, perPage: 3 },
  { minWidth: 900, perPage: 2 },
  { minWidth: 0, perPage: 1 },
] as const;
/** A drag beyond this share of the viewport width turns the page; 120 px when the width is unknown. */
export const DRAG_THRESHOLD_RATIO = 0.18;
export const DRAG_THRESHOLD_FALLBACK_PX = 120;
