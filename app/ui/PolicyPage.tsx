import { useTranslation } from "react-i18next";
import { Isolated, isolate } from "~/i18n/isolate";
import { useContacts } from "~/ui/contacts";

/** A policy page (privacy, terms): title, introduction and titled sections. */
export function PolicyPage({
  page,
  sections,
  values: more = {},
}: {
  page: "privacy" | "terms";
  sections: readonly string[];
  /** Texts the page's sections name besides the contacts (already in the reader's language). */
  values?: Record<string, string>;
}) {
  const { t } = useTranslation("pages");
  const { texts } = useContacts();
  const values = { ...more, email: isolate(texts.email), telegram: isolate(texts.telegram) };
  return (
    <article className="page page--narrow policy">
      <header className="page-header">
        <h1>{t(`${page}.title`)}</h1>
        <p className="page-header__subtitle">{t(`${page}.intro`)}</p>
      </header>
      {sections.map((section) => (
        <section key={section}>
          <h2>{t(`${page}.sections.${section}.title`)}</h2>
          <p>
            <Isolated text={t(`${page}.sections.${section}.text`, values)} />
          </p>
        </section>
      ))}
    </article>
  );
}
