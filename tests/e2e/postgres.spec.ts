import { freshPostgresUrl } from "../unit/support/postgres";
import { inviteLink, uniquePhone } from "./support/desk";
import { placeOrderOverHttp } from "./support/order-over-http";
import { startShop } from "./support/server";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// The same shop on PostgreSQL (D28): `npm test` starts a throwaway cluster for it.
test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (npm test provides it)");
test.describe.configure({ mode: "serial" });

test("on PostgreSQL a shopper orders and staff take the order from new to delivered", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const databaseUrl = await freshPostgresUrl();
  const shop = await startShop({ DATABASE_URL: databaseUrl });
  const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
  try {
    const phone = uniquePhone();
    const number = await placeOrderOverHttp(shop.url, uniqueAddress("Postgres lane"), phone);

    const page = await context.newPage();
    const link = inviteLink("Irakli", { url: shop.url, databaseUrl });
    await page.goto(`${link}?lng=en`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Signed in as Irakli")).toBeVisible();

    await page.getByLabel("Search").fill(phone);
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: `Order ${number}`, exact: true }).click();
    for (const [button, status] of [
      [/Confirm/, "Confirmed"],
      [/Shipped/, "Shipped"],
      [/Delivered/, "Delivered"],
    ] as const) {
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(status);
    }
    await expect(page.locator(".desk-timeline li")).toHaveCount(4);

    const csv = await page.request.get(`/desk/export.csv?tab=delivered&q=${number}`);
    expect(await csv.text()).toContain(number);
  } finally {
    await context.close();
    await shop.stop();
  }
});
