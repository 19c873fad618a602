import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { purchaseOf } from "~/analytics/events";
import { promoProblem } from "~/cart/promo-problem.server";
import { fixedT } from "~/i18n/instance.server";
import { formatPrice } from "~/i18n/money";
import { createPromoCookie } from "~/promotions/code-cookie.server";
import { dealOf } from "~/promotions/deal";
import { PROMO_GUESSES, createGuessLimit, minutesLeft } from "~/promotions/guesses.server";
import type { Promotion } from "~/promotions/model";
import type { CodeProblem } from "~/promotions/pricing";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

const START = Date.parse("2026-12-10T10:00:00Z");
const MINUTE = 60_000;
const TODAY = { year: 2026, month: 12, day: 10 };

const zamtari: Promotion = {
  kind: "code",
  id: 1,
  name: "Winter",
  code: "ZAMTARI",
  percent: 20,
  amount: null,
  minGoods: 15_000,
  startsOn: null,
  endsOn: "2026-12-01",
  useLimit: null,
  oncePerPhone: false,
  combines: false,
  products: [],
  active: true,
};

describe("guessing promo codes is throttled (D86)", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("promo-guesses");
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("refuses the 11th unknown code in 15 minutes, names the minutes left, and lets it go after", async () => {
    let now = START;
    const guesses = createGuessLimit(db, () => now);
    for (let i = 0; i < PROMO_GUESSES; i++) {
      expect(await guesses.attempt("ip:203.0.113.5", `WRONG${i}`, [zamtari])).toEqual({ ok: true });
      now += MINUTE;
    }
    const refused = await guesses.attempt("ip:203.0.113.5", "WRONG99", [zamtari]);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 5 * 60 });
    expect(minutesLeft(refused.ok ? 0 : refused.retryAfterSeconds)).toBe(5);
    // A real code is refused too while the client waits: guessing never confirms one.
    expect((await guesses.attempt("ip:203.0.113.5", "zamtari", [zamtari])).ok).toBe(false);
    // Another client is not held up.
    expect((await guesses.attempt("ip:198.51.100.7", "WRONG", [zamtari])).ok).toBe(true);
    // The first guess leaves the window 15 minutes after it was made.
    now = START + 15 * MINUTE + 1_000;
    expect((await guesses.attempt("ip:203.0.113.5", "WRONG100", [zamtari])).ok).toBe(true);
  });

  it("counts no code that exists, in any spelling, nor an empty field", async () => {
    const guesses = createGuessLimit(db, () => START);
    for (let i = 0; i < PROMO_GUESSES + 5; i++) {
      expect((await guesses.attempt("ip:203.0.113.5", "zam-tari", [zamtari])).ok).toBe(true);
      expect((await guesses.attempt("ip:203.0.113.5", " ", [zamtari])).ok).toBe(true);
    }
    const rows = await db.selectFrom("throttle_hits").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("keeps the code out of the throttle's rows", async () => {
    const guesses = createGuessLimit(db, () => START);
    await guesses.attempt("ip:203.0.113.5", "SECRETGUESS", [zamtari]);
    const rows = await db.selectFrom("throttle_hits").select("bucket").execute();
    expect(rows).toEqual([{ bucket: "promo:ip:203.0.113.5" }]);
  });
});

describe("the promo code cookie (D86)", () => {
  const cookies = createPromoCookie({ secret: "s".repeat(32), secure: false });
  const requestWith = (header: string) =>
    new Request("http://shop.test/cart", { headers: { Cookie: header } });
  const pairOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

  it("keeps the code as the shop compares it, and reads it back", async () => {
    const header = await cookies.commit(" zam-tari ");
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(await cookies.read(requestWith(pairOf(header)))).toBe("ZAMTARI");
  });

  it("reads a cookie it did not sign as no code: a forged one cannot try codes", async () => {
    const forged = `promo_v1=${btoa(JSON.stringify("ZAMTARI"))}`;
    expect(await cookies.read(requestWith(forged))).toBeNull();
    expect(await cookies.read(requestWith("lng=ka"))).toBeNull();
  });

  it("deletes itself when the code is removed", async () => {
    expect(await cookies.commit(null)).toMatch(/Max-Age=0/);
    expect(await cookies.commit("  ")).toMatch(/Max-Age=0/);
  });
});

