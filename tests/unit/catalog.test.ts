import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Catalog,
  type CatalogProduct,
  completeLanguages,
  findVisibleProduct,
  groups,
  isGroup,
  isOrderable,
  lineLinks,
  publishProblems,
  relatedProducts,
  visibleProducts,
} from "~/catalog/model";
import { productView } from "~/catalog/view";
import { loadContent } from "~/content/store.server";
import { languageCodes } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import type { Database } from "../../db/schema";
import { seededTestimonials } from "../support/seeded-testimonials";
import { freshDatabase } from "./support/database";

let db: Kysely<Database>;
let catalog: Catalog;

beforeAll(async () => {
  db = await freshDatabase("catalog");
  catalog = (await loadContent(db)).catalog;
});

afterAll(async () => {
  await db.destroy();
});

function product(key: string): CatalogProduct {
  const [group = "", slug = ""] = key.split("/");
  const found = findVisibleProduct(catalog, group, slug);
  if (!found) throw new Error(`missing ${key}`);
  return found;
}

describe("the catalogue a fresh install has (D32: seeded with what the spec describes)", () => {
  it("sells exactly one product: the 8 ml hemorrhoid ointment at 100 GEL", () => {
    const orderable = catalog.products.filter(isOrderable);
    expect(orderable.map((item) => item.key)).toEqual(["body/hemor-cream"]);
    const [cream] = orderable;
    expect(cream?.price).toBe(10000);
    expect(cream?.volumeMl).toBe(8);
    expect(cream?.stock).toBeNull();
    expect(cream?.photos).toHaveLength(2);
  });

  it("has every text of the cream in all nine languages, its four usage steps and the survey", () => {
    const cream = product("body/hemor-cream");
    for (const language of languageCodes) {
      const view = productView(cream, language);
      expect(view.title, language).not.toBe("");
      expect(view.usage, language).toHaveLength(4);
      expect(view.warnings, language).toHaveLength(3);
      expect(view.description, language).toHaveLength(3);
      expect(view.ingredients, language).not.toBe("");
      expect(view.photos.map((photo) => photo.alt.length > 0)).toEqual([true, true]);
    }
    expect(productView(cream, "en").advantages).toEqual([
      { text: "Less itching and burning", percent: 94, percentText: "94%" },
      { text: "Less pain and tension", percent: 91, percentText: "91%" },
      { text: "Improved skin condition", percent: 89, percentText: "89%" },
      { text: "Symptoms completely gone", percent: 30, percentText: "30%" },
    ]);
    // Written as each language writes a share: Russian with a (no-break) space.
    expect(productView(cream, "ru").advantages[0]?.percentText).toMatch(/^94\s%$/u);
    expect(publishProblems(cream, "on_sale")).toEqual([]);
  });

  it("shows the coming-soon products without a price and never as orderable", () => {
    for (const key of ["body/burn-cream", "face/acne-cream"]) {
      expect(product(key).status).toBe("coming_soon");
      expect(product(key).price).toBeNull();
      expect(isOrderable(product(key))).toBe(false);
    }
  });

  it("filters by group, and a group may be empty", () => {
    expect(groups).toEqual(["face", "body", "suncare"]);
    const slugs = (group: "face" | "body" | "suncare") =>
      visibleProducts(catalog, group).map((item) => item.slug);
    expect(slugs("body")).toEqual(["hemor-cream", "burn-cream"]);
    expect(slugs("face")).toEqual(["acne-cream"]);
    expect(slugs("suncare")).toEqual([]);
    expect(isGroup("body")).toBe(true);
    expect(isGroup("404")).toBe(false);
    expect(isGroup("__proto__")).toBe(false);
  });

  it("finds products by group and slug only, and never a hidden or draft one", () => {
    expect(findVisibleProduct(catalog, "body", "hemor-cream")?.key).toBe("body/hemor-cream");
    expect(findVisibleProduct(catalog, "face", "hemor-cream")).toBeUndefined();
    expect(findVisibleProduct(catalog, "body", "nothing")).toBeUndefined();
    for (const status of ["hidden", "draft"] as const) {
      const changed = {
        products: catalog.products.map((item) => ({ ...item, status })),
      };
      expect(findVisibleProduct(changed, "body", "hemor-cream")).toBeUndefined();
      expect(visibleProducts(changed)).toEqual([]);
    }
  });

  it("skips related keys missing from the catalogue and falls back to other products", () => {
    const cream = product("body/hemor-cream");
    expect(cream.related).toEqual(["face/serum", "face/mask", "body/lotion"]);
    const related = relatedProducts(catalog, cream);
    expect(related.map((item) => item.key)).toEqual(["body/burn-cream", "face/acne-cream"]);
    expect(related).not.toContain(cream);
    expect(relatedProducts(catalog, cream, 1)).toHaveLength(1);
  });

  it("leads a home-page line to its product's group once it goes on sale, else to /catalog/404", () => {
    expect(lineLinks(catalog).map(({ id, href }) => [id, href])).toEqual([
      ["delicate", "/catalog/body"],
      ["firstAid", "/catalog/404"],
      ["face", "/catalog/404"],
    ]);
    const launched = {
      products: catalog.products.map((item) =>
        item.key === "body/burn-cream"
          ? { ...item, status: "on_sale" as const, price: 45_50 }
          : item,
      ),
    };
    expect(lineLinks(launched)[1]).toMatchObject({
      id: "firstAid",
      href: "/catalog/body",
      comingSoon: false,
    });
  });

  it("seeds eight testimonials rated 4 or 5 with local avatars, in all nine languages", () => {
    expect(seededTestimonials).toHaveLength(8);
    for (const testimonial of seededTestimonials) {
      expect([4, 5]).toContain(testimonial.rating);
      expect(testimonial.avatar).toMatch(/^\/images\/avatars\/r\d\.svg$/);
      expect(Object.keys(testimonial.texts).sort()).toEqual([...languageCodes].sort());
    }
  });
});

