import type { Page } from "@playwright/test";
import { placeOrderWithThanks } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate, uniqueAddress } from "./support/shop";
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

/**
 * A shopper's own pages are never measured (D35): the order's private page, what hangs off
 * it (cancel, the review form) and the look-up. Every request such a page makes is read,
 * with analytics configured, and none goes to Google; a storefront page still loads the tag,
 * so the test would notice a tag that never loads anywhere.
 */
test.describe("analytics stay off a shopper's own pages", () => {
  let server: ShopServer | undefined;
  let token = "";

  test.beforeAll(async () => {
    server = await startShop({ GA_MEASUREMENT_ID: "G-TEST12345", ORDER_RATE_LIMIT: "0" });
    const { thanks } = await placeOrderWithThanks(server.url, uniqueAddress("Analytics"));
    token = /href="\/o\/([\w-]+)"/.exec(thanks)?.[1] ?? "";
    expect(token).not.toBe("");
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /** Every address the page asks for from now on; Google's hosts are answered locally. */
  async function requestsOf(page: Page): Promise<string[]> {
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.route(/google/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    return urls;
  }

  /** What the page pushed to Google's dataLayer (a page view's config among it), if anything. */
  const dataLayer = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
        Array.from(entry),
      ),
    );

  /** Opens `path` and waits until it is whole: hydrated with scripts, its network quiet. */
  async function open(page: Page, path: string, javaScriptEnabled: boolean) {
    await page.goto(`${server?.url}${path}`);
    if (javaScriptEnabled)
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.waitForLoadState("networkidle");
  }

  test("the order's page, its cancel and review pages and /track load nothing of Google's", async ({
    page,
    javaScriptEnabled,
  }) => {
    const urls = await requestsOf(page);
    const privatePages = [
      `/o/${token}?lng=en`,
      `/o/${token}/cancel?lng=en`,
      `/o/${token}/review/body/hemor-cream?lng=en`,
      "/track?lng=en",
    ];
    for (const path of privatePages) {
      await open(page, path, javaScriptEnabled);
      expect(
        urls.filter((url) => /google/.test(url)),
        path,
      ).toEqual([]);
      expect(await dataLayer(page), path).toEqual([]);
    }
    expect(urls.some((url) => url.includes(`/o/${token}`))).toBe(true);

    // A storefront page of the same shop does load it, when the browser runs scripts.
    await open(page, "/about?lng=en", javaScriptEnabled);
    expect(urls.filter((url) => /google/.test(url))).toEqual(
      javaScriptEnabled ? ["https://www.googletagmanager.com/gtag/js?id=G-TEST12345"] : [],
    );
  });

  test("from the thank-you, measured, to the order's page: Google sees no more", async ({
    page,
    javaScriptEnabled,
  }) => {
    const urls = await requestsOf(page);
    const google = () => urls.filter((url) => /google/.test(url));
    const tag = "https://www.googletagmanager.com/gtag/js?id=G-TEST12345";
    // The tag starts once the page has hydrated, which may come well after its load event:
    // the home page is left only once it has asked for the tag (no-js: once it is loaded).
    await open(page, "/?lng=en", javaScriptEnabled);
    if (javaScriptEnabled) await expect.poll(google).toEqual([tag]);
    const form = { intent: "add", key: "body/hemor-cream" };
    await page.request.post(`${server?.url}/cart`, { form });
    const checkout = await (await page.request.get(`${server?.url}/checkout`)).text();
    await page.request.post(`${server?.url}/checkout`, {
      form: {
        token: /name="token" value="([^"]+)"/.exec(checkout)?.[1] ?? "",
        address: uniqueAddress("Analytics thanks"),
        deliveryTime: deliveryDate(1),
        phone: "+995 555 123 456",
        messenger: "",
        email: "",
      },
    });
    await open(page, "/checkout/thanks", javaScriptEnabled);
    if (javaScriptEnabled) {
      // The home page and the thank-you: a document each.
      await expect.poll(google).toEqual([tag, tag]);
      expect(await dataLayer(page)).toContainEqual(["config", "G-TEST12345"]);
    }
    const measured = google();

    await page.getByRole("link", { name: "Track your order" }).click();
    await expect(page).toHaveURL(/\/o\/[\w-]+$/);
    await page.waitForLoadState("networkidle");
    expect(google()).toEqual(measured);
    expect(await dataLayer(page)).toEqual([]);
  });

  test("from an order's page to a measured page and Back: Google's tag is told to send nothing more", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "a document that moves between pages runs scripts");
    const urls = await requestsOf(page);
    await open(page, `/o/${token}?lng=en`, javaScriptEnabled);
    const optedOut = () =>
      page.evaluate(() => (window as unknown as Record<string, unknown>)["ga-disable-G-TEST12345"]);
    expect(await optedOut()).toBeUndefined();

    // The header's home link: the same document, now on a measured page.
    await page.locator(".site-header a.brand").click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() => urls.filter((url) => /google/.test(url)))
      .toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST12345"]);
    expect(await optedOut()).toBeUndefined();

    // Back to the order's page in the same document: GA4 would count a page view on this
    // history change with the private address, unless told to send nothing.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/o/${token}`));
    await expect.poll(optedOut).toBe(true);
  });
});
