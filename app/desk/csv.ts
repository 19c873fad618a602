import type { DeliveryZone } from "~/delivery/zones";
import { TETRI_PER_LARI } from "~/i18n/money";
import { deliveryView, orderAmounts } from "~/orders/amounts";
import type { Order } from "../../db/schema";

/** Byte-order mark: spreadsheet programs then read the file as UTF-8 (Georgian, Russian). */
export const CSV_BOM = "\uFEFF";

/**
 * One CSV cell (RFC 4180). A value a spreadsheet would run as a formula (starting with
 * =, +, -, @, or a tab or carriage return before one) gets a leading apostrophe, so a
 * shopper's address can never become a formula on the owner's computer (D27).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A phone number as a spreadsheet shows it: `(+995) 555 123 456`. Written plainly, its
 * leading + would start a formula (and be shown with an apostrophe once neutralised).
 */
export function csvPhone(phone: string): string {
  const match = /^\+(\d{1,4}) (.+)$/.exec(phone);
  return match ? `(+${match[1]}) ${match[2]}` : phone;
}

/** The export's file name: what it holds (tab, dates, search) and the day it was made. */
export function csvFileName(
  parts: Array<string | null | undefined>,
  today: string,
  kind = "orders",
): string {
  const words = parts
    .filter((part): part is string => Boolean(part))
    .map((part) =>
      part
        .normalize("NFKD")
        .replace(/[^A-Za-z0-9-]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 40),
    )
    .filter(Boolean);
  return `${[kind, ...words, today].join("_")}.csv`;
}

/** An amount as the export writes money: GEL with two decimals, a dot, no sign (`57.00`). */
export function csvMoney(tetri: number): string {
  return (tetri / TETRI_PER_LARI).toFixed(2);
}

/** The delivery columns' dictionary keys (`desk:csv.…`), in the order of their cells. */
export const deliveryColumns = ["deliveryArea", "deliveryFee"] as const;

/**
 * An order's `Delivery area` and `Delivery fee` cells (D84): the area in the reader's
 * language (empty for an order placed without one) and the fee charged, as money is written.
 */
export function deliveryCells(
  order: Pick<Order, "total" | "delivery_fee" | "delivery_area" | "delivery_zone">,
  zones: ReadonlyArray<Pick<DeliveryZone, "id" | "names">>,
  language: string,
): [string | null, string] {
  return [
    deliveryView(order, zones, language)?.area ?? null,
    csvMoney(orderAmounts(order).delivery),
  ];
}

/** The promotion columns' dictionary keys (`desk:csv.…`), beside the delivery ones (D86). */
export const promotionColumns = ["promoCode", "discount"] as const;

/**
 * An order's `Promo code` and `Discount` cells (D86): the code it used (empty without one)
 * and what the code took off the goods, as money is written. Automatic prices are already
 * in the lines' prices.
 */
export function promotionCells(
  order: Pick<Order, "total" | "delivery_fee" | "promo_code" | "discount">,
): [string | null, string] {
  return [order.promo_code, csvMoney(orderAmounts(order).discount)];
}
