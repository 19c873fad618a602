import { createHash } from "node:crypto";
import type { Browser, Page, Response } from "@playwright/test";
import { signInToDesk } from "./support/desk";
import { addOintmentToCart } from "./support/shop";
import { expect, test } from "./support/test";

/**
 * Pages that are the same for every visitor with the same language and cart are served
 * from memory (D29, D75). What a person would notice if that went wrong: someone
 * else's cart badge or "added to cart" message on their page, the owner's desk behind no
 * sign-in, a page whose scripts the browser refuses to run, or one React warns about
 * because its HTML and its data disagree.
 */

const PRODUCT = "/catalog/body/hemor-cream";

function cacheOutcome(response: Response | null | undefined): string | undefined {
  return response?.headers()["server-timing"]?.match(/cache;desc="(\w+)"/)?.[1];
}

/** A visitor who has never been here: no cookies, an English-speaking browser. */
async function stranger(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", javaScriptEnabled });
  return context.newPage();
}

test.describe("pages from memory", () => {
  test("a cart badge and an 'added to cart' message never reach another visitor", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // A first visitor leaves the product page in memory.
    const first = await stranger(browser, javaScriptEnabled);
    await first.goto(PRODUCT);
    const again = await (await stranger(browser, javaScriptEnabled)).goto(PRODUCT);
    expect(cacheOutcome(again)).toBe("hit");

    // A shopper with a cart gets the page of their cart, badge included; the message was
    // theirs alone and has gone with its cookie.
    await addOintmentToCart(page);
    const own = await page.goto(PRODUCT);
    expect(["hit", "miss"]).toContain(cacheOutcome(own));
    await expect(page.getByRole("link", { name: "Cart: 1 item", exact: true })).toBeVisible();

    // The next stranger sees an empty cart and no message.
    const next = await stranger(browser, javaScriptEnabled);
    const answer = await next.goto(PRODUCT);
    expect(["hit", "miss"]).toContain(cacheOutcome(answer));
    await expect(next.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(next.locator(".cart-badge")).toHaveCount(0);
    await expect(next.getByText("Added to cart")).toHaveCount(0);
    const html = (await answer?.text()) ?? "";
    expect(html).not.toContain("Added to cart");
    expect(html).not.toMatch(/Cart: [1-9]/);
    expect(html).toContain("Cart: 0 items");
  });

  test("a returning visitor with a cart is served from memory with their own badge, and hydrates cleanly", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const cart = (qty: number) => ({
      name: "cart_v1",
      value: encodeURIComponent(`[["body/hemor-cream",${qty}]]`),
      domain: "127.0.0.1",
      path: "/",
    });
    const shopper = async (qty: number) => {
      const context = await browser.newContext({ locale: "en-US", javaScriptEnabled });
      await context.addCookies([cart(qty)]);
      return context.newPage();
    };
    // Someone with one jar in the cart leaves that product page and cart in memory.
    const one = await shopper(1);
    const earlier = await one.goto(PRODUCT);
    expect(["hit", "miss"]).toContain(cacheOutcome(earlier));
    await one.goto("/cart");

    // This visitor has the same cart: from memory, badge and all, and React finds the page
    // it would have rendered (a mismatch is logged as an error and fails the test).
    await page.context().addCookies([cart(1)]);
    const mine = await page.goto(PRODUCT);
    expect(cacheOutcome(mine)).toBe("hit");
    await expect(page.getByRole("link", { name: "Cart: 1 item", exact: true })).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("link", { name: "Cart: 1 item", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/cart$/);
    }

    // Three jars: a cart of its own, never the one-jar visitor's; a stranger: none at all.
    const other = await shopper(3);
    await other.goto("/cart");
    await expect(other.locator(".quantity-input")).toHaveValue("3");
    const same = await shopper(1);
    expect(cacheOutcome(await same.goto("/cart"))).toBe("hit");
    await expect(same.locator(".quantity-input")).toHaveValue("1");
    const nobody = await stranger(browser, javaScriptEnabled);
    const plain = await nobody.goto(PRODUCT);
    expect(await plain?.text()).toContain("Cart: 0 items");
  });

  test("a navigation in the browser gets the page's data from memory too", async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "data requests are the scripts' own");
    const navigate = async () => {
      const visitor = await stranger(browser, true);
      await visitor.goto("/catalog");
      await expect(visitor.locator("html")).toHaveAttribute("data-hydrated", "true");
      const data = visitor.waitForResponse((response) =>
        new URL(response.url()).pathname.endsWith(`${PRODUCT}.data`),
      );
      await visitor.locator("main").locator(`a[href="${PRODUCT}"]`).first().click();
      await expect(visitor).toHaveURL(new RegExp(`${PRODUCT}$`));
      await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
      return data;
    };
    // The product page is in memory; the first navigation keeps its data, the next reads it.
    await (await stranger(browser, true)).goto(PRODUCT);
    await navigate();
    expect(cacheOutcome(await navigate())).toBe("hit");
  });

  test("a returning visitor who chose a language is served from memory too", async ({ page }) => {
    const switched = await page.goto(`${PRODUCT}?lng=de`);
    expect(await switched?.headerValue("set-cookie")).toContain("lng=");
    expect(cacheOutcome(switched)).toBe("bypass");
    // The choice is stored once; later pages neither set it again nor leave the cache.
    const next = await page.goto(PRODUCT);
    expect(await next?.headerValue("set-cookie")).toBeNull();
    expect(["hit", "miss"]).toContain(cacheOutcome(next));
    await page.goto("/about");
    const back = await page.goto(PRODUCT);
    expect(await back?.headerValue("set-cookie")).toBeNull();
    expect(cacheOutcome(back)).toBe("hit");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("the owner's desk is never kept: a stranger is sent to sign in", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    await signInToDesk(page, "Keti");
    const desk = await page.goto("/desk?lng=en");
    expect(desk?.headers()["cache-control"]).toBe("no-store");
    expect(cacheOutcome(await page.goto("/"))).toBe("bypass");

    const next = await stranger(browser, javaScriptEnabled);
    await next.goto("/desk");
    await expect(next).toHaveURL(/\/desk\/sign-in/);
    await expect(next.getByText("Signed in as")).toHaveCount(0);
    const home = await next.goto("/");
    expect(await home?.text()).not.toContain("Keti");
  });

  test("a page from memory carries no nonce, and its scripts run by their hashes", async ({
    browser,
    javaScriptEnabled,
  }) => {
    await (await stranger(browser, javaScriptEnabled)).goto("/about");
    const visitor = await stranger(browser, javaScriptEnabled);
    const answer = await visitor.goto("/about");
    expect(cacheOutcome(answer)).toBe("hit");
    const csp = answer?.headers()["content-security-policy"] ?? "";
    const html = (await answer?.text()) ?? "";
    expect(csp).not.toContain("nonce");
    expect(html).not.toContain("nonce=");
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline) {
      const hash = createHash("sha256")
        .update(text ?? "")
        .digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    if (javaScriptEnabled) {
      // Scripts refused by the policy would leave the page unhydrated and log an error.
      await expect(visitor.locator("html")).toHaveAttribute("data-hydrated", "true");
    }
  });
});
