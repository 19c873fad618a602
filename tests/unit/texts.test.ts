import { describe, expect, it } from "vitest";
import { withoutComingSoon } from "~/catalog/coming-soon";
import type { CatalogProduct, ProductTexts } from "~/catalog/model";
import {
  lastTextChanges,
  productTitle,
  textIn,
  textLang,
  textStates,
  titleAmong,
} from "~/catalog/texts";
import { productCardView, productView } from "~/catalog/view";
import { languageCodes } from "~/i18n/languages";
import seed from "../../migrations/20261124_0002_catalog.json";

// Launch with what exists (D36): a product on sale with its texts in Russian only, every
// other language shown from Russian, then English, field by field.

const EMPTY: ProductTexts = {
  title: "",
  short: "",
  description: "",
  ingredients: "",
  usage: "",
  warnings: "",
  advantages: "",
  photoAlt: "",
};

const russian: ProductTexts = {
  title: "Крем от ожогов",
  short: "Успокаивает кожу.",
  description: "Охлаждает.\nЗаживляет.",
  ingredients: "Облепиховое масло",
  usage: "Нанесите тонким слоем.",
  warnings: "Не для открытых ран.",
  advantages: "Меньше боли",
  photoAlt: "Баночка спереди",
};

function product(texts: CatalogProduct["texts"]): CatalogProduct {
  return {
    id: 1,
    key: "body/burn-cream",
    group: "body",
    slug: "burn-cream",
    status: "on_sale",
    price: 45_50,
    volumeMl: 30,
    stock: null,
    position: 1,
    line: null,
    related: [],
    survey: [80],
    photos: [{ id: 1, source: "/images/jar.svg", width: 800, height: 800 }],
    texts,
  };
}

describe("a text in a reader's language, else Russian, else English (textIn)", () => {
  it("takes each field from the first language that has it, and says which", () => {
    const cream = product({
      ru: { ...russian, warnings: "" },
      en: { ...EMPTY, title: "Burn cream", warnings: "Not for open wounds." },
      ka: { ...EMPTY, title: "დამწვრობის კრემი", short: "  " },
    });
    const ka = textIn(cream, "ka");
    expect(ka.title).toEqual({ text: "დამწვრობის კრემი", language: "ka" });
    // Blank is empty: the short text comes from Russian.
    expect(ka.short).toEqual({ text: "Успокаивает кожу.", language: "ru" });
    expect(ka.description.language).toBe("ru");
    // Russian lacks the warnings: English has them.
    expect(ka.warnings).toEqual({ text: "Not for open wounds.", language: "en" });
    // Russian itself falls back to English, English to Russian.
    expect(textIn(cream, "ru").warnings.language).toBe("en");
    expect(textIn(cream, "en").short.language).toBe("ru");
    // A field no language has is empty, in the reader's language.
    const none = textIn(product({ ru: russian }), "ar");
    expect(textIn(product({}), "ar").title).toEqual({ text: "", language: "ar" });
    expect(none.usage).toEqual({ text: "Нанесите тонким слоем.", language: "ru" });
    expect(productTitle(product({}), "ka")).toBe("body/burn-cream");
    expect(productTitle(cream, "he")).toBe("Крем от ожогов");
    expect(titleAmong({ ka: "", en: "Burn cream" }, "ka")).toBe("Burn cream");
    expect(titleAmong({ ka: "კრემი", ru: "Крем" }, "ka")).toBe("კრემი");
    expect(titleAmong({}, "ka")).toBeUndefined();
  });

  it("marks a text from another language with its lang, and its dir when that differs", () => {
    expect(textLang("ka", "ka")).toBeUndefined();
    expect(textLang("ru", "ka")).toEqual({ lang: "ru" });
    expect(textLang("ru", "ar")).toEqual({ lang: "ru", dir: "ltr" });
    expect(textLang("he", "ar")).toEqual({ lang: "he" });
    expect(textLang("am", "en")).toEqual({ lang: "hy" });
  });

  it("gives the storefront's views the fallback text and the languages it came from", () => {
    const cream = product({ ru: russian, ka: { ...EMPTY, title: "დამწვრობის კრემი" } });
    const view = productView(cream, "ar");
    expect(view.title).toBe("Крем от ожогов");
    expect(view.description).toEqual(["Охлаждает.", "Заживляет."]);
    expect(view.usage).toEqual(["Нанесите тонким слоем."]);
    expect(view.advantages[0]?.text).toBe("Меньше боли");
    expect(view.lang.description).toEqual({ lang: "ru", dir: "ltr" });
    expect(view.photos[0]).toMatchObject({
      alt: "Баночка спереди",
      altLang: { lang: "ru", dir: "ltr" },
    });
    const ka = productView(cream, "ka");
    expect(ka.title).toBe("დამწვრობის კრემი");
    expect(ka.lang.title).toBeUndefined();
    expect(ka.lang.short).toEqual({ lang: "ru" });
    expect(productCardView(cream, "ka").lang).toEqual({ short: { lang: "ru" } });
    // Its own language's texts carry no marks at all.
    expect(productView(cream, "ru").lang).toEqual({});
    expect(productView(cream, "ru").photos[0]?.altLang).toBeUndefined();
  });
});

