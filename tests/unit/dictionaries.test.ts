import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getLanguage, languageCodes } from "~/i18n/languages";

const LOCALES = join(import.meta.dirname, "../../app/locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Values that are rightly the same in English and another language: the brand, the
 * reviewers' names in Latin script, units.
 */
const SAME_AS_ENGLISH = [
  /^brand\.name$/,
  /^product\.specs\.volumeValue$/,
  /^fields\.messengerPlaceholder$/,
  /^summary\.quantity$/,
  // Russian staff write "Email" as English does.
  /^chat\.message\.email$/,
  // Telegram and WhatsApp are names; Russian and Georgian owners label their e-mail "E-mail".
  /contacts\.(telegram|whatsapp|email)$/,
  // "Status" in German and Azerbaijani, "Person" in German.
  /^(activity|products)\.fields\.status$/,
  /^(activity|privacy\.access)\.person$/,
  /^products\.(missingIn|textState)$/,
  // A person's name is "Name" in German too.
  /^(order|csv|fields|chat\.message|event\.edited|couriers|activity\.fields|people\.invite)\.name$/,
  // A range of dates is written with a dash in every language.
  /^reports\.range$/,
  // A promotion in words is its numbers and names: "−20 %", "−10 ₾", "01.12–15.12", "Product: 90 ₾ until …".
  /^promotions\.words\.(between|sale|percent|amount|separator)$/,
  // A handled request is its outcome, a date and a name.
  /^privacy\.done$/,
  // An order's line is its title, a count and a price.
  /^track\.itemLine$/,
  // A promotion's line is its name and what it took off.
  /^orderPromotions\.line$/,
  // "Spam" is the word in Azerbaijani, German and Turkish too; "Name" and "Text" in German.
  /^reviews\.reasons\.spam$/,
  /^(activity\.fields\.testimonial|reviews\.testimonials)\.(name|text)$/,
  /^(activity\.fields\.promotion|promotions\.fields)\.name$/,
];

type Dictionary = { [key: string]: string | Dictionary };

function flatten(dictionary: Dictionary, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8")));
}

const namespaces = readdirSync(join(LOCALES, "ru")).map((file) => file.replace(/\.json$/, ""));

/** Keys without their plural suffix, each with the plural categories it has. */
function byBaseKey(entries: Map<string, string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of entries.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = bases.get(base) ?? new Set<string>();
    if (match?.[1]) forms.add(match[1]);
    bases.set(base, forms);
  }
  return bases;
}

/**
 * Plural categories a language's keys need beyond what this Node's ICU reports. Before
 * CLDR 42 Hebrew also had "many" (20, 30, 40…), and browsers with an older ICU still ask
 * i18next for `_many`: without it they fall back to the Russian text.
 */
const EXTRA_PLURAL_CATEGORIES: Partial<Record<string, readonly string[]>> = {
  he: ["two", "many"],
};

function pluralCategories(language: (typeof languageCodes)[number]): string[] {
  const categories = new Set<string>(
    new Intl.PluralRules(getLanguage(language).htmlLang).resolvedOptions().pluralCategories,
  );
  for (const category of EXTRA_PLURAL_CATEGORIES[language] ?? []) categories.add(category);
  return [...categories].sort();
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? "").sort();
}

describe.each(namespaces)("the %s dictionaries", (namespace) => {
  const russian = load("ru", namespace);
  const russianBases = byBaseKey(russian);
  const english = load("en", namespace);

  it.each(languageCodes)("%s has exactly the keys of the Russian one", (language) => {
    const bases = byBaseKey(load(language, namespace));
    expect([...bases.keys()].sort()).toEqual([...russianBases.keys()].sort());
  });

  it.each(languageCodes)("%s has every plural form its language needs", (language) => {
    const categories = pluralCategories(language);
    for (const [base, forms] of byBaseKey(load(language, namespace))) {
      if (forms.size === 0) continue;
      expect([...forms].sort(), `${language}: ${base}`).toEqual(categories);
    }
  });

  it("he has two and many for every plural, and many shows the number", () => {
    const entries = load("he", namespace);
    for (const [base, forms] of byBaseKey(entries)) {
      if (forms.size === 0) continue;
      expect([...forms], `he: ${base}`).toEqual(expect.arrayContaining(["two", "many"]));
      // "many" is 20, 30, 40…: never "one" or "two" in words.
      expect(entries.get(`${base}_many`), `he: ${base}_many`).toContain("{{count}}");
    }
  });

  it.each(languageCodes)("%s has no empty value", (language) => {
    for (const [key, value] of load(language, namespace)) {
      expect(value.trim(), `${language}: ${key}`).not.toBe("");
    }
  });

  it.each(languageCodes)("%s uses the same placeholders as Russian", (language) => {
    const entries = load(language, namespace);
    for (const [key, value] of entries) {
      const base = key.replace(PLURAL_SUFFIX, "");
      const russianValue =
        russian.get(key) ?? russian.get(`${base}_other`) ?? russian.get(base) ?? "";
      const expected = placeholders(russianValue).filter((name) => name !== "count");
      const actual = placeholders(value).filter((name) => name !== "count");
      expect(actual, `${language}: ${key}`).toEqual(expected);
    }
  });

  it.each(languageCodes.filter((code) => code !== "en"))(
    "%s is translated, not left in English",
    (language) => {
      for (const [key, value] of load(language, namespace)) {
        if (SAME_AS_ENGLISH.some((pattern) => pattern.test(key))) continue;
        expect(value, `${language}: ${key}`).not.toBe(english.get(key));
      }
    },
  );
});

describe("namespaces", () => {
  it("the browser loads every namespace there is a dictionary for", async () => {
    const { serverNamespaces } = await import("~/i18n/resources.server");
    expect([...serverNamespaces].sort()).toEqual([...namespaces].sort());
  });
});
