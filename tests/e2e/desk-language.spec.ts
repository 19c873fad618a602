import type { Page } from "@playwright/test";
import { languageCodes } from "../../app/i18n/languages";
import { baseURL } from "../../playwright.config";
import { inviteLink, signInToDesk, uniquePhone, writeShopDatabase } from "./support/desk";
import { text } from "./support/dictionary";
import { FakeTelegram } from "./support/fake-telegram";
import { placeOrderOverHttp } from "./support/order-over-http";
import { startShop } from "./support/server";
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

  test("an order the shop does not have is the desk's own not-found page", async ({ page }) => {
    await signInToDesk(page, "Irakli");
    const response = await page.goto("/desk/orders/999999?lng=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      text("en", "desk", "notFound.title"),
    );
    await expect(page.getByText(text("en", "desk", "notFound.hint"))).toBeVisible();
    await expect(page.locator(".desk-bar")).toContainText("Signed in as Irakli");
    await expect(page.getByText(text("en", "catalog", "productNotFound.back"))).toHaveCount(0);
    await expect(page.locator(".site-header")).toHaveCount(0);
  });
});

test.describe("signing in", () => {
  test("without a bot the page says a link cannot be sent from here, and how to get one", async ({
    page,
  }) => {
    await page.goto("/desk/sign-in?lng=en");
    await expect(page.locator(".desk-page")).toContainText(
      text("en", "desk", "signIn.introNoChat"),
    );
    await expect(page.getByRole("button", { name: "Send me a sign-in link" })).toHaveCount(0);
    const command = page.locator(".desk-page code");
    await expect(command).toHaveAttribute("dir", "ltr");
    await expect(command).toHaveText('npm run desk:invite -- --name "Your name"');
  });

  test("an order link opened while signed out lands on that order after sign-in", async ({
    page,
  }) => {
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Next lane"), uniquePhone());
    await page.goto(`/desk/orders/${number}?lng=en`);
    await expect(page).toHaveURL(/\/desk\/sign-in\?next=/);

    await page.goto(
      `${inviteLink("Nana")}?next=${encodeURIComponent(`/desk/orders/${number}`)}&lng=en`,
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order ${number}`);
  });

  // One test each: every sign-in link is made by the invite command, which takes seconds.
  for (const next of ["//evil.example/desk", "/catalog", "/desk/../cart", "https://evil.example"]) {
    test(`a next address off the desk (${next}) leads to the desk, never elsewhere`, async ({
      page,
    }) => {
      await page.goto(`${inviteLink("Nana")}?next=${encodeURIComponent(next)}&lng=en`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page, next).toHaveURL(/\/desk$/);
    });
  }
});

test.describe("signing in with the shop's bot", () => {
  test("the chat's link brings the person back to the order they opened", async ({ browser }) => {
    const telegram = new FakeTelegram();
    await telegram.start();
    const shop = await startShop({
      TELEGRAM_BOT_TOKEN: "111:desk-next-test-token-abcdefghij",
      TELEGRAM_CHAT_IDS: "7",
      TELEGRAM_API_URL: telegram.url,
      PUBLIC_URL: "https://shop.example",
    });
    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const number = await placeOrderOverHttp(shop.url, uniqueAddress("Chat lane"), uniquePhone());
      const page = await context.newPage();
      await page.goto(`/desk/orders/${number}?lng=en`);
      await expect(page).toHaveURL(/\/desk\/sign-in\?next=/);
      // With a bot the page offers the link, and says nothing of what cannot be done.
      await expect(page.locator(".desk-page")).not.toContainText(
        text("en", "desk", "signIn.introNoChat"),
      );
      await page.getByRole("button", { name: "Send me a sign-in link" }).click();
      await expect(page.locator("output.desk-notice")).toBeVisible();
      const link = /https:\/\/shop\.example(\/desk\/sign-in\/\S+)/.exec(
        telegram.delivered.find((message) => message.text.includes("/desk/sign-in/"))?.text ?? "",
      )?.[1];
      expect(link).toContain(`?next=${encodeURIComponent(`/desk/orders/${number}?lng=en`)}`);
      await page.goto(`${link}&lng=en`);
      await page.getByLabel("Your name").fill("Keti");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}\\?lng=en$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order ${number}`);
    } finally {
      await context.close();
      await shop.stop();
      await telegram.stop();
    }
  });
});

