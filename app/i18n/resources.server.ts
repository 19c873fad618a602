import { createHash } from "node:crypto";
import type { Resource } from "i18next";
import { MESSAGES_NAMESPACE, i18nConfig } from "./config";
import { languageCodes } from "./languages";

/** Every namespace: the browser's and the server's own (the messages' words, D87). */
export const serverNamespaces = [...i18nConfig.ns, MESSAGES_NAMESPACE];

const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", {
  eager: true,
  import: "default",
});

function collect(): Resource {
  const resources: Resource = {};
  for (const code of languageCodes) resources[code] = {};
  for (const [path, dictionary] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    if (!language || !namespace || !resources[language]) continue;
    resources[language][namespace] = dictionary;
  }
  return resources;
}

/** Every dictionary of every language, bundled into the server build. */
export const resources = collect();

/**
 * A fingerprint of all dictionaries: the browser fetches them at
 * `/locales/{lng}/{ns}.json?v={version}`, cached for good, and a change of any text
 * changes the address.
 */
export const resourcesVersion = createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 12);
