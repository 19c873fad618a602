import type { Page } from "@playwright/test";
import { text } from "./support/dictionary";
import { pressCartButton } from "./support/shop";
import { expect, test } from "./support/test";

const t = (namespace: string, key: string) => text("en", namespace, key);
const PRODUCT = "/catalog/body/hemor-cream?lng=en";
const TITLE = t("catalog", "products.hemor-cream.title");

function cartTotal(page: Page) {
  return page.locator(".cart-summary__total .price");
}

/**
 * Waits until the server's own page (with the browser's cookies) shows `total`: the
 * optimistic screen answers before the server does, and a reload in between would read
 * the older cookie.
 */
async function serverShows(page: Page, expected: string) {
  await expect
    .poll(
      async () => (await (await page.request.get("/cart?lng=en")).text()).replace(/\u00a0/g, " "),
      {
        timeout: 10_000,
      },
    )
    .toContain(expected);
}

function quantity(page: Page) {
  return page.getByLabel(t("cart", "line.quantityOf").replace("{{title}}", TITLE), {
    exact: true,
  });
}

function cartLink(page: Page, count: number) {
  const label = count === 1 ? "Cart: 1 item" : `Cart: ${count} items`;
  return page.getByRole("link", { name: label, exact: true });
}

test.describe("cart without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "plain form posts");

  test("add, plus, set, minus down to empty", async ({ page }) => {
    await page.goto(PRODUCT);
    await page.getByRole("button", { name: t("catalog", "product.addToCart") }).click();
    // Back on the product page, told once what happened, the badge counting one product.
    await expect(page).toHaveURL(/\/catalog\/body\/hemor-cream\?lng=en$/);
    await expect(page.getByRole("status")).toContainText(`Added to cart: ${TITLE}`);
    await expect(cartLink(page, 1)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("status")).not.toContainText("Added to cart");

    await page.goto("/cart?lng=en");
    await expect(page.locator(".cart-line")).toHaveCount(1);
    await expect(cartTotal(page)).toHaveText("₾100");

    await page.getByRole("button", { name: `Increase quantity of ${TITLE}` }).click();
    await expect(cartTotal(page)).toHaveText("₾200");
    await expect(quantity(page)).toHaveValue("2");

    await quantity(page).fill("5");
    await page.getByRole("button", { name: t("cart", "line.update") }).click();
    await expect(cartTotal(page)).toHaveText("₾500");

    for (let left = 4; left >= 1; left--) {
      await page.getByRole("button", { name: `Decrease quantity of ${TITLE}` }).click();
      await expect(quantity(page)).toHaveValue(String(left));
    }
    await page.getByRole("button", { name: `Decrease quantity of ${TITLE}` }).click();
    await expect(page.getByText(t("cart", "empty"))).toBeVisible();
    await expect(page.getByRole("link", { name: t("cart", "toCatalog") })).toHaveAttribute(
      "href",
      "/catalog",
    );
    await expect(cartLink(page, 0)).toBeVisible();
  });

  test("remove takes the line out", async ({ page }) => {
    await page.goto(PRODUCT);
    await pressCartButton(
      page,
      page.getByRole("button", { name: t("catalog", "product.addToCart") }),
    );
    await page.goto("/cart?lng=en");
    await page.getByRole("button", { name: `Remove ${TITLE} from the cart` }).click();
    await expect(page.getByText(t("cart", "empty"))).toBeVisible();
  });

  test("typing letters as a quantity is refused and changes nothing", async ({ page }) => {
    await page.goto(PRODUCT);
    await pressCartButton(
      page,
      page.getByRole("button", { name: t("catalog", "product.addToCart") }),
    );
    await page.goto("/cart?lng=en");
    await quantity(page).fill("ab");
    await page.getByRole("button", { name: t("cart", "line.update") }).click();
    await expect(page.getByRole("status")).toContainText(t("cart", "toast.errors.badQuantity"));
    await expect(cartTotal(page)).toHaveText("₾100");
  });
});

