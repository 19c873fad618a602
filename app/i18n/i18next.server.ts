import { createCookie } from "@remix-run/node";
import { parse as parseCookieHeader } from "cookie";
import { RemixI18Next } from "remix-i18next/server";
import type { RequestHead } from "../platform/request-head";
import { i18nConfig } from "./config";
import { detectLanguage } from "./detect";
import { type LanguageCode, defaultLanguage, isLanguageCode } from "./languages";
import { resources, serverNamespaces } from "./resources.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * The stored language choice (D15). It holds nothing secret and only one of nine codes
 * is ever accepted from it, so it is not signed.
 */
const LANGUAGE_COOKIE = "lng";
const languageCookieOptions = {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: ONE_YEAR_SECONDS,
} as const;

/**
 * The cookie as read: parsing does not depend on `secure`, which only serializing writes,
 * so reading needs no setting (`createLanguageCookie` writes it).
 */
const languageCookie = createCookie(LANGUAGE_COOKIE, languageCookieOptions);

/**
 * The stored choice, or null. A choice stored before the cookie went through
 * createCookie was the bare code (`lng=ka`); it is still honoured.
 */
export async function readStoredLanguage(request: RequestHead): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("lng=")) return null;
  const value: unknown = await languageCookie.parse(header);
  if (typeof value === "string") return value;
  return parseCookieHeader(header).lng ?? null;
}

async function findLocale(request: RequestHead): Promise<LanguageCode> {
  const url = new URL(request.url);
  return detectLanguage({
    searchParam: url.searchParams.get("lng"),
    cookie: await readStoredLanguage(request),
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
  i18next: { ...i18nConfig, ns: serverNamespaces, resources },
});

export interface LanguageCookie {
  /**
   * The Set-Cookie header that stores a `?lng=` switch, or null when the request does
   * not switch language (or switches to the language already stored).
   */
  switchCookie(request: Request): Promise<string | null>;
}

/**
 * The language cookie as written, made once by the composition root: `secure` behind an
 * https proxy (TRUST_PROXY), the one thing about it that depends on the settings.
 */
export function createLanguageCookie({ secure }: { secure: boolean }): LanguageCookie {
  const written = createCookie(LANGUAGE_COOKIE, { ...languageCookieOptions, secure });
  return {
    async switchCookie(request) {
      const requested = new URL(request.url).searchParams.get("lng");
      if (!isLanguageCode(requested)) return null;
      if ((await readStoredLanguage(request)) === requested) return null;
      return written.serialize(requested);
    },
  };
}

/**
 * Each request's language, found once: the server's entry, the root and the route loaders
 * all ask. Keyed by the request object itself, so it goes when the request does.
 */
const locales = new WeakMap<RequestHead, Promise<LanguageCode>>();

/**
 * The language a request is served in (detection order of D15, through remix-i18next).
 * A request's head is enough: with the one `custom` detection, remix-i18next hands the
 * request to `findLocale` and reads nothing of it itself.
 */
export function getLocale(request: RequestHead): Promise<LanguageCode> {
  let locale = locales.get(request);
  if (!locale) {
    locale = i18next
      .getLocale(request as Request)
      .then((found) => (isLanguageCode(found) ? found : defaultLanguage));
    locales.set(request, locale);
  }
  return locale;
}
