import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type LanguageCode, getLanguage, languages } from "~/i18n/languages";

/** The same page in another language: `?lng=` switches and stores the choice (D15). */
export function languageHref(
  location: { pathname: string; search: string; hash?: string },
  code: LanguageCode,
): string {
  const params = new URLSearchParams(location.search);
  params.set("lng", code);
  return `${location.pathname}?${params.toString()}`;
}

export function LanguageSwitcher({ current }: { current: LanguageCode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = getLanguage(current);
  return (
    <details className="language-switcher">
      <summary aria-label={`${t("nav.language")}: ${active.name}`}>
        <span aria-hidden="true">{active.flag}</span>
        <span className="language-switcher__code">{active.code.toUpperCase()}</span>
      </summary>
      <ul className="language-switcher__list">
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              to={languageHref(location, language.code)}
              hrefLang={language.htmlLang}
              lang={language.htmlLang}
              dir={language.dir}
              preventScrollReset
              aria-current={language.code === current ? "true" : undefined}
            >
              <span aria-hidden="true">{language.flag}</span> {language.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
