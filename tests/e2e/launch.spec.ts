import type { BrowserContext, Page } from "@playwright/test";
import { type DeskShop, inviteLink } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// Launch with what exists (D36): an owner on a phone, the desk in Georgian, puts the burn
// cream on sale with its texts written in Russian only. Georgian and Arabic shoppers read
// the Russian text, marked as Russian for their screen readers, and no "coming soon" beside
// Add to cart; the desk says what the other languages are missing. Once the owner requires
// Georgian, the same launch of another product is refused, naming Georgian.

test.describe.configure({ mode: "serial" });

let server: ShopServer;
let shop: DeskShop;

test.beforeEach(async () => {
  // A shop of its own: the settings it changes are what every shopper sees.
  server = await startShop();
  shop = { url: server.url, dir: server.dir };
});

test.afterEach(async () => {
  await server?.stop();
});

const ka = (key: string) => text("ka", "desk", key);
const fieldNames = (fields: string[]) =>
  fields.map((field) => ka(`productTexts.fields.${field}`)).join(", ");

const RUSSIAN = {
  description: "Успокаивает кожу после небольшого ожога.\nОхлаждает и снимает покраснение.",
  ingredients: "облепиховое масло, пчелиный воск, календула",
  usage: "Охладите место ожога водой.\nНанесите тонкий слой дважды в день.",
};

/** The short texts as the seed wrote them, less their "coming soon" sentence. */
const LAUNCHED_SHORT = {
  ka: "ნატურალური კრემი მცირე დამწვრობის შემდეგ კანის დასამშვიდებლად.",
  ar: "كريم طبيعي لتهدئة البشرة بعد الحروق البسيطة.",
};
const COMING_SOON = { ka: "მალე გაყიდვაში", ar: "قريبًا" };

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

async function saved(page: Page, javaScriptEnabled: boolean, button = ka("products.save")) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: ka("products.saved") })).toBeVisible();
  await ready(page, javaScriptEnabled);
}

/** Writes a product's Russian description, ingredients and usage, the desk in Georgian. */
async function writeRussian(page: Page, product: string, javaScriptEnabled: boolean) {
  await page.goto(`/desk/products/${product}/texts/ru`);
  await ready(page, javaScriptEnabled);
  for (const [field, value] of Object.entries(RUSSIAN))
    await page.getByLabel(ka(`productTexts.fields.${field}`), { exact: true }).fill(value);
  await saved(page, javaScriptEnabled);
}

/** Gives the product a price and sets it on sale; the answer stays on the editor. */
async function putOnSale(page: Page, product: string, javaScriptEnabled: boolean) {
  await page.goto(`/desk/products/${product}`);
  await ready(page, javaScriptEnabled);
  await page.getByLabel(ka("products.fields.price"), { exact: true }).fill("45.50");
  await page
    .getByLabel(ka("products.fields.status"))
    .selectOption({ label: ka("products.statuses.on_sale") });
  await page.getByRole("button", { name: ka("products.save") }).click();
}

