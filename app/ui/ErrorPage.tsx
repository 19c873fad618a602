import { useTranslation } from "react-i18next";
import { NotFound } from "./NotFound";

/** What a shopper sees when a page is missing or failed: never a stack trace. */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  if (notFound) return <NotFound />;
  return (
    <section className="page page--narrow">
      <h1>{t("error.title")}</h1>
      <p>{t("error.hint")}</p>
      <p>
        <a href="/" className="button">
          {t("error.toHome")}
        </a>
      </p>
    </section>
  );
}
