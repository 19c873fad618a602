import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { type DeskShop, inviteLink, openDeskSection } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// The owner's promotions page (issue 38): a promo code, a price for two jars and a sale
// price, added with forms that need no scripts and read back as words after a reload;
// staff read them with nothing to press and a forged save gets 403; a save from an older
// page is refused with what was typed kept. At 375 px, the desk in Georgian and Arabic,
// with and without scripts. A shop of its own: promotions change every price.

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

const PAGE = "/desk/promotions";
const desk = (lng: string, key: string) => text(lng, "desk", key);

async function signedIn(
  browser: Browser,
  javaScriptEnabled: boolean,
  lng: "ka" | "ar",
  role: "owner" | "staff",
) {
  const context = await browser.newContext({
    baseURL: shop.url,
    javaScriptEnabled,
    viewport: { width: 375, height: 740 },
  });
  const name = `Nino ${Math.random().toString(36).slice(2, 6)}`;
  const page = await context.newPage();
  await page.goto(`${inviteLink(name, shop, role)}?lng=${lng}`);
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: desk(lng, "signIn.button") }).click();
  await expect(page).toHaveURL(/\/desk$/);
  // With scripts the address changes before the desk has rendered: signed in is when its bar
  // names the person.
  await expect(page.locator(".desk-bar__who")).toContainText(name);
  return { context, page, name };
}

/** The longest piece of a sentence's template that is words, not a value. */
const literal = (lng: string, key: string) =>
  desk(lng, key)
    .split(/\{\{\w+\}\}/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0] ?? "";

/** A trail field's label: its key holds a dot, which `text` reads as a level. */
const activityField = (lng: string, field: string): string =>
  JSON.parse(readFileSync(`app/locales/${lng}/desk.json`, "utf8")).activity.fields[field];

const addForm = (page: Page, lng: string, kind: "code" | "quantity" | "sale") =>
  page.getByRole("form", { name: desk(lng, `promotions.add.${kind}`) });

async function openAdd(page: Page, lng: string, kind: "code" | "quantity" | "sale") {
  await page.getByText(desk(lng, `promotions.add.${kind}`), { exact: true }).click();
  return addForm(page, lng, kind);
}

/** Saved: the toast, and (the last toast may still show) the card the save made. */
async function saved(page: Page, lng: string, name?: string) {
  await expect(
    page.getByRole("status").filter({ hasText: desk(lng, "settings.saved") }),
  ).toBeVisible();
  if (name) await expect(page.getByRole("heading", { name })).toBeVisible();
}

const field = (lng: string, name: string) => desk(lng, `promotions.fields.${name}`);

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

const card = (page: Page, name: string) =>
  page.locator(".desk-card").filter({ has: page.getByRole("heading", { name }) });

