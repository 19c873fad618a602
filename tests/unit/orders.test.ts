import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatOrderNumber, placeOrder } from "~/orders/place.server";
import { findOrder } from "~/orders/read.server";
import { isUniqueViolation } from "../../db/connection";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

let db: Kysely<Database>;

beforeEach(async () => {
  db = await freshDatabase("orders");
});

afterEach(async () => {
  await db.destroy();
});

const values = {
  address: "Rustaveli Ave 12, apt 3",
  deliveryTime: "05.07.26",
  phone: "+995 555 123 456",
  messenger: "@nino",
  email: null,
};

/** The instant every order of these tests is placed: the shop's clock, not the wall's. */
const NOW = Date.parse("2026-11-22T10:00:00Z");

const input = (token: string, qty = 2) => ({
  values,
  cart: [{ key: "body/hemor-cream", qty }],
  language: "ka",
  token,
  titleOf: (slug: string) => `title of ${slug}`,
});

async function count(table: "orders" | "order_items" | "notifications"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(db.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("placeOrder", () => {
  it("stores the order and its items, priced from the catalogue", async () => {
    const result = await placeOrder(db, input("token-aaaaaaaaaaaaaaaa"), {
      now: NOW,
      randomOrderNumber: () => 4321,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.placed.created).toBe(true);
    expect(result.placed.order).toMatchObject({
      order_number: 4321,
      created_at: "2026-11-22T10:00:00.000Z",
      address: values.address,
      phone: values.phone,
      messenger: "@nino",
      email: null,
      delivery_time: "05.07.26",
      total: 20000,
      positions: 1,
      language: "ka",
    });
    expect(result.placed.items).toMatchObject([
      {
        item_key: "body/hemor-cream",
        title: "title of hemor-cream",
        qty: 2,
        price: 10000,
        subtotal: 20000,
      },
    ]);
    expect(formatOrderNumber(4321)).toBe("004321");
    expect((await findOrder(db, 4321))?.items).toHaveLength(1);
  });

  it("returns the first order when the same form is sent again", async () => {
    const first = await placeOrder(db, input("token-bbbbbbbbbbbbbbbb"), { now: NOW });
    const second = await placeOrder(db, input("token-bbbbbbbbbbbbbbbb", 5), { now: NOW });
    if (!first.ok || !second.ok) throw new Error("expected orders");
    expect(second.placed.created).toBe(false);
    expect(second.placed.order.order_number).toBe(first.placed.order.order_number);
    expect(second.placed.order.total).toBe(20000);
    expect(await count("orders")).toBe(1);
    expect(await count("order_items")).toBe(1);
  });

  it("never reuses an order number", async () => {
    const numbers = [111111, 111111, 111111, 222222];
    const next = () => numbers.shift() ?? 333333;
    await placeOrder(db, input("token-cccccccccccccccc"), { now: NOW, randomOrderNumber: next });
    const second = await placeOrder(db, input("token-dddddddddddddddd"), {
      now: NOW,
      randomOrderNumber: next,
    });
    expect(second.ok && second.placed.order.order_number).toBe(222222);
  });

  it("refuses an empty cart and one with nothing for sale", async () => {
    expect(
      await placeOrder(db, { ...input("token-eeeeeeeeeeeeeeee"), cart: [] }, { now: NOW }),
    ).toEqual({
      ok: false,
      error: "emptyCart",
    });
    expect(
      await placeOrder(
        db,
        { ...input("token-ffffffffffffffff"), cart: [{ key: "body/burn-cream", qty: 1 }] },
        { now: NOW },
      ),
    ).toEqual({ ok: false, error: "emptyCart" });
    expect(await count("orders")).toBe(0);
  });

  it("writes nothing at all when any part of the order fails", async () => {
    // A chat id the outbox's unique (order, chat) index refuses the second time.
    await expect(
      placeOrder(db, input("token-gggggggggggggggg"), {
        now: NOW,
        telegram: {
          botToken: "1:x",
          chatIds: ["111", "111"],
          deskChatIds: [],
          holdAfterRefusals: 2,
          language: "ru",
        },
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await count("orders")).toBe(0);
    expect(await count("order_items")).toBe(0);
  });

  it("stores hostile text verbatim, never escaped", async () => {
    const address = `<img src=x onerror=alert(1)> & "quotes" '; DROP TABLE orders; --`;
    const result = await placeOrder(
      db,
      { ...input("token-hhhhhhhhhhhhhhhh"), values: { ...values, address } },
      { now: NOW },
    );
    expect(result.ok && result.placed.order.address).toBe(address);
    expect(await count("orders")).toBe(1);
  });
});
