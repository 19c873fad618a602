import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and whenever React hydrates what the server rendered,
 * true in every other render: for UI that only makes sense with JavaScript (and must not
 * differ while hydrating). A part the page hydrates late, as a Suspense boundary whose code
 * arrives after the rest has started (the toasts' list), still hydrates with false; a
 * flag set by the first hydrated component's effect gave it true there, a close button
 * the server never rendered, and React threw the boundary's HTML away (errors 418, 422).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
