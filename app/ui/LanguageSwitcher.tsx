import { Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { type LanguageCode, getLanguage, languages } from "~/i18n/languages";
import { Flag } from "./Flag";
import { useDetailsMenu } from "./menus";

/** The same page in another language: `?lng=` switches and stores the choice (D15). */
export function languageHref(
  location: { pathname: string; search: string },
  code: LanguageCode,
): string {
  const params = new URLSearchParams(location.search);
  params.set("lng", code);
  return `${location.pathname}?${params.toString()}`;
}

/**
 * Nine languages with flag and native name. Links, so it works without JavaScript; with
 * it the switch happens in place, without a full reload.
 */
export function LanguageSwitcher({ current }: { current: LanguageCode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(details);
  const active = getLanguage(current);
  return (
    <details className="language-switcher" ref={details}>
      {/* Named by what it shows, then what it is (WCAG 2.5.3): "EN — Language: English". */}
      <summary>
        <Flag language={active} />
        <span className="language-switcher__code">{active.code.toUpperCase()}</span>
        <span className="visually-hidden">{` — ${t("nav.language")}: ${active.name}`}</span>
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
              <Flag language={language} />
              <span>{language.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
