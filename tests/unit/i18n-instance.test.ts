import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n/config";
import { fixedT, requestI18n } from "~/i18n/instance.server";
import { languageCodes } from "~/i18n/languages";
import { serverNamespaces } from "~/i18n/resources.server";
import { resources } from "~/i18n/resources.server";

/** A plain i18next with the shop's configuration: what every text must still read as. */
const reference = createInstance();
reference.init({ ...i18nConfig, ns: serverNamespaces, resources, initImmediate: false });

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the server's shared i18next instances", () => {
  it("answer every key of every dictionary as i18next does, the first time and after", () => {
    for (const language of languageCodes) {
      for (const namespace of serverNamespaces) {
        const expected = reference.getFixedT(language, namespace);
        const t = fixedT(language, namespace);
        for (const key of keysOf(resources.ru?.[namespace])) {
          expect(t(key), `${language} ${namespace}:${key}`).toBe(expected(key));
          expect(t(key), `${language} ${namespace}:${key} again`).toBe(expected(key));
        }
      }
    }
    // Every key of nine languages, twice: about 40,000 checks, seconds on a busy machine.
  }, 30_000);

  it("answer calls with options as i18next does: plurals, numbers and other values", () => {
    for (const language of languageCodes) {
      const t = fixedT(language, "common");
      const expected = reference.getFixedT(language, "common");
      for (const count of [0, 1, 2, 5, 21, 1, 2]) {
        expect(t("cartBadge", { count }), `${language} ${count}`).toBe(
          expected("cartBadge", { count }),
        );
      }
      for (const year of [2031, 2032, 2031]) {
        expect(t("footer.copyright", { year })).toBe(expected("footer.copyright", { year }));
      }
      const home = fixedT(language, "home");
      for (const name of ["Nino", "Giorgi", "Nino"]) {
        expect(home("reviews.photo", { name })).toBe(
          reference.getFixedT(language, "home")("reviews.photo", { name }),
        );
      }
    }
  });

  it("give each language its own instance, used by components and loaders alike", () => {
    for (const language of languageCodes) {
      const instance = requestI18n(language);
      expect(instance.language).toBe(language);
      expect(instance.getFixedT(null, "common")).toBe(fixedT(language, "common"));
    }
    expect(fixedT("he", "common")("brand.name")).toBe(
      reference.getFixedT("he", "common")("brand.name"),
    );
  });

  it("answer an unknown key with the key, and keep only keys that exist", () => {
    const t = fixedT("de", "catalog");
    for (let index = 0; index < 500; index += 1) {
      expect(t(`products.missing-${index}.title`)).toBe(`products.missing-${index}.title`);
    }
    expect(t("breadcrumbs.home")).toBe(reference.getFixedT("de", "catalog")("breadcrumbs.home"));
  });
});
