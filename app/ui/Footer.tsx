import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function Footer({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="brand">{t("brand.name")}</p>
          <p>{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.products")}>
          <h2>{t("footer.products")}</h2>
          <ul>
            <li>
              <Link to="/catalog">{t("footer.allProducts")}</Link>
            </li>
            <li>
              <Link to="/#reviews">{t("nav.reviews")}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.company")}>
          <h2>{t("footer.company")}</h2>
          <ul>
            <li>
              <Link to="/about">{t("nav.about")}</Link>
            </li>
            <li>
              <Link to="/about/contacts">{t("nav.contacts")}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p>{t("footer.copyright", { year })}</p>
        <ul>
          <li>
            <Link to="/privacy">{t("footer.privacy")}</Link>
          </li>
          <li>
            <Link to="/terms">{t("footer.terms")}</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
