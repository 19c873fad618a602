import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { shopClockEnv, stopClockAt } from "./support/shop-clock";
import { expect, test } from "./support/test";

// Promotions as a shopper on a phone meets them (D86), in Georgian and Arabic, with and
// without JavaScript, on a shop of its own under libfaketime (Thursday 10 December 2026 in
// Tbilisi, then either side of midnight on the 15th). The jar costs 100 ₾. ZAMTARI takes
// 20 % off from 150 ₾, once per phone; OLDCODE ended on 30 November; USEDUP has no use
// left; a quantity price (2 jars at 90 ₾) and a sale (95 ₾ until 15.12) are switched on by
// the tests that need them.

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 375, height: 800 } });

const JAR = "body/hemor-cream";
let server: ShopServer;
let clockFile: string;

const setClock = (tbilisi: string) => stopClockAt(clockFile, tbilisi);

function database() {
  return new Database(join(server.dir, "shop.sqlite"));
}

/** Switches the quantity price and the sale on or off, and waits until the shop shows it. */
async function automatic(on: { quantity: boolean; sale: boolean }) {
  const db = database();
  db.prepare("update promotions set active = ? where name = 'Two jars'").run(on.quantity ? 1 : 0);
  db.prepare("update promotions set active = ? where name = 'Launch'").run(on.sale ? 1 : 0);
  db.prepare("update content_revision set revision = revision + 1 where id = 1").run();
  db.close();
  await expect
    .poll(async () => {
      const html = await (await fetch(`${server.url}/catalog/${JAR}?lng=en`)).text();
      return [html.includes("price__quantity"), html.includes("price--was")];
    })
    .toEqual([on.quantity, on.sale]);
}

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-promotions-"));
  clockFile = join(dir, "clock");
  setClock("2026-12-10T10:00:00");
  server = await startShop(
    {
      ORDER_RATE_LIMIT: "0",
      ...shopClockEnv(clockFile),
    },
    dir,
  );
  const db = database();
  const insert = db.prepare(
    `insert into promotions (kind, name, code, percent, min_goods, starts_on, ends_on, use_limit,
       once_per_phone, product_key, min_qty, price, active, created_at)
     values (@kind, @name, @code, @percent, @min_goods, null, @ends_on, @use_limit,
       @once_per_phone, @product_key, @min_qty, @price, @active, '2026-12-01T00:00:00Z')`,
  );
  const none = { code: null, percent: null, min_goods: null, ends_on: null, use_limit: null };
  const noProduct = { product_key: null, min_qty: null, price: null };
  insert.run({
    kind: "code",
    name: "Winter",
    code: "ZAMTARI",
    percent: 20,
    min_goods: 15_000,
    ends_on: null,
    use_limit: null,
    once_per_phone: 1,
    ...noProduct,
    active: 1,
  });
  insert.run({
    kind: "code",
    name: "Autumn",
    code: "OLDCODE",
    percent: 10,
    min_goods: null,
    ends_on: "2026-11-30",
    use_limit: null,
    once_per_phone: 0,
    ...noProduct,
    active: 1,
  });
  insert.run({
    kind: "code",
    name: "Friends",
    code: "USEDUP",
    percent: 10,
    min_goods: null,
    ends_on: null,
    use_limit: 0,
    once_per_phone: 0,
    ...noProduct,
    active: 1,
  });
  insert.run({
    kind: "quantity",
    name: "Two jars",
    ...none,
    once_per_phone: 0,
    product_key: JAR,
    min_qty: 2,
    price: 9_000,
    active: 1,
  });
  insert.run({
    kind: "sale",
    name: "Launch",
    ...none,
    ends_on: "2026-12-15",
    once_per_phone: 0,
    product_key: JAR,
    min_qty: null,
    price: 9_500,
    active: 0,
  });
  db.prepare("update content_revision set revision = revision + 1 where id = 1").run();
  db.close();
  // Every process looks for a new revision within 250 ms; the quantity price, seeded on,
  // shows when they have (asking with a code instead would count it as a guess).
  await expect
    .poll(async () => (await fetch(`${server.url}/catalog/${JAR}?lng=en`)).text())
    .toContain("price__quantity");
  await automatic({ quantity: false, sale: false });
});

test.afterAll(async () => {
  await server?.stop();
});

async function withCart(page: Page, qty: number) {
  const cart = encodeURIComponent(`[["${JAR}",${qty}]]`);
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "cart_v1", value: cart, url: server.url }]);
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** A dictionary sentence up to its first value, to find it on the page. */
const opening = (lng: string, ns: string, key: string) =>
  text(lng, ns, key).split("{{")[0]?.trim() ?? "";

