import { useFetchers } from "@remix-run/react";
import { useRootData } from "~/ui/root-data";
import { applyCartIntent, isCartIntent } from "./intents";
import type { Cart } from "./model";

/**
 * The cart as the shopper should see it right now: the server's cart with every cart
 * change still in flight already applied (optimistic UI), by the server's own rules.
 */
export function useCart(): Cart {
  const serverCart = useRootData()?.cart ?? [];
  const fetchers = useFetchers();
  let cart: Cart = serverCart;
  for (const fetcher of fetchers) {
    if (fetcher.formAction !== "/cart" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (!isCartIntent(intent)) continue;
    const result = applyCartIntent(cart, intent, fetcher.formData);
    if (result.ok) cart = result.cart;
  }
  return cart;
}
