import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { findOrder } from "./support/db";
import { type FakeTelegram, startFakeTelegram } from "./support/fake-telegram";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { addOintmentToCart, deliveryDate, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const TOKEN = "424242:TEST-bot-token-do-not-leak-0123456789";

test.describe("the owner hears of every order", () => {
  // These tests run their own servers; once is enough.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");

  let telegram: FakeTelegram;
  let shop: ShopServer | null = null;

  test.beforeEach(async () => {
    telegram = await startFakeTelegram();
  });

  test.afterEach(async () => {
    await shop?.stop();
    shop = null;
    await telegram?.stop();
  });

  const shopEnv = () => ({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_CHAT_IDS: "111,-100222",
    TELEGRAM_API_URL: telegram.url,
  });

  async function waitForDeliveries(count: number, timeout = 15_000) {
    await expect.poll(() => telegram.delivered.length, { timeout }).toBe(count);
  }

  test("each of the two chats gets one message per order, the address escaped", async () => {
    shop = await startShop(shopEnv());
    const address = `<b>Rustaveli</b> 12 & "Sons"`;
    const number = await placeOrderOverHttp(shop.url, address);
    await waitForDeliveries(2);
    expect(telegram.delivered.map((message) => message.chat_id).sort()).toEqual(["-100222", "111"]);
    for (const message of telegram.delivered) {
      expect(message.token).toBe(TOKEN);
      expect(message.parse_mode).toBe("HTML");
      expect(message.text).toContain(`Новый заказ №${number}`);
      expect(message.text).toContain("&lt;b&gt;Rustaveli&lt;/b&gt; 12 &amp; &quot;Sons&quot;");
    }
    // Exactly once: nothing more arrives on later polls.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(telegram.delivered).toHaveLength(2);
    expect(shop.output()).not.toContain(TOKEN);
  });

  test("500s and a 429 with retry_after still end with both delivered, the order untouched", async () => {
    telegram.failNext(500, {
      status: 429,
      body: { ok: false, description: "Too Many Requests", parameters: { retry_after: 1 } },
    });
    shop = await startShop(shopEnv());
    const started = Date.now();
    const number = await placeOrderOverHttp(shop.url, uniqueAddress("Retry street"));
    // The shopper's confirmation never waits for Telegram.
    expect(Date.now() - started).toBeLessThan(5000);
    await waitForDeliveries(2);
    expect(telegram.attempts).toHaveLength(4);
    expect(telegram.delivered.map((message) => message.chat_id).sort()).toEqual(["-100222", "111"]);
    expect(findOrderIn(shop, number)).toBe(true);
    expect(shop.output()).toMatch(/failed, attempt 1\/10, retrying in 2 s: HTTP 500/);
    expect(shop.output()).toMatch(/retrying in 1 s: HTTP 429: Too Many Requests/);
    expect(shop.output()).not.toContain(TOKEN);
  });

  test("an order placed while Telegram is down is confirmed, and its messages arrive once it is back", async () => {
    await telegram.stop();
    shop = await startShop(shopEnv());
    const number = await placeOrderOverHttp(shop.url, uniqueAddress("Offline street"));
    expect(number).toMatch(/^\d{6}$/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await telegram.start();
    await waitForDeliveries(2, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(telegram.delivered).toHaveLength(2);
  });

  test("a restart delivers what an earlier run left pending", async () => {
    await telegram.stop();
    shop = await startShop(shopEnv());
    await placeOrderOverHttp(shop.url, uniqueAddress("Restart street"));
    const dir = shop.dir;
    await shop.stop("SIGKILL");
    await telegram.start();
    shop = await startShop(shopEnv(), dir);
    await waitForDeliveries(2);
  });

  test("without a token nothing is queued and the log says notifications are off", async () => {
    shop = await startShop({});
    await placeOrderOverHttp(shop.url, uniqueAddress("Quiet street"));
    expect(shop.output()).toContain("Telegram notifications are off");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(telegram.attempts).toHaveLength(0);
  });

  test("the bot token never reaches the browser", async () => {
    shop = await startShop(shopEnv());
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk("build/client");
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const content = readFileSync(file, "latin1");
      expect(content, file).not.toContain(TOKEN);
      expect(content, file).not.toContain("TELEGRAM_BOT_TOKEN");
      expect(content, file).not.toContain("sendMessage");
    }
    for (const path of ["/", "/catalog/body/hemor-cream", "/cart", "/locales/ru.json"]) {
      const body = await (await fetch(`${shop.url}${path}`)).text();
      expect(body, path).not.toContain(TOKEN);
    }
  });
});

function findOrderIn(shop: ShopServer, number: string): boolean {
  const previous = process.env.E2E_DATA_DIR;
  process.env.E2E_DATA_DIR = shop.dir;
  try {
    return findOrder(number) !== undefined;
  } finally {
    process.env.E2E_DATA_DIR = previous;
  }
}

test.describe("purchase analytics", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "runs in the browser");

  test("the dataLayer gets one purchase per order, across a reload and back navigation", async ({
    page,
  }) => {
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel("Delivery address").fill(uniqueAddress("Analytics street"));
    await page.getByLabel("Delivery date").fill(deliveryDate(1));
    await page.getByLabel("Phone").pressSequentially("555123456");
    await page.getByRole("button", { name: "Place order" }).click();
    const number = (await page.locator(".thanks__number").innerText()).trim();

    const purchases = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
          .map((entry) => Array.from(entry))
          .filter((entry) => entry[0] === "event" && entry[1] === "purchase"),
      );
    await expect.poll(async () => (await purchases()).length).toBe(1);
    const [event] = await purchases();
    expect(event?.[2]).toEqual({
      transaction_id: number,
      value: 100,
      // The delivery fee (D84): the one free zone of a fresh shop.
      shipping: 0,
      currency: "GEL",
      items: [
        { item_id: "body/hemor-cream", item_name: "Мазь от геморроя", price: 100, quantity: 1 },
      ],
    });

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator(".thanks__number")).toHaveText(number);
    expect(await purchases()).toHaveLength(0);

    await page.goto("/about?lng=en");
    await page.goBack();
    await expect(page.locator(".thanks__number")).toHaveText(number);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await purchases()).toHaveLength(0);
  });
});
