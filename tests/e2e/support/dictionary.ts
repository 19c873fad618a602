import { readFileSync } from "node:fs";
import { join } from "node:path";
import { seededProductTexts } from "../../support/seeded-products";

type Dictionary = { [key: string]: string | Dictionary };

const cache = new Map<string, Dictionary>();

/** A text from the shop's own dictionaries, so tests check what shoppers are shown. */
export function text(language: string, namespace: string, key: string): string {
  // Product texts live in the database now; a fresh install has the seeded ones.
  if (namespace === "catalog" && key.startsWith("products.")) {
    const seeded = seededProductTexts(language).get(key);
    if (seeded === undefined) throw new Error(`No seeded text ${language}:${key}`);
    return seeded;
  }
  const file = join(import.meta.dirname, "../../../app/locales", language, `${namespace}.json`);
  let dictionary = cache.get(file);
  if (!dictionary) {
    dictionary = JSON.parse(readFileSync(file, "utf8")) as Dictionary;
    cache.set(file, dictionary);
  }
  let value: string | Dictionary | undefined = dictionary;
  for (const part of key.split(".")) {
    value = typeof value === "object" ? value[part] : undefined;
  }
  if (typeof value !== "string") throw new Error(`No text ${language}:${namespace}:${key}`);
  return value;
}
