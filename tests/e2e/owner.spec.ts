import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { languageCodes } from "../../app/i18n/languages";
import { freshPostgresUrl } from "../unit/support/postgres";
import { type DeskShop, inviteLink, openDeskSection } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate, pressCartButton, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// The owner runs the shop from the desk (D31, D32): each test has a shop of its own, since
// what it changes (prices, contacts, taking orders) is what every shopper sees.
test.describe.configure({ mode: "serial" });

const BURN = "/catalog/body/burn-cream";

async function photoFiles(): Promise<{ jpeg: string; png: string; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), "shop-photos-"));
  const colour = (background: string) =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background } });
  const files = {
    jpeg: join(dir, "jar-front.jpg"),
    png: join(dir, "jar-open.png"),
    text: join(dir, "not-a-photo.jpg"),
  };
  writeFileSync(files.jpeg, await colour("#c0502f").jpeg().toBuffer());
  writeFileSync(files.png, await colour("#2f5d3a").png().toBuffer());
  writeFileSync(files.text, "This is a text file with a photo's name.");
  return files;
}

async function signIn(
  browser: Browser,
  shop: DeskShop,
  name: string,
  role: "owner" | "staff",
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${inviteLink(name, shop, role)}?lng=en`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
  return { context, page };
}

async function save(page: Page, message = "Saved.") {
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
}

const engines = [
  { name: "SQLite", postgres: false },
  { name: "PostgreSQL", postgres: true },
];

for (const engine of engines) {
  test(`on ${engine.name} an owner launches the burn cream from a phone; a shopper orders it in Georgian`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.skip(
      engine.postgres && (!process.env.TEST_DATABASE_URL || !javaScriptEnabled),
      "PostgreSQL once, with scripts (npm test provides the cluster)",
    );
    test.setTimeout(150_000);
    const dir = mkdtempSync(join(tmpdir(), "shop-owner-"));
    const databaseUrl = engine.postgres ? await freshPostgresUrl() : undefined;
    const server: ShopServer = await startShop(
      databaseUrl ? { DATABASE_URL: databaseUrl } : {},
      dir,
    );
    const shop: DeskShop = { url: server.url, dir, databaseUrl };
    const files = await photoFiles();
    const contexts: BrowserContext[] = [];
    try {
      const { context, page } = await signIn(browser, shop, "Tamar", "owner", javaScriptEnabled);
      contexts.push(context);
      await page.setViewportSize({ width: 375, height: 740 });

      // The product list, the burn cream's editor.
      await openDeskSection(page, "Products");
      await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Burn cream" }).click();
      await expect(page.getByRole("heading", { name: "Burn cream", level: 1 })).toBeVisible();

      // On sale without its texts and price is refused, naming what is missing: the Russian
      // texts (the other languages are shown from them, D36) and the price.
      await page.getByLabel("Status").selectOption({ label: "On sale" });
      await page.getByRole("button", { name: "Save" }).click();
      const refusal = page.getByRole("alert");
      await expect(refusal).toContainText("The status was not changed");
      await expect(refusal).toContainText("Русский: Description, Ingredients, Usage");
      await expect(refusal).not.toContainText("ქართული");
      await expect(refusal).toContainText("a price");

      // Its texts, one language at a time, as a phone holds them.
      for (const language of languageCodes) {
        await page.goto(`/desk/products/body/burn-cream/texts/${language}`);
        await page
          .getByLabel("Description", { exact: true })
          .fill(`Soothes a burn (${language}).\nCools the skin.`);
        await page.getByLabel("Ingredients").fill(`Sea buckthorn oil, beeswax (${language})`);
        await page.getByLabel("Usage").fill(`Cool the burn.\nApply a thin layer (${language}).`);
        await save(page);
      }
      await expect(page.getByText("complete", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );

      // Two photos; a text file named like a photo is refused.
      await page.goto("/desk/products/body/burn-cream/photos");
      await page.getByLabel("Photo (JPEG, PNG or WebP)").setInputFiles(files.text);
      await page.getByRole("button", { name: "Upload" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "This file is not a JPEG, PNG or WebP photo.",
      );
      for (const file of [files.jpeg, files.png]) {
        await page.getByLabel("Photo (JPEG, PNG or WebP)").setInputFiles(file);
        await page.getByRole("button", { name: "Upload" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Photo added." })).toBeVisible();
      }
      await expect(page.locator(".desk-photos > li")).toHaveCount(4);
      // The drawings go; the uploads stay, in the order they came.
      for (let index = 0; index < 2; index++) {
        await page
          .locator(".desk-photos > li")
          .first()
          .getByRole("button", { name: "Remove" })
          .click();
        await expect(page.getByRole("status").filter({ hasText: "Photo removed." })).toBeVisible();
      }
      await expect(page.locator(".desk-photos > li")).toHaveCount(2);
      const media = await page.locator(".desk-photos img").first().getAttribute("src");
      expect(media).toMatch(/^\/media\/[0-9a-f]{32}-\d+\.webp$/);
      const file = await page.request.get(media ?? "");
      expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(file.headers()["x-content-type-options"]).toBe("nosniff");
      expect(file.headers()["content-type"]).toBe("image/webp");

      // 45.50 GEL, 20 in stock, on sale.
      await page.goto("/desk/products/body/burn-cream");
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.getByLabel("Price, ₾", { exact: true }).fill("45.50");
      await page.getByLabel("Stock", { exact: true }).fill("20");
      await page.getByLabel("Home-page line").selectOption({ label: "First aid" });
      await page.getByLabel("Status").selectOption({ label: "On sale" });
      await expect(page.getByLabel("Price, ₾", { exact: true })).toHaveValue("45.50");
      await save(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );

      // A shopper in Georgian finds it on the home page's first-aid tile and orders two.
      const shopper = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
      contexts.push(shopper);
      const buyer = await shopper.newPage();
      await buyer.goto("/?lng=ka");
      const tile = buyer.getByRole("link", {
        name: new RegExp(text("ka", "home", "categories.firstAid.title")),
      });
      await expect(tile).toHaveAttribute("href", "/catalog/body");
      await buyer.goto(BURN);
      await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(
        text("ka", "catalog", "products.burn-cream.title"),
      );
      await expect(buyer.locator(".product__price")).toContainText(/45[.,]50/);
      await expect(buyer.locator("picture source[type='image/avif']").first()).toHaveAttribute(
        "srcset",
        /\/media\/[0-9a-f]{32}-480\.avif 480w/,
      );
      const add = text("ka", "catalog", "product.addToCart");
      // Pressed as a person does: after the page is ready, the second after the first landed.
      if (javaScriptEnabled)
        await expect(buyer.locator("html")).toHaveAttribute("data-hydrated", "true");
      await pressCartButton(buyer, buyer.getByRole("button", { name: add }));
      await expect(buyer.locator(".cart-badge")).toHaveText("1");
      await pressCartButton(buyer, buyer.getByRole("button", { name: add }));
      await buyer.goto("/checkout");
      await expect(buyer.locator(".order-summary__qty")).toHaveText("× 2");
      // With scripts, the form's fields are React's once it has hydrated.
      if (javaScriptEnabled)
        await expect(buyer.locator("html")).toHaveAttribute("data-hydrated", "true");
      const say = (key: string) => text("ka", "checkout", key);
      const address = uniqueAddress("Burn lane");
      await buyer.getByLabel(say("fields.address")).fill(address);
      await buyer.getByLabel(say("fields.deliveryTime")).fill(deliveryDate(2));
      await buyer.getByLabel(say("fields.phone")).fill("+995 599 111 222");
      await buyer.getByRole("button", { name: say("submit") }).click();
      await expect(buyer.getByRole("heading", { name: say("thanks.title") })).toBeVisible();

      // The owner changes the price and the contacts; the storefront follows at once.
      await page.goto("/desk/products/body/burn-cream");
      await expect(page.getByLabel("Stock", { exact: true })).toHaveValue("18");
      await page.getByLabel("Price, ₾", { exact: true }).fill("50");
      await save(page);
      await openDeskSection(page, "Settings");
      await page.getByLabel("Telegram", { exact: true }).fill("ab");
      await page.getByRole("button", { name: "Save" }).first().click();
      await expect(page.getByText("Write a Telegram username")).toBeVisible();
      await page.getByLabel("Telegram", { exact: true }).fill("@kolkhida_shop");
      await page.getByLabel("E-mail", { exact: true }).fill("orders@kolkhida.ge");
      await page.getByLabel("Phone", { exact: true }).fill("0599 000 111");
      // Saved once the settings' own answer is back (the product's "Saved." may still show).
      await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && response.url().includes("/desk/settings"),
        ),
        page.getByRole("button", { name: "Save" }).first().click(),
      ]);
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

      await buyer.goto(`${BURN}?lng=en`);
      await expect(buyer.locator(".product__price")).toHaveText(/50/);
      const footer = buyer.locator(".site-footer__contacts");
      await expect(footer).toContainText("orders@kolkhida.ge");
      await expect(footer.getByRole("link", { name: /Call us/ })).toHaveAttribute(
        "href",
        "tel:+995599000111",
      );

      await buyer.goto("/?lng=en");
      const organization = JSON.parse(
        (await buyer.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      );
      expect(organization).toMatchObject({
        "@type": "Organization",
        email: "orders@kolkhida.ge",
        telephone: "+995 599 000 111",
        sameAs: ["https://t.me/kolkhida_shop", "https://wa.me/995555123456"],
      });

      // The order kept its price; the activity page shows every change, before → after.
      await openDeskSection(page, "Activity");
      const activity = page.locator("main");
      // Before and after are each named for a screen reader ("Before: …", "After: …").
      // Money as every price is written in the language, its sign included.
      await expect(activity).toContainText("Price, ₾Before: ₾45.50 → After: ₾50");
      await expect(activity).toContainText(
        "E-mailBefore: hello@kolkhida.ge → After: orders@kolkhida.ge",
      );
      await expect(activity).toContainText("StatusBefore: Coming soon → After: On sale");
      await page.getByLabel("Person").selectOption({ label: "Tamar" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(activity).toContainText("Tamar");
      const stored = databaseUrl ? null : storedOrder(dir, address);
      if (stored) expect(stored).toEqual({ total: 91_00, price: 45_50, qty: 2 });

      // Staff work orders only: the owner's pages are a 403, their posts change nothing.
      const staff = await signIn(browser, shop, "Giorgi", "staff", javaScriptEnabled);
      contexts.push(staff.context);
      await expect(staff.page.getByRole("link", { name: "Products" })).toHaveCount(0);
      for (const path of [
        "/desk/products",
        "/desk/settings",
        "/desk/people",
        "/desk/activity",
        "/desk/couriers",
        "/desk/reports",
      ]) {
        const response = await staff.page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(staff.page.getByRole("heading", { level: 1 })).toHaveText(
          "Only owners can open this page",
        );
      }
      const post = await staff.page.request.post("/desk/products/body/burn-cream", {
        form: { status: "hidden", price: "1", group: "body", slug: "burn-cream", position: "1" },
        headers: { Origin: shop.url },
      });
      expect(post.status()).toBe(403);
      await buyer.goto(`${BURN}?lng=en`);
      await expect(buyer.locator(".product__price")).toHaveText(/50/);
    } finally {
      for (const context of contexts) await context.close();
      await server.stop();
    }
  });
}

function storedOrder(dir: string, address: string) {
  const db = new Database(join(dir, "shop.sqlite"), { readonly: true });
  try {
    return db
      .prepare(
        "select o.total, i.price, i.qty from orders o join order_items i on i.order_id = o.id where o.address = ?",
      )
      .get(address);
  } finally {
    db.close();
  }
}

test("while the owner has orders off, cart and checkout say so in Georgian and store nothing", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), "shop-closed-"));
  const server = await startShop({}, dir);
  const shop: DeskShop = { url: server.url, dir };
  const contexts: BrowserContext[] = [];
  try {
    const { context, page } = await signIn(browser, shop, "Tamar", "owner", javaScriptEnabled);
    contexts.push(context);
    // Every owner's page fits a phone in Georgian and Arabic: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    for (const lng of ["ka", "ar"]) {
      for (const path of [
        "/desk/products",
        "/desk/products/new",
        "/desk/products/body/hemor-cream",
        "/desk/products/body/hemor-cream/texts/ar",
        "/desk/products/body/hemor-cream/photos",
        "/desk/settings",
        "/desk/people",
        "/desk/activity",
      ]) {
        await page.goto(`${path}?lng=${lng}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} in ${lng}`).toBeLessThanOrEqual(375);
      }
    }
    await page.goto("/desk/settings?lng=en");
    await page.getByLabel("Taking orders", { exact: true }).uncheck();
    await page.getByLabel("Taking orders again from (optional)").fill("2099-01-15");
    await page.getByRole("button", { name: "Save" }).nth(1).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    const shopper = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
    contexts.push(shopper);
    const buyer = await shopper.newPage();
    await buyer.goto("/catalog/body/hemor-cream?lng=ka");
    await buyer.getByRole("button", { name: text("ka", "catalog", "product.addToCart") }).click();
    // The toast comes with the server's answer: the cart holds the jar now.
    await expect(buyer.getByRole("status")).toContainText(
      text("ka", "catalog", "products.hemor-cream.title"),
    );
    await buyer.goto("/cart");
    await expect(buyer.getByText(text("ka", "common", "closed.notice"))).toBeVisible();
    await expect(buyer.getByText(/2099/)).toBeVisible();
    await expect(buyer.locator(".cart-line")).toHaveCount(1);
    await expect(buyer.getByRole("link", { name: text("ka", "cart", "checkout") })).toHaveCount(0);
    await buyer.goto("/checkout");
    await expect(buyer.getByText(text("ka", "common", "closed.notice"))).toBeVisible();
    await expect(buyer.getByLabel(text("ka", "checkout", "fields.address"))).toHaveCount(0);

    // A form posted from a page opened before the switch is refused too.
    const answer = await buyer.request.post("/checkout", {
      form: {
        token: "token-closed-shop-0001",
        address: "Closed lane 1",
        deliveryTime: deliveryDate(2),
        phone: "+995 599 111 222",
        messenger: "",
        email: "",
      },
      headers: { Origin: shop.url },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(409);
    const db = new Database(join(dir, "shop.sqlite"), { readonly: true });
    try {
      expect(db.prepare("select count(*) as n from orders").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
});
