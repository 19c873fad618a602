import { describe, expect, it } from "vitest";
import {
  getProduct,
  getProductByKey,
  groups,
  isGroup,
  products,
  productsInGroup,
  relatedProducts,
} from "~/catalog/products";
import { reviews } from "~/catalog/reviews";
import { formatPrice } from "~/i18n/money";

describe("the catalogue", () => {
  it("sells exactly one product: the 8 ml hemorrhoid ointment at 100 GEL", () => {
    const orderable = products.filter((product) => product.orderable);
    expect(orderable.map((product) => product.key)).toEqual(["body/hemor-cream"]);
    const [cream] = orderable;
    expect(cream?.price).toBe(10000);
    expect(cream?.volumeMl).toBe(8);
    expect(cream?.images).toHaveLength(2);
    expect(cream?.usage).toHaveLength(4);
  });

  it("keeps the survey figures of the spec, measured after 7 days", () => {
    expect(getProduct("body", "hemor-cream")?.survey).toEqual([
      { id: "itching", percent: 94 },
      { id: "pain", percent: 91 },
      { id: "skin", percent: 89 },
      { id: "symptoms", percent: 30 },
    ]);
  });

  it("shows the coming-soon products without a price and never as orderable", () => {
    for (const key of ["body/burn-cream", "face/acne-cream"]) {
      const product = getProductByKey(key);
      expect(product?.orderable).toBe(false);
      expect(product?.price).toBeNull();
    }
  });

  it("filters by group, and a group may be empty", () => {
    expect(groups).toEqual(["face", "body", "suncare"]);
    expect(productsInGroup("body").map((product) => product.slug)).toEqual([
      "hemor-cream",
      "burn-cream",
    ]);
    expect(productsInGroup("face").map((product) => product.slug)).toEqual(["acne-cream"]);
    expect(productsInGroup("suncare")).toEqual([]);
    expect(isGroup("body")).toBe(true);
    expect(isGroup("404")).toBe(false);
    expect(isGroup("__proto__")).toBe(false);
  });

  it("finds products by group and slug only", () => {
    expect(getProduct("body", "hemor-cream")?.key).toBe("body/hemor-cream");
    expect(getProduct("face", "hemor-cream")).toBeUndefined();
    expect(getProduct("body", "nothing")).toBeUndefined();
  });

  it("skips related keys missing from the catalogue and falls back to other products", () => {
    const cream = getProduct("body", "hemor-cream");
    if (!cream) throw new Error("missing product");
    expect(cream.related).toEqual(["face/serum", "face/mask", "body/lotion"]);
    const related = relatedProducts(cream);
    expect(related.map((product) => product.key)).toEqual(["body/burn-cream", "face/acne-cream"]);
    expect(related).not.toContain(cream);
    expect(relatedProducts(cream, 1)).toHaveLength(1);
  });

  it("has eight sample reviews rated 4 or 5 with local avatars", () => {
    expect(reviews).toHaveLength(8);
    for (const review of reviews) {
      expect([4, 5]).toContain(review.rating);
      expect(review.avatar).toMatch(/^\/images\/avatars\/r\d\.svg$/);
    }
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

  it("never shows a dollar sign", () => {
    for (const language of ["ru", "en", "ka", "az", "tr", "de", "am", "he", "ar"]) {
      expect(price(10000, language)).not.toContain("$");
    }
  });
});