test.describe("cart with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "fetchers and optimistic UI");

  test("add shows a toast naming the product and the badge without a reload", async ({ page }) => {
    await page.goto(PRODUCT);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole("button", { name: t("catalog", "product.addToCart") }).click();
    await expect(page.getByRole("status")).toContainText(`Added to cart: ${TITLE}`);
    await expect(cartLink(page, 1)).toBeVisible();
    await expect(page.locator(".cart-badge")).toHaveText("1");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // The toast leaves by itself after 2.5 s.
    await expect(page.getByRole("status")).not.toContainText("Added to cart", { timeout: 6000 });
  });

  test("typing 3 and Enter sets 300; 0 and leaving the field removes; reload keeps the cart", async ({
    page,
  }) => {
    await page.goto(PRODUCT);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: t("catalog", "product.addToCart") }).click();
    await expect(page.getByRole("status")).toContainText(`Added to cart: ${TITLE}`);
    await page.getByRole("link", { name: "Cart: 1 item" }).click();
    await expect(page).toHaveURL(/\/cart$/);

    // Update stays where it was when scripts started: the summary below never moves.
    await expect(page.getByRole("button", { name: t("cart", "line.update") })).toBeVisible();
    await quantity(page).fill("3");
    await quantity(page).press("Enter");
    await expect(cartTotal(page)).toHaveText("₾300");
    await serverShows(page, "₾300");
    await page.reload();
    await expect(cartTotal(page)).toHaveText("₾300");

    await quantity(page).pressSequentially("x");
    await expect(quantity(page)).toHaveValue("3");

    await page.getByRole("button", { name: `Increase quantity of ${TITLE}` }).click();
    await page.getByRole("button", { name: `Increase quantity of ${TITLE}` }).click();
    await expect(cartTotal(page)).toHaveText("₾500");
    await serverShows(page, "₾500");
    await page.reload();
    await expect(cartTotal(page)).toHaveText("₾500");

    await quantity(page).fill("0");
    await quantity(page).blur();
    await expect(page.getByText(t("cart", "empty"))).toBeVisible();
    await serverShows(page, t("cart", "empty"));
    await page.reload();
    await expect(page.getByText(t("cart", "empty"))).toBeVisible();
  });
});

test.describe("cart the server can trust", () => {
  test("a forged price is ignored: still 100 GEL", async ({ page }) => {
    // page.request shares the page's cookies, as a hand-made form post from the browser would.
    const response = await page.request.post("/cart", {
      form: { intent: "add", key: "body/hemor-cream", price: "1", total: "1", redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    const value = /cart_v1=([^;]+)/.exec(response.headers()["set-cookie"] ?? "")?.[1] ?? "";
    // createCookie keeps the value as base64 of its JSON.
    expect(JSON.parse(atob(decodeURIComponent(value)))).toEqual([["body/hemor-cream", 1]]);
    await page.goto("/cart?lng=en");
    await expect(cartTotal(page)).toHaveText("₾100");
  });

  test("a coming-soon product is refused with a clear message", async ({ page }) => {
    await page.goto(PRODUCT);
    const response = await page.request.post("/cart", {
      form: {
        intent: "add",
        key: "body/burn-cream",
        redirectTo: "/catalog/body/burn-cream?lng=en",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    await page.goto("/catalog/body/burn-cream?lng=en");
    await expect(page.getByRole("status")).toContainText(t("cart", "toast.errors.notOrderable"));
    await expect(cartLink(page, 0)).toBeVisible();
  });

  test("a garbage cart cookie reads as an empty cart, not an error", async ({ page, context }) => {
    await context.addCookies([
      { name: "cart_v1", value: "%7B%22not%22%3A%22a%20cart%22", domain: "127.0.0.1", path: "/" },
    ]);
    const response = await page.goto("/cart?lng=en");
    expect(response?.status()).toBe(200);
    await expect(page.getByText(t("cart", "empty"))).toBeVisible();
  });

  test("an unknown intent is refused without touching the cart", async ({ request }) => {
    const response = await request.post("/cart", {
      form: { intent: "explode", key: "body/hemor-cream", fetcher: "1" },
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("cart_v1");
  });

  test("an oversized body is refused with 413", async ({ request }) => {
    const response = await request.post("/cart", {
      form: { intent: "add", key: "body/hemor-cream", padding: "x".repeat(40_000) },
    });
    expect(response.status()).toBe(413);
  });
});
