import type { Order } from "../../db/schema";

/**
 * An order's money as every surface shows it (D84), from the one rule: the goods, the
 * delivery fee, and what the courier collects, their sum (`orders.total`). Cart,
 * checkout, thank-you, the private page, the messages, slip, manifest, cash, reports, CSV
 * and GA4 read an order's amounts here and nowhere else.
 */
export interface OrderAmounts {
  goods: number;
  delivery: number;
  /** Cash to collect. */
  total: number;
}

export function orderAmounts(order: Pick<Order, "total" | "delivery_fee">): OrderAmounts {
  const delivery = order.delivery_fee ?? 0;
  return { goods: order.total - delivery, delivery, total: order.total };
}

/**
 * Whether the order's delivery is worth a line of its own: it went to an area the shopper
 * chose, or it cost something (placing names the area only then). Orders placed before
 * zones, or in a shop with its one free zone, read as they always did.
 */
export function showsDelivery(order: Pick<Order, "delivery_fee" | "delivery_area">): boolean {
  return (order.delivery_fee ?? 0) > 0 || order.delivery_area !== null;
}
