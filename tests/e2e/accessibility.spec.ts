import type { Page } from "@playwright/test";
import { languages } from "../../app/i18n/languages";
import { baseURL } from "../../playwright.config";
import { violations } from "./support/axe";
import { signInToDesk, uniquePhone } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { deliveryDate, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const CART = encodeURIComponent('[["body/hemor-cream",2]]');
const routes = [
  "/",
  "/about",
  "/about/history",
  "/services/gift",
  "/catalog",
  "/catalog/body",
  "/catalog/suncare",
  "/catalog/body/hemor-cream",
  "/catalog/body/no-such-cream",
  "/catalog/404",
  "/cart",
  "/checkout",
  "/privacy",
  "/terms",
  "/no-such-page",
];

// axe runs inside the page, so it needs scripts; the pages it checks are the server's
// HTML after hydration.
for (const lng of ["ru", "en", "ar"] as const) {
  test(`every page in ${lng} passes axe, with a filled cart`, async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs in the page");
    test.setTimeout(120_000);
    await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
    for (const route of routes) {
      await page.goto(`${route}?lng=${lng}`);
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect.soft(await violations(page), `${route} in ${lng}`).toEqual([]);
    }
  });

  test(`the checkout's error state in ${lng} passes axe`, async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs in the page");
    await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
    await page.goto(`/checkout?lng=${lng}`);
    await page.locator("#address").fill("");
    await page.locator("#phone").fill("+995 1");
    await page.getByRole("button", { name: text(lng, "checkout", "submit") }).click();
    await expect(page.getByRole("alert")).toHaveText(text(lng, "checkout", "check.address"));
    expect(await violations(page)).toEqual([]);
  });
}

test("headings never skip a level, on every page", async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
  for (const route of routes) {
    await page.goto(`${route}?lng=en`);
    const levels = await page.evaluate(() =>
      Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role='heading']"))
        .filter((heading) => !heading.closest("[hidden], [aria-hidden='true']"))
        .map((heading) => Number(heading.getAttribute("aria-level") ?? heading.tagName.slice(1))),
    );
    const skips = levels.flatMap((level, index) =>
      level > (levels[index - 1] ?? 0) + 1 ? [`h${levels[index - 1] ?? 0} → h${level}`] : [],
    );
    expect.soft(skips, `${route}: ${levels.join(" ")}`).toEqual([]);
  }
});

test("the language switcher's name starts with the code it shows, in every language", async ({
  page,
}) => {
  for (const language of languages) {
    await page.goto(`/?lng=${language.code}`);
    const summary = page.locator(".language-switcher summary");
    const code = language.code.toUpperCase();
    await expect(summary).toHaveText(new RegExp(`^${code}`));
    await expect(summary).toHaveAccessibleName(
      `${code} — ${text(language.code, "common", "nav.language")}: ${language.name}`,
    );
  }
});

test.describe("menus open pass axe too", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "menus need scripts");
  test("mega menu, language list and the thank-you dialog", async ({ page }) => {
    await page.goto("/?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // The menus' behaviour arrives with the first move of the pointer.
    await page.mouse.move(640, 400);
    await page.getByRole("button", { name: text("en", "common", "nav.productsMenu") }).click();
    await page.locator(".language-switcher summary").click();
    expect(await violations(page)).toEqual([]);
  });
});

test("keyboard alone: from the home page to the thank-you", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await page.goto("/?lng=en");
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  /** Presses Tab until the target has focus; fails if it never does. */
  async function tabTo(target: ReturnType<Page["locator"]>, limit = 80) {
    for (let i = 0; i < limit; i++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error("The element could not be reached with Tab");
  }

  await tabTo(page.locator(".lines__list a").first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/catalog\/body$/);
  await tabTo(
    page.locator(".product-card__title a", {
      hasText: text("en", "catalog", "products.hemor-cream.title"),
    }),
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/hemor-cream$/);
  await tabTo(page.getByRole("button", { name: text("en", "catalog", "product.addToCart") }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Added to cart");
  await tabTo(page.getByRole("link", { name: "Cart: 1 item", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await tabTo(page.getByRole("link", { name: text("en", "cart", "checkout") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await tabTo(page.locator("#address"));
  await page.keyboard.type(uniqueAddress("Keyboard lane 1"));
  await page.keyboard.press("Tab");
  await page.keyboard.type(deliveryDate(1).replaceAll(".", javaScriptEnabled ? "" : "."));
  await page.keyboard.press("Tab");
  if (!javaScriptEnabled) await page.keyboard.press("End");
  await page.keyboard.type(javaScriptEnabled ? "555123456" : "555 123 456");
  await tabTo(page.getByRole("button", { name: text("en", "checkout", "submit") }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { name: text("en", "checkout", "thanks.title") }),
  ).toBeVisible();
  await expect(page.locator(".thanks__number")).toHaveText(/^\d{6}$/);
});

test("the desk's pages pass axe in ru, en and ar", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(360_000);
  const phone = uniquePhone();
  const number = await placeOrderOverHttp(baseURL, uniqueAddress("Axe desk lane"), phone);
  await page.goto("/desk/sign-in?lng=en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await violations(page), "/desk/sign-in").toEqual([]);
  await signInToDesk(page, "Axe", undefined, "owner");
  for (const lng of ["ru", "en", "ar"]) {
    for (const route of [
      "/desk",
      // Only this test's order: with everything selected the bulk bar sticks to the
      // viewport's bottom over whichever card is there, and which one that is depends on
      // the orders other tests place meanwhile.
      `/desk?tab=all&select=all&q=${encodeURIComponent(phone)}`,
      `/desk/orders/${number}`,
      `/desk/orders/${number}/slip`,
      `/desk/orders/cancel?order=${number}`,
      `/desk/orders/refuse?order=${number}`,
      `/desk/slips?order=${number}`,
      "/desk/blocked",
      "/desk/passkeys",
      "/desk/products",
      "/desk/products/new",
      "/desk/products/body/hemor-cream",
      "/desk/products/body/hemor-cream/texts/ka",
      "/desk/products/body/hemor-cream/photos",
      "/desk/settings",
      "/desk/people",
      "/desk/activity",
      "/desk/privacy",
      "/desk/privacy/access",
    ]) {
      await page.goto(`${route}${route.includes("?") ? "&" : "?"}lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect.soft(await violations(page), `${route} in ${lng}`).toEqual([]);
    }
  }
});
