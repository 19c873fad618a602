import type { Toast } from "~/ui/toast";
import {
  type Cart,
  type CartResult,
  type CartRules,
  addToCart,
  clearCart,
  decrement,
  increment,
  parseTypedQuantity,
  removeLine,
  setQuantity,
} from "./model";

/** The changes the one cart action accepts, each posted as `intent`. */
export const cartIntents = ["add", "set", "increment", "decrement", "remove", "clear"] as const;
export type CartIntent = (typeof cartIntents)[number];

export function isCartIntent(value: unknown): value is CartIntent {
  return typeof value === "string" && (cartIntents as readonly string[]).includes(value);
}

interface Fields {
  get(name: string): FormDataEntryValue | null;
}

/**
 * The line as the shopper saw it when they pressed the button. Forms post it as
 * `expected`, so "plus" means "one more than I see": two quick presses, or a request
 * that overtakes another, still end with the quantity the shopper saw last.
 */
function rebase(
  rules: CartRules,
  cart: Cart,
  key: string,
  expected: FormDataEntryValue | null,
): Cart {
  if (typeof expected !== "string" || !/^\d{1,2}$/.test(expected)) return cart;
  const result = setQuantity(rules, cart, key, Number(expected));
  return result.ok ? result.cart : cart;
}

/**
 * One posted cart change applied to a cart: the server's authority and the browser's
 * optimistic preview run this same function.
 */
export function applyCartIntent(
  rules: CartRules,
  current: Cart,
  intent: CartIntent,
  fields: Fields,
): CartResult {
  const key = String(fields.get("key") ?? "");
  const cart = rebase(rules, current, key, fields.get("expected"));
  switch (intent) {
    case "add":
      return addToCart(rules, cart, key, fields.get("quantity") ?? 1);
    case "set": {
      const typed = parseTypedQuantity(String(fields.get("quantity") ?? ""));
      if (typed === "invalid") return { ok: false, error: "badQuantity" };
      return setQuantity(rules, cart, key, typed ?? 0);
    }
    case "increment":
      return increment(rules, cart, key);
    case "decrement":
      return decrement(rules, cart, key);
    case "remove":
      return removeLine(cart, key);
    case "clear":
      return clearCart();
  }
}

/** What the cart action answers a fetcher: whether the change held, and what to tell. */
export interface CartAnswer {
  ok: boolean;
  toast: Toast | null;
}
