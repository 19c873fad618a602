import type { CodeProblem, Pricing } from "./pricing";

/**
 * A cart's promotions as a page shows them (D86), worked out on the server by the one
 * rule and sent as loader data: the browser renders it and prices nothing itself.
 */
export interface PromoLine {
  qty: number;
  /** The regular unit price, in tetri. */
  regular: number;
  /** The unit price charged. */
  price: number;
  subtotal: number;
}

export interface PromoSummary {
  /** The lines by product key. */
  lines: Record<string, PromoLine>;
  /** The goods at the prices charged, before the code. */
  goods: number;
  /** The code applied in this browser (or typed), as the shop compares codes. */
  code: string | null;
  /** What the code takes off, under its name. */
  discount: { name: string; amount: number } | null;
  /** The goods after the code. */
  due: number;
  /**
   * Why the code does not apply, the minimum it asks for when that is why, and the
   * sentence that says so in the shopper's language (the server writes it).
   */
  problem: {
    problem: CodeProblem | "tooMany";
    minGoods?: number;
    minutes?: number;
    text?: string;
  } | null;
}

export function summarize(pricing: Pricing, code: string | null): PromoSummary {
  return {
    lines: Object.fromEntries(
      pricing.lines.map((line) => [
        line.key,
        { qty: line.qty, regular: line.regular, price: line.price, subtotal: line.subtotal },
      ]),
    ),
    goods: pricing.goods,
    code,
    discount: pricing.code
      ? { name: pricing.code.promotion.name, amount: pricing.code.discount }
      : null,
    due: pricing.due,
    problem: pricing.problem && { ...pricing.problem },
  };
}
