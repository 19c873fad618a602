import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "~/checkout/rate-limit.server";
import { type CheckoutDeps, submitCheckout } from "~/checkout/submit.server";
import { blockPhone, listBlockedPhones, unblockPhone } from "~/orders/blocked.server";
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
