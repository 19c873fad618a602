import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The product texts a fresh install shows live in the database, seeded from the JSON
 * frozen beside the catalogue's migration. Tests read them under the keys they had in the
 * catalogue's dictionary before (`products.hemor-cream.components`, `…usage.step1`,
 * `…advantages.itching`, `…imageAlt.open`), so what they assert reads as before.
 */
interface SeedProduct {
  slug: string;
  texts: Record<string, Record<string, string>>;
}

const seed: { products: SeedProduct[] } = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../migrations/20261124_0002_catalog.json"), "utf8"),
);

/** The ids the dictionary gave each line of a list, in order. */
const LIST_KEYS: Record<string, (index: number) => string> = {
  description: (index) => `description.p${index + 1}`,
  usage: (index) => `usage.step${index + 1}`,
  warnings: (index) => `warnings.${["allergy", "burning", "doctor"][index] ?? index}`,
  advantages: (index) => `advantages.${["itching", "pain", "skin", "symptoms"][index] ?? index}`,
  photo_alt: (index) => `imageAlt.${["front", "open"][index] ?? index}`,
};

/** Every seeded product text of a language, keyed `products.{slug}.{key}`. */
export function seededProductTexts(language: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const product of seed.products) {
    const prefix = `products.${product.slug}`;
    for (const [field, value] of Object.entries(product.texts[language] ?? {})) {
      const list = LIST_KEYS[field];
      if (list) {
        value.split("\n").forEach((item, index) => entries.set(`${prefix}.${list(index)}`, item));
      } else {
        entries.set(`${prefix}.${field === "ingredients" ? "components" : field}`, value);
      }
    }
  }
  return entries;
}
