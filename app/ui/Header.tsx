import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
        <Link to="/cart" className="cart-link">
          {t("nav.cart")}
        </Link>
      </div>
    </header>
  );
}
