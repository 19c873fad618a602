import {
  type Browser,
  type CDPSession,
  type Page,
  chromium,
  expect,
  request,
  test,
} from "@playwright/test";
import { baseURL, chromiumLaunchOptions } from "../../playwright.config";
import { deliveryDate } from "./support/shop";

// The back button restores a page from Chromium's back/forward cache (D55): pages
// are `private, no-cache`, and only what must not be seen again is `no-store`. Playwright
// starts Chromium with --disable-back-forward-cache, so these tests start their own.
//
// Chromium 156 restores even a `no-store` page as long as no cookie changed since it was
// left, so a plain product → cart → back passes with either header. Once the cart has
// changed (its cookie is HttpOnly), a `no-store` page is refused
// (CacheControlNoStoreHTTPOnlyCookieModified) and a `no-cache` one restored: the second
// test tells the two apart in the browser, the last one by the headers themselves.
// The tabs are this file's own, so it watches their errors itself.

const PRODUCT = "/catalog/body/hemor-cream";
const CART = encodeURIComponent('[["body/hemor-cream",1]]');

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });
});
test.afterAll(async () => {
  await browser?.close();
});

/** What the back/forward cache did for the main frame, as Chromium's DevTools tell it. */
class CacheWatch {
  readonly restored: string[] = [];
  readonly refused: string[] = [];

  constructor(cdp: CDPSession) {
    cdp.on("Page.frameNavigated", ({ frame, type }) => {
      if (!frame.parentId && type === "BackForwardCacheRestore") this.restored.push(frame.url);
    });
    cdp.on("Page.backForwardCacheNotUsed", ({ notRestoredExplanations }) => {
      this.refused.push(...notRestoredExplanations.map(({ type, reason }) => `${type}: ${reason}`));
    });
  }
}

/** A tab in a fresh context of the browser above, watched; its errors fail the test. */
async function openTab(javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.addCookies([{ name: "cart_v1", value: CART, url: baseURL }]);
  // Where scripts run, record every pageshow: `persisted` is the page's own word that it
  // came back from the cache.
  await context.addInitScript(() => {
    const shows: boolean[] = [];
    Object.assign(window, { pageShows: shows });
    addEventListener("pageshow", (event) => shows.push(event.persisted));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.enable");
  return { context, page, watch: new CacheWatch(cdp), errors };
}

/** Leaves a mark on the document itself: a page built again has none. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.visited = "before";
  });
}

/** Presses back and expects `path` to come back from the cache, the same document as left. */
async function expectBackFromCache(
  page: Page,
  watch: CacheWatch,
  path: string,
  javaScriptEnabled: boolean,
): Promise<void> {
  const restoredBefore = watch.restored.length;
  const refusedBefore = watch.refused.length;
  // A restored page fires no load event, which goBack would wait for.
  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.?]/g, "\\$&")}$`));
  await expect
    .poll(() => watch.restored.length + watch.refused.length, { message: "no history event" })
    .toBeGreaterThan(restoredBefore + refusedBefore);
  const why = watch.refused.slice(refusedBefore).join("; ");
  expect(watch.restored.slice(restoredBefore), `not restored from the cache: ${why}`).toEqual([
    `${baseURL}${path}`,
  ]);
  // The same document: the mark is there, and its navigation is still the first load (a
  // page fetched again by the back button would read "back_forward").
  expect(await page.evaluate(() => document.documentElement.dataset.visited)).toBe("before");
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).type,
    ),
  ).toBe("navigate");
  if (javaScriptEnabled) {
    const shows = await page.evaluate(
      () => (window as unknown as { pageShows: boolean[] }).pageShows,
    );
    expect(shows, "pageshow events (persisted?)").toEqual([false, true]);
  }
}

test("product → cart → back: the product page comes back from the back/forward cache", async ({
  javaScriptEnabled,
}) => {
  const { context, page, watch, errors } = await openTab(javaScriptEnabled);
  try {
    const product = `${PRODUCT}?lng=en`;
    const response = await page.goto(product);
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    // Setting a cookie does not keep a page out of the cache (only `no-store` pages are
    // held to unchanged cookies).
    expect(await response?.headerValue("set-cookie")).toMatch(/^lng=/);
    if (javaScriptEnabled) {
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    }
    await markDocument(page);

    if (javaScriptEnabled) {
      // With scripts a link is the app's own navigation, where the document stays: the
      // cache matters when the shopper leaves the document, as by typing an address.
      await page.goto("/cart");
    } else {
      await page.getByRole("link", { name: /^Cart/ }).click();
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);

    await expectBackFromCache(page, watch, product, javaScriptEnabled);
    if (javaScriptEnabled) {
      // The app still works after its return: a link is its own navigation again.
      await page.getByRole("link", { name: /^Cart/ }).click();
      await expect(page).toHaveURL(/\/cart$/);
    }
    expect(errors, "errors in the browser").toEqual([]);
  } finally {
    await context.close();
  }
});

test("after a change in the cart, back twice still brings the product page from the cache", async ({
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with scripts the cart changes without leaving the document");
  const { context, page, watch, errors } = await openTab(false);
  try {
    const product = `${PRODUCT}?lng=en`;
    await page.goto(product);
    await markDocument(page);
    await page.getByRole("link", { name: /^Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    // The form's answer is a new history entry on /cart and a new cart cookie.
    await page.getByRole("button", { name: /^Increase quantity/ }).click();
    await expect(page.getByRole("textbox", { name: /^Quantity of/ })).toHaveValue("2");

    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(/\/cart$/);
    await expectBackFromCache(page, watch, product, false);
    expect(errors, "errors in the browser").toEqual([]);
  } finally {
    await context.close();
  }
});

test("pages are private, no-cache; the thank-you, answers to forms and the desk are no-store", async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "server-side");
  const shop = await request.newContext({ baseURL });
  try {
    await shop.post("/cart", {
      form: { intent: "add", key: "body/hemor-cream" },
      maxRedirects: 0,
    });
    for (const path of ["/", PRODUCT, `${PRODUCT}.data`, "/catalog", "/cart", "/checkout"]) {
      const response = await shop.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-cache");
    }

    const form = await (await shop.get("/checkout")).text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1] ?? "";
    const order = {
      token,
      address: `Back button street ${Date.now()}, Tbilisi`,
      deliveryTime: deliveryDate(1),
      phone: "+995 555 123 456",
      messenger: "",
      email: "",
    };
    // A refused order shows the address and phone just typed.
    const refused = await shop.post("/checkout", { form: { ...order, phone: "555" } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(order.address);
    expect(refused.headers()["cache-control"]).toBe("private, no-store");
    const refusedData = await shop.post("/checkout.data", { form: { ...order, phone: "555" } });
    expect(refusedData.headers()["cache-control"]).toBe("private, no-store");

    const placed = await shop.post("/checkout", { form: order, maxRedirects: 0 });
    expect(placed.status()).toBe(303);
    for (const path of ["/checkout/thanks", "/checkout/thanks.data"]) {
      const thanks = await shop.get(path, { maxRedirects: 0 });
      expect(thanks.status(), path).toBe(200);
      expect(thanks.headers()["cache-control"], path).toBe("private, no-store");
    }
    expect(await (await shop.get("/checkout/thanks")).text()).toContain("thanks__number");

    for (const path of ["/desk", "/desk/sign-in"]) {
      const desk = await shop.get(path);
      expect(desk.headers()["cache-control"], path).toBe("no-store");
    }
  } finally {
    await shop.dispose();
  }
});
