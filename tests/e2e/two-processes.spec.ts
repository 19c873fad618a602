import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "../../db/connection";
import { freshPostgresUrl } from "../unit/support/postgres";
import { inviteLink } from "./support/desk";
import { FakeTelegram } from "./support/fake-telegram";
import { prepareOrder, submitOrder } from "./support/fast-order";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// Two server processes on one database (D28): what one does, the other sees.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");
test.describe.configure({ mode: "serial" });

interface SharedDatabase {
  dir: string;
  env?: { DATABASE_URL: string };
}

const engines: Array<{ name: string; skip?: boolean; shared(): Promise<SharedDatabase> }> = [
  { name: "SQLite", shared: async () => ({ dir: mkdtempSync(join(tmpdir(), "shop-two-")) }) },
  {
    name: "PostgreSQL",
    skip: !process.env.TEST_DATABASE_URL,
    shared: async () => ({
      dir: mkdtempSync(join(tmpdir(), "shop-two-pg-")),
      env: { DATABASE_URL: await freshPostgresUrl() },
    }),
  },
];

/** Two shops on one database; the second starts once the first has migrated it. */
async function twoShops(
  shared: SharedDatabase,
  env: Record<string, string>,
): Promise<[ShopServer, ShopServer]> {
  const first = await startShop({ ...shared.env, ...env }, shared.dir);
  const second = await startShop({ ...shared.env, ...env }, shared.dir);
  return [first, second];
}

for (const engine of engines) {
  test.describe(engine.name, () => {
    test.skip(engine.skip ?? false, "needs TEST_DATABASE_URL (npm test provides it)");

    test("200 orders over two processes: each stored once, numbers unique, each chat message sent once", async () => {
      test.setTimeout(180_000);
      const telegram = new FakeTelegram();
      await telegram.start();
      const shared = await engine.shared();
      const shops = await twoShops(shared, {
        TELEGRAM_BOT_TOKEN: "111:two-process-test-token-abcdefghij",
        TELEGRAM_CHAT_IDS: "1,2",
        TELEGRAM_API_URL: telegram.url,
        ORDER_RATE_LIMIT: "0",
      });
      try {
        const prepared = [];
        for (let index = 0; index < 200; index++) {
          const shop = shops[index % 2] as ShopServer;
          prepared.push({ shop, order: await prepareOrder(shop.url, `Two lane ${index}`) });
        }
        const results = await Promise.all(
          prepared.map(({ shop, order }) => submitOrder(shop.url, order)),
        );
        expect(results.map((result) => result.status)).toEqual(results.map(() => 303));

        // Every order's two messages arrive, from whichever process claimed them…
        await expect
          .poll(() => telegram.delivered.length, { timeout: 90_000, intervals: [500] })
          .toBeGreaterThanOrEqual(400);
        // …and none twice: one message per chat and order number.
        const pairs = telegram.delivered.map(
          (message) => `${message.chat_id}:${/№(\d{6})/.exec(message.text)?.[1]}`,
        );
        expect(new Set(pairs).size).toBe(400);
        expect(telegram.delivered).toHaveLength(400);
        const numbers = new Set(pairs.map((pair) => pair.split(":")[1]));
        expect(numbers.size).toBe(200);

        // Stored once each, whole, with the right totals.
        const db = createDatabase(
          shared.env?.DATABASE_URL
            ? { kind: "postgres", url: shared.env.DATABASE_URL, poolSize: 1 }
            : join(shared.dir, "shop.sqlite"),
        );
        try {
          const orders = await db
            .selectFrom("orders")
            .select(["id", "order_number", "total"])
            .execute();
          const items = await db
            .selectFrom("order_items")
            .select(["order_id", "subtotal"])
            .execute();
          expect(orders).toHaveLength(200);
          expect(new Set(orders.map((order) => order.order_number)).size).toBe(200);
          expect(orders.every((order) => order.total === 10000)).toBe(true);
          expect(items).toHaveLength(200);
          expect(new Set(items.map((item) => item.order_id)).size).toBe(200);
        } finally {
          await db.destroy();
        }
      } finally {
        await Promise.all(shops.map((shop) => shop.stop()));
        await telegram.stop();
      }
    });

    test("an owner's change through one process is what the other serves within a second", async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const shared = await engine.shared();
      const [first, second] = await twoShops(shared, {});
      const context = await browser.newContext({ baseURL: first.url });
      try {
        const page = await context.newPage();
        const link = inviteLink(
          "Tamar",
          { url: first.url, dir: shared.dir, databaseUrl: shared.env?.DATABASE_URL },
          "owner",
        );
        await page.goto(`${link}?lng=en`);
        await page.getByRole("button", { name: "Sign in" }).click();
        await expect(page.getByText("Signed in as Tamar")).toBeVisible();
        const product = "/catalog/body/hemor-cream?lng=en";
        // The second process serves the page from memory before the change…
        const before = await fetch(`${second.url}${product}`);
        expect(await before.text()).toContain("₾100");
        await page.goto("/desk/products/body/hemor-cream");
        await page.getByLabel("Price, ₾", { exact: true }).fill("45.50");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
        const changed = Date.now();
        // …and the changed one after it: its page cache, sitemap and cart prices follow.
        await expect
          .poll(
            async () => (await (await fetch(`${second.url}${product}`)).text()).includes("₾45.50"),
            {
              timeout: 3_000,
              intervals: [50],
            },
          )
          .toBe(true);
        // The watcher looks four times a second; a loaded machine gets some slack here.
        expect(Date.now() - changed).toBeLessThan(2_000);
      } finally {
        await context.close();
        await Promise.all([first, second].map((shop) => shop.stop()));
      }
    });

    test("one client's burst is refused across both processes", async () => {
      test.setTimeout(60_000);
      const shared = await engine.shared();
      const shops = await twoShops(shared, { ORDER_RATE_LIMIT: "3" });
      try {
        const statuses = [];
        for (let index = 0; index < 6; index++) {
          const shop = shops[index % 2] as ShopServer;
          const order = await prepareOrder(shop.url, `Burst lane ${index}`);
          statuses.push((await submitOrder(shop.url, order)).status);
        }
        expect(statuses).toEqual([303, 303, 303, 429, 429, 429]);
      } finally {
        await Promise.all(shops.map((shop) => shop.stop()));
      }
    });
  });
}
