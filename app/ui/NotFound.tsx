import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The page shown for any address the shop does not have (spec §2, §8). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow not-found">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.hint")}</p>
      <p className="actions">
        <Link to="/catalog" className="button">
          {t("notFound.toCatalog")}
        </Link>
        <Link to="/" className="button button--quiet">
          {t("notFound.toHome")}
        </Link>
      </p>
    </section>
  );
}
