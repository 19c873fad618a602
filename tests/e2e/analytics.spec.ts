import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

/**
 * With an analytics id configured (D14), a storefront page starts Google's tag: gtag()
 * with its config, and gtag.js from Google's host. The code that does it is fetched only
 * then, so a shop without analytics does not carry it (budgets.spec). On a shop of its own.
 */
test.describe("analytics, when configured", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "runs in the browser");
  let server: ShopServer | undefined;

  test.beforeAll(async () => {
    server = await startShop({ GA_MEASUREMENT_ID: "G-TEST12345" });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("a storefront page loads gtag.js for the id and configures it; the desk does not", async ({
    page,
  }) => {
    const tags: string[] = [];
    // Google cannot be reached from here: the tag's request is answered locally.
    await page.route("https://www.googletagmanager.com/**", (route) => {
      tags.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await page.goto(`${server?.url}/?lng=en`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect
      .poll(() => tags)
      .toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST12345"]);
    const layer = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
        Array.from(entry),
      ),
    );
    expect(layer).toContainEqual(["config", "G-TEST12345"]);

    // A navigation keeps the one tag.
    await page.getByRole("link", { name: "About us" }).first().click();
    await expect(page).toHaveURL(/\/about/);
    expect(await page.locator('script[src^="https://www.googletagmanager.com/"]').count()).toBe(1);

    // Staff at work in the desk are not shoppers.
    const desk = await page.context().newPage();
    await desk.route("https://www.googletagmanager.com/**", (route) => {
      tags.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await desk.goto(`${server?.url}/desk/sign-in?lng=en`);
    await expect(desk.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(tags).toHaveLength(1);
  });
});
