import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { Browser, Page } from "@playwright/test";
import { inviteLink } from "./support/desk";
import { startFakeTelegram } from "./support/fake-telegram";
import { placeOrderOverHttp, placeOrderWithThanks } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// Logs and metrics (D72): server-level, on servers of their own; once is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");
test.describe.configure({ mode: "serial" });

const TOKEN = randomBytes(24).toString("base64url");

/** What the server writes on standard output from now on, line by line. */
function stdoutFrom(shop: ShopServer): () => string[] {
  let text = "";
  shop.process.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  return () => text.split("\n").filter((line) => line !== "");
}

function metrics(shop: ShopServer, authorization?: string): Promise<Response> {
  return fetch(`${shop.url}/metrics`, {
    headers: authorization ? { Authorization: authorization } : {},
  });
}

/** The value of one sample in a scrape; 0 when the series is not there. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  const value = line?.slice(series.length + 1) ?? "0";
  return value === "+Inf" ? Number.POSITIVE_INFINITY : Number(value);
}

/**
 * The page's HTML without what differs from one render to the next (the nonce) or from
 * one address to another (the language links name the page's own path).
 */
async function pageBody(response: Response, path: string): Promise<string> {
  return (await response.text())
    .replace(/nonce="[^"]*"|'nonce-[^']*'/g, "")
    .replaceAll(path, "/PATH");
}

/** Signs in with a new link as a person does; returns the link, a secret the log must not hold. */
async function signIn(page: Page, shop: ShopServer, name: string, role: "owner" | "staff") {
  const link = inviteLink(name, { url: shop.url, dir: shop.dir }, role);
  await page.goto(`${link}?lng=en`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/desk$/);
  return link;
}