describe("publishing rules (D32, D36)", () => {
  const texts = {
    title: "Burn cream",
    short: "Soothes the skin after a minor burn.",
    description: "",
    ingredients: "",
    usage: "",
    warnings: "",
    advantages: "",
    photoAlt: "",
  };

  it("needs the status's texts in Russian only, unless the owner requires more languages", () => {
    // English alone is not enough: Russian is where the texts are written first.
    const english = { price: null, photos: [], texts: { en: texts } };
    expect(publishProblems(english, "coming_soon")).toEqual([
      { kind: "texts", language: "ru", fields: ["title", "short"] },
    ]);
    const russian = { price: null, photos: [], texts: { ru: texts } };
    expect(publishProblems(russian, "coming_soon")).toEqual([]);
    const onSale = publishProblems(russian, "on_sale");
    expect(onSale).toEqual([
      { kind: "texts", language: "ru", fields: ["description", "ingredients", "usage"] },
      { kind: "price" },
      { kind: "photo" },
    ]);
    expect(publishProblems(russian, "draft")).toEqual([]);
    expect(publishProblems(russian, "hidden")).toEqual([]);
  });

  it("names each required language that lacks what the status needs, in the shop's order", () => {
    const full = { ...texts, description: "Cools.", ingredients: "Oil", usage: "Apply." };
    const product = {
      price: 45_50,
      photos: [{ id: 1, source: "/images/x.svg", width: 1, height: 1 }],
      texts: { ru: full, de: full, ka: { ...full, usage: " " } },
    };
    expect(publishProblems(product, "on_sale")).toEqual([]);
    expect(publishProblems(product, "on_sale", ["ar", "ka", "de"])).toEqual([
      { kind: "texts", language: "ka", fields: ["usage"] },
      {
        kind: "texts",
        language: "ar",
        fields: ["title", "short", "description", "ingredients", "usage"],
      },
    ]);
    expect(publishProblems(product, "coming_soon", ["ka"])).toEqual([]);
    expect(completeLanguages(["ar", "ru", "ka"])).toEqual(["ru", "ka", "ar"]);
    expect(completeLanguages([])).toEqual(["ru"]);
  });
});

describe("formatPrice", () => {
  // Intl separates with no-break spaces; compare them as plain spaces.
  const price = (tetri: number, language: string) =>
    formatPrice(tetri, language).replace(/[\u00a0\u202f]/g, " ");

  it("writes whole lari with the lari sign in every language", () => {
    expect(price(10000, "ru")).toBe("100 ₾");
    expect(price(10000, "en")).toBe("₾100");
    expect(price(10000, "ka")).toBe("100 ₾");
    expect(price(10000, "de")).toBe("100 ₾");
    expect(price(10000, "ar")).toBe("100 ₾");
  });

  it("groups from five digits the local way and shows tetri only when there are some", () => {
    expect(price(990000, "en")).toBe("₾9900");
    expect(price(1250000, "en")).toBe("₾12,500");
    expect(price(1250000, "de")).toBe("12.500 ₾");
    expect(price(1250, "en")).toBe("₾12.50");
    expect(price(1250, "de")).toBe("12,50 ₾");
  });

  it("puts the sign where each language's shops do, the same on server and browser", () => {
    expect(price(10000, "tr")).toBe("₾100");
    for (const language of ["ru", "ka", "az", "de", "am", "he", "ar"]) {
      expect(price(10000, language)).toBe("100 ₾");
    }
  });

  it("writes tetri, groups and a minus as the language does, whatever ICU data the browser has", () => {
    // Chromium lacks Georgian, Azerbaijani and Armenian number data ("0.05", "12,500"):
    // the server's words must be the browser's, or the page does not hydrate as drawn.
    const onlyEnglish = Intl.NumberFormat;
    const english = ((_: unknown, options?: Intl.NumberFormatOptions) =>
      new onlyEnglish("en", options)) as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = english;
    try {
      expect(price(5, "ka")).toBe("0,05 ₾");
      expect(price(1250050, "ka")).toBe("12 500,50 ₾");
      expect(price(1250050, "az")).toBe("12.500,50 ₾");
      expect(price(1250050, "am")).toBe("12 500,50 ₾");
      expect(price(1250050, "ru")).toBe("12 500,50 ₾");
      expect(price(-45, "ar")).toBe("\u200e-0.45 ₾");
      expect(price(-45, "de")).toBe("-0,45 ₾");
    } finally {
      Intl.NumberFormat = onlyEnglish;
    }
  });

  it("never shows a dollar sign", () => {
    for (const language of ["ru", "en", "ka", "az", "tr", "de", "am", "he", "ar"]) {
      expect(price(10000, language)).not.toContain("$");
    }
  });
});
