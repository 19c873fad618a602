import { Link } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { badgeText } from "~/cart/model";
import { useCart } from "~/cart/use-cart";
import { HEADER_SHRINK_SCROLL_PX } from "~/constants";
import type { LanguageCode } from "~/i18n/languages";
import { useContacts } from "~/ui/contacts";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Chevron, Icon } from "./icons";
import { useDetailsMenu, useDisclosureMenu } from "./menus";
import { useRootData } from "./root-data";
import { useHydrated } from "./use-hydrated";

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
                wide
              >
                <ProductsPanel />
              </DisclosureMenu>
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
              >
                <ContactsPanel />
              </DisclosureMenu>
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
 * A top-level menu. Without JavaScript it is a link to the page that holds the same
 * things; with it a disclosure button (aria-expanded) and its panel.
 */
function DisclosureMenu({
  id,
  label,
  fallbackHref,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  fallbackHref: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { open, toggleByClick, containerProps } = useDisclosureMenu(container, button);
  if (!hydrated) {
    return (
      <Link to={fallbackHref} className="site-nav__link">
        {label}
      </Link>
    );
  }
  return (
    <div className={wide ? "menu menu--wide" : "menu"} ref={container} {...containerProps}>
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
        {children}
      </div>
    </div>
  );
}

/** The catalogue's lines with their products on sale, from the root loader. */
function useLines() {
  return useRootData()?.menu.lines ?? [];
}

function ProductsPanel() {
  const { t } = useTranslation();
  const lines = useLines();
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
              <Link key={product.href} to={product.href} className="mega__item">
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

function ContactsPanel() {
  const { t } = useTranslation();
  const { links } = useContacts();
  return (
    <ul className="contacts-menu">
      {links.whatsapp ? (
        <li>
          <a href={links.whatsapp} rel="noopener noreferrer" target="_blank">
            {t("contactsMenu.messenger")}
          </a>
        </li>
      ) : null}
      {links.telegram ? (
        <li>
          <a href={links.telegram} rel="noopener noreferrer" target="_blank">
            {t("contactsMenu.chat")}
          </a>
        </li>
      ) : null}
      {links.email ? (
        <li>
          <a href={links.email}>{t("contactsMenu.email")}</a>
        </li>
      ) : null}
      {links.phone ? (
        <li>
          <a href={links.phone}>{t("contactsMenu.phone")}</a>
        </li>
      ) : null}
    </ul>
  );
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
            <ContactsPanel />
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
