import { useLocation } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS, MENU_SCROLL_SUPPRESS_MS } from "~/constants";

export type OpenedBy = "hover" | "focus" | "click";

/**
 * A disclosure menu's behaviour (spec §4, WAI-ARIA disclosure): opens 80 ms after hover
 * or focus, closes 140 ms after the pointer leaves (a scroll while open holds it for
 * 200 ms), a click pins it open or toggles it, Escape closes it and returns focus to its
 * button, a click outside or a navigation closes it.
 */
export function useDisclosureMenu(
  container: RefObject<HTMLElement>,
  button: RefObject<HTMLElement>,
) {
  const [open, setOpen] = useState(false);
  const openedBy = useRef<OpenedBy | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastScroll = useRef(Number.NEGATIVE_INFINITY);
  const location = useLocation();

  const clearTimers = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  }, []);

  const close = useCallback(() => {
    clearTimers();
    openedBy.current = null;
    setOpen(false);
  }, [clearTimers]);

  const scheduleOpen = useCallback(
    (by: OpenedBy) => {
      clearTimeout(closeTimer.current);
      if (open) return;
      clearTimeout(openTimer.current);
      openTimer.current = setTimeout(() => {
        openedBy.current = by;
        setOpen(true);
      }, MENU_OPEN_DELAY_MS);
    },
    [open],
  );

  const scheduleClose = useCallback(() => {
    clearTimeout(openTimer.current);
    if (openedBy.current === "click") return;
    clearTimeout(closeTimer.current);
    const attempt = () => {
      const sinceScroll = performance.now() - lastScroll.current;
      if (sinceScroll < MENU_SCROLL_SUPPRESS_MS) {
        closeTimer.current = setTimeout(attempt, MENU_SCROLL_SUPPRESS_MS - sinceScroll);
        return;
      }
      close();
    };
    closeTimer.current = setTimeout(attempt, MENU_CLOSE_DELAY_MS);
  }, [close]);

  const toggleByClick = useCallback(() => {
    clearTimers();
    if (open && openedBy.current !== "click") {
      // The menu popped up on hover or focus: the click keeps it, it does not close it.
      openedBy.current = "click";
      return;
    }
    openedBy.current = open ? null : "click";
    setOpen(!open);
  }, [open, clearTimers]);

  // A navigation (a link in the menu, the back button) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new location.
  useEffect(() => close(), [location.key, close]);

  useEffect(() => () => clearTimers(), [clearTimers]);

  useEffect(() => {
    if (!open) return;
    const onScroll = () => {
      lastScroll.current = performance.now();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      button.current?.focus();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close, container, button]);

  const containerProps = {
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse") scheduleOpen("hover");
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse") scheduleClose();
    },
    onFocus: (event: React.FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) scheduleOpen("focus");
    },
    onBlur: (event: React.FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) close();
    },
  };

  return { open, close, toggleByClick, containerProps };
}

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
