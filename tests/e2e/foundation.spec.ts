import { expect, test } from "./support/test";

test.describe("language", () => {
  test("a browser that prefers German gets the Russian home page", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("link", { name: "О нас" }).first()).toBeVisible();
    await context.close();
  });

  test("a browser that prefers English gets English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(/natural herbal ointments/);
    await context.close();
  });

  test("?lng=en switches to English and the choice persists", async ({ page }) => {
    await page.goto("/?lng=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "About us" }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Kolkhida");
    await page.goto("/catalog");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalogue");
  });

  test("?lng=ar is right-to-left", async ({ page }) => {
    await page.goto("/?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  });

  test("?lng=am is Armenian, lang hy", async ({ page }) => {
    await page.goto("/about?lng=am");
    await expect(page.locator("html")).toHaveAttribute("lang", "hy");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });

  test("?lng=he is right-to-left and stays chosen", async ({ page }) => {
    await page.goto("/?lng=he");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.goto("/terms");
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });

  test("the switcher keeps the shopper on the same page", async ({ page }) => {
    await page.goto("/about/team?lng=ru");
    await page.locator(".language-switcher summary").click();
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveURL(/\/about\/team\?lng=de$/);
    await expect(page.locator('.language-switcher a[hreflang="de"]')).toHaveAttribute(
      "aria-current",
      "true",
    );
  });
});

test.describe("pages", () => {
  const routes = [
    "/",
    "/about",
    "/about/history",
    "/about/team",
    "/about/contacts",
    "/services/consult",
    "/services/delivery",
    "/services/care",
    "/services/gift",
    "/catalog",
    "/catalog/404",
    "/cart",
    "/checkout",
    "/privacy",
    "/terms",
  ];

  for (const route of routes) {
    test(`${route} has a translated title, a header and a footer`, async ({ page }) => {
      const response = await page.goto(`${route}${route.includes("?") ? "&" : "?"}lng=en`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/Kolkhida/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page?lng=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found — 404");
    await expect(page.getByRole("link", { name: "Go to the catalogue" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("an unknown about section answers 404", async ({ page }) => {
    const response = await page.goto("/about/nothing?lng=ru");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена — 404");
  });

  test("/healthz answers 200 after asking the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok\n");
  });
});
