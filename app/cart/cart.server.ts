import { getConfig } from "~/config.server";
import { CART_MAX_AGE_SECONDS } from "~/constants";
import { type Cart, deserializeCart, serializeCart } from "./model";

/** The cart cookie (D4): keys and quantities only, versioned by its name. */
export const CART_COOKIE = "cart_v1";

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index === -1) continue;
    if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return null;
}

/** The shopper's cart; an unreadable or tampered cookie reads as an empty cart. */
export function getCart(request: Request): Cart {
  const raw = readCookie(request, CART_COOKIE);
  if (!raw) return [];
  try {
    return deserializeCart(decodeURIComponent(raw));
  } catch {
    return [];
  }
}

/** The Set-Cookie header that stores the cart (or deletes the cookie when it is empty). */
export function commitCart(cart: Cart): string {
  const secure = getConfig().trustProxy ? "; Secure" : "";
  if (cart.length === 0) {
    return `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly${secure}`;
  }
  const value = encodeURIComponent(serializeCart(cart));
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${CART_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}
