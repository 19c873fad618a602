import type { PhotoView } from "~/catalog/photos";
import type { TextLang } from "~/catalog/texts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/constants";

/**
 * The cart: catalogue keys and quantities, nothing else (D4, D5). Every function here
 * is pure and shared by the server (the authority) and the browser (optimistic UI). What
 * it knows of products it is told: the server looks them up in the catalogue
 * (`cart/products.ts`); the browser knows only what the server sent.
 */

/** A product as the cart shows it, in the shopper's language. */
export interface CartProduct {
  key: string;
  title: string;
  /** The title's language when it is not the shopper's (shown from Russian, D36). */
  titleLang?: TextLang;
  href: string;
  /** Tetri. */
  price: number;
  /** False when it is sold out: kept in the cart, shown as such, never ordered. */
  orderable: boolean;
  photo: PhotoView | null;
}

/** Why a product may not be added to a cart now, or null when it may. */
export type CartRules = (key: string) => CartError | null;
import type { Cart, CartLine } from "~/catalog/lines";

export type { Cart, CartLine };

export type CartError = "unknownProduct" | "notOrderable" | "soldOut" | "cartFull" | "badQuantity";

export type CartResult =
  | { ok: true; cart: Cart; limited: boolean }
  | { ok: false; error: CartError };

/**
 * A quantity by the spec's rules (§5): floored to an integer, at least 1, and 1 when it
 * is not a finite number; capped at the line maximum.
 */
export function normalizeQuantity(value: unknown): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(number)));
}

/**
 * A typed quantity: null when it removes the line (empty, or 0), a number otherwise,
 * or "invalid" when it is not digits at all (refused, nothing changes).
 */
export function parseTypedQuantity(text: string): number | null | "invalid" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,6}$/.test(trimmed)) return "invalid";
  const quantity = Number(trimmed);
  return quantity <= 0 ? null : Math.min(MAX_LINE_QUANTITY, quantity);
}

/** Adds a product, merging with its line by adding the quantity (default 1). */
export function addToCart(
  rules: CartRules,
  cart: Cart,
  key: string,
  quantity: unknown = 1,
): CartResult {
  const problem = rules(key);
  if (problem) return { ok: false, error: problem };
  const qty = normalizeQuantity(quantity);
  const existing = cart.find((line) => line.key === key);
  if (!existing) {
    if (cart.length >= MAX_CART_LINES) return { ok: false, error: "cartFull" };
    return { ok: true, cart: [...cart, { key, qty }], limited: false };
  }
  const wanted = existing.qty + qty;
  const next = Math.min(MAX_LINE_QUANTITY, wanted);
  return {
    ok: true,
    cart: cart.map((line) => (line.key === key ? { key, qty: next } : line)),
    limited: wanted > MAX_LINE_QUANTITY,
  };
}

/** Sets a line's quantity; 0 or less removes it. */
export function setQuantity(
  rules: CartRules,
  cart: Cart,
  key: string,
  quantity: number,
): CartResult {
  if (!Number.isFinite(quantity)) return { ok: false, error: "badQuantity" };
  if (quantity <= 0) return removeLine(cart, key);
  const problem = rules(key);
  if (problem) return { ok: false, error: problem };
  const qty = Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
  const exists = cart.some((line) => line.key === key);
  if (!exists) return addToCart(rules, cart, key, qty);
  return {
    ok: true,
    cart: cart.map((line) => (line.key === key ? { key, qty } : line)),
    limited: quantity > MAX_LINE_QUANTITY,
  };
}

/** Plus: one more of a line. */
export function increment(rules: CartRules, cart: Cart, key: string): CartResult {
  return addToCart(rules, cart, key, 1);
}

/** Minus: one fewer; reaching 0 removes the line (a sold-out line may always shrink). */
export function decrement(rules: CartRules, cart: Cart, key: string): CartResult {
  const line = cart.find((candidate) => candidate.key === key);
  if (!line) return { ok: true, cart, limited: false };
  if (line.qty <= 1) return removeLine(cart, key);
  return {
    ok: true,
    cart: cart.map((other) => (other.key === key ? { key, qty: line.qty - 1 } : other)),
    limited: false,
  };
}

export function removeLine(cart: Cart, key: string): CartResult {
  return { ok: true, cart: cart.filter((line) => line.key !== key), limited: false };
}

export function clearCart(): CartResult {
  return { ok: true, cart: [], limited: false };
}

/**
 * Reads a stored cart defensively: anything malformed or unknown is dropped (a product
 * sold out since stays, to be shown as such), quantities are brought within the rules and
 * duplicate lines merged.
 */
export function sanitizeCart(value: unknown, known: (key: string) => boolean): Cart {
  if (!Array.isArray(value)) return [];
  let cart: Cart = [];
  for (const entry of value.slice(0, MAX_CART_LINES * 2)) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [key, qty] = entry;
    if (typeof key !== "string" || key.length > 100 || typeof qty !== "number") continue;
    if (!Number.isInteger(qty) || qty < 1) continue;
    if (!known(key)) continue;
    const result = addToCart(() => null, cart, key, qty);
    if (result.ok) cart = result.cart;
  }
  return cart;
}

/** What the cookie keeps of a cart: `[["group/slug", qty], ...]`. */
export function storedCart(cart: Cart): Array<[string, number]> {
  return cart.map((line) => [line.key, line.qty]);
}

export function deserializeCart(
  text: string | null | undefined,
  known: (key: string) => boolean,
): Cart {
  if (!text || text.length > 4096) return [];
  try {
    return sanitizeCart(JSON.parse(text), known);
  } catch {
    return [];
  }
}
