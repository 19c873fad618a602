import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeOrderStatus } from "~/orders/change-status.server";
import { placeOrder } from "~/orders/place.server";
import { type Promotion, normalizeCode, readPromotion } from "~/promotions/model";
import { pricePromotions } from "~/promotions/pricing";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const day = (year: number, month: number, dayOfMonth: number) => ({
  year,
  month,
  day: dayOfMonth,
});
const TODAY = day(2026, 12, 10);

const code = (overrides: Partial<Extract<Promotion, { kind: "code" }>> = {}): Promotion => ({
  kind: "code",
  id: 1,
  name: "Winter",
  code: "ZAMTARI",
  percent: 20,
  amount: null,
  minGoods: 15_000,
  startsOn: "2026-12-01",
  endsOn: "2026-12-15",
  useLimit: null,
  oncePerPhone: true,
  combines: false,
  products: [],
  active: true,
  ...overrides,
});
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
const launch: Promotion = {
  kind: "sale",
  id: 3,
  name: "Launch price",
  productKey: "body/burn-cream",
  price: 9_000,
  startsOn: null,
  endsOn: "2026-12-15",
  active: true,
};
const cream = (qty: number) => ({ key: "body/hemor-cream", qty, price: 10_000 });

describe("pricing with promotions (D86)", () => {
  it("takes a code's percentage off from its minimum, and refuses it below", () => {
    expect(pricePromotions([cream(1)], [code()], "zamtari", TODAY).problem).toEqual({
      problem: "minimum",
      minGoods: 15_000,
    });
    const applied = pricePromotions([cream(2)], [code()], " zam-tari ", TODAY);
    expect(applied.code?.discount).toBe(4_000);
    expect(applied.due).toBe(16_000);
  });

  it("names what is wrong with a code: unknown, not yet, over, switched off, used", () => {
    const problem = (promotion: Promotion, usage?: { uses: number; byPhone: boolean }) =>
      pricePromotions([cream(2)], [promotion], "ZAMTARI", TODAY, usage).problem?.problem;
    expect(pricePromotions([cream(2)], [code()], "NOPE", TODAY).problem?.problem).toBe("unknown");
    expect(problem(code({ startsOn: "2026-12-11" }))).toBe("notYet");
    expect(problem(code({ endsOn: "2026-12-09" }))).toBe("over");
    expect(problem(code({ active: false }))).toBe("off");
    expect(problem(code({ useLimit: 3 }), { uses: 3, byPhone: false })).toBe("usedUp");
    expect(problem(code(), { uses: 1, byPhone: true })).toBe("usedByPhone");
    expect(problem(code({ oncePerPhone: false }), { uses: 1, byPhone: true })).toBeUndefined();
  });

  it("prices two jars at the quantity price, and keeps a code off them unless it combines", () => {
    const two = pricePromotions([cream(2)], [twoJars], null, TODAY);
    expect(two.lines[0]).toMatchObject({ regular: 10_000, price: 9_000, subtotal: 18_000 });
    expect(two.applied).toEqual([{ promotion: twoJars, amount: 2_000 }]);
    expect(pricePromotions([cream(2)], [twoJars, code()], "ZAMTARI", TODAY).problem).toEqual({
      problem: "products",
    });
    const both = pricePromotions([cream(2)], [twoJars, code({ combines: true })], "ZAMTARI", TODAY);
    expect(both.code?.discount).toBe(3_600);
    expect(both.due).toBe(14_400);
  });

  it("sells at the sale price until its last day in Tbilisi, and not the day after", () => {
    const burn = { key: "body/burn-cream", qty: 1, price: 12_000 };
    expect(pricePromotions([burn], [launch], null, day(2026, 12, 15)).goods).toBe(9_000);
    expect(pricePromotions([burn], [launch], null, day(2026, 12, 16)).goods).toBe(12_000);
  });

  it("takes an amount off at most the goods it applies to", () => {
    const amount = code({ percent: null, amount: 50_000, minGoods: null });
    expect(pricePromotions([cream(1)], [amount], "ZAMTARI", TODAY).code?.discount).toBe(10_000);
  });

  it("reads a code in any case, with spaces, dashes and Arabic-Indic digits", () => {
    expect(normalizeCode(" zam-tari ٢٠ ")).toBe("ZAMTARI20");
  });
});

describe("a code on an order", () => {
  let db: Kysely<Database>;
  const NOW = Date.parse("2026-12-10T08:00:00Z");
  const settings = {
    botToken: null,
    chatIds: [],
    deskChatIds: [],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
  };

  beforeEach(async () => {
    db = await freshDatabase("promotions");
    await db
      .insertInto("promotions")
      .values({
        kind: "code",
        name: "Winter",
        code: "ZAMTARI",
        percent: 20,
        min_goods: 15_000,
        starts_on: "2026-12-01",
        ends_on: "2026-12-15",
        created_at: "2026-11-29T00:00:00.000Z",
      })
      .execute();
  });
  afterEach(async () => {
    await db.destroy();
  });

  async function order(phone: string, token: string) {
    const rows = await db.selectFrom("promotions").selectAll().execute();
    const list = rows.map(readPromotion).filter((row): row is Promotion => row !== null);
    return placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          phone,
          deliveryTime: "11.12.26",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 2 }],
        language: "ka",
        token,
        titleLanguage: "ru",
        promotions: { list, code: "zamtari", today: TODAY },
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
  }

  it("keeps the code, its discount and the promotion's amount, once per phone until cancelled", async () => {
    const first = await order("+995 555 123 456", "token-aaaaaaaaaaaaaaaa");
    if (!first.ok) throw new Error(`not placed: ${JSON.stringify(first)}`);
    expect(first.placed.order).toMatchObject({
      promo_code: "ZAMTARI",
      discount: 4_000,
      total: 16_000,
    });
    const kept = await db.selectFrom("order_promotions").selectAll().execute();
    expect(kept).toMatchObject([{ name: "Winter", code: "ZAMTARI", amount: 4_000 }]);

    // The same phone, written another way: refused, nothing stored.
    expect(await order("+995 555 12 34 56", "token-bbbbbbbbbbbbbbbb")).toEqual({
      ok: false,
      error: "promo",
      problem: "usedByPhone",
      minGoods: undefined,
    });

    // Cancelled, the use comes back; undone, it is taken again.
    const actor = { name: "Owner", staffId: null };
    const number = first.placed.order.order_number;
    await changeOrderStatus(db, { orderNumber: number, to: "cancelled", actor }, NOW, settings);
    const again = await order("+995 555 123 456", "token-cccccccccccccccc");
    expect(again.ok).toBe(true);
    expect(
      await db.selectFrom("promotion_uses").select("released_at").orderBy("id").execute(),
    ).toEqual([{ released_at: expect.any(String) }, { released_at: null }]);
  });
});
