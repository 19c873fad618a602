import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday, toShortDate } from "~/platform/calendar";
import { systemClock } from "~/platform/clock";
import { freshPostgresUrl, testEngine } from "./support/database";

// The actions run against a database of their own.
process.env.DATABASE_PATH = join(mkdtempSync(join(tmpdir(), "shop-property-")), "shop.sqlite");
process.env.ORDER_RATE_LIMIT = "0";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
let cartAction: Action;
let checkoutAction: Action;
let invariants: () => Promise<{ orders: number; broken: number }>;

beforeAll(async () => {
  if (testEngine === "postgres") process.env.DATABASE_URL = await freshPostgresUrl();
  cartAction = (await import("~/routes/_shop.cart")).action as Action;
  checkoutAction = (await import("~/routes/_shop.checkout")).action as Action;
  const { db } = (await import("~/shop.server")).shop;
  const { sql } = await import("kysely");
  invariants = async () => {
    const orders = await db
      .selectFrom("orders")
      .select(db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    // An order whose items do not add up to its positions and total is half-written.
    const broken = await sql<{ n: number }>`
      select count(*) as n from orders o
      where o.positions != (select count(*) from order_items i where i.order_id = o.id)
         or o.total != (select coalesce(sum(subtotal), 0) from order_items i where i.order_id = o.id)
    `.execute(db);
    return { orders: Number(orders.n), broken: Number(broken.rows[0]?.n ?? 0) };
  };
});

const fieldNames = [
  "intent",
  "key",
  "quantity",
  "expected",
  "redirectTo",
  "fetcher",
  "token",
  "address",
  "deliveryTime",
  "phone",
  "messenger",
  "email",
  "website",
  "price",
  "__proto__",
];
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom(
    "add",
    "set",
    "increment",
    "decrement",
    "remove",
    "clear",
    "body/hemor-cream",
    "1",
    "0",
    "-1",
    "99999",
    "+995 555 123 456",
    "01.01.26",
    "1",
  ),
  fc.string({ minLength: 5000, maxLength: 30_000 }),
);
const form = fc.dictionary(
  fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 10 })),
  anyText,
  { maxKeys: 12 },
);
const cookie = fc.oneof(
  fc.constant(""),
  fc.string({ maxLength: 200 }).map((value) => `cart_v1=${encodeURIComponent(value)}`),
  fc.constant(`cart_v1=${encodeURIComponent('[["body/hemor-cream",2]]')}`),
  fc.string({ maxLength: 300 }),
);

/** What a thrown or returned answer says its status is. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    const init = (result as { init?: { status?: number } } | null)?.init;
    return init?.status ?? 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

function post(path: string, fields: Record<string, string>, cookieHeader: string): Request {
  return new Request(`http://shop.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader },
    body: new URLSearchParams(fields),
  });
}

describe("random input never breaks the shop (D11)", () => {
  it("the cart action never fails with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(form, cookie, async (fields, cookieHeader) => {
        const status = await statusOf(() =>
          cartAction({ request: post("/cart", fields, cookieHeader), params: {}, context: {} }),
        );
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it("the checkout action never fails with a 5xx and never half-writes an order", async () => {
    await fc.assert(
      fc.asyncProperty(form, cookie, async (fields, cookieHeader) => {
        const status = await statusOf(() =>
          checkoutAction({
            request: post("/checkout", fields, cookieHeader),
            params: {},
            context: {},
          }),
        );
        expect(status).toBeLessThan(500);
        expect((await invariants()).broken).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it("SQL and HTML in every field are stored exactly as typed", async () => {
    const hostile = `<script>alert('x')</script>"; DROP TABLE orders; --`;
    const status = await statusOf(() =>
      checkoutAction({
        request: post(
          "/checkout",
          {
            token: "property-token-0000000001",
            address: hostile,
            // The action reads the process's clock, so the date is counted from it too.
            deliveryTime: toShortDate(addDays(shopToday(systemClock()), 2)),
            phone: "+995 555 123 456",
            messenger: hostile.slice(0, 60),
            email: "",
          },
          `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`,
        ),
        params: {},
        context: {},
      }),
    );
    expect(status).toBe(303);
    const { db } = (await import("~/shop.server")).shop;
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("submission_token", "=", "property-token-0000000001")
      .executeTakeFirstOrThrow();
    expect(order.address).toBe(hostile);
    expect(order.messenger).toBe(hostile.slice(0, 60));
    expect((await invariants()).orders).toBeGreaterThan(0);
  });
});
