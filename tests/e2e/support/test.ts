import { test as base, expect } from "@playwright/test";

/**
 * Playwright's test, failing any test during which the page threw or logged an error
 * (a hydration mismatch, a missing dictionary...). A failed resource load is not an
 * error here: several tests visit 404 pages on purpose.
 */
export const test = base.extend<{ browserErrors: undefined }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          errors.push(message.text());
        }
      });
      await use(undefined);
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
