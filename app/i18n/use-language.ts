import { useEffect, useRef } from "react";
import { useChangeLanguage } from "remix-i18next/react";
import type { LanguageCode } from "./languages";

/** The event dispatched on `window` whenever the shopper switches language. */
export const LANGUAGE_CHANGE_EVENT = "shop:languagechange";

export interface LanguageChangeDetail {
  language: LanguageCode;
}

/**
 * Keeps the browser's i18next on the language the server chose, and tells the rest of
 * the page (widgets outside React included) when it changes.
 */
export function useLanguage(language: LanguageCode): void {
  useChangeLanguage(language);
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    window.dispatchEvent(
      new CustomEvent<LanguageChangeDetail>(LANGUAGE_CHANGE_EVENT, { detail: { language } }),
    );
  }, [language]);
}
