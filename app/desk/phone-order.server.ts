import type { CartLine } from "~/cart/model";
import { isOrderable } from "~/catalog/model";
import { type CheckoutField, checkoutFields } from "~/checkout/fields";
import { validateCheckout } from "~/checkout/schema";
import { currentDeliveryWindow } from "~/checkout/submit.server";
import { MAX_LINE_QUANTITY } from "~/constants";
import { chosenZone, openZones } from "~/delivery/fee";
import { zoneName } from "~/delivery/zones";
import { isLanguageCode } from "~/i18n/languages";
import { parseLineQuantity } from "~/orders/fields";
import { placeOrder } from "~/orders/place.server";
import type { CodeProblem } from "~/promotions/pricing";
import { deliveryBounds } from "~/settings/model";
import type { DeskContext } from "./context";

/** A one-time token for the phone order's form: a second press places nothing new (D9). */
const TOKEN = /^phone-[\w-]{16,64}$/;

export type PhoneOrderProblem =
  | { kind: "field"; message: string; fields: CheckoutField[] }
  | { kind: "items" }
  /** A quantity that is not a whole number: nothing is placed, rather than the line left out. */
  | { kind: "quantity"; key: string }
  | { kind: "soldOut"; title: string; left: number }
  /** No area chosen among several (D84). */
  | { kind: "area" }
  /** The goods come to less than the shop's minimum order (tetri). */
  | { kind: "belowMinimum"; minimum: number; missing: number }
  /** The promo code typed does not apply (D86): why, and the minimum it asks (tetri). */
  | { kind: "promo"; problem: CodeProblem; minGoods: number | null }
  | { kind: "expired" };

/** The products staff can put in an order now: on sale, priced, not out of stock. */
export function orderableProducts(shop: DeskContext) {
  return shop.content().catalog.products.filter(isOrderable);
}

/**
 * The areas staff may choose, as the checkout offers them (D84), named in `language`;
 * the only one chosen already.
 */
export function phoneOrderAreas(shop: DeskContext, language: string) {
  const open = openZones(shop.content().settings.zones);
  return {
    areas: open.map((zone) => ({ id: zone.id, name: zoneName(zone, language) })),
    chosen: open.length === 1 ? (open[0]?.id ?? "") : "",
  };
}

/** The delivery dates open today, as the storefront's checkout has them. */
export function phoneOrderWindow(shop: DeskContext) {
  const { settings } = shop.content();
  return currentDeliveryWindow(
    shop.clock,
    deliveryBounds(settings.delivery, shop.config.delivery, shop.today()),
  );
}

/**
 * An order taken on the phone by a staff member: the storefront's own checks on the
 * fields (D8), the catalogue's prices and stock, then `placeOrder` with who took it, so
 * it is stored, counted and announced in the chats exactly like a shopper's.
 */
export async function placePhoneOrder(
  shop: DeskContext,
  form: URLSearchParams,
  staffName: string,
  messageOf: (key: string, values?: Record<string, string | number>) => string,
): Promise<{ ok: true; orderNumber: number } | { ok: false; problem: PhoneOrderProblem }> {
  const token = form.get("token") ?? "";
  if (!TOKEN.test(token)) return { ok: false, problem: { kind: "expired" } };
  const values = Object.fromEntries(
    checkoutFields.map((field) => [field, form.get(field) ?? ""]),
  ) as Record<CheckoutField, string>;
  const checked = validateCheckout(values, phoneOrderWindow(shop));
  if (!checked.ok)
    return {
      ok: false,
      problem: { kind: "field", message: messageOf(checked.message), fields: checked.fields },
    };
  const cart: CartLine[] = [];
  for (const product of orderableProducts(shop)) {
    const qty = parseLineQuantity(form.get(`qty:${product.key}`) ?? "");
    if (qty === null) return { ok: false, problem: { kind: "quantity", key: product.key } };
    if (qty > 0) cart.push({ key: product.key, qty: Math.min(qty, MAX_LINE_QUANTITY) });
  }
  if (cart.length === 0) return { ok: false, problem: { kind: "items" } };
  const { zones, week } = shop.content().settings;
  const zone = chosenZone(zones, form.get("area"));
  if (!zone) return { ok: false, problem: { kind: "area" } };
  const language = form.get("language");
  const placed = await placeOrder(
    shop.db,
    {
      values: checked.values,
      cart,
      language: isLanguageCode(language) ? language : "ka",
      token,
      titleLanguage: shop.telegram.language,
      takenBy: staffName,
      delivery: { zone, minimum: week.minimum, choice: openZones(zones).length > 1 },
      // The code the customer names, checked as the checkout checks it, today in Tbilisi.
      promotions: {
        list: shop.content().promotions,
        code: (form.get("promoCode") ?? "").trim() || null,
        today: shop.today(),
      },
    },
    { now: shop.clock(), telegram: shop.telegram, phoneHashKey: shop.config.phoneHashKey },
  );
  if (!placed.ok && placed.error === "soldOut") {
    const [first] = placed.short;
    return {
      ok: false,
      problem: { kind: "soldOut", title: first?.title ?? "", left: first?.left ?? 0 },
    };
  }
  if (!placed.ok && placed.error === "belowMinimum")
    return {
      ok: false,
      problem: { kind: "belowMinimum", minimum: week.minimum ?? 0, missing: placed.missing },
    };
  if (!placed.ok && placed.error === "promo")
    return {
      ok: false,
      problem: { kind: "promo", problem: placed.problem, minGoods: placed.minGoods ?? null },
    };
  if (!placed.ok) return { ok: false, problem: { kind: "items" } };
  shop.kickOutbox();
  return { ok: true, orderNumber: placed.placed.order.order_number };
}
