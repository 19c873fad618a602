import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { badgeText, distinctCount } from "~/cart/model";
import { useCart } from "~/cart/use-cart";
import type { LanguageCode } from "~/i18n/languages";
import { LanguageSwitcher } from "./LanguageSwitcher";

export function Header({ language }: { language: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {t("brand.name")}
        </Link>
        <nav aria-label={t("nav.label")} className="site-nav">
          <ul>
            <li>
              <Link to="/about">{t("nav.about")}</Link>
            </li>
            <li>
              <Link to="/catalog">{t("nav.products")}</Link>
            </li>
            <li>
              <Link to="/#reviews">{t("nav.reviews")}</Link>
            </li>
            <li>
              <Link to="/about/contacts">{t("nav.contacts")}</Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher current={language} />
        <CartLink />
      </div>
    </header>
  );
}

/** The cart icon with the number of distinct products (9+ above 9), right even without JavaScript. */
function CartLink() {
  const { t } = useTranslation();
  const count = distinctCount(useCart());
  return (
    <Link to="/cart" className="cart-link" aria-label={t("cartBadge", { count })}>
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        className="cart-link__icon"
      >
        <path
          d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      <span className="cart-link__label">{t("nav.cart")}</span>
      {count > 0 ? (
        <span className="cart-badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
