import { useFetcher, useLocation } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { useShowOnce, useToasts } from "~/ui/Toasts";
import { useHydrated } from "~/ui/use-hydrated";
import type { CartAnswer, CartIntent } from "./intents";
import { loadCartRules } from "./use-cart";

/** A fetcher for cart changes whose answer (added, refused…) appears as a toast. */
export function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartAnswer>(key ? { key } : undefined);
  const toasts = useToasts();
  const toast = fetcher.data && "toast" in fetcher.data ? fetcher.data.toast : null;
  useShowOnce(toast, toasts.show);
  return fetcher;
}

/**
 * One cart change as its own small form (D3): it posts to /cart and, without
 * JavaScript, comes back here by redirect; with it, it goes through the fetcher and the
 * page updates in place.
 */
export function CartForm({
  fetcher,
  intent,
  productKey,
  expected,
  className,
  onSubmit,
  children,
}: {
  fetcher: ReturnType<typeof useFetcher>;
  intent: CartIntent;
  productKey?: string;
  /** The line's quantity as the shopper sees it. */
  expected?: number;
  className?: string;
  /** Runs before the form is sent; may adjust its fields. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className={className}
      onSubmit={onSubmit}
      onPointerDown={prefetchCartRules}
      onFocus={prefetchCartRules}
    >
      <input type="hidden" name="intent" value={intent} />
      {productKey ? <input type="hidden" name="key" value={productKey} /> : null}
      {expected !== undefined ? <input type="hidden" name="expected" value={expected} /> : null}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      {children}
    </fetcher.Form>
  );
}

/** The preview's rules, fetched as the shopper touches the form, before it is sent. */
function prefetchCartRules() {
  loadCartRules().catch(() => {
    // Not arrived: the change's own answer settles the cart.
  });
}

/**
 * The quantity the shopper has asked for by now, ahead of any render: two presses in the
 * same frame must post 3 then 4, not 3 twice. Returns a submit handler that writes the
 * current quantity into the form's `expected` field and moves it by `step`.
 */
export function useExpectedQuantity(quantity: number) {
  const asked = useRef(quantity);
  useEffect(() => {
    asked.current = quantity;
  }, [quantity]);
  return (step: number) => (event: FormEvent<HTMLFormElement>) => {
    const field = event.currentTarget.elements.namedItem("expected");
    if (field instanceof HTMLInputElement) field.value = String(asked.current);
    asked.current = Math.max(0, asked.current + step);
  };
}
