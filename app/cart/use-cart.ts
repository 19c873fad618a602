import { useFetchers } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useRootData } from "~/ui/root-data";
import type { Cart, CartProduct } from "./model";
import { type PricedCart, priceCart } from "./priced";

type CartRules = typeof import("./intents");
let loadedRules: CartRules | null = null;
let loading: Promise<CartRules> | null = null;

/**
 * The rules that preview a cart change (./intents and ./model, 0.5 KB gzip) are not part
 * of a page's first load (D85): a cart form fetches them when the shopper first touches
 * it, before it is sent, and a change on its way fetches them if that has not.
 */
export function loadCartRules(): Promise<CartRules> {
  loading ??= import("./intents").then(
    (module) => {
      loadedRules = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function useCartRules(needed: boolean): CartRules | null {
  const [loaded, setLoaded] = useState(loadedRules);
  useEffect(() => {
    if (loaded || !needed) return;
    loadCartRules().then(
      (module) => setLoaded(module),
      () => {
        // Not arrived (offline): the server's answer settles the cart, as without them.
      },
    );
  }, [loaded, needed]);
  return loaded;
}

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
  const changes = useFetchers().filter(
    (fetcher) => fetcher.formAction === "/cart" && fetcher.formData,
  );
  const intents = useCartRules(changes.length > 0);
  let cart: Cart = serverCart;
  for (const { formData } of changes) {
    const intent = formData?.get("intent");
    if (!formData || !intents?.isCartIntent(intent)) continue;
    const result = intents.applyCartIntent(rules, cart, intent, formData);
    if (result.ok) cart = result.cart;
  }
  return cart;
}

/** The cart as it stands now, priced with the products the server sent. */
export function usePricedCart(): PricedCart {
  const products: Record<string, CartProduct> = useRootData()?.cartProducts ?? {};
  return priceCart(useCart(), (key) => products[key]);
}
