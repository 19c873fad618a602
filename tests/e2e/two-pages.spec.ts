import type { Browser, Locator, Page } from "@playwright/test";
import { type DeskShop, inviteLink } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// No lost update: an owner with the same editor open twice (two tabs, or a phone and a
// laptop) saves from the older one. The save is refused with what changed since and by
// whom, what was typed stays, the other page's change stays, and a second press saves.
// At 375 px, the desk in Georgian and in Arabic, with and without scripts.

test.describe.configure({ mode: "serial" });

let server: ShopServer;
let shop: DeskShop;

test.beforeAll(async () => {
  server = await startShop();
  shop = { url: server.url, dir: server.dir };
});

test.afterAll(async () => {
  await server?.stop();
});

async function twoPages(browser: Browser, javaScriptEnabled: boolean, lng: "ka" | "ar") {
  const context = await browser.newContext({
    baseURL: shop.url,
    javaScriptEnabled,
    viewport: { width: 375, height: 740 },
  });
  const name = `Tamar ${Math.random().toString(36).slice(2, 6)}`;
  const a = await context.newPage();
  await a.goto(`${inviteLink(name, shop, "owner")}?lng=${lng}`);
  await a.getByRole("button", { name: text(lng, "desk", "signIn.button") }).click();
  await expect(a).toHaveURL(/\/desk$/);
  const b = await context.newPage();
  return { context, a, b, name };
}

async function saved(page: Page, form: Page | Locator, button: string, message: string) {
  await form.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
}

/** The refusal: where the eye is (focused with scripts, scrolled to without), naming who. */
async function refused(page: Page, lng: string, who: string, javaScriptEnabled: boolean) {
  const alert = page.getByRole("alert").filter({ hasText: text(lng, "desk", "revision.stale") });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(who);
  await expect(alert).toBeInViewport();
  if (javaScriptEnabled) await expect(alert).toBeFocused();
  return alert;
}

