import { type DeliveryZone, zoneName } from "~/delivery/zones";
import type { Order, OrderItem, OrderPromotion, PromotionKind } from "../../db/schema";

/**
 * An order's money as every surface shows it (D84), from the one rule: the goods, the
 * delivery fee, and what the courier collects, their sum (`orders.total`). Cart,
 * checkout, thank-you, the private page, the messages, slip, manifest, cash, reports, CSV
 * and GA4 read an order's amounts here and nowhere else.
 */
export interface OrderAmounts {
  /** The goods at the prices charged (a sale or quantity price included), before the code. */
  goods: number;
  /** The promotion code's discount off the goods (D86); 0 without one. */
  discount: number;
  delivery: number;
  /** Cash to collect: goods − discount + delivery. */
  total: number;
}

export function orderAmounts(
  order: Pick<Order, "total" | "delivery_fee"> & Partial<Pick<Order, "discount">>,
): OrderAmounts {
  const delivery = order.delivery_fee ?? 0;
  const discount = order.discount ?? 0;
  return { goods: order.total - delivery + discount, discount, delivery, total: order.total };
}

/**
 * Whether the order's delivery is worth a line of its own: it went to an area the shopper
 * chose, or it cost something (placing names the area only then). Orders placed before
 * zones, or in a shop with its one free zone, read as they always did.
 */
export function showsDelivery(order: Pick<Order, "delivery_fee" | "delivery_area">): boolean {
  return (order.delivery_fee ?? 0) > 0 || order.delivery_area !== null;
}

/** An order's delivery as a page or message shows it: the area, the goods, the fee, the cash. */
export interface DeliveryView extends OrderAmounts {
  /** The area in the reader's language; null for an order placed without one. */
  area: string | null;
}

/**
 * The order's delivery line for a reader of `language`, or null when it has none to show
 * (`showsDelivery`): the area named as the shop names its zone now, in that language
 * (else in Russian), or, for a zone the shop no longer has, as it was named at placing.
 */
export function deliveryView(
  order: Pick<Order, "total" | "delivery_fee" | "delivery_area" | "delivery_zone">,
  zones: ReadonlyArray<Pick<DeliveryZone, "id" | "names">>,
  language: string,
): DeliveryView | null {
  if (!showsDelivery(order)) return null;
  const zone = zones.find((one) => one.id === order.delivery_zone);
  return {
    ...orderAmounts(order),
    area: zone ? zoneName(zone, language) || order.delivery_area : order.delivery_area,
  };
}

/**
 * The shopper's delivery line (`checkout` namespace): "Delivery to Rustavi: 7,00 ₾", or
 * free. `mark` wraps each value (the page isolates them; a chat message needs nothing).
 */
export function deliveryWords(
  view: Pick<DeliveryView, "area" | "delivery">,
  t: (key: string, options?: Record<string, unknown>) => string,
  money: (tetri: number) => string,
  mark: (value: string) => string = (value) => value,
): string {
  const fee = view.delivery > 0 ? mark(money(view.delivery)) : t("amounts.free");
  return view.area
    ? t("amounts.deliveryTo", { area: mark(view.area), fee })
    : t("amounts.delivery", { fee });
}

/** What one promotion took off an order, as the order keeps it (D86, `order_promotions`). */
export interface PromotionLine {
  kind: PromotionKind;
  /** The promotion's name, as the owner wrote it. */
  name: string;
  /** The code, for a code promotion. */
  code: string | null;
  /** Tetri off: a code's discount, or what an automatic price took off its lines. */
  amount: number;
}

/**
 * The promotions that took part in an order, as each surface lists them: automatic prices
 * first (already in the goods), then the code (taken off the goods). None took nothing off.
 */
export function promotionLines(
  rows: ReadonlyArray<Pick<OrderPromotion, "kind" | "name" | "code" | "amount">>,
): PromotionLine[] {
  return rows
    .filter((row) => row.amount > 0)
    .map((row) => ({ kind: row.kind, name: row.name, code: row.code, amount: row.amount }))
    .sort((a, b) => Number(a.kind === "code") - Number(b.kind === "code"));
}

/**
 * A line's unit price as the order charged it, with the regular one when an automatic
 * price made them differ (null otherwise).
 */
export function linePrice(item: Pick<OrderItem, "price" | "regular_price">): {
  price: number;
  regular: number | null;
} {
  const regular =
    item.regular_price !== null && item.regular_price !== item.price ? item.regular_price : null;
  return { price: item.price, regular };
}

type Words = (key: string, options?: Record<string, unknown>) => string;

/**
 * A promotion named for a shopper (`checkout` namespace, `orderPromotions`): "Promo code
 * ZAMTARI (Winter)", or an automatic price's "Two jars, in the prices".
 */
export function promotionLabel(
  line: Pick<PromotionLine, "name" | "code">,
  t: Words,
  mark: (value: string) => string = (value) => value,
): string {
  return line.code
    ? t("orderPromotions.code", { code: mark(line.code), name: mark(line.name) })
    : t("orderPromotions.automatic", { name: mark(line.name) });
}

/** A promotion's whole line for a shopper: "Promo code ZAMTARI (Winter): −12,00 ₾". */
export function promotionWords(
  line: PromotionLine,
  t: Words,
  money: (tetri: number) => string,
  mark: (value: string) => string = (value) => value,
): string {
  return t("orderPromotions.line", {
    label: promotionLabel(line, t, mark),
    amount: mark(money(line.amount)),
  });
}