/**
 * Every element that reaches past the screen's edges, or past the page's margins (the
 * padding of `.desk-page`) when it is in the page, and the page's own width.
 */
async function beyondTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const viewport = document.documentElement.clientWidth;
    const faults: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // The skip link waits off-screen until it is focused; visually hidden text is 1 px.
      if (element.matches(".skip-link, .visually-hidden")) continue;
      // A row that scrolls sideways (the list's tabs, the desk's sections) holds more than
      // the screen on purpose.
      if (element.parentElement?.closest(".desk-tabs ul, .desk-nav ul")) continue;
      let [start, end] = [0, viewport];
      const content = element.closest(".desk-page");
      if (content && content !== element) {
        const style = getComputedStyle(content);
        const outer = content.getBoundingClientRect();
        start = outer.left + Number.parseFloat(style.paddingLeft);
        end = outer.right - Number.parseFloat(style.paddingRight);
      }
      if (box.left < start - 0.5 || box.right > end + 0.5) {
        const classes = typeof element.className === "string" ? element.className.trim() : "";
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
          classes ? `.${classes.split(/\s+/).join(".")}` : ""
        }`;
        faults.push(
          `${name} spans ${Math.round(box.left)}…${Math.round(box.right)} of ${Math.round(start)}…${Math.round(end)}`,
        );
      }
    }
    if (document.documentElement.scrollWidth > viewport)
      faults.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return faults;
  });
}

test.describe("the desk on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("in every language the queue's first order is on the first screen, whole, and nothing reaches past it", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "a sweep of the nine languages runs in one project");
    await page.setViewportSize({ width: 375, height: 667 });
    await placeOrderOverHttp(baseURL, uniqueAddress("First screen lane"), uniquePhone());
    await signInToDesk(page, "Manana");
    for (const language of languageCodes) {
      await page.goto(`/desk?lng=${language}`);
      const first = page.locator(".desk-order").first();
      await expect(first).toBeVisible();
      const box = await first.boundingBox();
      expect(box && box.y + box.height, `${language}: the first card's bottom`).toBeLessThanOrEqual(
        667,
      );
      expect(await beyondTheScreen(page), language).toEqual([]);
    }
  });

  for (const language of ["ka", "ar"] as const) {
    test(`${language}: nothing on the order list reaches past the screen`, async ({ page }) => {
      await placeOrderOverHttp(baseURL, uniqueAddress("Narrow lane"), uniquePhone(), language);
      await signInToDesk(page, "Sopo");
      await page.goto(`/desk?tab=all&from=2026-01-01&lng=${language}`);
      await expect(page.locator(".desk-order").first()).toBeVisible();
      expect(await beyondTheScreen(page)).toEqual([]);
      await page.locator(".desk-bar .language-switcher summary").click();
      await expect(page.locator(".desk-bar .language-switcher__list")).toBeVisible();
      expect(await beyondTheScreen(page), "language list open").toEqual([]);
    });

    test(`${language}: the sign-in page's command reads left to right, whole, on the screen`, async ({
      page,
    }) => {
      await page.goto(`/desk/sign-in?lng=${language}`);
      const command = page.locator(".desk-page code");
      await expect(command).toHaveAttribute("dir", "ltr");
      expect(await beyondTheScreen(page)).toEqual([]);
      // Lines break only between whole arguments: each one is drawn on one line (an
      // Arabic name is drawn in several boxes, side by side).
      const lines = await command
        .locator("span")
        .evaluateAll((spans) =>
          spans.map((span) => new Set([...span.getClientRects()].map((box) => box.top)).size),
        );
      expect(lines).toEqual([1, 1, 1, 1, 1, 1]);
      await expect(command).toHaveText(
        `npm run desk:invite -- --name "${text(language, "desk", "signIn.name")}"`,
      );
    });
  }
});
