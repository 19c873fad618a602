import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "~/checkout/rate-limit.server";
import { type CheckoutDeps, submitCheckout } from "~/checkout/submit.server";
import { type DeliveryZone, defaultWeek, defaultZones } from "~/delivery/zones";
import { blockPhone, listBlockedPhones, unblockPhone } from "~/orders/blocked.server";
import { placeOrder } from "~/orders/place.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// 10:00 in Tbilisi on 22 Nov 2026; the window is the spec's own year shifted to 2026.
const NOW = Date.parse("2026-11-22T06:00:00Z");
let db: Kysely<Database>;

beforeEach(async () => {
  db = await freshDatabase("submit");
});

afterEach(async () => {
  await db.destroy();
});

function deps(limit = 10, takingOrders = true): CheckoutDeps {
  return {
    db,
    now: () => NOW,
    takingOrders,
    shopPhone: "+995 555 000 111",
    delivery: { from: null, until: null },
    zones: defaultZones,
    week: defaultWeek,
    telegram: {
      botToken: "123:abc",
      chatIds: ["111", "222"],
      deskChatIds: ["111"],
      holdAfterRefusals: 2,
      phoneHashKey: PHONE_HASH_KEY,
      language: "ru",
    },
    rateLimiter: createRateLimiter(
      db,
      () => limit,
      () => NOW,
    ),
  };
}

const form = (fields: Record<string, string>) =>
  new URLSearchParams({
    token: "token-0123456789abcdef",
    address: "Rustaveli 1",
    phone: "+995 555 123 456",
    deliveryTime: "24.11.26",
    messenger: "",
    email: "",
    ...fields,
  });

const submission = (fields: Record<string, string> = {}) => ({
  form: form(fields),
  cart: [{ key: "body/hemor-cream", qty: 2 }],
  language: "ka",
  client: "ip:203.0.113.7",
});

const count = async (table: "orders" | "notifications") =>
  Number(
    (await db.selectFrom(table).select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow())
      .n,
  );