for (const lng of ["ka", "ar"] as const) {
  test(`the owner adds a code, a price for two jars and a sale price; words after a reload (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "owner");
    const run = `${lng}${javaScriptEnabled ? "js" : "nojs"}`;
    const code = `ZAMTARI${run.toUpperCase()}`;
    try {
      await openDeskSection(page, desk(lng, "deskNav.promotions"));
      await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
      await noSidewaysScroll(page);

      let form = await openAdd(page, lng, "code");
      // Typed in lower case with a dash: stored upper case.
      await form.getByLabel(field(lng, "code"), { exact: true }).fill(`zamtari-${run}`);
      await form.getByLabel(field(lng, "percent"), { exact: true }).fill("20");
      await form.getByLabel(field(lng, "minGoods"), { exact: true }).fill("١٥٠");
      await form.getByLabel(field(lng, "startsOn"), { exact: true }).fill("01.01.26");
      await form.getByLabel(field(lng, "endsOn"), { exact: true }).fill("31.12.30");
      await form.getByLabel(field(lng, "useLimit"), { exact: true }).fill("50");
      await expect(form.getByLabel(field(lng, "oncePerPhone"))).toBeChecked();
      await expect(form.getByLabel(field(lng, "combines"))).not.toBeChecked();
      await form.getByRole("button", { name: desk(lng, "settings.save") }).click();
      await saved(page, lng, code);

      // The same code again is refused beside its field, what was typed kept.
      form = await openAdd(page, lng, "code");
      await form.getByLabel(field(lng, "code"), { exact: true }).fill(code.toLowerCase());
      await form.getByLabel(field(lng, "amount"), { exact: true }).fill("10");
      await form.getByRole("button", { name: desk(lng, "settings.save") }).click();
      form = addForm(page, lng, "code");
      await expect(form.getByText(desk(lng, "promotions.errors.codeTaken"))).toBeVisible();
      await expect(form.getByLabel(field(lng, "amount"), { exact: true })).toHaveValue("10");

      form = await openAdd(page, lng, "quantity");
      await form.getByLabel(field(lng, "name"), { exact: true }).fill(`Two jars ${run}`);
      await form
        .getByLabel(field(lng, "product"), { exact: true })
        .selectOption("body/hemor-cream");
      await form.getByLabel(field(lng, "minQty"), { exact: true }).fill("2");
      await form.getByLabel(field(lng, "price"), { exact: true }).fill("90");
      await form.getByRole("button", { name: desk(lng, "settings.save") }).click();
      await saved(page, lng, `Two jars ${run}`);

      // A sale price not below the regular 100 GEL is refused, the typed price kept.
      form = await openAdd(page, lng, "sale");
      await form.getByLabel(field(lng, "name"), { exact: true }).fill(`Sale ${run}`);
      await form
        .getByLabel(field(lng, "product"), { exact: true })
        .selectOption("body/hemor-cream");
      await form.getByLabel(field(lng, "price"), { exact: true }).fill("120");
      await form.getByLabel(field(lng, "endsOn"), { exact: true }).fill("31.12.30");
      await form.getByRole("button", { name: desk(lng, "settings.save") }).click();
      form = addForm(page, lng, "sale");
      await expect(form.getByText(desk(lng, "promotions.errors.notBelow"))).toBeVisible();
      await expect(form.getByLabel(field(lng, "price"), { exact: true })).toHaveValue("120");
      await form.getByLabel(field(lng, "price"), { exact: true }).fill("90");
      await form.getByRole("button", { name: desk(lng, "settings.save") }).click();
      await saved(page, lng, `Sale ${run}`);

      await page.goto(PAGE);
      const on = desk(lng, "promotions.standing.on");
      const coded = card(page, code);
      await expect(coded).toContainText(`${code}:`);
      await expect(coded).toContainText("01.01.26–31.12.30");
      await expect(coded).toContainText(desk(lng, "promotions.words.oncePerPhone"));
      await expect(coded).toContainText(literal(lng, "promotions.words.usesOf"));
      await expect(coded).toContainText(on);
      const jars = card(page, `Two jars ${run}`);
      await expect(jars).toContainText(literal(lng, "promotions.words.quantity"));
      await expect(jars).toContainText("90");
      await expect(jars).toContainText(on);
      const sale = card(page, `Sale ${run}`);
      await expect(sale).toContainText(literal(lng, "promotions.words.until"));
      await expect(sale).toContainText("31.12.30");
      await noSidewaysScroll(page);

      // The trail says what changed, in words.
      await page.goto("/desk/activity");
      await expect(page.getByText(activityField(lng, "promotion.code")).first()).toBeVisible();
      await expect(page.getByText(code).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test(`staff read the promotions, and their forged save changes nothing (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "staff");
    try {
      await openDeskSection(page, desk(lng, "deskNav.promotions"));
      await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
      await expect(page.getByText(desk(lng, "promotions.readOnly"))).toBeVisible();
      await expect(page.locator(".desk-page .desk-card").first()).toBeVisible();
      await expect(page.locator(".desk-page form")).toHaveCount(0);
      const before = await page.locator(".desk-page").innerText();
      const posted = await page.request.post(`${shop.url}${PAGE}`, {
        form: { intent: "save", kind: "code", code: "FORGED", percent: "90", active: "on" },
        headers: { Origin: shop.url },
      });
      expect(posted.status()).toBe(403);
      await page.reload();
      await expect(page.getByText("FORGED")).toHaveCount(0);
      expect(await page.locator(".desk-page").innerText()).toBe(before);
      await noSidewaysScroll(page);
    } finally {
      await context.close();
    }
  });

  test(`a save from an older promotions page is refused, what was typed kept (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const { context, page: a, name } = await signedIn(browser, javaScriptEnabled, lng, "owner");
    const b = await context.newPage();
    const code = `ZAMTARI${lng.toUpperCase()}${javaScriptEnabled ? "JS" : "NOJS"}`;
    try {
      await a.goto(PAGE);
      await b.goto(PAGE);
      if (javaScriptEnabled)
        await expect(b.locator("html")).toHaveAttribute("data-hydrated", "true");
      const edit = async (page: Page) => {
        await card(page, code).getByText(desk(lng, "promotions.edit"), { exact: true }).click();
        return page.getByRole("form", { name: code });
      };
      const first = await edit(a);
      await first.getByLabel(field(lng, "percent"), { exact: true }).fill("25");
      await first.getByRole("button", { name: desk(lng, "settings.save") }).click();
      await saved(a, lng);

      const older = await edit(b);
      await older.getByLabel(field(lng, "minGoods"), { exact: true }).fill("200");
      await older.getByRole("button", { name: desk(lng, "settings.save") }).click();
      const alert = b.getByRole("alert").filter({ hasText: desk(lng, "revision.stale") });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(name);
      const again = b.getByRole("form", { name: code });
      await expect(again.getByLabel(field(lng, "minGoods"), { exact: true })).toHaveValue("200");
      // The other page's change is taken into the field left as it was.
      await expect(again.getByLabel(field(lng, "percent"), { exact: true })).toHaveValue("25");
      await again.getByRole("button", { name: desk(lng, "settings.save") }).click();
      await saved(b, lng);
      await b.goto(PAGE);
      await expect(card(b, code)).toContainText(literal(lng, "promotions.words.minimum"));
      await noSidewaysScroll(b);
    } finally {
      await context.close();
    }
  });
}
