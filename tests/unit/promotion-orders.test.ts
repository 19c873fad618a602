import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildReport } from "~/couriers/reports.server";
import { weeklySummaryText } from "~/couriers/weekly.server";
import { promotionCells } from "~/desk/csv";
import { fixedT } from "~/i18n/instance.server";
import { formatPrice } from "~/i18n/money";
import { linePrice, orderAmounts, promotionLines } from "~/orders/amounts";
import { changeOrderStatus } from "~/orders/change-status.server";
import { correctOrder } from "~/orders/edit.server";
import { eventNote } from "~/orders/event-note";
import { buildOrderMessage } from "~/orders/message";
import { renderOrderMessage } from "~/orders/message.server";
import { placeOrder } from "~/orders/place.server";
import { promotionsOf } from "~/orders/read.server";
import { type Promotion, readPromotion } from "~/promotions/model";
import { statusText } from "~/shopper/shopper-chat";
import en from "../../app/locales/en/desk.json";
import type { Database, OrderStatus } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const gel = (tetri: number, language: string) => formatPrice(tetri, language);

/** 200 GEL of goods (two jars at the quantity price 90, and a 20 GEL jar), ZAMTARI −36, 7 GEL to Rustavi. */
const order = {
  order_number: 4321,
  address: "Rustaveli 12",
  phone: "+995 555 123 456",
  name: null,
  messenger: null,
  email: null,
  delivery_time: "11.12.26",
  delivery_date: "2026-12-11",
  total: 20_000 - 4_000 + 700,
  discount: 4_000,
  delivery_fee: 700,
  delivery_area: "Рустави",
  delivery_zone: "rustavi",
  pinned_note: null,
  status: "confirmed" as const,
  language: "ka",
};
const items = [
  { title: "Мазь", qty: 2, subtotal: 18_000 },
  { title: "Крем", qty: 1, subtotal: 2_000 },
];
const promotions = promotionLines([
  { kind: "code", name: "Winter", code: "ZAMTARI", amount: 4_000 },
  { kind: "quantity", name: "Two jars", code: null, amount: 2_000 },
  { kind: "sale", name: "Nothing off", code: null, amount: 0 },
]);

