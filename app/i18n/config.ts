import { defaultLanguage, languageCodes } from "./languages";

/** The i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...languageCodes],
  fallbackLng: defaultLanguage,
  defaultNS: "common",
  /** Every namespace; the browser loads all of a language's in one request. */
  ns: ["common", "catalog", "home", "pages", "cart", "checkout"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
