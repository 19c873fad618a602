import { type i18n as I18n, type TFunction, createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig } from "./config";
import { type LanguageCode, defaultLanguage, languageCodes } from "./languages";
import { resources, serverNamespaces } from "./resources.server";

/**
 * One i18next for the process, initialised once with every dictionary, and one clone of
 * it per language sharing its store, made once: a server render only reads texts and
 * never changes an instance's language, so every request in a language renders with
 * the same instance. Cloning per request, and i18next's general lookup behind every
 * `t()`, were an eighth of a page's CPU.
 */
const shared = createInstance();
shared.use(initReactI18next).init({
  ...i18nConfig,
  ns: serverNamespaces,
  resources,
  lng: defaultLanguage,
  initImmediate: false,
});

/**
 * A text looked up without options, or with options whose values are all numbers (a
 * count, a position, a year), depends only on the language, the namespace, the key and
 * those numbers, so it is kept after the first lookup. Only keys that exist are kept and
 * each table is capped, so keys or numbers taken from a request cannot grow it. Calls
 * with any other value (a name, a formatted total) always go to i18next, so no text a
 * visitor brought is kept.
 */
const MAX_TEXTS_PER_TABLE = 4096;

/** i18next's fixed translate function as this module handles it: untyped, with its fixings. */
type Translate = ((...args: unknown[]) => unknown) & {
  lng?: unknown;
  lngs?: unknown;
  ns?: unknown;
  keyPrefix?: unknown;
};

/** The table key of a call worth keeping, or null when the call must go to i18next. */
function rememberedCall(key: unknown, rest: unknown[]): string | null {
  if (typeof key !== "string") return null;
  if (rest.length === 0) return key;
  const [options] = rest;
  if (rest.length > 1 || typeof options !== "object" || options === null) return null;
  let call = key;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== "number") return null;
    call += `\u0000${name}=${value}`;
  }
  return call;
}

function rememberTexts(instance: I18n, t: Translate, namespace: string): Translate {
  const texts = new Map<string, string>();
  const remembering = (key: unknown, ...rest: unknown[]) => {
    const call = rememberedCall(key, rest);
    if (call === null) return t(key, ...rest);
    const known = texts.get(call);
    if (known !== undefined) return known;
    const text = t(key, ...rest);
    if (
      typeof text === "string" &&
      texts.size < MAX_TEXTS_PER_TABLE &&
      instance.exists(key as string, { ...(rest[0] as object | undefined), ns: namespace })
    ) {
      texts.set(call, text);
    }
    return text;
  };
  // react-i18next and callers may read what the function is fixed to.
  return Object.assign(remembering, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix });
}

function createLanguageInstance(language: LanguageCode): I18n {
  const instance = shared.cloneInstance({ lng: language, initImmediate: false });
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (
    ...args: unknown[]
  ) => Translate;
  const remembered = new Map<string, Translate>();
  // react-i18next's useTranslation asks for `getFixedT(null, namespace)` in every
  // component: each namespace gets one remembering function for the instance's language.
  const fixed = (lng: unknown, ns: unknown, keyPrefix: unknown): Translate => {
    if (lng != null || typeof ns !== "string" || keyPrefix !== undefined) {
      return getFixedT(lng, ns, keyPrefix);
    }
    let t = remembered.get(ns);
    if (!t) {
      t = rememberTexts(instance, getFixedT(null, ns), ns);
      remembered.set(ns, t);
    }
    return t;
  };
  instance.getFixedT = fixed as unknown as I18n["getFixedT"];
  return instance;
}

const instances = new Map<LanguageCode, I18n>(
  languageCodes.map((code) => [code, createLanguageInstance(code)]),
);

/** The i18next a page in this language renders with (shared, read-only). */
export function requestI18n(language: LanguageCode): I18n {
  const instance = instances.get(language);
  if (!instance) throw new Error(`Unknown language code: ${language}`);
  return instance;
}

/** The server's translate function for a language, fixed to one namespace. */
export function fixedT(language: LanguageCode, namespace: string): TFunction {
  return requestI18n(language).getFixedT(null, namespace);
}
