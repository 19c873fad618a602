import { Link, useLocation } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS, MENU_SCROLL_SUPPRESS_MS } from "~/constants";
import { ContactsList } from "./ContactsList";
import { Chevron } from "./icons";
import { useRootData } from "./root-data";

// The header's top-level menus with scripts: a disclosure button (aria-expanded) and its
// panel. Fetched on the shopper's first move of the pointer, touch or key (ui/Header.tsx),
// not with the page: until then, and without JavaScript, each menu is a link to the page
// that holds the same things.

/** What a menu opens: the catalogue's lines and products, or the shop's contacts. */
export type MenuPanel = "products" | "contacts";

export interface DisclosureMenuProps {
  id: string;
  label: string;
  panel: MenuPanel;
  /** How the shopper was on the menu's link when this arrived, if they were. */
  arrivedBy: OpenedBy | null;
}

export function DisclosureMenu({ id, label, panel, arrivedBy }: DisclosureMenuProps) {
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { open, toggleByClick, containerProps } = useDisclosureMenu(container, button, arrivedBy);
  // The link had the focus: the button that replaces it takes it, before the next paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the menu appears.
  useLayoutEffect(() => {
    if (arrivedBy === "focus") button.current?.focus();
  }, []);
  return (
    <div
      className={panel === "products" ? "menu menu--wide" : "menu"}
      ref={container}
      {...containerProps}
    >
      <button
        type="button"
        className="site-nav__link menu__button"
        ref={button}
        aria-expanded={open}
        aria-controls={id}
        onClick={toggleByClick}
      >
        {label}
        <Chevron direction="down" />
      </button>
      <div id={id} className="menu__panel" hidden={!open}>
        {panel === "products" ? <ProductsPanel /> : <ContactsList />}
      </div>
    </div>
  );
}

/** The catalogue's lines with their products on sale, from the root loader. */
function ProductsPanel() {
  const { t } = useTranslation();
  const lines = useRootData()?.menu.lines ?? [];
  return (
    <div className="mega">
      {lines.map((line) => (
        <div key={line.id} className="mega__column">
          <Link to={line.href} className="mega__title">
            {t(`mega.${line.id}`)}
          </Link>
          {line.comingSoon ? (
            <span className="badge">{t("mega.comingSoon")}</span>
          ) : (
            line.products.map((product) => (
              <Link key={product.href} to={product.href} className="mega__item" {...product.lang}>
                {product.title}
              </Link>
            ))
          )}
        </div>
      ))}
      <Link to="/catalog" className="mega__all">
        {t("mega.all")}
      </Link>
    </div>
  );
}

export type OpenedBy = "hover" | "focus" | "click";

/**
 * A disclosure menu's behaviour (spec §4, WAI-ARIA disclosure): opens 80 ms after hover
 * or focus, closes 140 ms after the pointer leaves (a scroll while open holds it for
 * 200 ms), a click pins it open or toggles it, Escape closes it and returns focus to its
 * button, a click outside or a navigation closes it.
 */
function useDisclosureMenu(
  container: RefObject<HTMLElement>,
  button: RefObject<HTMLElement>,
  arrivedBy: OpenedBy | null,
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

  // A navigation (a link in the menu, the back button) closes it; the first render is not
  // one (the menu may be opening for the shopper who was on its link when it arrived).
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    close();
  }, [location.key, close]);

  useEffect(() => () => clearTimers(), [clearTimers]);

  // The pointer or the focus was on the menu's link when this behaviour arrived: carry on
  // as if it had come to the button (focus is moved there by the component).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the menu appears.
  useEffect(() => {
    if (arrivedBy === "hover") scheduleOpen("hover");
  }, []);

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