test("a product goes on sale with Russian texts only; Georgian can be made required", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  const phone = { width: 375, height: 740 };
  try {
    const owner = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
    contexts.push(owner);
    const page = await owner.newPage();
    await page.setViewportSize(phone);
    await page.goto(`${inviteLink("Tamar", shop, "owner")}?lng=ka`);
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: ka("signIn.button") }).click();
    await expect(page).toHaveURL(/\/desk$/);

    // The burn cream: its Russian texts, a price, on sale. Its photos are the seeded drawings.
    await writeRussian(page, "body/burn-cream", javaScriptEnabled);
    await putOnSale(page, "body/burn-cream", javaScriptEnabled);
    await expect(page.getByRole("status").filter({ hasText: ka("products.saved") })).toBeVisible();
    await expect(page.locator("main")).toContainText(ka("products.statuses.on_sale"));

    // The desk says, in the reader's words, what the other languages are missing.
    const card = (name: string) => page.locator("ul.desk-cards > li").filter({ hasText: name });
    const missing = ka("products.textStates.missing");
    await expect(card("Русский")).toContainText(ka("products.complete"));
    await expect(card("Русский")).not.toContainText(missing);
    for (const name of ["ქართული", "العربية", "English"]) {
      await expect(card(name)).toContainText(
        `${missing}: ${fieldNames(["description", "ingredients", "usage"])}`,
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // The Georgian texts page marks each field a shopper reads in Russian.
    await page.goto("/desk/products/body/burn-cream/texts/ka");
    const field = (name: string) =>
      page.getByLabel(ka(`productTexts.fields.${name}`), { exact: true });
    await expect(field("description")).toHaveAccessibleDescription(new RegExp(missing));
    await expect(field("title")).not.toHaveAccessibleDescription(new RegExp(missing));

    // Shoppers in Georgian and Arabic read the Russian texts, marked as Russian.
    const shopper = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
    contexts.push(shopper);
    const buyer = await shopper.newPage();
    await buyer.setViewportSize(phone);
    for (const lng of ["ka", "ar"] as const) {
      await buyer.goto(`/catalog/body/burn-cream?lng=${lng}`);
      await ready(buyer, javaScriptEnabled);
      await expect(buyer.locator("html")).toHaveAttribute("lang", lng);
      const title = buyer.getByRole("heading", { level: 1 });
      await expect(title).toHaveText(text(lng, "catalog", "products.burn-cream.title"));
      await expect(title).not.toHaveAttribute("lang", /.*/);
      await expect(
        buyer.getByRole("button", { name: text(lng, "catalog", "product.addToCart") }),
      ).toBeVisible();
      const short = buyer.locator(".product__short");
      await expect(short).toHaveText(LAUNCHED_SHORT[lng]);
      await expect(buyer.locator(".product__summary")).not.toContainText(COMING_SOON[lng]);
      await expect(buyer.getByText(text(lng, "catalog", "product.comingSoonNotice"))).toHaveCount(
        0,
      );
      const direction = lng === "ar" ? "ltr" : null;
      const description = buyer.getByText("Успокаивает кожу после небольшого ожога.");
      const ingredients = buyer.getByText(RUSSIAN.ingredients);
      const step = buyer.getByText("Нанесите тонкий слой дважды в день.");
      for (const [element, marked] of [
        [description, description],
        [ingredients, ingredients],
        [step, buyer.locator(".steps")],
      ] as const) {
        await expect(element).toHaveCount(1);
        await expect(marked).toHaveAttribute("lang", "ru");
        if (direction) await expect(marked).toHaveAttribute("dir", direction);
        else await expect(marked).not.toHaveAttribute("dir", /.*/);
      }
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
    }

    // Georgian made required: the same launch of the acne cream is refused, naming Georgian.
    await page.goto("/desk/settings");
    await ready(page, javaScriptEnabled);
    const texts = page.locator("form[aria-labelledby='settings-texts']");
    await texts.getByLabel("ქართული").check();
    await texts.getByRole("button", { name: ka("settings.save") }).click();
    await expect(page.getByRole("status").filter({ hasText: ka("settings.saved") })).toBeVisible();
    await writeRussian(page, "face/acne-cream", javaScriptEnabled);
    await putOnSale(page, "face/acne-cream", javaScriptEnabled);
    const refusal = page.getByRole("alert");
    await expect(refusal).toContainText(ka("products.refused"));
    await expect(refusal).toContainText(
      `ქართული: ${fieldNames(["description", "ingredients", "usage"])}`,
    );
    await expect(refusal).not.toContainText("Русский");
    await expect(refusal).not.toContainText("العربية");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await buyer.goto("/catalog/face/acne-cream?lng=ka");
    await expect(buyer.getByText(text("ka", "catalog", "product.comingSoonNotice"))).toBeVisible();
    await expect(buyer.locator(".product__short")).toContainText(COMING_SOON.ka);
  } finally {
    for (const context of contexts) await context.close();
  }
});
