import { RemixI18Next } from "remix-i18next/server";
import { getConfig } from "../config.server";
import { i18nConfig } from "./config";
import { detectLanguage } from "./detect";
import { type LanguageCode, defaultLanguage, isLanguageCode } from "./languages";
import { resources } from "./resources.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

const LANGUAGE_COOKIE = "lng";

/**
 * The stored language choice (D15): a plain `lng=xx` cookie. It holds nothing secret
 * and only one of nine codes is ever accepted from it, so it is not signed.
 */
export function readStoredLanguage(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === LANGUAGE_COOKIE) return value.join("=").trim() || null;
  }
  return null;
}

export function serializeLanguageCookie(code: LanguageCode): string {
  const secure = getConfig().trustProxy ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}

function findLocale(request: Request): LanguageCode {
  const url = new URL(request.url);
  return detectLanguage({
    searchParam: url.searchParams.get("lng"),
    cookie: readStoredLanguage(request),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: defaultLanguage,
    order: ["custom"],
    findLocale: async (request) => findLocale(request),
  },
  i18next: { ...i18nConfig, resources },
});

/**
 * The Set-Cookie header that stores a `?lng=` switch, or null when the request does
 * not switch language (or switches to the language already stored).
 */
export function languageSwitchCookie(request: Request): string | null {
  const requested = new URL(request.url).searchParams.get("lng");
  if (!isLanguageCode(requested)) return null;
  if (readStoredLanguage(request) === requested) return null;
  return serializeLanguageCookie(requested);
}

/** The language a request is served in (detection order of D15, through remix-i18next). */
export async function getLocale(request: Request): Promise<LanguageCode> {
  const locale = await i18next.getLocale(request);
  return isLanguageCode(locale) ? locale : defaultLanguage;
}
