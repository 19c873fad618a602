import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useContacts } from "~/ui/contacts";
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
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path
                    d="M21.5 3.6 2.9 10.8c-1.3.5-1.2 1.3-.2 1.6l4.8 1.5 1.8 5.6c.2.7.6.8 1.1.4l2.7-2.2 4.9 3.6c.9.5 1.5.2 1.7-.8l3.1-15c.3-1.3-.5-1.9-1.3-1.5zM8.4 13.4l9.8-6.2c.5-.3.9-.1.5.2l-8 7.2-.3 3.4z"
                    fill="currentColor"
                  />
                </svg>
                <span className="visually-hidden">{t("contactsMenu.chat")}</span>
              </a>
            </li>
            <li hidden={!links.whatsapp}>
              <a href={links.whatsapp ?? undefined} rel="noopener noreferrer" target="_blank">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path
                    d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.6a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.2-.2-.4-.3z"
                    fill="currentColor"
                  />
                </svg>
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
                <Link to={product.href}>{product.title}</Link>
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
