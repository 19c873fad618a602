import type { BackendModule, ReadCallback, ResourceKey } from "i18next";

type Dictionaries = Record<string, ResourceKey>;

/**
 * The browser's i18next backend: fetches all dictionaries of a language in one request
 * (`/locales/{lng}.json?v={version}`) and answers every namespace from it.
 */
export function createFetchBackend(version: string): BackendModule {
  const pending = new Map<string, Promise<Dictionaries>>();

  function load(language: string): Promise<Dictionaries> {
    let request = pending.get(language);
    if (!request) {
      request = fetch(`/locales/${language}.json?v=${encodeURIComponent(version)}`).then(
        (response) => {
          if (!response.ok) throw new Error(`Dictionaries for ${language}: ${response.status}`);
          return response.json() as Promise<Dictionaries>;
        },
      );
      // A failed request may be retried on the next read.
      request.catch(() => pending.delete(language));
      pending.set(language, request);
    }
    return request;
  }

  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      load(language).then(
        (dictionaries) => callback(null, dictionaries[namespace] ?? {}),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}
