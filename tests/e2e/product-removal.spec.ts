import { baseURL } from "../../playwright.config";
import { signInToDesk, writeShopDatabase } from "./support/desk";
import { text } from "./support/dictionary";
import { prepareOrder, submitOrder } from "./support/fast-order";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// Issue 36: a mistyped draft can be deleted; a product an order names is archived instead
// (gone from the storefront and the products list, still named by its order); a save of
// many fields is one card of the activity.

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

/** Makes a product sellable behind the desk's back, as the owner would after many saves. */
function putOnSale(key: string, titles: Record<string, string>): void {
  const [group, slug] = key.split("/");
  writeShopDatabase((db) => {
    const product = db
      .prepare("select id from products where product_group = ? and slug = ?")
      .get(group, slug) as { id: number };
    const photo = db
      .prepare(
        "select source, width, height from product_photos p join products x on x.id = p.product_id where x.slug = 'hemor-cream' limit 1",
      )
      .get() as { source: string; width: number; height: number };
    db.prepare("update products set status = 'on_sale', price = 3000 where id = ?").run(product.id);
    for (const [language, title] of Object.entries(titles))
      db.prepare(
        "insert into product_texts (product_id, language, title, short, description, ingredients, usage) values (?, ?, ?, 'short', 'description', 'ingredients', 'usage')",
      ).run(product.id, language, title);
    db.prepare(
      "insert into product_photos (product_id, position, source, width, height, created_at) values (?, 1, ?, ?, ?, ?)",
    ).run(product.id, photo.source, photo.width, photo.height, new Date().toISOString());
    db.prepare("update content_revision set revision = revision + 1").run();
  });
}

function orderNaming(key: string): string {
  return writeShopDatabase(
    (db) =>
      (
        db
          .prepare(
            "select o.order_number as n from orders o join order_items i on i.order_id = o.id where i.item_key = ?",
          )
          .get(key) as { n: number }
      ).n,
  ).toString();
}

for (const lng of ["ka", "ar"] as const) {
  test(`at 375 px in ${lng}: a draft is deleted, a product an order names is archived, a save is one card`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    const say = (key: string, values: Record<string, string | number> = {}) =>
      text(lng, "desk", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    await signInToDesk(page, unique("Tamar"), undefined, "owner");
    const create = async (slug: string) => {
      await page.goto(`/desk/products/new?lng=${lng}`);
      await page.locator("select[name=group]").selectOption("face");
      await page.locator("input[name=slug]").fill(slug);
      await page.getByRole("button", { name: say("products.create") }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/products/face/${slug}$`));
      return `face/${slug}`;
    };
    const toast = (message: string) =>
      expect(page.locator(".toast, [role=status]").filter({ hasText: message }).first());

    // A draft: three of its texts in one save, two details in another.
    const draft = await create(unique("typo"));
    const draftTitle = `${lng} ${unique("draft")}`;
    await page.goto(`/desk/products/${draft}/texts/${lng}`);
    await page.getByLabel(say("productTexts.fields.title"), { exact: true }).fill(draftTitle);
    await page.getByLabel(say("productTexts.fields.short"), { exact: true }).fill("short");
    await page
      .getByLabel(say("productTexts.fields.ingredients"), { exact: true })
      .fill("ingredients");
    await page.getByRole("button", { name: say("products.save") }).click();
    await toast(say("products.saved")).toBeVisible();
    await page.goto(`/desk/products/${draft}`);
    await page.getByLabel(say("products.fields.price"), { exact: true }).fill("12");
    await page.getByLabel(say("products.fields.volume"), { exact: true }).fill("30");
    await page.getByRole("button", { name: say("products.save") }).click();
    await toast(say("products.saved")).toBeVisible();

    // Its activity: three saves, three cards (created, texts, details), not one a field.
    await page.goto(`/desk/activity?product=${encodeURIComponent(draft)}`);
    const cards = page.locator("main .desk-cards > .desk-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).locator(".desk-activity__changes > li")).toHaveCount(2);
    await expect(cards.nth(1).locator(".desk-activity__changes > li")).toHaveCount(3);
    await expect(cards.nth(1)).toContainText(say("activity.fieldCount", { count: 3 }));
    // Three cards fit a phone's screen and a half; a card a field took twice that.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Delete, asked once more, then gone from the list with a toast naming it.
    await page.goto(`/desk/products/${draft}`);
    await page.getByRole("button", { name: say("products.removal.delete") }).click();
    await expect(
      page.getByText(say("products.removal.askDelete", { title: draftTitle })),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole("button", { name: say("products.removal.delete") }).click();
    await expect(page).toHaveURL(/\/desk\/products$/);
    await toast(say("products.removal.deleted", { title: draftTitle })).toBeVisible();
    await expect(page.locator(`a[href="/desk/products/${draft}"]`)).toHaveCount(0);
    expect((await page.goto(`/desk/products/${draft}`))?.status()).toBe(404);

    // A product an order names: Delete offers Archive, and archives.
    const sold = await create(unique("sold"));
    const soldTitle = `${lng} ${unique("sold")}`;
    putOnSale(sold, { ru: soldTitle, [lng]: soldTitle });
    await expect.poll(async () => (await page.request.get(`/catalog/${sold}`)).status()).toBe(200);
    const order = await prepareOrder(baseURL, uniqueAddress("archive"), sold);
    expect((await submitOrder(baseURL, order)).status).toBe(303);
    const number = orderNaming(sold);
    await page.goto(`/desk/products/${sold}?lng=${lng}`);
    await page.getByRole("button", { name: say("products.removal.delete") }).click();
    await expect(
      page.getByText(say("products.removal.askArchive", { title: soldTitle })),
    ).toBeVisible();
    await page.getByRole("button", { name: say("products.removal.archive") }).click();
    await toast(say("products.removal.archived", { title: soldTitle })).toBeVisible();
    await expect(page.locator("main")).toContainText(say("products.statuses.archived"));

    // Gone from the storefront, its sitemap and the products list; the archive lists it.
    expect((await page.request.get(`/catalog/${sold}`)).status()).toBe(404);
    expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(sold);
    await page.goto("/desk/products");
    await expect(page.locator(`a[href="/desk/products/${sold}"]`)).toHaveCount(0);
    await page.locator('a[href="/desk/products?archived=1"]').click();
    await expect(page.locator(`a[href="/desk/products/${sold}"]`)).toHaveText(soldTitle);

    // Its order still names it.
    await page.goto(`/desk/orders/${number}`);
    await expect(page.locator("main")).toContainText(soldTitle);
    await context.close();
  });
}