describe("submitCheckout (D8, D9, D12)", () => {
  it("places the order with its items and one notification per chat, by the shop's clock", async () => {
    const outcome = await submitCheckout(deps(), submission());
    expect(outcome.status).toBe("placed");
    const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      total: 20000,
      language: "ka",
      created_at: "2026-11-22T06:00:00.000Z",
    });
    expect(await count("notifications")).toBe(2);
  });

  it("refuses a blocked number in any spelling with a neutral answer, stores nothing, counts the try", async () => {
    const owner = { staffId: null, name: "Owner" };
    expect(
      await blockPhone(
        db,
        { phone: "0555 123 456", reason: "Three fake orders", actor: owner },
        NOW,
      ),
    ).toBe("blocked");
    expect(
      await blockPhone(db, { phone: "+995555123456", reason: "again", actor: owner }, NOW),
    ).toBe("exists");
    expect(await blockPhone(db, { phone: "12", reason: "x", actor: owner }, NOW)).toBe("phone");
    expect(await blockPhone(db, { phone: "599 000 111", reason: " ", actor: owner }, NOW)).toBe(
      "reason",
    );
    for (const phone of ["+995 555 123 456", "00995 555 123 456"]) {
      const outcome = await submitCheckout(deps(), submission({ phone }));
      expect(outcome).toMatchObject({
        status: "refused",
        httpStatus: 403,
        error: { message: "errors.unavailable", values: { phone: "\u2068+995 555 000 111\u2069" } },
      });
    }
    expect(await count("orders")).toBe(0);
    expect(await count("notifications")).toBe(0);
    const [block] = await listBlockedPhones(db);
    expect(block).toMatchObject({ phone: "+995 555 123 456", attempts: 2, blocked_by: "Owner" });
    const trail = await db.selectFrom("activity").select(["subject", "field", "after"]).execute();
    expect(trail).toEqual([
      { subject: "+995 555 123 456", field: "blocked", after: "Three fake orders" },
    ]);

    expect(await unblockPhone(db, { phone: "+995 555 123 456", actor: owner }, NOW)).toBe(true);
    expect((await submitCheckout(deps(), submission())).status).toBe("placed");
  });

  it("leaves an order staff take on the phone for a blocked number to them: placed, no try counted", async () => {
    const owner = { staffId: null, name: "Owner" };
    await blockPhone(db, { phone: "+995 555 123 456", reason: "Fake orders", actor: owner }, NOW);
    const order = {
      values: {
        address: "Rustaveli 1",
        deliveryTime: "24.11.26",
        phone: "+995 555 123 456",
        name: null,
        messenger: null,
        email: null,
      },
      cart: [{ key: "body/hemor-cream", qty: 1 }],
      language: "ka",
      titleLanguage: "ru",
      takenBy: "Nino",
    };
    const taken = await placeOrder(
      db,
      { ...order, token: "phone-order-0123456789" },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    expect(taken.ok).toBe(true);
    // The same through the storefront's rule: refused, the try counted on the block.
    const refused = await placeOrder(
      db,
      { ...order, token: "shopper-order-0123456789" },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY, refuseBlocked: true },
    );
    expect(refused).toEqual({ ok: false, error: "blocked" });
    expect(await count("orders")).toBe(1);
    expect(await listBlockedPhones(db)).toMatchObject([{ attempts: 1 }]);
  });

  it("stores nothing while the shop is not taking orders, and says so", async () => {
    const outcome = await submitCheckout(deps(10, false), submission());
    expect(outcome).toMatchObject({
      status: "refused",
      httpStatus: 409,
      error: { message: "errors.closed" },
      values: { address: "Rustaveli 1" },
    });
    expect(await count("orders")).toBe(0);
    expect((await submitCheckout(deps(10, true), submission())).status).toBe("placed");
  });

  it("refuses more jars than are left, naming the product in the shopper's language", async () => {
    await db.updateTable("products").set({ stock: 1 }).where("slug", "=", "hemor-cream").execute();
    const outcome = await submitCheckout(deps(), submission());
    expect(outcome).toMatchObject({
      status: "refused",
      httpStatus: 409,
      error: {
        message: "errors.fewLeft",
        values: { title: "ჰემოროის საწინააღმდეგო მალამო", count: 1 },
      },
    });
    expect(await count("orders")).toBe(0);
  });

  it("places one order for a form sent twice", async () => {
    const first = await submitCheckout(deps(), submission());
    const again = await submitCheckout(deps(), { ...submission(), cart: [] });
    expect(again).toEqual(first);
    expect(await count("orders")).toBe(1);
  });

  it("refuses a past date with the dictionary key and keeps what was typed", async () => {
    const outcome = await submitCheckout(deps(), submission({ deliveryTime: "21.11.26" }));
    expect(outcome).toMatchObject({
      status: "refused",
      httpStatus: 400,
      error: { message: "check.dd", fields: ["deliveryTime"] },
      values: { deliveryTime: "21.11.26", address: "Rustaveli 1" },
    });
    expect(await count("orders")).toBe(0);
  });

  it("stores a phone written another way as the spec writes it (D30)", async () => {
    const spellings = [
      "+995599000111",
      "599000111",
      "00995 599 000 111",
      "0599 000 111",
      "٥٩٩ ٠٠٠ ١١١",
      // Pasted after the field's own +995 in a browser without scripts.
      "+995 00995 599 000 111",
    ];
    for (const [index, phone] of spellings.entries()) {
      const token = `token-${index}-0123456789abcdef`;
      expect((await submitCheckout(deps(), submission({ phone, token }))).status, phone).toBe(
        "placed",
      );
    }
    const stored = await db.selectFrom("orders").select("phone").execute();
    expect(stored.map((order) => order.phone)).toEqual(spellings.map(() => "+995 599 000 111"));
  });

  it("asks the rate limit before anything else", async () => {
    const limited = deps(1);
    expect((await submitCheckout(limited, submission())).status).toBe("placed");
    const outcome = await submitCheckout(limited, submission({ token: "token-fedcba9876543210" }));
    expect(outcome).toMatchObject({ status: "refused", httpStatus: 429 });
    expect(await count("orders")).toBe(1);
  });

  it("drops what fills the honeypot and writes nothing", async () => {
    expect(await submitCheckout(deps(), submission({ website: "http://spam" }))).toEqual({
      status: "bot",
    });
    expect(await count("orders")).toBe(0);
  });

  it("refuses a missing or malformed token", async () => {
    const outcome = await submitCheckout(deps(), submission({ token: "x" }));
    expect(outcome).toMatchObject({ status: "refused", error: { message: "errors.expired" } });
  });
});

