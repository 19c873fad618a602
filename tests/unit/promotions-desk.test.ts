import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listActivity } from "~/content/activity.server";
import { readRevision } from "~/content/store.server";
import { fieldWords, valueWords } from "~/desk/activity-words";
import { placeOrder } from "~/orders/place.server";
import { type Promotion, readPromotion } from "~/promotions/model";
import { type PromotionInput, parsePromotion } from "~/promotions/promotion-form";
import { deletePromotion, readDeskPromotions, savePromotion } from "~/promotions/promotions.server";
import { promotionWords } from "~/promotions/words";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const NOW = Date.parse("2026-11-29T09:00:00Z");
const owner = { staffId: null, name: "Nino" };
const products = [
  { key: "body/hemor-cream", price: 11_000 },
  { key: "body/burn-cream", price: 10_000 },
];
const zamtari = {
  code: " zam-tari ",
  name: "",
  percent: "٢٠",
  amount: "",
  minGoods: "150",
  startsOn: "01.12.26",
  endsOn: "15.12.26",
  useLimit: "50",
  oncePerPhone: "on",
  active: "on",
};

function parsed(fields: Record<string, string>, kind: "code" | "quantity" | "sale") {
  const result = parsePromotion(form(fields), kind, products);
  if (!result.ok) throw new Error(`refused: ${result.errors.join(", ")}`);
  return result.value;
}

describe("the owner's promotion forms, read as a person means them", () => {
  it("reads a code: upper case, Arabic-Indic digits, GEL as tetri, days as ISO, once per phone", () => {
    expect(parsed(zamtari, "code")).toEqual({
      kind: "code",
      name: "ZAMTARI",
      code: "ZAMTARI",
      percent: 20,
      amount: null,
      minGoods: 15_000,
      startsOn: "2026-12-01",
      endsOn: "2026-12-15",
      useLimit: 50,
      oncePerPhone: true,
      combines: false,
      products: [],
      active: true,
    });
    const amount = parsed(
      { ...zamtari, percent: "", amount: "7,50", "product-body/burn-cream": "on" },
      "code",
    );
    expect(amount).toMatchObject({ percent: null, amount: 750, products: ["body/burn-cream"] });
  });

  it("refuses each wrong field by name", () => {
    const refused = (fields: Record<string, string>, kind: "code" | "quantity" | "sale") => {
      const result = parsePromotion(form(fields), kind, products);
      return result.ok ? [] : result.errors;
    };
    expect(refused({ ...zamtari, code: "Z!" }, "code")).toEqual(["code"]);
    expect(refused({ ...zamtari, amount: "20" }, "code")).toEqual(["discount"]);
    expect(refused({ ...zamtari, percent: "" }, "code")).toEqual(["discount"]);
    expect(refused({ ...zamtari, percent: "101" }, "code")).toEqual(["percent"]);
    expect(refused({ ...zamtari, endsOn: "30.11.26" }, "code")).toEqual(["endsOn"]);
    expect(refused({ ...zamtari, startsOn: "31.02.26" }, "code")).toEqual(["startsOn"]);
    expect(refused({ ...zamtari, useLimit: "0" }, "code")).toEqual(["useLimit"]);
    expect(
      refused({ name: "Two", product: "body/hemor-cream", minQty: "1", price: "90" }, "quantity"),
    ).toEqual(["minQty"]);
    expect(refused({ name: "", product: "nope", price: "90" }, "sale")).toEqual([
      "name",
      "product",
      "endsOn",
    ]);
  });

  it("refuses a sale price not below the product's regular price", () => {
    const sale = { name: "Launch", product: "body/burn-cream", price: "100", endsOn: "15.12.26" };
    expect(parsePromotion(form(sale), "sale", products)).toEqual({
      ok: false,
      errors: ["notBelow"],
    });
    expect(parsed({ ...sale, price: "90" }, "sale")).toMatchObject({
      price: 9_000,
      endsOn: "2026-12-15",
    });
  });
});

