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
      await page.mouse.click(x, y);
      await posted;
      await page.goto(`/cart?lng=${lng}`);
      await expect(page.locator(".quantity-input")).toHaveValue("2");
    });
  }
});
