import { text } from "./support/dictionary";
import { expect, test } from "./support/test";

/**
 * Without JavaScript a toast has no close button and no timer: it must not stand between
 * a phone's thumb and the button under it. It lets taps through from the start and goes
 * by itself after 2.5 s, as the desk's does.
 */
test.describe("a toast without JavaScript lets taps through", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the toast the server renders");
  test.use({ viewport: { width: 375, height: 740 } });

  for (const lng of ["ka", "ar"]) {
    test(`${lng}: the button under the toast takes the tap`, async ({ page }) => {
      await page.goto(`/catalog/body/hemor-cream?lng=${lng}`);
      const add = page.getByRole("button", { name: text(lng, "catalog", "product.addToCart") });
      await add.click();
      const toast = page.locator(".toast");
      await expect(toast).toBeVisible();

      // The page scrolled so that the add button sits under the toast, as a thumb finds it.
      const toastBox = await toast.boundingBox();
      const addBox = await add.boundingBox();
      if (!toastBox || !addBox) throw new Error("no boxes");
      await page.evaluate(
        (by) => window.scrollBy(0, by),
        addBox.y + addBox.height / 2 - (toastBox.y + toastBox.height / 2),
      );
      const under = await add.boundingBox();
      if (!under) throw new Error("no box");
      const x = Math.max(under.x, toastBox.x) + 8;
      const y = under.y + under.height / 2;
      expect(y).toBeGreaterThan(toastBox.y);
      expect(y).toBeLessThan(toastBox.y + toastBox.height);
      await expect(toast).toBeVisible();
      expect(
        await add.evaluate(
          (button, point) => button.contains(document.elementFromPoint(point.x, point.y)),
          { x, y },
        ),
      ).toBe(true);

      // The tap itself: a second jar goes into the cart.
      const posted = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname === "/cart",
      );
      // The answer redirects back to the product: that page loads before the cart is opened
      // (opening it sooner interrupted the redirect's navigation now and then).
      const landed = page.waitForEvent("load");
      await page.mouse.click(x, y);
      await posted;
      await landed;
      await page.goto(`/cart?lng=${lng}`);
      await expect(page.locator(".quantity-input")).toHaveValue("2");
    });
  }
});

/**
 * With JavaScript, a toast the server kept for the page (a form posted without scripts)
 * is in its HTML, and its close button comes once scripts run. The toasts' code is fetched
 * late (D85), so that part of the page may hydrate after the rest has started: here it is
 * held until then. It must hydrate as the server rendered it, then gain its button; the
 * suite's fixture fails on React's hydration errors (418, 422) should it not.
 */
test.describe("a toast the server kept, its code arriving after the page has hydrated", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "scripts hydrate the toast");
  test.use({ viewport: { width: 375, height: 740 } });

  for (const lng of ["ka", "ar"]) {
    test(`${lng}: hydrates as the server wrote it, then can be closed`, async ({ page }) => {
      const product = `/catalog/body/hemor-cream?lng=${lng}`;
      await page.goto(product);
      // As a form posted without scripts: the answer keeps a toast for the next page.
      const response = await page.request.post("/cart", {
        form: { intent: "add", key: "body/hemor-cream", redirectTo: product },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);

      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const asked: string[] = [];
      await page.route(/\/ToastList-[^/]*\.js$/, async (route) => {
        asked.push(route.request().url());
        await held;
        await route.continue();
      });
      // The page's clock stops once it has hydrated, so the toast's own 2.5 s never end it
      // before the test has read it.
      await page.clock.install();
      await page.goto(product);
      const toast = page.locator(".toast");
      await expect(toast).toContainText(text(lng, "catalog", "products.hemor-cream.title"));
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.clock.pauseAt(Date.now() + 1000);
      expect(asked).toHaveLength(1);
      release();

      const close = toast.getByRole("button", { name: text(lng, "cart", "toast.close") });
      await expect(close).toBeVisible();
      await close.click();
      await expect(toast).toHaveCount(0);
    });
  }
});
