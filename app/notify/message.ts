import escapeHtml from "escape-html";
import { formatOrderNumber } from "~/checkout/order-number";
import { formatPrice } from "~/money";
import type { Order, OrderItem } from "../../db/schema";

/** Telegram refuses messages longer than this. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
const ELLIPSIS = "…";

export type OrderForMessage = Pick<
  Order,
  "order_number" | "address" | "phone" | "messenger" | "email" | "delivery_time" | "total"
>;

export type ItemForMessage = Pick<OrderItem, "title" | "qty" | "subtotal">;

/** Russian, the shop's working language; prices as Russian readers write them. */
const money = (tetri: number) => formatPrice(tetri, "ru");

function render(order: OrderForMessage, items: ItemForMessage[], address: string): string {
  const lines = [
    `<b>🛒 Новый заказ №${formatOrderNumber(order.order_number)}</b>`,
    "",
    `<b>Адрес:</b> ${escapeHtml(address)}`,
    `<b>Телефон:</b> ${escapeHtml(order.phone)}`,
  ];
  if (order.messenger) lines.push(`<b>Мессенджер:</b> ${escapeHtml(order.messenger)}`);
  if (order.email) lines.push(`<b>Email:</b> ${escapeHtml(order.email)}`);
  lines.push(`<b>Дата доставки:</b> ${escapeHtml(order.delivery_time)}`, "", "<b>Товары:</b>");
  for (const item of items) {
    lines.push(`• ${escapeHtml(item.title)} × ${item.qty} — ${money(item.subtotal)}`);
  }
  lines.push("", `<b>Итого:</b> ${money(order.total)} (наличными при доставке)`);
  return lines.join("\n");
}

/**
 * The chat message about a new order (spec §7, D13): Telegram's HTML parse mode, every
 * value escaped, newlines rather than <br>. Kept under Telegram's limit by shortening
 * the address before it is escaped, so an entity is never cut in half.
 */
export function buildOrderMessage(order: OrderForMessage, items: ItemForMessage[]): string {
  const full = render(order, items, order.address);
  if (full.length <= TELEGRAM_MESSAGE_LIMIT) return full;
  // The longest start of the address that fits, found by halving.
  const fits = (length: number) =>
    render(order, items, `${order.address.slice(0, length)}${ELLIPSIS}`).length <=
    TELEGRAM_MESSAGE_LIMIT;
  let low = 0;
  let high = order.address.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return render(order, items, `${order.address.slice(0, low)}${ELLIPSIS}`);
}
