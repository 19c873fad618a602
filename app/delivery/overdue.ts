import type { OrderStatus } from "~/orders/status";
import { type CalendarDate, compareDates, parseIsoDate } from "~/platform/calendar";

/** The statuses of an order still on its way to the shopper. */
const UNDER_WAY: readonly OrderStatus[] = ["new", "confirmed", "shipped"];

/**
 * An order whose delivery day has passed while it is still new, confirmed or handed over
 * (D84): the desk flags it, so someone calls the shopper about a new day. `today` is the
 * shop's day in Tbilisi.
 */
export function deliveryPassed(
  order: { status: OrderStatus; delivery_date: string | null },
  today: CalendarDate,
): boolean {
  if (!UNDER_WAY.includes(order.status) || order.delivery_date === null) return false;
  const day = parseIsoDate(order.delivery_date);
  return day !== null && compareDates(day, today) < 0;
}
