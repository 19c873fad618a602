import type { CalendarDate } from "~/platform/calendar";
import { type CodePromotion, type Promotion, normalizeCode, saleOf, standingOn } from "./model";

/**
 * The one rule that prices a cart with its promotions (D86), for the cart, the checkout,
 * the order and a correction alike: each line's unit price is the lowest of its regular
 * price, a running sale price and a quantity price its quantity reaches; then a code takes
 * its percentage or amount off the lines it applies to (the ones with an automatic price
 * only when it combines), if the goods reach its minimum and it is valid that day and still
 * has uses. Amounts are whole tetri; a percentage rounds to the nearest tetri.
 */
export interface PricingLine {
  key: string;
  qty: number;
  /** The regular unit price, in tetri. */
  price: number;
}

export interface PricedLine {
  key: string;
  qty: number;
  regular: number;
  /** The unit price charged. */
  price: number;
  subtotal: number;
  /** The automatic price that set `price`, if one did. */
  automatic: Promotion | null;
}

export type CodeProblem =
  | "unknown"
  | "off"
  | "notYet"
  | "over"
  | "minimum"
  | "products"
  | "usedUp"
  | "usedByPhone";

export interface CodeUsage {
  /** Uses not given back. */
  uses: number;
  /** Whether the same phone has used it (an order not given back). */
  byPhone: boolean;
}

export interface Pricing {
  lines: PricedLine[];
  /** The goods at the prices charged, before the code. */
  goods: number;
  /** The code that applies, and what it takes off. */
  code: { promotion: CodePromotion; discount: number } | null;
  /** Why the code typed does not apply; null when none was typed or it applies. */
  problem: { problem: CodeProblem; minGoods?: number } | null;
  /** Every promotion that took part, with what it took off (automatic ones by line). */
  applied: { promotion: Promotion; amount: number }[];
  /** The goods less the code's discount: what the goods cost the shopper. */
  due: number;
}

function automaticPrice(
  line: PricingLine,
  promotions: readonly Promotion[],
  today: CalendarDate,
): { price: number; promotion: Promotion | null } {
  let best: { price: number; promotion: Promotion | null } = { price: line.price, promotion: null };
  const sale = saleOf(promotions, line.key, today);
  if (sale && sale.price < best.price) best = { price: sale.price, promotion: sale };
  for (const promotion of promotions)
    if (
      promotion.kind === "quantity" &&
      promotion.productKey === line.key &&
      line.qty >= promotion.minQty &&
      standingOn(promotion, today) === "on" &&
      promotion.price < best.price
    )
      best = { price: promotion.price, promotion };
  return best;
}

/** The code promotion a typed code names, in any case, spaces and dashes aside. */
export function findCode(promotions: readonly Promotion[], typed: string): CodePromotion | null {
  const code = normalizeCode(typed);
  if (code === "") return null;
  return (
    promotions.find(
      (promotion): promotion is CodePromotion =>
        promotion.kind === "code" && promotion.code === code,
    ) ?? null
  );
}

export function pricePromotions(
  input: readonly PricingLine[],
  promotions: readonly Promotion[],
  typedCode: string | null,
  today: CalendarDate,
  usage?: CodeUsage,
): Pricing {
  const applied = new Map<number, { promotion: Promotion; amount: number }>();
  const lines = input.map((line) => {
    const { price, promotion } = automaticPrice(line, promotions, today);
    if (promotion) {
      const entry = applied.get(promotion.id) ?? { promotion, amount: 0 };
      entry.amount += (line.price - price) * line.qty;
      applied.set(promotion.id, entry);
    }
    return {
      key: line.key,
      qty: line.qty,
      regular: line.price,
      price,
      subtotal: price * line.qty,
      automatic: promotion,
    };
  });
  const goods = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const result = (code: Pricing["code"], problem: Pricing["problem"]): Pricing => {
    if (code) applied.set(code.promotion.id, { promotion: code.promotion, amount: code.discount });
    return {
      lines,
      goods,
      code,
      problem,
      applied: [...applied.values()],
      due: goods - (code?.discount ?? 0),
    };
  };

  if (!typedCode || normalizeCode(typedCode) === "") return result(null, null);
  const promotion = findCode(promotions, typedCode);
  if (!promotion) return result(null, { problem: "unknown" });
  const standing = standingOn(promotion, today);
  if (standing !== "on") return result(null, { problem: standing });
  const eligible = lines.filter(
    (line) =>
      (promotion.products.length === 0 || promotion.products.includes(line.key)) &&
      (promotion.combines || !line.automatic),
  );
  const base = eligible.reduce((sum, line) => sum + line.subtotal, 0);
  if (base === 0) return result(null, { problem: "products" });
  if (promotion.minGoods !== null && goods < promotion.minGoods)
    return result(null, { problem: "minimum", minGoods: promotion.minGoods });
  if (usage && promotion.useLimit !== null && usage.uses >= promotion.useLimit)
    return result(null, { problem: "usedUp" });
  if (usage && promotion.oncePerPhone && usage.byPhone)
    return result(null, { problem: "usedByPhone" });
  const discount =
    promotion.percent !== null
      ? Math.round((base * promotion.percent) / 100)
      : Math.min(promotion.amount ?? 0, base);
  return result({ promotion, discount }, null);
}