describe("where, then when (D84)", () => {
  // 22 Nov 2026 is a Sunday; 10:00 in Tbilisi.
  const zones: DeliveryZone[] = [
    { ...(defaultZones[0] as DeliveryZone), fee: 500, freeFrom: 30_000 },
    {
      id: "rustavi",
      names: { ru: "Рустави", ka: "რუსთავი", en: "Rustavi" },
      fee: 700,
      freeFrom: 15_000,
      weekdays: [2, 5],
      earliest: 1,
      on: true,
    },
  ];
  const zoned = (week = defaultWeek) => ({ ...deps(), zones, week });

  it("charges the area's fee, keeps its name in the order's language, and collects goods + fee", async () => {
    const outcome = await submitCheckout(
      zoned(),
      submission({ area: "tbilisi", deliveryTime: "23.11.26" }),
    );
    expect(outcome.status).toBe("placed");
    const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      total: 20_500,
      delivery_fee: 500,
      delivery_zone: "tbilisi",
      delivery_area: "თბილისი",
    });
  });

  it("delivers free from the area's amount", async () => {
    await submitCheckout(zoned(), submission({ area: "rustavi", deliveryTime: "24.11.26" }));
    const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total: 20_000, delivery_fee: 0, delivery_area: "რუსთავი" });
  });

  it("asks for an area when there are several, and stores nothing", async () => {
    const outcome = await submitCheckout(zoned(), submission({ deliveryTime: "24.11.26" }));
    expect(outcome).toMatchObject({ status: "refused", error: { message: "check.area" } });
    expect(await count("orders")).toBe(0);
  });

  it("refuses a day the area's courier does not go, naming the next possible day", async () => {
    const outcome = await submitCheckout(
      zoned(),
      submission({ area: "rustavi", deliveryTime: "25.11.26" }),
    );
    expect(outcome).toMatchObject({
      status: "refused",
      httpStatus: 400,
      error: {
        message: "check.closedDay",
        fields: ["deliveryTime"],
        values: { area: "რუსთავი", weekday: 5, date: "27.11" },
      },
      values: { area: "rustavi", deliveryTime: "25.11.26" },
    });
    expect(await count("orders")).toBe(0);
  });

  it("refuses today after the cut-off and a holiday, naming the earliest day", async () => {
    const week = { cutoffHour: 9, holidays: ["2026-11-23"], minimum: null };
    const outcome = await submitCheckout(
      zoned(week),
      submission({ area: "tbilisi", deliveryTime: "22.11.26" }),
    );
    expect(outcome).toMatchObject({
      error: { message: "check.earliest", values: { weekday: 2, date: "24.11" } },
    });
  });

  it("places nothing below the minimum order and says how much is missing", async () => {
    const week = { cutoffHour: null, holidays: [], minimum: 25_000 };
    const outcome = await submitCheckout(
      zoned(week),
      submission({ area: "tbilisi", deliveryTime: "23.11.26" }),
    );
    expect(outcome).toMatchObject({
      status: "refused",
      error: { message: "check.minimum", values: { missing: 5_000, minimum: 25_000 } },
    });
    expect(await count("orders")).toBe(0);
  });

  it("needs no area in a shop with one zone, and names none", async () => {
    await submitCheckout(deps(), submission());
    const order = await db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({ delivery_zone: "tbilisi", delivery_area: null, delivery_fee: 0 });
  });
});
