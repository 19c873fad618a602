import { baseURL } from "../../playwright.config";
import { signInToDesk, uniquePhone, writeShopDatabase } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const RUSSIAN_TITLE = text("ru", "catalog", "products.hemor-cream.title");

/** The desk's "Order 004321" in a language. */
function orderHeading(language: string, number: string): string {
  return text(language, "desk", "order.number").replace("{{number}}", number);
}

test.describe("the desk speaks the reader's language", () => {
  test("the list, the order page, the slip and the CSV name the product and the order's language", async ({
    page,
  }) => {
    const phone = uniquePhone();
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Title lane"), phone, "ka");
    await signInToDesk(page, "Mariam");

    await page.goto(`/desk?tab=all&q=${encodeURIComponent(phone)}&lng=ka`);
    const row = page.locator(".desk-order").filter({ hasText: orderHeading("ka", number) });
    await expect(row).toContainText(text("ka", "catalog", "products.hemor-cream.title"));
    await expect(row).not.toContainText(RUSSIAN_TITLE);
    await expect(row).toContainText("ქართული");

    await page.goto(`/desk/orders/${number}?lng=ar`);
    await expect(page.locator(".desk-items tbody")).toContainText(
      text("ar", "catalog", "products.hemor-cream.title"),
    );
    await expect(page.locator(".desk-page")).not.toContainText(RUSSIAN_TITLE);
    const language = page
      .locator(".desk-details div")
      .filter({ hasText: text("ar", "desk", "order.language") })
      .locator("dd");
    await expect(language).toHaveText("ქართული");
    await expect(language.locator("[lang]")).toHaveAttribute("lang", "ka");

    await page.goto(`/desk/orders/${number}/slip?lng=he`);
    await expect(page.locator(".desk-items tbody")).toContainText(
      text("he", "catalog", "products.hemor-cream.title"),
    );

    const csv = await (
      await page.request.get(`/desk/export.csv?tab=all&q=${number}&lng=en`)
    ).text();
    expect(csv).toContain(`${text("en", "catalog", "products.hemor-cream.title")} × 1`);
    expect(csv).toContain("ქართული");
    expect(csv).not.toContain(RUSSIAN_TITLE);
  });

  test("a product the catalogue no longer has keeps the title stored with the order", async ({
    page,
  }) => {
    const phone = uniquePhone();
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Gone lane"), phone);
    writeShopDatabase((db) =>
      db
        .prepare(
          "update order_items set item_key = 'body/old-balm', title = 'Старый бальзам' where order_id = (select id from orders where order_number = ?)",
        )
        .run(Number(number)),
    );
    await signInToDesk(page, "Mariam");
    await page.goto(`/desk/orders/${number}?lng=ka`);
    await expect(page.locator(".desk-items tbody")).toContainText("Старый бальзам");
  });

  test("the switcher in the desk bar changes the desk's language and keeps the page", async ({
    page,
  }) => {
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Switch lane"), uniquePhone());
    await signInToDesk(page, "Levan");
    await page.goto(`/desk/orders/${number}?lng=en`);
    await page.locator(".desk-bar .language-switcher summary").click();
    await page.locator(".desk-bar").getByRole("link", { name: "ქართული" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}\\?lng=ka$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "ka");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(orderHeading("ka", number));

    // The choice is kept: the next desk page is in Georgian too.
    await page.getByRole("link", { name: text("ka", "desk", "order.back") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      text("ka", "desk", "list.title"),
    );
  });
});