describe("an order's promotions on its surfaces (D86)", () => {
  it("lists the automatic prices first, then the code, and none that took nothing off", () => {
    expect(promotions.map((line) => line.name)).toEqual(["Two jars", "Winter"]);
    expect(orderAmounts(order)).toEqual({
      goods: 20_000,
      discount: 4_000,
      delivery: 700,
      total: 16_700,
    });
    expect(linePrice({ price: 9_000, regular_price: 10_000 })).toEqual({
      price: 9_000,
      regular: 10_000,
    });
    expect(linePrice({ price: 9_000, regular_price: null })).toEqual({
      price: 9_000,
      regular: null,
    });
  });

  it("tell the staff each promotion and its amount between the goods and the total, in Georgian and Arabic", () => {
    const ka = buildOrderMessage(order, items, {
      language: "ka",
      t: fixedT("ka", "desk"),
      promotions,
    });
    expect(ka).toContain(`<b>პროდუქციის ღირებულება:</b> ${gel(20_000, "ka")}`);
    expect(ka).toContain(`<b>პრომოკოდი ZAMTARI (Winter):</b> −${gel(4_000, "ka")}`);
    expect(ka).toContain(`<b>Two jars (ფასებში):</b> −${gel(2_000, "ka")}`);
    expect(ka.indexOf("ZAMTARI")).toBeLessThan(ka.indexOf("<b>სულ:</b>"));
    expect(ka).toContain(`<b>სულ:</b> ${gel(16_700, "ka")}`);

    const ar = buildOrderMessage(order, items, {
      language: "ar",
      t: fixedT("ar", "desk"),
      promotions,
    });
    expect(ar).toContain(`<b>رمز الخصم ZAMTARI (Winter):</b> −${gel(4_000, "ar")}`);
    expect(ar.indexOf("رمز الخصم")).toBeLessThan(ar.indexOf("<b>الإجمالي:</b>"));
    expect(ar).toContain(`<b>الإجمالي:</b> ${gel(16_700, "ar")}`);
  });

  it("tell the staff a line's charged price beside its regular one", () => {
    const text = buildOrderMessage(
      order,
      [{ title: "Мазь", qty: 2, subtotal: 18_000, price: 9_000, regular_price: 10_000 }],
      { language: "ka", t: fixedT("ka", "desk"), promotions },
    );
    expect(text).toContain(
      `• Мазь × 2 — ${gel(18_000, "ka")} (ერთი ქილის ფასი: ${gel(9_000, "ka")}, ჩვეულებრივი ფასი ${gel(10_000, "ka")})`,
    );
  });

  it("tell the shopper the discount and the cash to pay, in the order's language", () => {
    const ka = statusText({ ...order, promotions }, fixedT("ka", "checkout"));
    expect(ka).toContain(`პრომოკოდი ZAMTARI (Winter): −${gel(4_000, "ka")}`);
    expect(ka).toContain(`კურიერისთვის გადასახდელი: ${gel(16_700, "ka")}`);
    const ar = statusText({ ...order, language: "ar", promotions }, fixedT("ar", "checkout"));
    expect(ar).toContain(`رمز الخصم ZAMTARI (Winter): −${gel(4_000, "ar")}`);
    expect(ar.indexOf("رمز الخصم")).toBeLessThan(ar.indexOf("المبلغ المستحق للمندوب"));
    // An order without a delivery line still shows its discount.
    const plain = statusText(
      { ...order, delivery_fee: 0, delivery_area: null, delivery_zone: null, promotions },
      fixedT("ka", "checkout"),
    );
    expect(plain).toContain("ZAMTARI");
  });
});

describe("the CSV's promotion columns", () => {
  it("are named Promo code and Discount, and written as the money columns are", () => {
    expect(en.csv.promoCode).toBe("Promo code");
    expect(en.csv.discount).toBe("Discount");
    expect(promotionCells({ ...order, promo_code: "ZAMTARI" })).toEqual(["ZAMTARI", "40.00"]);
    expect(promotionCells({ ...order, promo_code: null, discount: 0 })).toEqual([null, "0.00"]);
  });
});

