import { type CalendarDate, toIsoDate } from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import type { PromotionRow } from "../../db/schema";

/**
 * Promotions (D86), pure: what a brand's launch needs. A code takes a percentage or an
 * amount off the goods it applies to (a minimum, Tbilisi dates, a use limit, once per
 * phone); a quantity price sets a product's unit price from so many jars on; a sale price
 * sets it until a date. One code an order; a code and an automatic price meet on a line
 * only when the code says it combines.
 */
export interface CodePromotion {
  kind: "code";
  id: number;
  name: string;
  code: string;
  percent: number | null;
  amount: number | null;
  minGoods: number | null;
  startsOn: string | null;
  endsOn: string | null;
  useLimit: number | null;
  oncePerPhone: boolean;
  combines: boolean;
  /** Product keys; empty: every product. */
  products: string[];
  active: boolean;
}

export interface QuantityPromotion {
  kind: "quantity";
  id: number;
  name: string;
  productKey: string;
  minQty: number;
  /** The unit price from `minQty` jars on, in tetri. */
  price: number;
  startsOn: string | null;
  endsOn: string | null;
  active: boolean;
}

export interface SalePromotion {
  kind: "sale";
  id: number;
  name: string;
  productKey: string;
  /** The sale price, in tetri. */
  price: number;
  startsOn: string | null;
  /** The last day of the sale (Tbilisi); the storefront names it. */
  endsOn: string | null;
  active: boolean;
}

export type Promotion = CodePromotion | QuantityPromotion | SalePromotion;

/** The longest code a shopper may type. */
export const CODE_MAX = 32;

/** A code as the shop compares it: letters and digits, upper case, spaces and dashes dropped. */
export function normalizeCode(typed: string): string {
  return asciiDigits(typed)
    .normalize("NFKC")
    .replace(/[\s\-_]+/g, "")
    .toUpperCase()
    .slice(0, CODE_MAX + 1);
}

/** Whether a code as the owner writes it may be one: 3 to 32 Latin letters and digits. */
export function isCodeShape(code: string): boolean {
  return /^[A-Z0-9]{3,32}$/.test(code);
}

/** Where a promotion stands on a Tbilisi day. */
export function standingOn(
  promotion: Pick<Promotion, "startsOn" | "endsOn" | "active">,
  today: CalendarDate,
): "on" | "off" | "notYet" | "over" {
  if (!promotion.active) return "off";
  const day = toIsoDate(today);
  if (promotion.startsOn && day < promotion.startsOn) return "notYet";
  if (promotion.endsOn && day > promotion.endsOn) return "over";
  return "on";
}

function productList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((key): key is string => typeof key === "string")
      : [];
  } catch {
    return [];
  }
}

/** A stored promotion; null when its row cannot be one (a kind it does not know, no price). */
export function readPromotion(row: PromotionRow): Promotion | null {
  const common = {
    id: row.id,
    name: row.name,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    active: row.active !== 0,
  };
  if (row.kind === "code" && row.code && (row.percent !== null || row.amount !== null))
    return {
      ...common,
      kind: "code",
      code: row.code,
      percent: row.percent,
      amount: row.amount,
      minGoods: row.min_goods,
      useLimit: row.use_limit,
      oncePerPhone: row.once_per_phone !== 0,
      combines: row.combines !== 0,
      products: productList(row.products),
    };
  if (row.kind === "quantity" && row.product_key && row.min_qty && row.price !== null)
    return {
      ...common,
      kind: "quantity",
      productKey: row.product_key,
      minQty: row.min_qty,
      price: row.price,
    };
  if (row.kind === "sale" && row.product_key && row.price !== null)
    return { ...common, kind: "sale", productKey: row.product_key, price: row.price };
  return null;
}

/** The sale running on a product on a day, if any (the storefront's struck-through price). */
export function saleOf(
  promotions: readonly Promotion[],
  productKey: string,
  today: CalendarDate,
): SalePromotion | null {
  let best: SalePromotion | null = null;
  for (const promotion of promotions)
    if (
      promotion.kind === "sale" &&
      promotion.productKey === productKey &&
      standingOn(promotion, today) === "on" &&
      (!best || promotion.price < best.price)
    )
      best = promotion;
  return best;
}
