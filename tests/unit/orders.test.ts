import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeOrderStatus } from "~/orders/change-status.server";
import { formatOrderNumber, placeOrder } from "~/orders/place.server";
import { findOrder } from "~/orders/read.server";
import { isUniqueViolation } from "../../db/connection";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

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
  name: null,
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
  titleLanguage: "en",
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
      phoneHashKey: PHONE_HASH_KEY,
      randomOrderNumber: () => 4321,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.placed.created).toBe(true);
    expect(result.placed.order).toMatchObject({
      order_number: 4321,
      created_at: "2026-11-22T10:00:00.000Z",
      address: values.address,
      phone: values.phone,
      name: null,
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
        title: "Hemorrhoid ointment",
        qty: 2,
        price: 10000,
        subtotal: 20000,
      },
    ]);
    expect(formatOrderNumber(4321)).toBe("004321");
    expect((await findOrder(db, 4321))?.items).toHaveLength(1);
  });

  it("stores the title in the chats' language, or from Russian, then English, where it is missing (D36)", async () => {
    const product = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "hemor-cream")
      .executeTakeFirstOrThrow();
    const titles = async (language: string) =>
      (
        await db
          .selectFrom("product_texts")
          .select("title")
          .where("product_id", "=", product.id)
          .where("language", "=", language)
          .executeTakeFirst()
      )?.title;
    const [russian, english] = [await titles("ru"), await titles("en")];
    const stored = async (token: string, titleLanguage: string) => {
      const result = await placeOrder(
        db,
        { ...input(token, 1), titleLanguage },
        { now: NOW, phoneHashKey: PHONE_HASH_KEY },
      );
      if (!result.ok) throw new Error(result.error);
      return result.placed.items.map((item) => item.title);
    };
    const withoutTitle = (language: string) =>
      db
        .deleteFrom("product_texts")
        .where("product_id", "=", product.id)
        .where("language", "=", language)
        .execute();
    expect(await stored("token-title-en-0123456", "en")).toEqual([english]);
    await withoutTitle("de");
    expect(await stored("token-title-de-0123456", "de")).toEqual([russian]);
    await withoutTitle("ru");
    expect(await stored("token-title-de-6543210", "de")).toEqual([english]);
  });

  it("returns the first order when the same form is sent again", async () => {
    const first = await placeOrder(db, input("token-bbbbbbbbbbbbbbbb"), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
    const second = await placeOrder(db, input("token-bbbbbbbbbbbbbbbb", 5), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
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
    await placeOrder(db, input("token-cccccccccccccccc"), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
      randomOrderNumber: next,
    });
    const second = await placeOrder(db, input("token-dddddddddddddddd"), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
      randomOrderNumber: next,
    });
    expect(second.ok && second.placed.order.order_number).toBe(222222);
  });

  it("refuses an empty cart and one with nothing for sale", async () => {
    expect(
      await placeOrder(
        db,
        { ...input("token-eeeeeeeeeeeeeeee"), cart: [] },
        { now: NOW, phoneHashKey: PHONE_HASH_KEY },
      ),
    ).toEqual({
      ok: false,
      error: "emptyCart",
    });
    expect(
      await placeOrder(
        db,
        { ...input("token-ffffffffffffffff"), cart: [{ key: "body/burn-cream", qty: 1 }] },
        { now: NOW, phoneHashKey: PHONE_HASH_KEY },
      ),
    ).toEqual({ ok: false, error: "emptyCart" });
    expect(await count("orders")).toBe(0);
  });

  it("writes nothing at all when any part of the order fails", async () => {
    // A chat id the outbox's unique (order, chat) index refuses the second time.
    await expect(
      placeOrder(db, input("token-gggggggggggggggg"), {
        now: NOW,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: {
          botToken: "1:x",
          chatIds: ["111", "111"],
          deskChatIds: [],
          holdAfterRefusals: 2,
          phoneHashKey: PHONE_HASH_KEY,
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
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    expect(result.ok && result.placed.order.address).toBe(address);
    expect(await count("orders")).toBe(1);
  });
});

describe("stock (counted per product, taken with the order)", () => {
  const CHAT = {
    botToken: null,
    chatIds: [],
    deskChatIds: [],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
  };

  async function setStock(stock: number | null, price = 10000) {
    await db
      .updateTable("products")
      .set({ stock, price })
      .where("slug", "=", "hemor-cream")
      .execute();
  }

  async function stock(): Promise<number | null> {
    const row = await db
      .selectFrom("products")
      .select("stock")
      .where("slug", "=", "hemor-cream")
      .executeTakeFirstOrThrow();
    return row.stock;
  }

  async function revision(): Promise<number> {
    const row = await db
      .selectFrom("content_revision")
      .select("revision")
      .executeTakeFirstOrThrow();
    return row.revision;
  }

  it("takes the quantity in the order's transaction and charges the price stored now", async () => {
    await setStock(20, 45_50);
    const placed = await placeOrder(db, input("token-stock-aaaaaaaaaa", 3), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
    expect(placed.ok && placed.placed.order.total).toBe(136_50);
    expect(await stock()).toBe(17);
  });

  it("refuses more than is left, naming what is left, and stores nothing", async () => {
    await setStock(2);
    const result = await placeOrder(db, input("token-stock-bbbbbbbbbb", 3), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
    expect(result).toEqual({
      ok: false,
      error: "soldOut",
      short: [{ key: "body/hemor-cream", title: "ჰემოროის საწინააღმდეგო მალამო", left: 2 }],
    });
    expect(await stock()).toBe(2);
    expect(await count("orders")).toBe(0);
  });

  it("gives the last jar to exactly one of two shoppers racing for it", async () => {
    await setStock(1);
    const before = await revision();
    const results = await Promise.all(
      ["token-race-aaaaaaaaaaaa", "token-race-bbbbbbbbbbbb"].map((token) =>
        placeOrder(db, input(token, 1), { now: NOW, phoneHashKey: PHONE_HASH_KEY }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.error === "soldOut")).toHaveLength(1);
    expect(await count("orders")).toBe(1);
    expect(await stock()).toBe(0);
    // The product now shows "Sold out": what shoppers see changed.
    expect(await revision()).toBeGreaterThan(before);
  });

  it("puts a cancelled or refused order's jars back, and leaves uncounted stock alone", async () => {
    await setStock(5);
    const first = await placeOrder(db, input("token-back-aaaaaaaaaaaa", 2), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
    const second = await placeOrder(db, input("token-back-bbbbbbbbbbbb", 3), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
    if (!first.ok || !second.ok) throw new Error("expected orders");
    expect(await stock()).toBe(0);
    const actor = { name: "Nino", staffId: null };
    const orderNumber = first.placed.order.order_number;
    await changeOrderStatus(db, { orderNumber, to: "cancelled", actor }, NOW, CHAT);
    expect(await stock()).toBe(2);
    // Cancelling it again is a no-op: nothing is given back twice.
    await changeOrderStatus(db, { orderNumber, to: "cancelled", actor }, NOW, CHAT);
    expect(await stock()).toBe(2);
    const other = second.placed.order.order_number;
    for (const to of ["confirmed", "shipped", "refused"] as const) {
      await changeOrderStatus(db, { orderNumber: other, to, actor }, NOW, CHAT);
    }
    expect(await stock()).toBe(5);

    await setStock(null);
    const uncounted = await placeOrder(db, input("token-back-cccccccccccc", 4), {
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
    });
    if (!uncounted.ok) throw new Error("expected an order");
    await changeOrderStatus(
      db,
      { orderNumber: uncounted.placed.order.order_number, to: "cancelled", actor },
      NOW,
      CHAT,
    );
    expect(await stock()).toBeNull();
  });
});
