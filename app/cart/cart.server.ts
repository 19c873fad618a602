import { createCookie } from "@remix-run/node";
import { parse as parseCookieHeader } from "cookie";
import { CART_MAX_AGE_SECONDS } from "~/constants";
import { asciiDigits } from "~/platform/digits";
import { type Cart, deserializeCart, sanitizeCart, storedCart } from "./model";

/** The cart cookie (D4): keys and quantities only, versioned by its name. */
export const CART_COOKIE = "cart_v1";

/** The shopper's cart as the cart cookie keeps it: read from a request, written as a header. */
export interface CartCookies {
  /**
   * The shopper's cart, of the products `known` says can stand in one (`cartKnowsOf`); an
   * unreadable or tampered cookie reads as an empty cart. Carts written before the cookie
   * went through createCookie held the pairs as plain JSON; they are still read, so no
   * shopper loses a cart to an upgrade, and rewritten on the next change.
   */
  read(request: Request, known: (key: string) => boolean): Promise<Cart>;
  /** The Set-Cookie header that stores the cart (or deletes the cookie when it is empty). */
  commit(cart: Cart): Promise<string>;
}

/**
 * The cart cookie, made once by the composition root: `secure` behind an https proxy
 * (TRUST_PROXY), the one thing about it that depends on the settings.
 */
export function createCartCookies({ secure }: { secure: boolean }): CartCookies {
  const cartCookie = createCookie(CART_COOKIE, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    maxAge: CART_MAX_AGE_SECONDS,
  });
  return {
    async read(request, known) {
      const header = request.headers.get("Cookie");
      if (!header?.includes(`${CART_COOKIE}=`)) return [];
      const value: unknown = await cartCookie.parse(header);
      if (Array.isArray(value)) return sanitizeCart(value, known);
      return deserializeCart(parseCookieHeader(header)[CART_COOKIE], known);
    },
    commit(cart) {
      if (cart.length === 0) return cartCookie.serialize("", { maxAge: 0 });
      return cartCookie.serialize(storedCart(cart));
    },
  };
}

/**
 * A posted cart change as the cart's rules read it: a quantity typed in Arabic-Indic or
 * Persian digits (٣) is the number it writes (3). With scripts the field has put it in
 * ASCII already; a browser without them posts what the shopper typed. Done here, on the
 * server, rather than in the rules the browser's every page runs (`./model`).
 */
export function readTypedQuantity(form: URLSearchParams): URLSearchParams {
  const quantity = form.get("quantity");
  if (quantity === null) return form;
  const read = new URLSearchParams(form);
  read.set("quantity", asciiDigits(quantity));
  return read;
}
