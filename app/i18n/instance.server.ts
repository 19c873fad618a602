import { type TFunction, createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig } from "./config";
import { defaultLanguage } from "./languages";
import { resources } from "./resources.server";

/**
 * One i18next for the process, initialised once with every dictionary. Each request
 * renders with a clone that shares its store (cheap), and translate functions are
 * cached per language and namespace: creating and initialising an instance per call
 * cost a few milliseconds of every request.
 */
const shared = createInstance();
shared.use(initReactI18next).init({
  ...i18nConfig,
  ns: [...i18nConfig.ns],
  resources,
  lng: defaultLanguage,
  initImmediate: false,
});

export function requestI18n(language: string) {
  return shared.cloneInstance({ lng: language, initImmediate: false });
}

const cache = new Map<string, TFunction>();

export function fixedT(language: string, namespace: string): TFunction {
  const key = `${language}:${namespace}`;
  let t = cache.get(key);
  if (!t) {
    t = shared.getFixedT(language, namespace);
    cache.set(key, t);
  }
  return t;
}
