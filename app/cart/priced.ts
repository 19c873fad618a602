import { BADGE_MAX } from "~/constants";
import type { Cart, CartProduct } from "./model";

/**
 * The cart as the shopper sees it: priced, counted, its badge. Apart from the rules that
 * change a cart (`./model`), which every page's first load does without (D85).
 */

export type CartProducts = (key: string) => CartProduct | undefined;

/** What the header badge shows: the count, or "9+" above 9. */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export interface PricedLine {
  product: CartProduct;
  qty: number;
  /** Tetri: the catalogue's price × quantity. */
  subtotal: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Tetri, of the lines that can be ordered. */
  total: number;
  count: number;
  /** Lines whose product sold out since it was put in the cart: no checkout until removed. */
  soldOut: number;
}

/**
 * The cart priced from the catalogue alone: whatever a request said about prices is
 * never read. Lines whose product is unknown are dropped; sold-out lines stay, shown as
 * such and left out of the total.
 */
export function priceCart(cart: Cart, products: CartProducts): PricedCart {
  const lines: PricedLine[] = [];
  for (const line of cart) {
    const product = products(line.key);
    if (!product) continue;
    lines.push({ product, qty: line.qty, subtotal: product.price * line.qty });
  }
  const available = lines.filter((line) => line.product.orderable);
  return {
    lines,
    total: available.reduce((sum, line) => sum + line.subtotal, 0),
    count: lines.length,
    soldOut: lines.length - available.length,
  };
}
