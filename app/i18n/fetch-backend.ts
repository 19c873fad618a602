import type { BackendModule, ReadCallback, ResourceKey } from "i18next";
import { DESK_NAMESPACE } from "./config";

type Dictionaries = Record<string, ResourceKey>;

/**
 * The browser's i18next backend: fetches all storefront dictionaries of a language in
 * one request (`/locales/{lng}.json?v={version}`) and answers every namespace from it;
 * the desk's namespace comes from its own request, which shoppers never make.
 */
export function createFetchBackend(version: string): BackendModule {
  const pending = new Map<string, Promise<Dictionaries>>();

  function load(language: string, namespace: string): Promise<Dictionaries> {
    const desk = namespace === DESK_NAMESPACE;
    const key = desk ? `${language}:${namespace}` : language;
    let request = pending.get(key);
    if (!request) {
      const query = `${desk ? `ns=${namespace}&` : ""}v=${encodeURIComponent(version)}`;
      request = fetch(`/locales/${language}.json?${query}`).then((response) => {
        if (!response.ok) throw new Error(`Dictionaries for ${language}: ${response.status}`);
        return response.json() as Promise<Dictionaries>;
      });
      // A failed request may be retried on the next read.
      request.catch(() => pending.delete(key));
      pending.set(key, request);
    }
    return request;
  }

  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      load(language, namespace).then(
        (dictionaries) => callback(null, dictionaries[namespace] ?? {}),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}
