import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeOrder } from "~/orders/place.server";
import { findOrder, phoneStanding, phoneStandings } from "~/orders/read.server";
import { callBeforeShipping } from "~/orders/standing";
import type { Database, OrderStatus } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

let db: Kysely<Database>;

beforeEach(async () => {
  db = await freshDatabase("standing");
});

afterEach(async () => {
  await db.destroy();
});

const NOW = Date.parse("2026-11-22T10:00:00Z");
let nextNumber = 1000;

/** An order from `phone` that ended in `status`. */
async function orderFrom(phone: string, status: OrderStatus): Promise<number> {
  const number = nextNumber++;
  const result = await placeOrder(
    db,
    {
      values: {
        address: "Rustaveli 1",
        deliveryTime: "05.12.26",
        phone,
        name: null,
        messenger: null,
        email: null,
      },
      cart: [{ key: "body/hemor-cream", qty: 1 }],
      language: "ka",
      token: `token-${number}-aaaaaaaaaaaa`,
      titleLanguage: "ru",
    },
    { now: NOW, phoneHashKey: PHONE_HASH_KEY, randomOrderNumber: () => number },
  );
  if (!result.ok) throw new Error(result.error);
  await db.updateTable("orders").set({ status }).where("order_number", "=", number).execute();
  return number;
}

describe("call before shipping", () => {
  it("marks an order that has not left when its phone refused enough parcels", () => {
    expect(callBeforeShipping("new", 2, 2)).toBe(true);
    expect(callBeforeShipping("confirmed", 3, 2)).toBe(true);
    expect(callBeforeShipping("new", 1, 2)).toBe(false);
  });

  it("no longer marks it once it has shipped or ended", () => {
    for (const status of ["shipped", "delivered", "refused", "cancelled"] as const) {
      expect(callBeforeShipping(status, 5, 2)).toBe(false);
    }
  });
});

describe("a phone's standing", () => {
  it("counts each phone's orders, refusals and deliveries in one look-up", async () => {
    const nino = "+995 599 000 111";
    const giorgi = "+995 555 123 456";
    await orderFrom(nino, "refused");
    await orderFrom(nino, "refused");
    await orderFrom(nino, "delivered");
    await orderFrom(nino, "new");
    await orderFrom(giorgi, "delivered");
    const standings = await phoneStandings(
      db,
      [nino, giorgi, nino, "+995 511 111 111"],
      PHONE_HASH_KEY,
    );
    expect(standings.get(nino)).toEqual({ count: 4, refused: 2, delivered: 1 });
    expect(standings.get(giorgi)).toEqual({ count: 1, refused: 0, delivered: 1 });
    expect(standings.has("+995 511 111 111")).toBe(false);
    expect(await phoneStanding(db, "+995 511 111 111", PHONE_HASH_KEY)).toEqual({
      count: 0,
      refused: 0,
      delivered: 0,
    });
  });

  it("reads an order with its items, or nothing for a number the shop does not have", async () => {
    const number = await orderFrom("+995 599 000 111", "new");
    const found = await findOrder(db, number);
    expect(found?.order.order_number).toBe(number);
    expect(found?.items).toHaveLength(1);
    expect(await findOrder(db, 999_999)).toBeNull();
  });
});
