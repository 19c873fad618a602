import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

/**
 * Nothing on a page moves once it is shown (D74): layout shifts, as Chromium
 * reports them, summed over the first load of each storefront page on a throttled phone
 * (slow network, slow processor, so late fonts and hydration land after the first paint),
 * stay within 0.01, the Core Web Vitals' "good" being 0.1. Sizes and timings of the page
 * are what matter, not the server's speed: no timing is asserted.
 */
const CLS_LIMIT = 0.01;
const CART = encodeURIComponent('[["body/hemor-cream",1]]');
const PAGES = [
  "/",
  "/catalog",
  "/catalog/body/hemor-cream",
  "/cart",
  "/checkout",
  "/about",
  "/privacy",
  "/track",
];

interface Shift {
  value: number;
  sources: string[];
}

async function shiftsOf(page: Page, url: string): Promise<Shift[]> {
  await page.goto(url, { waitUntil: "load" });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => document.fonts.ready);
  // Two frames after the last font and hydration: any shift they caused is reported.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

test.describe("layout shift", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration is part of the load");

  for (const lng of ["ru", "ka", "ar"]) {
    test(`every storefront page holds still while it loads, in ${lng}`, async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
      await page.setViewportSize({ width: 412, height: 823 });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: 1_600_000 / 8,
        uploadThroughput: 750_000 / 8,
      });
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(() => {
        const record = window as unknown as { shifts: Shift[] };
        record.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            hadRecentInput: boolean;
            sources?: Array<{ node?: Node | null }>;
          }>) {
            if (entry.hadRecentInput) continue;
            record.shifts.push({
              value: entry.value,
              sources: (entry.sources ?? []).map(({ node }) => {
                const element = node instanceof Element ? node : node?.parentElement;
                return element
                  ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ").join(".")}` : ""}`
                  : "?";
              }),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      for (const path of PAGES) {
        const shifts = await shiftsOf(page, `${path}?lng=${lng}`);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect
          .soft(
            total,
            `${path} in ${lng}: ${shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(", ")}`).join("; ")}`,
          )
          .toBeLessThanOrEqual(CLS_LIMIT);
      }
    });
  }
});