for (const lng of ["ka", "ar"] as const) {
  test(`the product's details, texts and settings survive two open pages (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const { context, a, b, name } = await twoPages(browser, javaScriptEnabled, lng);
    const save = text(lng, "desk", "products.save");
    const done = text(lng, "desk", "products.saved");
    const price = text(lng, "desk", "products.fields.price");
    const stock = text(lng, "desk", "products.fields.stock");
    const product =
      lng === "ka" ? "/desk/products/body/burn-cream" : "/desk/products/face/acne-cream";
    try {
      // The details: A sets the price, B (read before) saves only the stock.
      await a.goto(product);
      await b.goto(product);
      const before = await b.getByLabel(price, { exact: true }).inputValue();
      const newPrice = before === "39.90" ? "41.50" : "39.90";
      await a.getByLabel(price, { exact: true }).fill(newPrice);
      await saved(a, a, save, done);
      await b.getByLabel(stock, { exact: true }).fill("12");
      await b.getByRole("button", { name: save }).click();
      const alert = await refused(b, lng, name, javaScriptEnabled);
      await expect(alert).toContainText(new RegExp(newPrice.replace(".", "[.,]")));
      // What B typed is kept; the price B never touched now shows A's.
      await expect(b.getByLabel(stock, { exact: true })).toHaveValue("12");
      await expect(b.getByLabel(price, { exact: true })).toHaveValue(newPrice);
      await saved(b, b, save, done);
      await a.reload();
      await expect(a.getByLabel(price, { exact: true })).toHaveValue(newPrice);
      await expect(a.getByLabel(stock, { exact: true })).toHaveValue("12");

      // The Russian texts: A changes the title, B (read before) the usage.
      const texts = `${product}/texts/ru`;
      const title = text(lng, "desk", "productTexts.fields.title");
      const usage = text(lng, "desk", "productTexts.fields.usage");
      await a.goto(texts);
      await b.goto(texts);
      const newTitle = `Крем ${Math.random().toString(36).slice(2, 6)}`;
      await a.getByLabel(title, { exact: true }).fill(newTitle);
      await saved(a, a, save, done);
      await b.getByLabel(usage).fill("Наносить тонким слоем дважды в день.");
      await b.getByRole("button", { name: save }).click();
      await expect(await refused(b, lng, name, javaScriptEnabled)).toContainText(newTitle);
      await expect(b.getByLabel(title, { exact: true })).toHaveValue(newTitle);
      await expect(b.getByLabel(usage)).toHaveValue("Наносить тонким слоем дважды в день.");
      await saved(b, b, save, done);
      await a.reload();
      await expect(a.getByLabel(title, { exact: true })).toHaveValue(newTitle);
      await expect(a.getByLabel(usage)).toHaveValue("Наносить тонким слоем дважды в день.");

      // The contacts: A the e-mail, B (read before) the phone.
      const contacts = a.locator("form[aria-labelledby='settings-contacts']");
      const theirs = b.locator("form[aria-labelledby='settings-contacts']");
      const email = text(lng, "desk", "settings.contacts.email");
      const phone = text(lng, "desk", "settings.contacts.phone");
      const settingsSave = text(lng, "desk", "settings.save");
      await a.goto("/desk/settings");
      await b.goto("/desk/settings");
      const newEmail = `shop-${Math.random().toString(36).slice(2, 6)}@kolkhida.ge`;
      await contacts.getByLabel(email).fill(newEmail);
      await saved(a, contacts, settingsSave, text(lng, "desk", "settings.saved"));
      await theirs.getByLabel(phone).fill("+995 599 12 34 56");
      await theirs.getByRole("button", { name: settingsSave }).click();
      await expect(await refused(b, lng, name, javaScriptEnabled)).toContainText(newEmail);
      if (!javaScriptEnabled) expect(new URL(b.url()).hash).toBe("#settings-contacts");
      await expect(theirs.getByLabel(email)).toHaveValue(newEmail);
      await expect(theirs.getByLabel(phone)).toHaveValue("+995 599 12 34 56");
      expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await context.close();
    }
  });
}

for (const lng of ["ka", "ar"] as const) {
  test(`a courier's card survives two open pages and keeps its place (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    const { context, a, b, name } = await twoPages(browser, javaScriptEnabled, lng);
    const courierName = text(lng, "desk", "couriers.name");
    const courierPhone = text(lng, "desk", "couriers.phone");
    const save = text(lng, "desk", "couriers.save");
    const courier = `Levan ${Math.random().toString(36).slice(2, 6)}`;
    try {
      await a.goto("/desk/couriers");
      const add = a.locator("form").filter({ has: a.locator("#courier-add") });
      await add.getByLabel(courierName).fill(courier);
      await add.getByLabel(courierPhone).fill("+995 599 30 00 00");
      await saved(
        a,
        add,
        text(lng, "desk", "couriers.addButton"),
        text(lng, "desk", "couriers.added"),
      );
      const mine = a.locator("form[id^='card-']").filter({ hasText: courier });
      // Back to the new courier's card, with scripts or without; the toast goes by itself
      // (without scripts too), so it does not stay over the card's Save on a phone.
      await expect(mine).toBeInViewport();
      await a.mouse.move(0, 0); // a toast under the pointer waits for it to leave
      await expect(a.locator(".toast")).toBeHidden();
      await b.goto("/desk/couriers");
      const theirs = b.locator("form[id^='card-']").filter({ hasText: courier });
      await mine.getByLabel(courierPhone).fill("+995 599 31 11 11");
      await saved(a, mine, save, text(lng, "desk", "couriers.saved"));
      await theirs.getByLabel(courierName).fill(`${courier} B.`);
      await theirs.getByRole("button", { name: save }).click();
      await refused(b, lng, name, javaScriptEnabled);
      await expect(theirs.getByLabel(courierName)).toHaveValue(`${courier} B.`);
      await expect(theirs.getByLabel(courierPhone)).toHaveValue("+995 599 311 111");
      await saved(b, theirs, save, text(lng, "desk", "couriers.saved"));
      await a.reload();
      await expect(mine.getByLabel(courierName)).toHaveValue(`${courier} B.`);
      await expect(mine.getByLabel(courierPhone)).toHaveValue("+995 599 311 111");
    } finally {
      await context.close();
    }
  });
}

for (const lng of ["ka", "ar"] as const) {
  test(`an order's correction survives two open pages (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    const { context, a, b, name } = await twoPages(browser, javaScriptEnabled, lng);
    const number = await placeOrderOverHttp(
      shop.url,
      "Tbilisi, Chavchavadze 1",
      "+995 599 55 44 33",
    );
    const address = text(lng, "desk", "order.address");
    const save = text(lng, "desk", "edit.save");
    const title = new RegExp(text(lng, "catalog", "products.hemor-cream.title"));
    try {
      await a.goto(`/desk/orders/${number}/edit`);
      await b.goto(`/desk/orders/${number}/edit`);
      // A: a second jar. B, read before it, corrects only the address.
      await a.getByLabel(title).fill("2");
      await a.getByRole("button", { name: save }).click();
      await expect(a.locator(".desk-done")).toContainText(text(lng, "desk", "done.corrected"));
      await b.getByLabel(address).fill("Tbilisi, Chavchavadze 10, apt 3");
      await b.getByRole("button", { name: save }).click();
      const alert = await refused(b, lng, name, javaScriptEnabled);
      await expect(alert.locator(".desk-timeline li")).not.toHaveCount(0);
      await expect(b.getByLabel(address)).toHaveValue("Tbilisi, Chavchavadze 10, apt 3");
      // Nothing of B's was saved, and A's second jar stands.
      await a.goto(`/desk/orders/${number}`);
      await expect(a.locator(".desk-details")).toContainText("Chavchavadze 1");
      await expect(a.locator(".desk-details")).not.toContainText("Chavchavadze 10");
      await a.goto(`/desk/orders/${number}/edit`);
      await expect(a.getByLabel(title)).toHaveValue("2");
    } finally {
      await context.close();
    }
  });
}