describe("orders with promotions in the database", () => {
  let db: Kysely<Database>;
  const NOW = Date.parse("2026-12-10T08:00:00Z");
  const TODAY = { year: 2026, month: 12, day: 10 };
  const chat = {
    botToken: null,
    chatIds: [],
    deskChatIds: [],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
  };
  const values = (phone: string) => ({
    address: "Rustaveli 1",
    phone,
    deliveryTime: "11.12.26",
    name: null,
    messenger: null,
    email: null,
  });

  beforeEach(async () => {
    db = await freshDatabase("promotion-orders");
    await db
      .insertInto("promotions")
      .values([
        {
          kind: "code",
          name: "Winter",
          code: "ZAMTARI",
          percent: 20,
          min_goods: 15_000,
          starts_on: "2026-12-01",
          ends_on: "2026-12-15",
          created_at: "2026-11-29T00:00:00.000Z",
        },
        {
          kind: "quantity",
          name: "Three jars",
          product_key: "body/hemor-cream",
          min_qty: 3,
          price: 9_000,
          created_at: "2026-11-29T00:00:00.000Z",
        },
      ])
      .execute();
  });
  afterEach(async () => {
    await db.destroy();
  });

  async function list() {
    const rows = await db.selectFrom("promotions").selectAll().execute();
    return rows.map(readPromotion).filter((row): row is Promotion => row !== null);
  }

  async function place(phone: string, qty: number, code: string | null, token: string) {
    const placed = await placeOrder(
      db,
      {
        values: values(phone),
        cart: [{ key: "body/hemor-cream", qty }],
        language: "ka",
        token,
        titleLanguage: "ru",
        promotions: { list: await list(), code, today: TODAY },
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
    return placed.placed.order;
  }

  async function move(orderNumber: number, ...statuses: OrderStatus[]) {
    for (const to of statuses)
      await changeOrderStatus(
        db,
        { orderNumber, to, actor: { name: "Owner", staffId: null } },
        NOW,
        chat,
      );
  }

  it("writes a new order's chat message from what it placed, as the order read back shows it", async () => {
    // A phone whose earlier order was refused: the message counts it.
    const earlier = await place("+995 555 123 456", 1, null, "promo-message-token-earlier");
    await move(earlier.order_number, "refused");
    const telegram = { ...chat, botToken: "1:test-token", chatIds: ["1"] };
    const placed = await placeOrder(
      db,
      {
        values: values("+995 555 123 456"),
        cart: [{ key: "body/hemor-cream", qty: 2 }],
        language: "ka",
        token: "promo-message-token-new-1",
        titleLanguage: "ru",
        promotions: { list: await list(), code: "zamtari", today: TODAY },
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY, telegram },
    );
    if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
    const { text } = await db
      .selectFrom("notifications")
      .select("text")
      .where("order_id", "=", placed.placed.order.id)
      .executeTakeFirstOrThrow();
    const readBack = await renderOrderMessage(db, placed.placed.order, telegram);
    expect(text).toBe(readBack.text);
    expect(text).toContain("ZAMTARI");
  });

  it("prices a correction by the rules the order was placed with, not today's, and records the discount's before → after", async () => {
    const placed = await place("+995 555 123 456", 2, "zamtari", "promo-correction-token-1");
    expect(placed).toMatchObject({ discount: 4_000, total: 16_000 });

    // Today the owner makes the code 50 % and the quantity price 50 GEL from two jars.
    await db.updateTable("promotions").set({ percent: 50 }).where("kind", "=", "code").execute();
    await db
      .updateTable("promotions")
      .set({ price: 5_000, min_qty: 2 })
      .where("kind", "=", "quantity")
      .execute();

    const correct = (qty: number) =>
      correctOrder(
        db,
        {
          orderNumber: placed.order_number,
          actor: { name: "Nino", staffId: null },
          values: values("+995 555 123 456"),
          quantities: new Map([["body/hemor-cream", qty]]),
        },
        NOW + 86_400_000 * 10,
        chat,
      );

    // Three jars: still 20 % of the goods, and no quantity price (it did not take part).
    const three = await correct(3);
    if (three.outcome !== "saved") throw new Error(three.outcome);
    expect(three.order).toMatchObject({ discount: 6_000, total: 24_000 });

    // One jar falls below the code's minimum of 150 GEL: no discount.
    const one = await correct(1);
    if (one.outcome !== "saved") throw new Error(one.outcome);
    expect(one.order).toMatchObject({ discount: 0, total: 10_000 });
    expect((await promotionsOf(db, [placed.id])).get(placed.id) ?? []).toEqual([]);

    // Two again: the code's old 20 % comes back.
    const two = await correct(2);
    if (two.outcome !== "saved") throw new Error(two.outcome);
    expect(two.order).toMatchObject({ discount: 4_000, total: 16_000 });
    expect((await promotionsOf(db, [placed.id])).get(placed.id)).toMatchObject([
      { code: "ZAMTARI", amount: 4_000 },
    ]);

    const events = await db
      .selectFrom("order_events")
      .select(["note", "note_key", "note_values"])
      .where("note_key", "=", "event.edited.discount")
      .orderBy("id")
      .execute();
    const t = fixedT("en", "desk");
    expect(
      events.map((event) =>
        eventNote(
          event,
          t,
          (line) => line.title,
          undefined,
          (tetri) => gel(tetri, "en"),
        ),
      ),
    ).toEqual([
      `Discount: ${gel(4_000, "en")} → ${gel(6_000, "en")}`,
      `Discount: ${gel(6_000, "en")} → ${gel(0, "en")}`,
      `Discount: ${gel(0, "en")} → ${gel(4_000, "en")}`,
    ]);
  });

  it("keeps an automatic price the order was placed with through a correction", async () => {
    const placed = await place("+995 555 000 001", 3, null, "promo-correction-token-2");
    expect(placed.total).toBe(27_000);
    await db
      .updateTable("promotions")
      .set({ price: 5_000 })
      .where("kind", "=", "quantity")
      .execute();
    const four = await correctOrder(
      db,
      {
        orderNumber: placed.order_number,
        actor: { name: "Nino", staffId: null },
        values: values("+995 555 000 001"),
        quantities: new Map([["body/hemor-cream", 4]]),
      },
      NOW,
      chat,
    );
    if (four.outcome !== "saved") throw new Error(four.outcome);
    expect(four.order.total).toBe(36_000);
    const item = await db
      .selectFrom("order_items")
      .select(["price", "regular_price", "subtotal"])
      .where("order_id", "=", placed.id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ price: 9_000, regular_price: 10_000, subtotal: 36_000 });
  });

  it("reports each promotion's orders, outcomes, discount and cash beside the refusal rate without one", async () => {
    const a = await place("+995 555 100 001", 2, "ZAMTARI", "promo-report-token-00001");
    const b = await place("+995 555 100 002", 2, "ZAMTARI", "promo-report-token-00002");
    const c = await place("+995 555 100 003", 3, null, "promo-report-token-00003");
    const f = await place("+995 555 100 006", 4, null, "promo-report-token-00006");
    const d = await place("+995 555 100 004", 1, null, "promo-report-token-00004");
    const e = await place("+995 555 100 005", 1, null, "promo-report-token-00005");
    const g = await place("+995 555 100 007", 1, null, "promo-report-token-00007");
    await move(a.order_number, "confirmed", "shipped", "delivered");
    await move(b.order_number, "confirmed", "shipped", "refused");
    await move(c.order_number, "confirmed", "shipped", "delivered");
    await move(f.order_number, "confirmed", "shipped", "refused");
    await move(d.order_number, "confirmed", "shipped", "delivered");
    await move(e.order_number, "confirmed", "shipped", "delivered");
    await move(g.order_number, "confirmed", "shipped", "refused");

    const report = await buildReport(db, { from: TODAY, to: TODAY, by: "placed" }, () => null);
    // What the test works out from the orders themselves.
    const byCode = [a, b];
    const byQuantity = [c, f];
    const winter = report.promotions.find((row) => row.code === "ZAMTARI");
    const three = report.promotions.find((row) => row.name === "Three jars");
    expect(winter).toMatchObject({
      placed: byCode.length,
      delivered: 1,
      refused: 1,
      refusalRate: 0.5,
      discount: a.discount,
      collected: a.total,
      // Without a promotion: two delivered, one refused.
      withoutRate: 1 / 3,
    });
    expect(three).toMatchObject({
      placed: byQuantity.length,
      delivered: 1,
      refused: 1,
      // Three jars at 90 instead of 100: 30 GEL off the delivered one.
      discount: 3_000,
      collected: c.total,
    });
    expect(report.totals.placed).toBe(7);
    expect(report.totals.discounts).toBe(a.discount);
    expect(report.totals.collected).toBe(
      report.totals.goods - report.totals.discounts + report.totals.fees,
    );

    // The week's summary names the code with its orders and the discount it gave.
    const summary = await weeklySummaryText(db, { year: 2026, month: 12, day: 14 }, "en");
    expect(summary).toContain("Promotions:");
    expect(summary).toContain(
      `ZAMTARI (Winter): orders 2, discount given ${gel(a.discount, "en")}`,
    );
    expect(summary).toContain(`Three jars: orders 2, discount given ${gel(3_000, "en")}`);
  });
});
