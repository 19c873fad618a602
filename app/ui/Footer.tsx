import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useContacts } from "~/ui/contacts";
import { Icon } from "~/ui/icons";
import { useRootData } from "~/ui/root-data";

/** Footer (spec §2): tagline, social links, product and company columns, contacts, year, legal links. */
export function Footer({ year }: { year: number }) {
  const onSale = useRootData()?.menu.onSale ?? [];
  const { links, texts } = useContacts();
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="brand">{t("brand.name")}</p>
          <p>{t("footer.tagline")}</p>
          <p className="site-footer__social-title">{t("footer.social")}</p>
          <ul className="social">
            <li hidden={!links.telegram}>
              <a href={links.telegram ?? undefined} rel="noopener noreferrer" target="_blank">
                <Icon name="telegram" />
                <span className="visually-hidden">{t("contactsMenu.chat")}</span>
              </a>
            </li>
            <li hidden={!links.whatsapp}>
              <a href={links.whatsapp ?? undefined} rel="noopener noreferrer" target="_blank">
                <Icon name="whatsapp" />
                <span className="visually-hidden">{t("contactsMenu.messenger")}</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label={t("footer.products")}>
          <h2>{t("footer.products")}</h2>
          <ul>
            {onSale.map((product) => (
              <li key={product.href}>
                <Link to={product.href} {...product.lang}>
                  {product.title}
                </Link>
              </li>
            ))}
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
        <div>
          <h2>{t("footer.contacts")}</h2>
          <ul className="site-footer__contacts">
            {links.telegram ? (
              <li>
                <a href={links.telegram} rel="noopener noreferrer" target="_blank">
                  {t("contactsMenu.chat")}: <bdi dir="ltr">{texts.telegram}</bdi>
                </a>
              </li>
            ) : null}
            {links.email ? (
              <li>
                <a href={links.email}>
                  {t("contactsMenu.email")}: <bdi dir="ltr">{texts.email}</bdi>
                </a>
              </li>
            ) : null}
            {links.whatsapp ? (
              <li>
                <a href={links.whatsapp} rel="noopener noreferrer" target="_blank">
                  {t("contactsMenu.messenger")}: <bdi dir="ltr">{texts.whatsapp}</bdi>
                </a>
              </li>
            ) : null}
            {links.phone ? (
              <li>
                <a href={links.phone}>
                  {t("contactsMenu.phone")}: <bdi dir="ltr">{texts.phone}</bdi>
                </a>
              </li>
            ) : null}
          </ul>
        </div>
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
