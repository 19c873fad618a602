import { join } from "node:path";
import Database from "better-sqlite3";
import { violations } from "./support/axe";
import { type DeskShop, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate } from "./support/shop";
import { expect, test } from "./support/test";

const ka = (key: string) => text("ka", "checkout", key);

/**
 * The shopper follows the order without an account: the thank-you's link to the order's
 * private page, a look-up by number and phone, and a cancellation from the page. On a
 * shop of its own, so the look-up's limits count only this test's tries.
 */
test.describe("the shopper follows the order", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop;

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const tokenOf = (number: string): string => {
    const db = new Database(shop.databasePath ?? "", { readonly: true, fileMustExist: true });
    try {
      const row = db
        .prepare("select track_token from orders where order_number = ?")
        .get(Number(number)) as { track_token: string };
      return row.track_token;
    } finally {
      db.close();
    }
  };

  test("from the thank-you to the order's page, by look-up, and a cancellation the desk sees", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    // An order placed in Georgian from this browser: its thank-you links to the private page.
    await page.goto(`${shop.url}/?lng=ka`);
    const request = page.request;
    await request.post(`${shop.url}/cart`, { form: { intent: "add", key: "body/hemor-cream" } });
    const form = await (await request.get(`${shop.url}/checkout`)).text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1] ?? "";
    await request.post(`${shop.url}/checkout`, {
      form: {
        token,
        address: "თბილისი, ჭავჭავაძის 12, ბინა 4",
        deliveryTime: deliveryDate(2),
        phone: "+995 599 55 66 77",
        messenger: "",
        email: "",
      },
      headers: { Origin: shop.url },
    });
    await page.goto(`${shop.url}/checkout/thanks`);
    const number = (await page.locator(".thanks__number").textContent())?.trim() ?? "";
    expect(number).toMatch(/^\d{6}$/);
    const link = page.getByRole("link", { name: ka("track.link") });
    await expect(link).toHaveAttribute("href", `/o/${tokenOf(number)}`);
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      ka("track.orderTitle").replace("{{number}}", number),
    );
    const steps = page.locator(".order-page__step");
    await expect(steps).toHaveCount(4);
    await expect(steps.first()).toContainText(ka("track.step.placed"));
    await expect(page.locator("[aria-current=step]")).toContainText(ka("track.step.placed"));
    await expect(page.locator(".order-page__facts")).toContainText("+995 5•• ••• 677");
    await expect(page.locator(".order-page__facts")).not.toContainText("ბინა 4");
    // The shop's chats, named in the page's language, open beside the order's page.
    const contacts = page.locator(".order-page__contacts");
    for (const [key, address] of [
      ["contactsMenu.messenger", /^https:\/\/wa\.me\/\d+$/],
      ["contactsMenu.chat", /^https:\/\/t\.me\/\w+$/],
    ] as const) {
      const chat = contacts.getByRole("link", { name: text("ka", "common", key) });
      await expect(chat).toHaveAttribute("href", address);
      await expect(chat).toHaveAttribute("target", "_blank");
    }

    // Opened elsewhere (English browser, no cookie) it speaks the order's language, and it
    // is never stored, indexed or referred on. An unknown token is a plain 404.
    const fresh = await browser.newContext({ locale: "en-GB", javaScriptEnabled });
    const other = await fresh.newPage();
    const answer = await other.goto(`${shop.url}/o/${tokenOf(number)}`);
    expect(other.url()).toContain("lng=ka");
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    expect(answer?.headers()["x-robots-tag"]).toContain("noindex");
    expect(answer?.headers()["referrer-policy"]).toBe("no-referrer");
    expect((await other.goto(`${shop.url}/o/${"A".repeat(32)}`))?.status()).toBe(404);

    // The look-up finds it with the phone typed another way.
    await other.goto(`${shop.url}/track?lng=en`);
    await other.getByLabel("Order number").fill(number);
    await other.getByLabel("Phone").fill("0599 556 677");
    await other.getByRole("button", { name: "Find my order" }).click();
    // The order's page speaks the order's language, whatever the look-up was asked in.
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(
      ka("track.orderTitle").replace("{{number}}", number),
    );

    // Wrong tries all get the same answer; the sixth in 15 minutes meets a 429.
    for (let attempt = 1; attempt <= 6; attempt++) {
      await other.goto(`${shop.url}/track?lng=en`);
      await other.getByLabel("Order number").fill(number);
      await other.getByLabel("Phone").fill(`599 000 00${attempt}`);
      const [response] = await Promise.all([
        other.waitForResponse((r) => r.request().method() === "POST" || r.url().includes("/track")),
        other.getByRole("button", { name: "Find my order" }).click(),
      ]);
      if (attempt < 5) {
        await expect(other.getByRole("alert")).toHaveText(text("en", "checkout", "track.miss"));
      }
      if (attempt === 6) {
        expect(response?.status()).toBe(429);
        await expect(other.getByRole("alert")).toContainText("Too many tries");
      }
    }
    await fresh.close();

    // The pages pass axe in Georgian, English and Arabic, and fit a 375 px phone.
    if (javaScriptEnabled) {
      await page.setViewportSize({ width: 375, height: 740 });
      const token = tokenOf(number);
      for (const lng of ["ka", "en", "ar"])
        for (const path of [`/o/${token}`, `/o/${token}/cancel`, "/track"]) {
          await page.goto(`${shop.url}${path}?lng=${lng}`);
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
          expect.soft(await violations(page), `${path} in ${lng}`).toEqual([]);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(width, `${path} in ${lng}`).toBeLessThanOrEqual(375);
        }
    }

    // The shopper cancels a second order from its page, asked once more; the desk says who.
    const second = await placeOrderOverHttp(
      shop.url,
      "ბათუმი, გორგილაძის 5",
      "+995 599 11 22 33",
      "ka",
    );
    await page.goto(`${shop.url}/o/${tokenOf(second)}?lng=ka`);
    await page.getByRole("link", { name: ka("track.cancel") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ka("track.cancelTitle"));
    await page.getByRole("button", { name: ka("track.cancelYes") }).click();
    await expect(page.locator("[aria-current=step]")).toContainText(ka("track.step.cancelled"));
    await expect(page.getByRole("link", { name: ka("track.cancel") })).toHaveCount(0);
    await signInToDesk(page, "Nino", shop);
    await page.goto(`${shop.url}/desk/orders/${second}?lng=en`);
    await expect(page.locator(".desk-timeline")).toContainText("Shopper");
    await expect(page.locator(".desk-timeline")).toContainText("Cancelled by the shopper");
  });
});
