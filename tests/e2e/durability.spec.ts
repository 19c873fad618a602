import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { prepareOrder, submitOrder } from "./support/fast-order";
import { freePort, startShop } from "./support/server";
import { expect, test } from "./support/test";

// Server-level tests with their own servers; once is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");
test.describe.configure({ mode: "serial" });

async function outboxEnv() {
  // A Telegram that never answers: every order still gets its two outbox rows.
  return {
    TELEGRAM_BOT_TOKEN: "111:durability-test-token-abcdefgh",
    TELEGRAM_CHAT_IDS: "1,2",
    TELEGRAM_API_URL: `http://127.0.0.1:${await freePort()}`,
  };
}

function inspect(dir: string) {
  const db = new Database(join(dir, "shop.sqlite"));
  try {
    const orders = db
      .prepare("select id, address, total, positions, order_number from orders")
      .all() as Array<{
      id: number;
      address: string;
      total: number;
      positions: number;
      order_number: number;
    }>;
    const items = db.prepare("select order_id, subtotal from order_items").all() as Array<{
      order_id: number;
      subtotal: number;
    }>;
    const outbox = db.prepare("select order_id from notifications").all() as Array<{
      order_id: number;
    }>;
    const integrity = db.prepare("pragma integrity_check").get() as { integrity_check: string };
    return { orders, items, outbox, integrity: integrity.integrity_check };
  } finally {
    db.close();
  }
}

test("every order confirmed before a SIGKILL is stored whole, with its items and outbox", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "shop-kill-"));
  const env = { ...(await outboxEnv()), ORDER_RATE_LIMIT: "0" };
  const confirmed: string[] = [];
  for (let round = 0; round < 4; round++) {
    const shop = await startShop(env, dir);
    const prepared = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        prepareOrder(shop.url, `Kill round ${round} order ${index}`),
      ),
    );
    const killer = setTimeout(() => shop.process.kill("SIGKILL"), 20 + Math.random() * 150);
    await Promise.allSettled(
      prepared.map(async (order, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 8));
        const { status } = await submitOrder(shop.url, order);
        if (status === 303) confirmed.push(order.address);
      }),
    );
    clearTimeout(killer);
    await shop.stop("SIGKILL");
  }
  expect(confirmed.length).toBeGreaterThan(0);
  const state = inspect(dir);
  expect(state.integrity).toBe("ok");
  const stored = new Set(state.orders.map((order) => order.address));
  for (const address of confirmed) expect(stored.has(address), address).toBe(true);
  // Nothing half-written: every order has its item and both outbox rows.
  for (const order of state.orders) {
    expect(state.items.filter((item) => item.order_id === order.id)).toEqual([
      { order_id: order.id, subtotal: 10000 },
    ]);
    expect(state.outbox.filter((row) => row.order_id === order.id)).toHaveLength(2);
    expect(order).toMatchObject({ total: 10000, positions: 1 });
  }
});

test("200 orders at once: each is placed or clearly refused with 429; numbers unique, totals right", async () => {
  test.setTimeout(120_000);
  const shop = await startShop(await outboxEnv());
  try {
    const prepared = [];
    for (let index = 0; index < 200; index++)
      prepared.push(await prepareOrder(shop.url, `Load order ${index}`));
    const results = await Promise.all(prepared.map((order) => submitOrder(shop.url, order)));
    const placed = results.filter((result) => result.status === 303).length;
    const refused = results.filter((result) => result.status === 429);
    expect(placed + refused.length).toBe(200);
    expect(placed).toBeGreaterThan(0);
    for (const result of refused) expect(result.body).toContain("слишком много заказов");
    const state = inspect(shop.dir);
    expect(state.orders).toHaveLength(placed);
    expect(new Set(state.orders.map((order) => order.order_number)).size).toBe(placed);
    expect(state.orders.every((order) => order.total === 10000)).toBe(true);
    expect(state.outbox).toHaveLength(placed * 2);
  } finally {
    await shop.stop();
  }
});

test("SIGTERM lets the order in flight finish, then closes the database cleanly", async () => {
  const shop = await startShop({ ORDER_RATE_LIMIT: "0" });
  const order = await prepareOrder(shop.url, "Shutdown lane 1");
  const submitted = submitOrder(shop.url, order);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const exitCode = shop.stop("SIGTERM");
  const { status } = await submitted;
  expect(status).toBe(303);
  expect(await exitCode).toBe(0);
  const state = inspect(shop.dir);
  expect(state.integrity).toBe("ok");
  expect(state.orders.map((row) => row.address)).toContain("Shutdown lane 1");
  // A clean close checkpoints the write-ahead log into the database file.
  const wal = join(shop.dir, "shop.sqlite-wal");
  expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
});
