import { useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";

/**
 * A <details> menu (the language switcher, the mobile menu) made to behave like the
 * others with JavaScript: Escape closes it and returns focus to its summary, a click
 * outside or a navigation closes it, and with `trapFocus` Tab stays inside while open.
 * Without JavaScript it is a plain <details>. Escape is here, so a key pressed the moment
 * a menu opens works; the click outside and the focus trap (./menu-keys) are fetched when
 * a menu first opens, not with every page's first load.
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
    let detach: (() => void) | undefined;
    let gone = false;
    const onToggle = () => {
      if (!element.open || detach) return;
      import("./menu-keys").then(
        ({ attachMenuKeys }) => {
          if (!gone && !detach) detach = attachMenuKeys(element, trapFocus);
        },
        () => {
          // Not arrived (offline): the menu still opens and closes as a plain <details>.
        },
      );
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !element.open) return;
      element.open = false;
      element.querySelector("summary")?.focus();
    };
    element.addEventListener("toggle", onToggle);
    element.addEventListener("keydown", onEscape);
    onToggle();
    return () => {
      gone = true;
      element.removeEventListener("toggle", onToggle);
      element.removeEventListener("keydown", onEscape);
      detach?.();
    };
  }, [details, trapFocus]);
}
