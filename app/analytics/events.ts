import { TETRI_PER_LARI } from "~/i18n/money";

/** Google's gtag(): every call is pushed, as its arguments, onto window.dataLayer (D14). */
export type Gtag = (...args: unknown[]) => void;

export interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

export interface PurchaseItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
}

export interface Purchase {
  transaction_id: string;
  /** The goods after the promo code's discount, in GEL: what was sold, without delivery. */
  value: number;
  /** The promo code the order used (D86); absent without one. */
  coupon?: string;
  /** The delivery fee, in GEL (D84). */
  shipping: number;
  currency: "GEL";
  items: PurchaseItem[];
}

/**
 * GA4's `purchase` for an order (spec §4, D84, D86): `value` the goods after the code's
 * discount and `shipping` the delivery fee, both in GEL, from the order's amounts; the
 * code as `coupon`; the lines at the price charged.
 */
export function purchaseOf(
  transactionId: string,
  amounts: { goods: number; discount?: number; delivery: number },
  items: ReadonlyArray<{ item_key: string; title: string; price: number; qty: number }>,
  coupon?: string | null,
): Purchase {
  return {
    transaction_id: transactionId,
    value: (amounts.goods - (amounts.discount ?? 0)) / TETRI_PER_LARI,
    ...(coupon ? { coupon } : {}),
    shipping: amounts.delivery / TETRI_PER_LARI,
    currency: "GEL",
    items: items.map((item) => ({
      item_id: item.item_key,
      item_name: item.title,
      price: item.price / TETRI_PER_LARI,
      quantity: item.qty,
    })),
  };
}

export interface AnalyticsIds {
  gaMeasurementId: string | null;
  adsConversionSendTo: string | null;
}

/** The page's gtag, defined as Google's snippet defines it; nothing leaves the browser until gtag.js loads. */
export function ensureGtag(target: AnalyticsWindow): Gtag {
  target.dataLayer = target.dataLayer ?? [];
  if (!target.gtag) {
    const layer = target.dataLayer;
    target.gtag = function gtag() {
      // gtag.js reads `arguments` objects, exactly as Google's snippet pushes them.
      // biome-ignore lint/style/noArguments: required by gtag.js.
      layer.push(arguments);
    };
  }
  return target.gtag;
}

const GUARD_PREFIX = "analytics:order:";

interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reports a purchase once per order (spec §4, D14): GA4 `purchase`, and the Ads
 * `conversion` when configured. The guard, keyed by the order number, lives in
 * localStorage, so a reload or coming back to the page reports nothing again.
 * Returns whether the events were sent now.
 */
export function reportPurchaseOnce(
  target: AnalyticsWindow,
  storage: GuardStorage | null,
  purchase: Purchase,
  ids: AnalyticsIds,
): boolean {
  const guard = `${GUARD_PREFIX}${purchase.transaction_id}`;
  try {
    if (storage?.getItem(guard)) return false;
    storage?.setItem(guard, "1");
  } catch {
    // Storage refused (private mode): report anyway; at worst a reload reports twice.
  }
  const gtag = ensureGtag(target);
  gtag("event", "purchase", purchase);
  if (ids.adsConversionSendTo) {
    gtag("event", "conversion", {
      send_to: ids.adsConversionSendTo,
      value: purchase.value,
      currency: purchase.currency,
      transaction_id: purchase.transaction_id,
    });
  }
  return true;
}