async function staffPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("a JSON line a request with no personal data; /metrics only with the token; Health for owners", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shop = await startShop({ METRICS_TOKEN: TOKEN, ORDER_RATE_LIMIT: "0" });
  const lines = stdoutFrom(shop);
  try {
    // An order through the checkout, as a shopper types it.
    const address = uniqueAddress("Observability");
    const digits = String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(1);
    const phone = `+995 5${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)}`;
    const email = `nino.${digits}@example.ge`;
    await page.goto(`${shop.url}/catalog/body/hemor-cream?lng=en`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("status")).toContainText("Added to cart");
    await page.goto(`${shop.url}/checkout`);
    await page.getByLabel("Delivery address").fill(address);
    await page.getByLabel("Delivery date").fill(deliveryDate(1));
    await page.getByLabel("Phone").fill(phone);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/checkout\/thanks$/);
    const orderPath = await page.locator('a[href^="/o/"]').first().getAttribute("href");
    expect(orderPath).toMatch(/^\/o\/[\w-]{20,}$/);
    await page.goto(`${shop.url}${orderPath}`);

    // The same page twice for a first-time visitor: rendered and kept, then from memory.
    const first = await fetch(`${shop.url}/about`);
    const second = await fetch(`${shop.url}/about`);
    const requestId = second.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get("X-Request-Id")).not.toBe(requestId);

    // /metrics is a 404 like any address the shop does not have, unless the token is right.
    const unknownPath = `/no-such-page-${digits}`;
    const unknown = await fetch(`${shop.url}${unknownPath}`);
    const bare = await metrics(shop);
    // Its last character changed (a random token may end with any of them).
    const wrong = await metrics(
      shop,
      `Bearer ${TOKEN.slice(0, -1)}${TOKEN.endsWith("x") ? "y" : "x"}`,
    );
    const basic = await metrics(shop, `Basic ${TOKEN}`);
    expect([unknown.status, bare.status, wrong.status, basic.status]).toEqual([404, 404, 404, 404]);
    const notFound = await pageBody(unknown, unknownPath);
    for (const answer of [bare, wrong, basic]) {
      expect(answer.headers.get("Content-Type")).toBe(unknown.headers.get("Content-Type"));
      expect(await pageBody(answer, "/metrics")).toBe(notFound);
    }
    const scrape = await metrics(shop, `Bearer ${TOKEN}`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(sample(text, "shop_orders_placed")).toBe(1);
    expect(sample(text, 'shop_notifications{status="pending"}')).toBe(0);
    // The outbox by channel and status, and SMS segments (D87): a series each, 0 here.
    expect(text).toContain('shop_messages{channel="sms",status="failed"} 0');
    expect(text).toContain('shop_message_segments{status="sent"} 0');
    expect(sample(text, "shop_backup_age_seconds")).toBe(Number.POSITIVE_INFINITY);
    expect(sample(text, 'shop_page_cache_requests_total{outcome="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_page_cache_requests_total{outcome="miss"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sample(text, 'shop_http_requests_total{route="/o/:token",method="GET",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'shop_http_requests_total{route="404",method="GET",status="404"}'),
    ).toBeGreaterThanOrEqual(4);
    expect(text).toContain(
      'shop_http_request_duration_seconds_count{route="/catalog/:group/:slug"}',
    );
    expect(text).not.toContain(orderPath?.slice(3) ?? "");

    // The owners' Health page; staff are told it is not theirs.
    const ownerLink = await signIn(page, shop, "Nana", "owner");
    await page.getByRole("navigation").getByRole("link", { name: "Health" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Health");
    const orders = page.locator('[data-figure="orders"]');
    await expect(orders).toContainText("Orders placed");
    await expect(orders.locator(".desk-figure__value")).toHaveText("1");
    const backup = page.locator('[data-figure="backup"]');
    await expect(backup).toHaveClass(/desk-figure--alert/);
    await expect(backup).toContainText("No backup yet");
    await expect(backup).toContainText("Make the first backup now.");
    // No bot here: the page says nobody is told of orders, not "0 failed".
    const notifications = page.locator('[data-figure="notifications"]');
    await expect(notifications).toHaveClass(/desk-figure--alert/);
    await expect(notifications).toContainText("Off");
    await expect(notifications).toContainText("TELEGRAM_BOT_TOKEN");
    await expect(page.locator('[data-figure="failed"]')).toHaveCount(0);
    await expect(page.locator('[data-figure="disk"]')).toContainText(/\d+\.\d GB of \d+\.\d GB/);
    const version = page.locator('[data-figure="version"]');
    await expect(version.locator(".desk-figure__value")).toHaveText("1.0.0");
    await expect(version).toContainText(/Build [\w-]+/);
    // A phone, right to left: the figures stack within the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${shop.url}/desk/health?lng=he`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("מצב");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    const staff = await staffPage(browser);
    let staffLink = "missing";
    try {
      staffLink = await signIn(staff.page, shop, "Levan", "staff");
      await expect(staff.page.getByRole("link", { name: "Health" })).toHaveCount(0);
      const forbidden = await staff.page.goto(`${shop.url}/desk/health`);
      expect(forbidden?.status()).toBe(403);
      await expect(staff.page.getByRole("heading", { level: 1 })).toHaveText(
        "Only owners can open this page",
      );
    } finally {
      await staff.context.close();
    }

    // Every line is JSON; a request's line holds its route and outcome, nothing of the visitor.
    const written = lines();
    const parsed = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = parsed.filter((line) => line.msg === "request");
    for (const line of requests) {
      // A request the browser gave up on (a navigation replaced) says so with `aborted`.
      const keys = Object.keys(line).filter((key) => key !== "aborted");
      expect(keys.sort()).toEqual(
        ["cache", "level", "method", "ms", "msg", "pid", "reqId", "route", "status", "time"].sort(),
      );
    }
    const about = requests.filter((line) => line.route === "/about" && line.method === "GET");
    expect(about.map((line) => line.cache)).toEqual(["miss", "hit"]);
    expect(about[1]?.reqId).toBe(requestId);
    expect(requests.some((line) => line.route === "/desk/sign-in/:token")).toBe(true);
    expect(requests.some((line) => line.route === "/o/:token")).toBe(true);
    const all = written.join("\n");
    const secrets = [
      digits,
      phone,
      address,
      address.split(" ")[1] ?? address,
      email,
      orderPath?.slice(3) ?? "missing",
      ownerLink.split("/").at(-1) ?? "missing",
      staffLink.split("/").at(-1) ?? "missing",
      "lng=",
      "Chrome",
    ];
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
  } finally {
    await shop.stop();
  }
});

/** GET on a connection of its own, so that the cluster hands it to any worker. */
function getAlone(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent: false, headers: { Connection: "close" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

test("with two workers, /metrics sums what each counted and reads the database once", async () => {
  test.setTimeout(90_000);
  const shop = await startShop({
    WEB_CONCURRENCY: "2",
    METRICS_TOKEN: TOKEN,
    ORDER_RATE_LIMIT: "0",
  });
  const lines = stdoutFrom(shop);
  try {
    await expect
      .poll(() => shop.output().match(/listening on \S+ \(worker \d+\)/g)?.length ?? 0, {
        timeout: 60_000,
      })
      .toBe(2);
    await placeOrderOverHttp(shop.url, uniqueAddress("Two workers"));
    const health = 'shop_http_requests_total{route="/healthz",method="GET",status="200"}';
    const before = await (await metrics(shop, `Bearer ${TOKEN}`)).text();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => getAlone(`${shop.url}/healthz`)),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The requests' own lines show that both workers answered some of them.
    const pids = new Set(
      lines()
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.route === "/healthz")
        .map((line) => line.pid),
    );
    expect(pids.size).toBe(2);
    for (let scrape = 0; scrape < 3; scrape++) {
      const after = await (await metrics(shop, `Bearer ${TOKEN}`)).text();
      expect(sample(after, health) - sample(before, health)).toBe(20);
      expect(sample(after, "shop_orders_placed")).toBe(1);
      expect(after.match(/^shop_orders_placed /gm)).toHaveLength(1);
    }
  } finally {
    expect(await shop.stop()).toBe(0);
  }
});

test("no log line names an order's token, a sign-in link's token or a shopper's chat", async () => {
  test.setTimeout(90_000);
  const SHOPPER = 7_700_042;
  const telegram = await startFakeTelegram();
  const shop = await startShop({
    TELEGRAM_BOT_TOKEN: "626262:TEST-log-bot-token-0123456789",
    TELEGRAM_CHAT_IDS: "-100444",
    TELEGRAM_API_URL: telegram.url,
    ORDER_RATE_LIMIT: "0",
  });
  const lines = stdoutFrom(shop);
  try {
    const { thanks } = await placeOrderWithThanks(shop.url, uniqueAddress("Log"));
    const orderToken = /href="\/o\/([\w-]+)"/.exec(thanks)?.[1] ?? "";
    const chatToken = /\?start=([\w-]+)/.exec(thanks)?.[1] ?? "";
    expect(orderToken).not.toBe("");
    expect(chatToken).not.toBe("");
    const form = { body: new URLSearchParams({ intent: "x" }), headers: { Origin: shop.url } };

    // A POST to the order's page, which has no action: Remix answers 405.
    expect((await fetch(`${shop.url}/o/${orderToken}`, { method: "POST", ...form })).status).toBe(
      405,
    );
    // An order's address with a token that is no order's.
    const badToken = randomBytes(24).toString("base64url");
    expect((await fetch(`${shop.url}/o/${badToken}`)).status).toBe(404);
    // A sign-in link, looked at and used, that is no link of the desk's.
    const signInToken = randomBytes(24).toString("base64url");
    await fetch(`${shop.url}/desk/sign-in/${signInToken}`);
    await fetch(`${shop.url}/desk/sign-in/${signInToken}`, { method: "POST", ...form });

    // The shopper follows the order in Telegram, and the bot's answer fails to go.
    await expect.poll(() => telegram.chatMessages("-100444").length).toBe(1);
    telegram.failNext({
      status: 400,
      body: { ok: false, error_code: 400, description: "Bad Request: chat not found" },
    });
    telegram.queueUpdate(telegram.write(SHOPPER, `/start ${chatToken}`));
    await expect
      .poll(() =>
        lines().some((line) => line.includes("Telegram notification") && line.includes("failed")),
      )
      .toBe(true);

    const routes = lines().map((line) => (JSON.parse(line) as { route?: string }).route);
    expect(routes).toEqual(expect.arrayContaining(["/o/:token", "/desk/sign-in/:token"]));
    const all = lines().join("\n");
    for (const secret of [orderToken, chatToken, badToken, signInToken, String(SHOPPER)])
      expect(all, secret).not.toContain(secret);
  } finally {
    await shop.stop();
    await telegram.stop();
  }
});