describe("each reason a code does not apply, in its own words (D86)", () => {
  const problems: CodeProblem[] = [
    "unknown",
    "off",
    "notYet",
    "over",
    "minimum",
    "products",
    "usedUp",
    "usedByPhone",
  ];

  for (const language of ["en", "ka", "ar"] as const) {
    it(`says each differently in ${language}, the minimum with its amount`, () => {
      const t = fixedT(language, "checkout");
      const texts = problems.map((problem) =>
        promoProblem(t, { problem, minGoods: 15_000 }, language),
      );
      expect(new Set(texts).size).toBe(problems.length);
      for (const text of texts) expect(text).not.toMatch(/promo\.|{{/);
      expect(texts[problems.indexOf("minimum")]).toMatch(/150/);
      expect(promoProblem(t, { problem: "tooMany", minutes: 7 }, language)).toMatch(/7/);
    });
  }

  it("writes the English sentences a shopper reads", () => {
    const t = fixedT("en", "checkout");
    expect(promoProblem(t, { problem: "minimum", minGoods: 15_000 }, "en")).toBe(
      `This promo code applies to orders from \u2068${formatPrice(15_000, "en")}\u2069.`,
    );
    expect(promoProblem(t, { problem: "tooMany", minutes: 1 }, "en")).toBe(
      "Too many promo codes tried. Please try again in 1 minute.",
    );
  });
});

describe("a product's sale and quantity price as its page shows them (D86)", () => {
  const sale: Promotion = {
    kind: "sale",
    id: 3,
    name: "Launch",
    productKey: "body/burn-cream",
    price: 9_000,
    startsOn: null,
    endsOn: "2026-12-15",
    active: true,
  };
  const twoJars: Promotion = {
    kind: "quantity",
    id: 2,
    name: "Two jars",
    productKey: "body/hemor-cream",
    minQty: 2,
    price: 9_000,
    startsOn: null,
    endsOn: null,
    active: true,
  };

  it("names a running sale's price and last day, and is gone the day after", () => {
    expect(dealOf([sale], "body/burn-cream", 10_000, TODAY)).toEqual({
      sale: { price: 9_000, until: "15.12", endsOn: "2026-12-15" },
      quantity: null,
    });
    expect(dealOf([sale], "body/burn-cream", 10_000, { ...TODAY, day: 15 })).not.toBeNull();
    expect(dealOf([sale], "body/burn-cream", 10_000, { ...TODAY, day: 16 })).toBeNull();
  });

  it("names the first quantity price, and none above the price", () => {
    expect(dealOf([twoJars], "body/hemor-cream", 10_000, TODAY)).toEqual({
      sale: null,
      quantity: { minQty: 2, price: 9_000 },
    });
    expect(dealOf([twoJars], "body/hemor-cream", 8_000, TODAY)).toBeNull();
    expect(dealOf([twoJars], "body/hemor-cream", null, TODAY)).toBeNull();
  });
});

describe("GA4's purchase with a promo code (D86)", () => {
  it("carries the code as coupon and the goods after the discount as value", () => {
    const purchase = purchaseOf(
      "004321",
      { goods: 20_000, discount: 4_000, delivery: 700 },
      [{ item_key: "body/hemor-cream", title: "Cream", price: 10_000, qty: 2 }],
      "ZAMTARI",
    );
    expect(purchase).toMatchObject({ value: 160, shipping: 7, coupon: "ZAMTARI" });
    expect(purchaseOf("1", { goods: 100, delivery: 0 }, [])).not.toHaveProperty("coupon");
  });
});
