import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { badgeText } from "~/cart/priced";
import { useCart } from "~/cart/use-cart";
import { HEADER_SHRINK_SCROLL_PX } from "~/constants";
import type { LanguageCode } from "~/i18n/languages";
import { ContactsList } from "./ContactsList";
import type { MenuPanel, OpenedBy } from "./DisclosureMenu";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Icon } from "./icons";
import { useDetailsMenu } from "./menus";
import { useRootData } from "./root-data";

/**
 * The navigation bar (spec §2): about, products (mega menu), reviews, contacts, the
 * language switcher and the cart. 72 px high, 56 px once the page is scrolled; at
 * 720 px or less the links move into the mobile menu.
 */
export function Header({ language }: { language: LanguageCode }) {
  const { t } = useTranslation();
  const header = useRef<HTMLElement>(null);
  useCompactOnScroll(header);
  return (
    <header className="site-header" ref={header}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {t("brand.name")}
        </Link>
        <nav aria-label={t("nav.label")} className="site-nav">
          <ul className="site-nav__list">
            <li>
              <Link to="/about" className="site-nav__link">
                {t("nav.about")}
              </Link>
            </li>
            <li>
              <DisclosureMenu
                id="menu-products"
                label={t("nav.productsMenu")}
                fallbackHref="/catalog"
                panel="products"
              />
            </li>
            <li>
              <Link to="/#reviews" className="site-nav__link">
                {t("nav.reviews")}
              </Link>
            </li>
            <li>
              <DisclosureMenu
                id="menu-contacts"
                label={t("nav.contactsMenuLabel")}
                fallbackHref="/about/contacts"
                panel="contacts"
              />
            </li>
          </ul>
        </nav>
        <LanguageSwitcher current={language} />
        <CartLink />
        <MobileMenu />
      </div>
    </header>
  );
}

/** The bar knows when the page is scrolled past the threshold; CSS shrinks it. */
function useCompactOnScroll(header: React.RefObject<HTMLElement>) {
  useEffect(() => {
    const update = () => {
      if (header.current)
        header.current.dataset.compact = String(window.scrollY > HEADER_SHRINK_SCROLL_PX);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [header]);
}

/**
 * A top-level menu: a link to the page that holds the same things, until the menus'
 * behaviour has arrived (./DisclosureMenu), then a disclosure button and its panel.
 */
function DisclosureMenu({
  id,
  label,
  fallbackHref,
  panel,
}: {
  id: string;
  label: string;
  fallbackHref: string;
  panel: MenuPanel;
}) {
  const Menu = useMenuBehaviour();
  const link = useRef<HTMLAnchorElement>(null);
  // Read once, as the link gives way: was the shopper on it?
  const [arrivedBy, setArrivedBy] = useState<OpenedBy | null>(null);
  const [shown, setShown] = useState(false);
  if (Menu && !shown) {
    const element = link.current;
    setShown(true);
    setArrivedBy(
      element?.matches(":focus") ? "focus" : element?.matches(":hover") ? "hover" : null,
    );
  }
  if (!Menu || !shown) {
    return (
      <Link to={fallbackHref} className="site-nav__link" ref={link}>
        {label}
      </Link>
    );
  }
  return <Menu id={id} label={label} panel={panel} arrivedBy={arrivedBy} />;
}

type MenuComponent = typeof import("./DisclosureMenu").DisclosureMenu;
let loadedMenu: MenuComponent | null = null;

/**
 * The menus' behaviour (hover and close delays, Escape, clicks outside: 0.5 KB gzip) is not
 * part of the page's first load: it is fetched on the shopper's first move of the pointer,
 * touch or key, well before they reach a menu, and only where the bar shows its menus
 * (wider than 720 px). Null until it has arrived.
 */
function useMenuBehaviour(): MenuComponent | null {
  const [Menu, setMenu] = useState<MenuComponent | null>(() => loadedMenu);
  useEffect(() => {
    if (Menu) return;
    const events = ["pointermove", "pointerdown", "keydown", "focusin"] as const;
    const wide = window.matchMedia(WITH_MENUS);
    const load = () => {
      // A phone turned to landscape later shows the menus: keep listening until then.
      if (!wide.matches) return;
      for (const event of events) window.removeEventListener(event, load);
      import("./DisclosureMenu").then(
        (module) => {
          loadedMenu = module.DisclosureMenu;
          setMenu(() => module.DisclosureMenu);
        },
        () => {
          // Not arrived (offline): the menus stay links, as without JavaScript.
        },
      );
    };
    for (const event of events) window.addEventListener(event, load, { passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, load);
    };
  }, [Menu]);
  return Menu;
}

/** Where the bar shows its menus (app.css: at 720 px or less they are in the mobile menu). */
const WITH_MENUS = "(min-width: 721px)";

/** The catalogue's lines with their products on sale, from the root loader. */
function useLines() {
  return useRootData()?.menu.lines ?? [];
}

/**
 * At 720 px or less: a toggle opening a panel with every link of the bar. A <details>,
 * so it opens without JavaScript; with it, Escape closes it and Tab stays inside.
 */
function MobileMenu() {
  const { t } = useTranslation();
  const lines = useLines();
  const details = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(details, { trapFocus: true });
  return (
    <details className="mobile-menu" ref={details}>
      <summary>
        <Icon name="menu" />
        <span className="mobile-menu__label">{t("nav.menu")}</span>
      </summary>
      <nav aria-label={t("nav.label")} className="mobile-menu__panel">
        <ul>
          <li>
            <Link to="/about">{t("nav.about")}</Link>
          </li>
          <li>
            <Link to="/catalog">{t("mega.all")}</Link>
            <ul>
              {lines.map((line) => (
                <li key={line.id}>
                  <Link to={line.href}>{t(`mega.${line.id}`)}</Link>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <Link to="/#reviews">{t("nav.reviews")}</Link>
          </li>
          <li>
            <span className="mobile-menu__heading">{t("nav.contactsMenuLabel")}</span>
            <ContactsList />
          </li>
        </ul>
      </nav>
    </details>
  );
}

/** The cart icon with the number of distinct products (9+ above 9), right even without JavaScript. */
function CartLink() {
  const { t } = useTranslation();
  // The badge counts distinct products (spec §2): one line a product.
  const count = useCart().length;
  return (
    <Link to="/cart" className="cart-link" aria-label={t("cartBadge", { count })}>
      <Icon name="cart" className="cart-link__icon" />
      {/* The space makes the visible text "Cart 1", which the name "Cart: 1 item" contains
          (WCAG 2.5.3); "Cart1" it does not. A flex container does not draw it. */}
      <span className="cart-link__label">{t("nav.cart")}</span>{" "}
      {count > 0 ? (
        <span className="cart-badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
