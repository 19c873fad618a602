import { useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";

/**
 * The desk's sections menu (a <details>) with scripts: Escape closes it and returns focus to
 * its summary, a tap outside or a navigation closes it; without them a plain <details>. The
 * storefront's menus do the same through `ui/menus.ts`, which lives in the code every shop
 * page loads: importing it here made that code export one more name to the desk, and put
 * the product page over its 105 KB. So the desk keeps this small copy of its own.
 */
export function useSectionMenu(details: RefObject<HTMLDetailsElement>) {
  const { key } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    if (details.current) details.current.open = false;
  }, [key, details]);
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!element.open || event.key !== "Escape") return;
      element.open = false;
      element.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) element.open = false;
    };
    element.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      element.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [details]);
}
