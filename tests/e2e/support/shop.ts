import type { Locator, Page } from "@playwright/test";
import { addDays, shopToday, toShortDate } from "../../../app/platform/calendar";
import { systemClock } from "../../../app/platform/clock";
import { expect } from "./test";

/** A delivery date `days` from today in Tbilisi (the running shop's own clock), as the form takes it. */
export function deliveryDate(days: number): string {
  return toShortDate(addDays(shopToday(systemClock()), days));
}

/** Puts the ointment into the cart from its product page, as a shopper would. */
export async function addOintmentToCart(page: Page, addLabel = "Add to cart"): Promise<void> {
  await page.goto("/catalog/body/hemor-cream?lng=en");
  await page.getByRole("button", { name: addLabel }).click();
  // The toast comes with the server's answer (the badge alone may be optimistic).
  await expect(page.getByRole("status")).toContainText("Added to cart");
  await expect(page.getByRole("link", { name: "Cart: 1 item", exact: true })).toBeVisible();
}

/**
 * Presses a cart button and waits for the server's answer. The badge counts at once
 * (optimistic), but a page loaded before the answer arrives would abort the request and
 * read the cart without it; a person who leaves that fast loses the press too.
 */
export async function pressCartButton(page: Page, button: Locator): Promise<void> {
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname.startsWith("/cart"),
  );
  await button.click();
  await stored;
}

/** A unique address, so each test finds its own order. */
export function uniqueAddress(label: string): string {
  return `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}, Tbilisi`;
}