async function applyInCart(page: Page, lng: "ka" | "ar", code: string) {
  await page.getByLabel(text(lng, "checkout", "promo.label")).fill(code);
  await page.getByRole("button", { name: text(lng, "checkout", "promo.apply") }).click();
  // The cart comes back with the code as the shop reads it: the answer has arrived.
  await expect(page.getByLabel(text(lng, "checkout", "promo.label"))).toHaveValue(
    code.replace(/[\s-]/g, "").toUpperCase(),
  );
}

for (const lng of ["ka", "ar"] as const) {
  test(`${lng}: a code below its minimum says the minimum, and applies once the cart reaches it`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-10T10:00:00");
    await withCart(page, 1);
    await page.goto(`${server.url}/cart?lng=${lng}`);
    await ready(page, javaScriptEnabled);
    await applyInCart(page, lng, "zamtari");
    const problem = page.locator("#promo-problem");
    await expect(problem).toContainText(opening(lng, "checkout", "promo.minimum").slice(0, 12));
    await expect(problem).toContainText("150");
    await expect(page.locator(".cart-summary__total")).toContainText("100");
    await expect(page.getByLabel(text(lng, "checkout", "promo.label"))).toHaveValue("ZAMTARI");

    // A second jar: 200 ₾, the code takes 40 ₾ off.
    await page
      .getByRole("button", {
        name: text(lng, "cart", "line.increase").split("{{")[0]?.trim() ?? "",
      })
      .click();
    await expect(page.locator(".cart-summary__discount")).toContainText("Winter");
    await expect(page.locator(".cart-summary__discount")).toContainText("40");
    await expect(page.locator(".cart-summary__total")).toContainText("160");
    await expect(problem).toHaveCount(0);

    // The checkout shows the code as applied, its discount and the total after it.
    await page.goto(`${server.url}/checkout?lng=${lng}`);
    await expect(page.getByLabel(text(lng, "checkout", "promo.label"))).toHaveValue("ZAMTARI");
    await expect(page.locator(".order-summary__discount")).toContainText("40");
    await expect(page.locator(".order-summary__total")).toContainText("160");

    // Remove drops it.
    await page.getByRole("button", { name: text(lng, "checkout", "promo.remove") }).click();
    await expect(page.locator(".order-summary__discount")).toHaveCount(0);
    await expect(page.locator(".order-summary__total")).toContainText("200");
    await expect(page.getByLabel(text(lng, "checkout", "promo.label"))).toHaveValue("");
  });

  test(`${lng}: an expired and a used-up code are refused, each with its own words`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-10T10:00:00");
    await withCart(page, 2);
    await page.goto(`${server.url}/cart?lng=${lng}`);
    await ready(page, javaScriptEnabled);
    await applyInCart(page, lng, "oldcode");
    await expect(page.locator("#promo-problem")).toHaveText(text(lng, "checkout", "promo.over"));
    await applyInCart(page, lng, "used-up");
    await expect(page.locator("#promo-problem")).toHaveText(text(lng, "checkout", "promo.usedUp"));
    await expect(page.locator(".cart-summary__discount")).toHaveCount(0);
    await expect(page.locator(".cart-summary__total")).toContainText("200");
  });

  test(`${lng}: once per phone, in any spelling, until the first order is cancelled`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-10T10:00:00");
    const digits = lng === "ka" ? "599 301 40" : "599 302 40";
    const address = `Promo street ${lng} ${javaScriptEnabled ? "js" : "no-js"}`;
    const order = async (phone: string) => {
      await withCart(page, 2);
      await page.goto(`${server.url}/checkout?lng=${lng}`);
      await ready(page, javaScriptEnabled);
      await page.getByLabel(text(lng, "checkout", "fields.address")).fill(address);
      // Applied at the checkout: the page comes back with what was typed kept.
      await page.getByLabel(text(lng, "checkout", "promo.label")).fill("Zamtari");
      await page.getByRole("button", { name: text(lng, "checkout", "promo.apply") }).click();
      await expect(page.locator(".order-summary__discount")).toContainText("40");
      await expect(page.getByLabel(text(lng, "checkout", "fields.address"))).toHaveValue(address);
      await page.getByLabel(text(lng, "checkout", "fields.deliveryTime")).fill("14.12.26");
      await page.getByLabel(text(lng, "checkout", "fields.phone")).fill(phone);
      await page.getByRole("button", { name: text(lng, "checkout", "submit") }).click();
    };
    const suffix = javaScriptEnabled ? "1" : "2";
    await order(`${digits}${suffix}`);
    await expect(page).toHaveURL(/\/checkout\/thanks/);
    await expect(page.locator("main")).toContainText("160");

    // The same phone written another way.
    await order(`+995 ${digits.replaceAll(" ", "-")}${suffix}`);
    await expect(page.getByRole("alert")).toHaveText(text(lng, "checkout", "promo.usedByPhone"));
    await expect(page).toHaveURL(/\/checkout$|\/checkout\?/);

    // The shopper cancels the first order on its own page: the code is theirs again.
    const db = database();
    const first = db
      .prepare("select track_token from orders where address = ? order by id limit 1")
      .get(address) as { track_token: string };
    db.close();
    await page.goto(`${server.url}/o/${first.track_token}/cancel?lng=${lng}`);
    await page.getByRole("button", { name: text(lng, "checkout", "track.cancelYes") }).click();
    await expect(page).toHaveURL(new RegExp(`/o/${first.track_token}`));

    await order(`+995 ${digits.replaceAll(" ", "-")}${suffix}`);
    await expect(page).toHaveURL(/\/checkout\/thanks/);
    const check = database();
    const placed = check
      .prepare("select promo_code, discount, total from orders where address = ? order by id")
      .all(address);
    check.close();
    expect(placed).toEqual([
      { promo_code: "ZAMTARI", discount: 4_000, total: 16_000 },
      { promo_code: "ZAMTARI", discount: 4_000, total: 16_000 },
    ]);
  });

  test(`${lng}: two jars at 90 ₾ each, struck through on the line`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-10T10:00:00");
    await automatic({ quantity: true, sale: false });
    try {
      await withCart(page, 2);
      await page.goto(`${server.url}/catalog/${JAR}?lng=${lng}`);
      await expect(page.locator(".product__price .price__quantity")).toContainText("90");
      await page.goto(`${server.url}/cart?lng=${lng}`);
      await ready(page, javaScriptEnabled);
      const price = page.locator(".cart-line__price");
      await expect(price.locator("s")).toContainText("100");
      await expect(price.locator("s .visually-hidden")).toHaveText(
        text(lng, "catalog", "promo.was"),
      );
      await expect(price).toContainText("90");
      await expect(page.locator(".cart-line__subtotal")).toContainText("180");
      await expect(page.locator(".cart-summary__total")).toContainText("180");
    } finally {
      await automatic({ quantity: false, sale: false });
    }
  });

  test(`${lng}: a sale shows until midnight in Tbilisi on its last day, and is gone at 00:01`, async ({
    page,
  }) => {
    setClock("2026-12-15T23:59:00");
    await automatic({ quantity: false, sale: true });
    try {
      await page.goto(`${server.url}/catalog/${JAR}?lng=${lng}`);
      const price = page.locator(".product__price");
      await expect(price.locator("s")).toContainText("100");
      await expect(price).toContainText("95");
      await expect(price).toContainText("15.12");
      const data = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(data.join("")).toContain('"priceValidUntil":"2026-12-15"');
      expect(data.join("")).toContain('"price":"95.00"');

      setClock("2026-12-16T00:01:00");
      await expect
        .poll(async () => {
          await page.goto(`${server.url}/catalog/${JAR}?lng=${lng}`);
          return page.locator(".product__price s").count();
        })
        .toBe(0);
      await expect(page.locator(".product__price")).toContainText("100");
      await expect(page.locator(".product__price")).not.toContainText("15.12");
    } finally {
      setClock("2026-12-10T10:00:00");
      await automatic({ quantity: false, sale: false });
    }
  });
}

test("the 11th code that is no code gets the 429 page with the minutes to wait", async ({
  page,
  javaScriptEnabled,
}) => {
  const lng = "ka";
  setClock("2026-12-10T10:00:00");
  await withCart(page, 1);
  await page.goto(`${server.url}/cart?lng=${lng}`);
  await ready(page, javaScriptEnabled);
  for (let i = 1; i <= 10; i++) {
    // Typed in lower case: the field shows it in upper case once the cart has answered.
    await applyInCart(page, lng, `guess${i}x`);
    await expect(page.locator("#promo-problem")).toHaveText(text(lng, "checkout", "promo.unknown"));
  }
  const answer = javaScriptEnabled
    ? null
    : page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByLabel(text(lng, "checkout", "promo.label")).fill("guess11x");
  await page.getByRole("button", { name: text(lng, "checkout", "promo.apply") }).click();
  await expect(page.locator("#promo-problem")).toContainText(
    opening(lng, "checkout", "promo.tooMany_other").slice(0, 20),
  );
  await expect(page.locator("#promo-problem")).toContainText("15");
  if (answer) expect((await answer).status()).toBe(429);
  // The code went to no address.
  expect(page.url().toLowerCase()).not.toContain("guess");
});
