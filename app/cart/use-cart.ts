import { useFetchers } from "@remix-run/react";
import { useRootData } from "~/ui/root-data";
import { applyCartIntent, isCartIntent } from "./intents";
import { type Cart, type CartProduct, type PricedCart, priceCart } from "./model";

/**
 * The cart as the shopper should see it right now: the server's cart with every cart
 * change still in flight already applied (optimistic UI), by the server's own rules. The
 * browser knows the products of its cart; a product it does not know yet (added from its
 * page) is previewed as addable, and the server's answer settles it.
 */
export function useCart(): Cart {
  const root = useRootData();
  const serverCart = root?.cart ?? [];
  const products = root?.cartProducts ?? {};
  const rules = (key: string) => {
    const product = products[key];
    return product && !product.orderable ? "soldOut" : null;
  };
  const fetchers = useFetchers();
  let cart: Cart = serverCart;
  for (const fetcher of fetchers) {
    if (fetcher.formAction !== "/cart" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (!isCartIntent(intent)) continue;
    const result = applyCartIntent(rules, cart, intent, fetcher.formData);
    if (result.ok) cart = result.cart;
  }
  return cart;
}

/** The cart as it stands now, priced with the products the server sent. */
export function usePricedCart(): PricedCart {
  const products: Record<string, CartProduct> = useRootData()?.cartProducts ?? {};
  return priceCart(useCart(), (key) => products[key]);
}
