import { defaultLanguage, languageCodes } from "./languages";

/** The i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...languageCodes],
  fallbackLng: defaultLanguage,
  defaultNS: "common",
  /**
   * The namespaces a browser may load. It loads all of a language's storefront namespaces
   * in one request; the desk's texts come in a second one, only on desk pages.
   */
  ns: ["common", "catalog", "home", "pages", "cart", "checkout", "desk"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

/** Texts only the owner's desk uses: shoppers never download them. */
export const DESK_NAMESPACE = "desk";

/** The words of the SMS and e-mail the shop sends (D87): the server alone writes them. */
export const MESSAGES_NAMESPACE = "messages";

/** What every shopper's browser loads: every namespace but the desk's (the last). */
export const storefrontNamespaces = i18nConfig.ns.slice(0, -1);