describe("promotions in words", () => {
  const t = (key: string, options: Record<string, unknown> = {}) => {
    const en: Record<string, string> = {
      "promotions.words.between": "{{from}}–{{until}}",
      "promotions.words.until": "until {{until}}",
      "promotions.words.quantity": "{{product}}: {{jars}} or more {{price}} each",
      "promotions.words.sale": "{{product}}: {{price}} {{days}}",
      "promotions.words.percent": "−{{percent}} %",
      "promotions.words.minimum": "{{discount}} from {{amount}}",
      "promotions.words.usesOf": "{{used}} of {{limit}} used",
      "promotions.words.oncePerPhone": "once per phone",
      "promotions.words.separator": ", ",
    };
    const name = key.replace(/^desk:/, "");
    return (en[name] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
  const words = (promotion: PromotionInput, uses = 0) =>
    promotionWords({ ...promotion, id: 1 } as Promotion, {
      t,
      language: "de",
      productName: () => "Burn cream",
      uses,
    });
  it("says what each kind is", () => {
    expect(words(parsed(zamtari, "code"), 3)).toBe(
      "ZAMTARI: −20 % from 150\u00a0₾, 01.12.26–15.12.26, 3 of 50 used, once per phone",
    );
    expect(
      words(
        parsed({ name: "Two", product: "body/burn-cream", minQty: "2", price: "90" }, "quantity"),
      ),
    ).toBe("Burn cream: 2 or more 90\u00a0₾ each");
    expect(
      words(
        parsed({ name: "L", product: "body/burn-cream", price: "90", endsOn: "15.12.26" }, "sale"),
      ),
    ).toBe("Burn cream: 90\u00a0₾ until 15.12.26");
  });
});

describe("saving promotions", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("promotions-desk");
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("adds a code with its trail and a new revision, and refuses the same code twice", async () => {
    const revision = await readRevision(db);
    const added = await savePromotion(db, {
      id: null,
      promotion: parsed(zamtari, "code"),
      actor: owner,
      now: NOW,
    });
    expect(added).toEqual({ kind: "saved", id: expect.any(Number) });
    expect(await readRevision(db)).toBeGreaterThan(revision);
    const trail = await listActivity(db, { subject: { type: "promotion", id: "1" } });
    expect(trail.map((row) => [row.field, row.before, row.after])).toEqual(
      expect.arrayContaining([
        ["promotion.code", null, "ZAMTARI"],
        ["promotion.percent", null, "20"],
        ["promotion.minGoods", null, "150.00"],
        ["promotion.endsOn", null, "15.12.26"],
        ["promotion.oncePerPhone", null, "on"],
      ]),
    );
    const again = parsed({ ...zamtari, code: "Zamtari", name: "Other" }, "code");
    expect(await savePromotion(db, { id: null, promotion: again, actor: owner, now: NOW })).toEqual(
      {
        kind: "refused",
        error: "codeTaken",
      },
    );
    expect(await db.selectFrom("promotions").select("id").execute()).toHaveLength(1);
  });

  it("records before → after for a change, refuses a save from an older page", async () => {
    await savePromotion(db, {
      id: null,
      promotion: parsed(zamtari, "code"),
      actor: owner,
      now: NOW,
    });
    const mark = (await listActivity(db, { limit: 1 }))[0]?.id ?? 0;
    const changed = parsed({ ...zamtari, percent: "25" }, "code");
    expect(
      await savePromotion(db, {
        id: 1,
        promotion: changed,
        actor: owner,
        now: NOW + 1,
        revision: mark,
      }),
    ).toEqual({ kind: "saved", id: 1 });
    const [latest] = await listActivity(db, { subject: { type: "promotion", id: "1" } });
    expect(latest).toMatchObject({ field: "promotion.percent", before: "20", after: "25" });
    // The other page was read before that save: its change is refused, nothing overwritten.
    const older = parsed({ ...zamtari, minGoods: "200" }, "code");
    expect(
      await savePromotion(db, {
        id: 1,
        promotion: older,
        actor: owner,
        now: NOW + 2,
        revision: mark,
      }),
    ).toEqual({ kind: "stale" });
    const row = await db.selectFrom("promotions").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ percent: 25, min_goods: 15_000 });
  });

  it("deletes a promotion no order used; one an order used is only switched off", async () => {
    await savePromotion(db, {
      id: null,
      promotion: parsed(zamtari, "code"),
      actor: owner,
      now: NOW,
    });
    const sale = parsed(
      { name: "L", product: "body/hemor-cream", price: "90", endsOn: "15.12.26" },
      "sale",
    );
    await savePromotion(db, { id: null, promotion: sale, actor: owner, now: NOW });
    const list = (await db.selectFrom("promotions").selectAll().execute())
      .map(readPromotion)
      .filter((one): one is Promotion => one !== null);
    const placed = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          phone: "+995 555 123 456",
          deliveryTime: "11.12.26",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 2 }],
        language: "ka",
        token: "token-aaaaaaaaaaaaaaaa",
        titleLanguage: "ru",
        promotions: { list, code: "zamtari", today: { year: 2026, month: 12, day: 10 } },
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    expect(placed.ok).toBe(true);
    const read = await readDeskPromotions(db);
    expect(read.map(({ uses, used }) => ({ uses, used }))).toEqual([
      { uses: 1, used: true },
      // The code took this order: the sale, not combining with it, priced nothing.
      { uses: 0, used: false },
    ]);
    expect(await deletePromotion(db, { id: 1, actor: owner, now: NOW })).toEqual({
      kind: "refused",
      error: "used",
    });
    await savePromotion(db, {
      id: null,
      promotion: parsed(
        { name: "M", product: "body/burn-cream", price: "80", endsOn: "15.12.26" },
        "sale",
      ),
      actor: owner,
      now: NOW,
    });
    expect(await deletePromotion(db, { id: 3, actor: owner, now: NOW })).toEqual({
      kind: "saved",
      id: 3,
    });
    const gone = await listActivity(db, { subject: { type: "promotion", id: "3" } });
    expect(gone[0]).toMatchObject({ before: expect.any(String), after: null });
  });

  it("names the trail's promotion fields and values on the activity page", () => {
    expect(fieldWords("promotion.oncePerPhone")).toEqual({
      kind: "field",
      name: "promotion.oncePerPhone",
    });
    expect(valueWords("promotion.minGoods", "150.00")).toEqual({
      kind: "money",
      tetri: 15_000,
      note: null,
    });
    expect(valueWords("promotion.combines", "off")).toEqual({ kind: "flag", value: "off" });
  });
});
