import { useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";

/**
 * A <details> menu (the language switcher, the mobile menu) made to behave like the
 * others with JavaScript: Escape closes it and returns focus to its summary, a click
 * outside or a navigation closes it, and with `trapFocus` Tab stays inside while open.
 * Without JavaScript it is a plain <details>.
 */
export function useDetailsMenu(
  details: RefObject<HTMLDetailsElement>,
  options: { trapFocus?: boolean } = {},
) {
  const location = useLocation();
  const trapFocus = options.trapFocus ?? false;

  // A navigation closes it; the first render must not (it may have been opened before
  // the scripts arrived).
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (details.current) details.current.open = false;
  }, [location.key, details]);

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const summary = element.querySelector("summary");
    const onKeyDown = (event: KeyboardEvent) => {
      if (!element.open) return;
      if (event.key === "Escape") {
        element.open = false;
        summary?.focus();
        return;
      }
      if (trapFocus && event.key === "Tab") {
        const focusable = Array.from(
          element.querySelectorAll<HTMLElement>(
            "summary, a[href], button:not([disabled]), input, [tabindex='0']",
          ),
        ).filter((candidate) => candidate.offsetParent !== null || candidate === summary);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
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
  }, [details, trapFocus]);
}