describe("what the desk says a language's texts want (textStates)", () => {
  it("calls missing what a sale needs or would show from another language", () => {
    const states = textStates(
      product({
        ru: { ...russian, advantages: "" },
        ka: { ...EMPTY, title: "დამწვრობის კრემი", short: "კანსამშვიდებს." },
      }),
    );
    expect(states.ru).toEqual({ missing: [], outdated: [] });
    // No language has advantages: nothing would be shown, so nothing is missing there.
    expect(states.ka.missing).toEqual([
      "description",
      "ingredients",
      "usage",
      "warnings",
      "photoAlt",
    ]);
    expect(states.ar.missing).toContain("title");
    expect(states.ar.missing).not.toContain("advantages");
    // What a sale needs is missing even where Russian lacks it too.
    const bare = textStates(product({ ru: { ...russian, usage: "" } }));
    expect(bare.ru.missing).toEqual(["usage"]);
    expect(bare.de.missing).toContain("usage");
  });

  it("calls outdated a text written before its Russian one last changed", () => {
    const cream = product({
      ru: russian,
      ka: { ...russian, title: "დამწვრობის კრემი", description: "" },
      de: { ...russian, title: "Brandsalbe" },
    });
    const changed = new Map([
      ["texts.ru.title", "2026-11-29T10:00:00.000Z"],
      ["texts.ru.short", "2026-11-29T10:00:00.000Z"],
      ["texts.ka.title", "2026-11-29T09:00:00.000Z"],
      ["texts.ka.short", "2026-11-29T10:00:00.000Z"],
      ["texts.de.title", "2026-11-29T11:00:00.000Z"],
    ]);
    const states = textStates(cream, changed);
    // Georgian's title came before the Russian one changed; its short text at the same time.
    expect(states.ka).toEqual({ missing: ["description"], outdated: ["title"] });
    // German's title is newer; its short text was never changed since the seed: older.
    expect(states.de).toEqual({ missing: [], outdated: ["short"] });
    expect(states.ru).toEqual({ missing: [], outdated: [] });
    // Without a trail nothing is outdated.
    expect(textStates(cream).ka.outdated).toEqual([]);
  });

  it("reads the last change of each field from the trail, not the dropped coming-soon", () => {
    const times = lastTextChanges([
      { field: "texts.ru.title", at: "2026-11-29T09:00:00.000Z", before: "", after: "Крем" },
      { field: "texts.ru.title", at: "2026-11-29T11:00:00.000Z", before: "Крем", after: "К" },
      { field: "texts.ru.title", at: "2026-11-29T10:00:00.000Z", before: "К", after: "Кр" },
      {
        field: "texts.ru.short",
        at: "2026-11-29T12:00:00.000Z",
        before: "Крем. Скоро в продаже.",
        after: "Крем.",
      },
      { field: "texts.ka.short", at: "2026-11-29T08:00:00.000Z", before: null, after: "კრემი." },
      { field: "price", at: "2026-11-29T13:00:00.000Z", before: "1.00", after: "2.00" },
    ]);
    expect(Object.fromEntries(times)).toEqual({
      "texts.ru.title": "2026-11-29T11:00:00.000Z",
      "texts.ka.short": "2026-11-29T08:00:00.000Z",
    });
  });
});

describe("the coming-soon sentence (withoutComingSoon)", () => {
  it("goes from every seeded short text, in each of the nine languages", () => {
    const soon = seed.products.filter((item) => item.status === "coming_soon");
    expect(soon.length).toBeGreaterThan(0);
    for (const item of soon) {
      for (const language of languageCodes) {
        const short = (item.texts as Record<string, { short: string }>)[language]?.short ?? "";
        const kept = withoutComingSoon(short);
        expect(kept, `${item.slug} ${language}`).not.toBe(short);
        expect(kept.length, `${item.slug} ${language}`).toBeGreaterThan(10);
        expect(short.startsWith(kept), `${item.slug} ${language}`).toBe(true);
        expect(withoutComingSoon(kept)).toBe(kept);
      }
    }
    expect(withoutComingSoon("Крем от ожогов. Скоро в продаже.")).toBe("Крем от ожогов.");
    expect(withoutComingSoon("Coming soon. A cream for burns.")).toBe("A cream for burns.");
    expect(withoutComingSoon("A cream.\nComing soon")).toBe("A cream.");
    expect(withoutComingSoon("كريم طبيعي. قريبا.")).toBe("كريم طبيعي.");
  });

  it("leaves the words alone where they are part of another sentence", () => {
    for (const short of [
      "Coming soon to pharmacies.",
      "Natural cream, coming soon.",
      "קרם. בקרוב מאוד גם בבתי מרקחת.",
      "",
    ])
      expect(withoutComingSoon(short)).toBe(short);
  });
});
