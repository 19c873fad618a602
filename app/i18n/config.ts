import { defaultLanguage, languageCodes } from "./languages";

/** The i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...languageCodes],
  fallbackLng: defaultLanguage,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
